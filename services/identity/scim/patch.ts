// SCIM PATCH (RFC 7644 section 3.5.2) through scim-patch, over the resource as this
// service keeps it. scim-patch applies add, replace and remove, filtered paths such
// as `emails[type eq "work"].value` and operations without a path; what providers
// actually send needs reading first, and that is done here:
//   - op names in any case ("Replace", as Entra ID sends them);
//   - attribute names in paths and in pathless values in any case (scim-patch
//     matches keys exactly): written canonically from the schemas;
//   - a group member removed by `{"op":"remove","path":"members","value":[{"value":id}]}`
//     (Entra ID; RFC 7644 would remove every member): one `members[value eq "id"]` removal each;
//   - `"path": null` (Java clients such as SAP's write every field) is no path (RFC 7643 section 2.5);
//   - a record selected by a filter (`emails[type eq "home"]`) given as a list of that one
//     record (SAP's compliance suite): the record, since scim-patch would merge the list
//     into the record under the key "0" and so change nothing;
//   - a path naming a read-only attribute (a User's groups, id, meta) is refused (400
//     mutability, RFC 7644 section 3.5.2) rather than answered 204 with nothing changed.
// Booleans sent as strings ("False") are left to resource-input.ts, which reads the
// patched resource like any other body.
import type { components } from '../../../api/openapi.js';
import { ScimError, scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { canonicalPath, resolvePath, type ResolvedPath } from './attribute-paths.js';
import type { JsonObject } from './resource-input.js';
import { scimBadRequest, type ScimType } from './scim-errors.js';
import { PATCH_OP_SCHEMA, type ResourceKind } from './schemas.js';

/** The body of PATCH /Users/{id} and /Groups/{id} as the document declares it. */
type PatchRequest = components['schemas']['ScimPatchRequest'];

/** Checks the request (RFC 7644 section 3.5.2) and reads its operations; 400 with the SCIM detail type otherwise. */
export function readPatchOperations(kind: ResourceKind, request: PatchRequest): ScimPatchOperation[] {
  if (!request.schemas.some((schema) => schema.toLowerCase() === PATCH_OP_SCHEMA.toLowerCase())) throw scimBadRequest('invalidValue', `schemas must name ${PATCH_OP_SCHEMA}`);
  if (request.Operations.length === 0) throw scimBadRequest('invalidValue', 'Operations must hold at least one operation');
  return request.Operations.flatMap((operation, index) => readOperation(kind, operation, index));
}

function readOperation(kind: ResourceKind, operation: PatchRequest['Operations'][number], index: number): ScimPatchOperation[] {
  const op = operation.op.toLowerCase();
  const where = `Operations[${index}]`;
  if (op !== 'add' && op !== 'replace' && op !== 'remove') throw scimBadRequest('invalidValue', `${where}.op must be add, replace or remove`);
  const path = operation.path === undefined || operation.path === null || operation.path.trim() === '' ? undefined : canonicalPatchPath(kind, operation.path.trim(), where);
  if (op === 'remove') {
    if (path === undefined) throw scimBadRequest('noTarget', `${where}: remove needs a path`);
    if (kind === 'Group' && path === 'members' && Array.isArray(operation.value)) return memberRemovals(operation.value, where);
    return [{ op: 'remove', path }];
  }
  if (operation.value === undefined || operation.value === null) throw scimBadRequest('invalidValue', `${where}: ${op} needs a value`);
  if (path === undefined) {
    if (typeof operation.value !== 'object' || Array.isArray(operation.value)) throw scimBadRequest('invalidValue', `${where}: without a path, the value must be an object of attributes`);
    return [{ op, value: canonicalKeys(kind, operation.value as JsonObject) }];
  }
  return [{ op, path, value: recordOf(path, operation.value, where) }];
}

/** The value of an add or replace: for a path selecting records by a filter, a list of one record is that record. */
function recordOf(path: string, value: unknown, where: string): unknown {
  const selectsRecords = path.endsWith(']');
  if (!selectsRecords || !Array.isArray(value)) return value;
  if (value.length !== 1 || typeof value[0] !== 'object' || value[0] === null || Array.isArray(value[0])) {
    throw scimBadRequest('invalidValue', `${where}: the records ${path} selects take one record as their value`);
  }
  return value[0];
}

/** Entra ID's removal of named members: one filtered removal per member. */
function memberRemovals(values: unknown[], where: string): ScimPatchOperation[] {
  return values.map((member) => {
    const id = typeof member === 'object' && member !== null ? (member as { value?: unknown }).value : undefined;
    if (typeof id !== 'string') throw scimBadRequest('invalidValue', `${where}: each member to remove needs a value`);
    return { op: 'remove', path: `members[value eq ${JSON.stringify(id)}]` };
  });
}

// attr, or attr[filter], or attr[filter].sub, or attr.sub, each optionally after a schema URN.
const FILTERED_PATH = /^(?<attribute>[^[\]]+?)(?:\[(?<filter>.*)\])?(?:\.(?<sub>[A-Za-z0-9_$-]+))?$/s;

/** The path with canonical attribute names (filters inside brackets are left to scim-patch, which reads their own names). */
function canonicalPatchPath(kind: ResourceKind, path: string, where: string): string {
  const match = FILTERED_PATH.exec(path);
  const invalidPath = (type: ScimType = 'invalidPath') => scimBadRequest(type, `${where}: ${path} is not a path this service supports`);
  if (!match?.groups) throw invalidPath();
  const { attribute, filter, sub } = match.groups as { attribute: string; filter?: string; sub?: string };
  const readOnly = (resolved: ResolvedPath) => {
    if (resolved.attribute.mutability === 'readOnly' || resolved.subAttribute?.mutability === 'readOnly') {
      throw scimBadRequest('mutability', `${where}: ${path} is read-only`);
    }
  };
  if (filter === undefined) {
    const resolved = resolvePath(kind, sub === undefined ? attribute : `${attribute}.${sub}`);
    if (!resolved) throw invalidPath();
    readOnly(resolved);
    return canonicalPath(resolved);
  }
  const resolved = resolvePath(kind, attribute);
  if (!resolved?.attribute.multiValued) throw invalidPath();
  readOnly(resolved);
  const base = canonicalPath(resolved);
  if (sub === undefined) return `${base}[${filter}]`;
  const subAttribute = resolved.attribute.subAttributes?.find((candidate) => candidate.name.toLowerCase() === sub.toLowerCase());
  if (!subAttribute) throw invalidPath();
  return `${base}[${filter}].${subAttribute.name}`;
}

/** A pathless value's keys (attribute names, dotted paths, extension URNs) written canonically; unsupported ones kept, and ignored later. */
function canonicalKeys(kind: ResourceKind, value: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const resolved = resolvePath(kind, key);
      if (resolved) return [canonicalPath(resolved), inner];
      // An extension's attributes given as one object under its URN.
      return [key, inner];
    }),
  );
}

