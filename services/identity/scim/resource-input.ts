// Reading a resource a directory sends (POST and PUT bodies, and a resource after
// PATCH operations) into the form this service keeps: attribute names matched without
// case and written canonically, extension attributes under their schema's URN, values
// checked against their types (booleans sent as the strings "True"/"False", as Entra
// ID does, read as booleans), read-only attributes ignored, the password never kept,
// and unsupported attributes left out.
import { scimBadRequest } from './scim-errors.js';
import { COMMON_ATTRIBUTES, findAttribute, schemasOf, type AttributeDefinition, type ResourceKind } from './schemas.js';

export type JsonObject = Record<string, unknown>;

interface ReadOptions {
  /**
   * POST and PUT bodies must name the resource's core schema in `schemas`, and every
   * extension they carry (RFC 7643 section 3). A resource after PATCH is the service's
   * own and needs neither.
   */
  requireSchemas: boolean;
}

export interface ReadResource {
  /** Core attributes at the top level, extensions under their URN; never id, meta, schemas or a read-only attribute. */
  attributes: JsonObject;
  externalId: string | undefined;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

// xsd:dateTime as RFC 7643 section 2.3.5 takes it: a date, a time and a zone.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
// Binary values are base64 (RFC 7643 section 2.3.6), non-empty.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;

export function readResource(kind: ResourceKind, input: unknown, options: ReadOptions): ReadResource {
  if (!isObject(input)) throw scimBadRequest('invalidSyntax', 'the body must be a JSON object');
  const { core, extensions } = schemasOf(kind);
  const declared = declaredSchemas(input);
  if (options.requireSchemas && !declared.has(core.id.toLowerCase())) throw scimBadRequest('invalidValue', `schemas must name ${core.id}`);

  const attributes: JsonObject = {};
  let externalId: string | undefined;
  for (const [key, value] of Object.entries(input)) {
    const lower = key.toLowerCase();
    if (lower === 'schemas') continue;
    const extension = extensions.find((candidate) => candidate.id.toLowerCase() === lower);
    if (extension) {
      if (options.requireSchemas && !declared.has(lower)) throw scimBadRequest('invalidValue', `the body carries ${extension.id} but schemas does not name it`);
      if (value === null) continue;
      if (!isObject(value)) throw scimBadRequest('invalidValue', `${extension.id} must be an object`);
      const read = readComplex(extension.attributes, value, extension.id);
      if (read !== undefined) attributes[extension.id] = read;
      continue;
    }
    const common = findAttribute(COMMON_ATTRIBUTES, key);
    if (common?.name === 'externalId') {
      if (value !== null) externalId = readSingle(common, value, 'externalId') as string | undefined;
      continue;
    }
    // id and meta are the service's; an attribute no schema here names is not supported and is ignored.
    const definition = findAttribute(core.attributes, key);
    if (!definition) continue;
    const read = readValue(definition, value, definition.name);
    if (read !== undefined) attributes[definition.name] = read;
  }
  for (const definition of core.attributes) {
    if (definition.required && attributes[definition.name] === undefined) throw scimBadRequest('invalidValue', `${definition.name} is required`);
  }
  return { attributes, externalId };
}

function declaredSchemas(input: JsonObject): Set<string> {
  const entry = Object.entries(input).find(([key]) => key.toLowerCase() === 'schemas')?.[1];
  if (entry === undefined) return new Set();
  if (!Array.isArray(entry) || !entry.every((item) => typeof item === 'string')) throw scimBadRequest('invalidValue', 'schemas must be a list of schema URNs');
  return new Set(entry.map((item) => item.toLowerCase()));
}

/** The attribute's value as kept; undefined when it is unassigned (absent, null, empty) or the client may not write it. */
function readValue(definition: AttributeDefinition, value: unknown, where: string): unknown {
  if (value === null || value === undefined) return undefined;
  if (definition.mutability === 'readOnly') return undefined;
  if (definition.multiValued) {
    if (!Array.isArray(value)) throw scimBadRequest('invalidValue', `${where} must be a list`);
    const read = value.map((item, index) => readSingle(definition, item, `${where}[${index}]`)).filter((item) => item !== undefined);
    return definition.mutability === 'writeOnly' || read.length === 0 ? undefined : read;
  }
  const read = readSingle(definition, value, where);
  return definition.mutability === 'writeOnly' ? undefined : read;
}

function readSingle(definition: AttributeDefinition, value: unknown, where: string): unknown {
  if (value === null || value === undefined) return undefined;
  switch (definition.type) {
    case 'complex': {
      // A complex attribute sent as its bare value (Entra ID sends the enterprise manager as the manager's id) is its value sub-attribute.
      if (!isObject(value)) {
        if (definition.subAttributes?.some((sub) => sub.name === 'value') && typeof value === 'string') return readComplex(definition.subAttributes, { value }, where);
        throw scimBadRequest('invalidValue', `${where} must be an object`);
      }
      return readComplex(definition.subAttributes ?? [], value, where);
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
      throw scimBadRequest('invalidValue', `${where} must be a boolean`);
    case 'integer':
      if (typeof value === 'number' && Number.isInteger(value)) return value;
      throw scimBadRequest('invalidValue', `${where} must be an integer`);
    case 'decimal':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      throw scimBadRequest('invalidValue', `${where} must be a number`);
    case 'dateTime':
      if (typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return value;
      throw scimBadRequest('invalidValue', `${where} must be a date and time with a zone (xsd:dateTime)`);
    case 'binary':
      if (typeof value === 'string' && BASE64.test(value)) return value;
      throw scimBadRequest('invalidValue', `${where} must be base64`);
    default:
      if (typeof value === 'string') return value;
      throw scimBadRequest('invalidValue', `${where} must be a string`);
  }
}

function readComplex(subAttributes: readonly AttributeDefinition[], value: JsonObject, where: string): JsonObject | undefined {
  const read: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    const definition = findAttribute(subAttributes, key);
    if (!definition) continue;
    const kept = readValue(definition, inner, `${where}.${definition.name}`);
    if (kept !== undefined) read[definition.name] = kept;
  }
  return Object.keys(read).length === 0 ? undefined : read;
}
