// Resources as the directory reads them (RFC 7643): the stored attributes with id,
// schemas, the derived groups or members, and meta (resourceType, created,
// lastModified, location, version), narrowed by the attributes and
// excludedAttributes parameters (RFC 7644 section 3.9).
import { resolvePath } from './attribute-paths.js';
import type { JsonObject } from './resource-input.js';
import { scimBadRequest, SCIM_BASE_PATH } from './scim-errors.js';
import type { MemberView, ScimGroupRow, ScimUserRow } from './scim-store.js';
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, USER_SCHEMA, type ResourceKind } from './schemas.js';

/** A resource's URI, relative to the service's origin (the service does not know the name clients reach it by). */
const locationOf = (kind: ResourceKind, id: string): string => `${SCIM_BASE_PATH}/${kind}s/${id}`;

const meta = (kind: ResourceKind, id: string, created: Date, lastModified: Date, version: string) => ({
  resourceType: kind,
  created: new Date(created).toISOString(),
  lastModified: new Date(lastModified).toISOString(),
  location: locationOf(kind, id),
  version,
});

/** A resource as rendered, before any projection: a SCIM JSON object with its meta. */
export type RenderedResource = JsonObject & { meta: ReturnType<typeof meta> };

/** The weak entity tag of a resource's version. */
const userVersion = (row: ScimUserRow): string => `W/"${row.version}"`;
const groupVersion = (row: ScimGroupRow): string => `W/"${new Date(row.updated_at).getTime()}"`;

export function renderUser(row: ScimUserRow, groups: readonly MemberView[]): RenderedResource {
  const { [ENTERPRISE_USER_SCHEMA]: enterprise, ...core } = row.resource;
  return {
    schemas: enterprise === undefined ? [USER_SCHEMA] : [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    id: row.id,
    ...(row.external_id === null ? {} : { externalId: row.external_id }),
    userName: row.user_name,
    ...core,
    active: row.active,
    ...(groups.length === 0 ? {} : { groups: groups.map((group) => ({ value: group.value, $ref: locationOf('Group', group.value), display: group.display, type: 'direct' })) }),
    ...(enterprise === undefined ? {} : { [ENTERPRISE_USER_SCHEMA]: enterprise }),
    meta: meta('User', row.id, row.created_at, row.updated_at, userVersion(row)),
  };
}

export function renderGroup(row: ScimGroupRow, members: readonly MemberView[]): RenderedResource {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.external_id === null ? {} : { externalId: row.external_id }),
    displayName: row.name,
    members: members.map((member) => ({ value: member.value, $ref: locationOf('User', member.value), display: member.display, type: 'User' })),
    meta: meta('Group', row.id, row.created_at, row.updated_at, groupVersion(row)),
  };
}

interface Projection {
  attributes: string[] | undefined;
  excludedAttributes: string[] | undefined;
}

/** The attributes and excludedAttributes parameters, comma-separated lists of paths. */
export function projectionOf(query: Record<string, unknown>): Projection {
  const list = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.split(',').map((item) => item.trim()).filter((item) => item !== '') : undefined);
  return { attributes: list(query.attributes), excludedAttributes: list(query.excludedAttributes) };
}

// Returned whatever the parameters say (RFC 7643 section 7: returned "always").
const ALWAYS = ['schemas', 'id'];

/** The resource narrowed to what was asked for; a path naming no supported attribute is 400 invalidValue. */
export function project(kind: ResourceKind, resource: JsonObject, projection: Projection): JsonObject {
  if (!projection.attributes && !projection.excludedAttributes) return resource;
  const keysOf = (paths: string[]) =>
    paths.map((path) => {
      const resolved = resolvePath(kind, path);
      if (!resolved) throw scimBadRequest('invalidValue', `${path} is not an attribute of ${kind}`);
      return {
        container: resolved.inExtension ? resolved.schema!.id : undefined,
        attribute: resolved.attribute.name,
        sub: resolved.subAttribute?.name,
      };
    });
  let result: JsonObject = resource;
  if (projection.attributes) {
    const wanted = keysOf(projection.attributes);
    result = Object.fromEntries(Object.entries(resource).filter(([key]) => ALWAYS.includes(key)));
    for (const { container, attribute, sub } of wanted) {
      const source = container === undefined ? resource : (resource[container] as JsonObject | undefined);
      if (!source || source[attribute] === undefined) continue;
      const target = container === undefined ? result : ((result[container] as JsonObject | undefined) ?? (result[container] = {}) as JsonObject);
      target[attribute] = sub === undefined ? source[attribute] : mergePick(target[attribute], source[attribute], sub);
    }
  }
  for (const { container, attribute, sub } of projection.excludedAttributes ? keysOf(projection.excludedAttributes) : []) {
    if (container === undefined && ALWAYS.includes(attribute)) continue;
    const target = container === undefined ? result : (result[container] as JsonObject | undefined);
    if (!target || target[attribute] === undefined) continue;
    if (sub === undefined) delete target[attribute];
    else target[attribute] = omitSub(target[attribute], sub);
  }
  return result;
}

/** The value with only the sub-attribute (added to what earlier paths picked). */
function mergePick(current: unknown, value: unknown, sub: string): unknown {
  if (Array.isArray(value)) {
    const earlier = Array.isArray(current) ? (current as JsonObject[]) : [];
    return value.map((item, index) => ({ ...earlier[index], ...(item?.[sub] === undefined ? {} : { [sub]: item[sub] }) }));
  }
  const picked = (value as JsonObject)[sub];
  return { ...(current as JsonObject | undefined), ...(picked === undefined ? {} : { [sub]: picked }) };
}

function omitSub(value: unknown, sub: string): unknown {
  const without = (item: JsonObject): JsonObject => Object.fromEntries(Object.entries(item).filter(([key]) => key !== sub));
  return Array.isArray(value) ? value.map((item) => without(item as JsonObject)) : without(value as JsonObject);
}
