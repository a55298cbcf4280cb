// SCIM attribute paths (RFC 7644 section 3.10): `[schema URN ":"] attrName ["." subAttr]`,
// named without case. One reading of a path, to its definitions, serves filters,
// sorting, PATCH paths and the attributes/excludedAttributes parameters.
import { COMMON_ATTRIBUTES, findAttribute, schemasOf, type AttributeDefinition, type ResourceKind, type SchemaDefinition } from './schemas.js';

export interface ResolvedPath {
  /** The schema the attribute belongs to: the core schema, an extension, or undefined for id, externalId and meta. */
  schema: SchemaDefinition | undefined;
  /** Whether the attribute lives under its extension's URN in a resource. */
  inExtension: boolean;
  attribute: AttributeDefinition;
  subAttribute: AttributeDefinition | undefined;
}

/**
 * Reads a path against the resource type's schemas; undefined when it names no
 * attribute (or sub-attribute) this service supports.
 */
export function resolvePath(kind: ResourceKind, path: string): ResolvedPath | undefined {
  const { core, extensions } = schemasOf(kind);
  let schema: SchemaDefinition | undefined;
  let rest = path;
  const lower = path.toLowerCase();
  for (const candidate of [...extensions, core]) {
    const prefix = `${candidate.id.toLowerCase()}:`;
    if (lower.startsWith(prefix)) {
      schema = candidate;
      rest = path.slice(prefix.length);
      break;
    }
  }
  if (schema === undefined && path.includes(':')) return undefined;
  const [name, sub, ...more] = rest.split('.');
  if (name === undefined || name === '' || more.length > 0) return undefined;
  const inExtension = schema !== undefined && schema !== core;
  const attribute = inExtension ? findAttribute(schema!.attributes, name) : (findAttribute(core.attributes, name) ?? findAttribute(COMMON_ATTRIBUTES, name));
  if (!attribute) return undefined;
  const owner = inExtension ? schema : findAttribute(core.attributes, name) ? core : undefined;
  if (sub === undefined) return { schema: owner, inExtension, attribute, subAttribute: undefined };
  const subAttribute = attribute.subAttributes ? findAttribute(attribute.subAttributes, sub) : undefined;
  if (!subAttribute) return undefined;
  return { schema: owner, inExtension, attribute, subAttribute };
}

/** The path spelled as the resource spells it: canonical names, the extension's URN where it belongs. */
export function canonicalPath(resolved: ResolvedPath): string {
  const attribute = resolved.inExtension ? `${resolved.schema!.id}:${resolved.attribute.name}` : resolved.attribute.name;
  return resolved.subAttribute ? `${attribute}.${resolved.subAttribute.name}` : attribute;
}