/**
 * Applies the operations to a copy of the resource, one after the other. A filtered
 * removal from a multi-valued attribute the resource no longer has (its last member
 * removed by an earlier operation) removes nothing, as one matching no element does;
 * scim-patch would refuse it. scim-patch's refusals become 400 with its SCIM detail
 * type; anything else it throws on a value it cannot walk is the request's fault too,
 * never a 500.
 */
export function applyPatch(resource: JsonObject, operations: ScimPatchOperation[]): JsonObject {
  let patched = resource;
  for (const operation of operations) {
    if (operation.op === 'remove' && removesFromAbsentAttribute(patched, operation.path)) continue;
    try {
      patched = scimPatch(patched as unknown as ScimResource, [operation], { mutateDocument: false, treatMissingAsAdd: true }) as unknown as JsonObject;
    } catch (error) {
      if (error instanceof ScimError) throw scimBadRequest((error.scimCode as ScimType | undefined) ?? 'invalidValue', error.message);
      throw scimBadRequest('invalidValue', 'the operations cannot be applied to this resource');
    }
  }
  return patched;
}

/** Whether the path filters a multi-valued attribute (canonical, as canonicalPatchPath wrote it) that the resource does not have. */
function removesFromAbsentAttribute(resource: JsonObject, path: string): boolean {
  const bracket = path.indexOf('[');
  if (bracket < 0) return false;
  const attribute = path.slice(0, bracket);
  const separator = attribute.lastIndexOf(':');
  const container = separator < 0 ? resource : (resource[attribute.slice(0, separator)] as JsonObject | undefined);
  const value = container?.[separator < 0 ? attribute : attribute.slice(separator + 1)];
  return !Array.isArray(value) || value.length === 0;
}
