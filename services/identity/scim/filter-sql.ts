// SCIM filters (RFC 7644 section 3.4.2.2) as SQL. scim2-parse-filter reads the filter
// into a tree; this file turns the tree into one parameterized condition over the
// resource's table, so the database filters and counts (never a filter in memory:
// the library's own evaluator compares case-sensitively). Attribute names are matched
// without case; a string attribute whose definition is not caseExact (userName,
// emails, displayName...) is compared without case. An attribute this service does
// not support, or an operator its type has no meaning for, is 400 invalidFilter.
import { parse, type Filter } from 'scim2-parse-filter';
import { resolvePath, type ResolvedPath } from './attribute-paths.js';
import { scimBadRequest } from './scim-errors.js';
import type { AttributeDefinition, AttributeType, ResourceKind } from './schemas.js';

/** The statement's parameters; a fragment names its values as $n by pushing them here. */
export class SqlParameters {
  constructor(readonly values: unknown[]) {}

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A single value a condition compares: an SQL expression, its SCIM type, whether
 * strings compare with case, and whether the expression is jsonb text (cast for
 * comparison) or a typed column.
 */
interface Operand {
  sql: string;
  type: AttributeType;
  caseExact: boolean;
  fromJson: boolean;
}

/** Several values a condition holds for when any one does: a multi-valued attribute's elements. */
interface Collection {
  /** EXISTS over the elements, where `condition` is written in the elements' scope. */
  exists: (condition: (scope: Scope) => string) => string;
  /** The element itself, as a bare path (`emails co "x"`) compares it: its value sub-attribute. */
  bare: (scope: Scope) => Operand;
}

type Target = { kind: 'single'; operand: Operand } | { kind: 'complex'; present: string } | { kind: 'collection'; collection: Collection };

interface Scope {
  resolve(path: string): Target;
}

const invalidFilter = (detail: string) => scimBadRequest('invalidFilter', detail);

/** Parses a filter, refusing one the grammar does not read with 400 invalidFilter. */
export function parseFilter(text: string): Filter {
  try {
    return parse(text);
  } catch {
    throw invalidFilter('the filter is not valid SCIM filter syntax');
  }
}

/** The condition a filter puts on the resource type's rows (alias u for Users, g for Groups), never null. */
export function filterCondition(kind: ResourceKind, filter: Filter, params: SqlParameters): string {
  return translate(correlateValuePathSubAttributes(filter), rootScope(kind), params);
}

/**
 * The parser reads `emails[type eq "work"].value eq "x"` as two conditions joined by
 * and (an element of type work, and an element with that value); here they become one
 * condition on the same element, which is what the path means.
 */
function correlateValuePathSubAttributes(filter: Filter): Filter {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const filters = filter.filters.map(correlateValuePathSubAttributes);
      const [path, compare] = filters;
      if (filter.op === 'and' && filters.length === 2 && path?.op === '[]' && compare && 'attrPath' in compare && compare.op !== '[]') {
        const prefix = `${path.attrPath.toLowerCase()}.`;
        if (compare.attrPath.toLowerCase().startsWith(prefix)) {
          const inner = { ...compare, attrPath: compare.attrPath.slice(prefix.length) } as Filter;
          return { op: '[]', attrPath: path.attrPath, valFilter: { op: 'and', filters: [path.valFilter, inner] } };
        }
      }
      return { ...filter, filters };
    }
    case 'not':
      return { op: 'not', filter: correlateValuePathSubAttributes(filter.filter) };
    default:
      return filter;
  }
}

function translate(filter: Filter, scope: Scope, params: SqlParameters): string {
  switch (filter.op) {
    case 'and':
    case 'or':
      return `(${filter.filters.map((inner) => translate(inner, scope, params)).join(` ${filter.op.toUpperCase()} `)})`;
    case 'not':
      return `(NOT ${translate(filter.filter, scope, params)})`;
    case '[]': {
      const target = scope.resolve(filter.attrPath);
      if (target.kind !== 'collection') throw invalidFilter(`${filter.attrPath} is not a multi-valued attribute`);
      return target.collection.exists((elements) => translate(filter.valFilter, elements, params));
    }
    default: {
      const target = scope.resolve(filter.attrPath);
      if (target.kind === 'collection') return target.collection.exists((elements) => leaf(target.collection.bare(elements), filter, params));
      if (target.kind === 'complex') {
        if (filter.op === 'pr') return `(${target.present})`;
        throw invalidFilter(`${filter.attrPath} is complex: compare one of its sub-attributes`);
      }
      return leaf(target.operand, filter, params);
    }
  }
}

type Comparison = Exclude<Filter, { op: 'and' | 'or' | 'not' | '[]' }>;

/** One comparison, as a condition that is true or false, never null (so NOT and OR read as the filter means). */
function leaf(operand: Operand, filter: Comparison, params: SqlParameters): string {
  const present = operand.fromJson && ['string', 'reference', 'binary'].includes(operand.type) ? `(${operand.sql} IS NOT NULL AND ${operand.sql} <> '')` : `(${operand.sql} IS NOT NULL)`;
  if (filter.op === 'pr') return present;
  const value = filter.compValue;
  if (value === null) {
    if (filter.op === 'eq') return `(NOT ${present})`;
    if (filter.op === 'ne') return present;
    throw invalidFilter(`${filter.attrPath} ${filter.op} null is not a comparison`);
  }
  const positive = (condition: string) => (filter.op === 'ne' ? `(NOT COALESCE(${condition}, false))` : `COALESCE(${condition}, false)`);
  const op = filter.op === 'ne' ? 'eq' : filter.op;
  switch (operand.type) {
    case 'boolean': {
      const flag = typeof value === 'boolean' ? value : typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : undefined;
      if (flag === undefined || op !== 'eq') throw invalidFilter(`${filter.attrPath} is a boolean: compare it with eq or ne and true or false`);
      return positive(`(${typed(operand, 'boolean')} = ${params.add(flag)}::boolean)`);
    }
    case 'dateTime': {
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw invalidFilter(`${filter.attrPath} is a date and time: compare it with one`);
      const sqlOp = ORDERING[op];
      if (!sqlOp) throw invalidFilter(`${filter.attrPath} is a date and time: ${filter.op} does not apply`);
      return positive(`(${typed(operand, 'timestamptz')} ${sqlOp} ${params.add(value)}::timestamptz)`);
    }
    case 'integer':
    case 'decimal': {
      if (typeof value !== 'number') throw invalidFilter(`${filter.attrPath} is a number: compare it with one`);
      const sqlOp = ORDERING[op];
      if (!sqlOp) throw invalidFilter(`${filter.attrPath} is a number: ${filter.op} does not apply`);
      return positive(`(${typed(operand, 'numeric')} ${sqlOp} ${params.add(value)}::numeric)`);
    }
    case 'complex':
      throw invalidFilter(`${filter.attrPath} is complex: compare one of its sub-attributes`);
    default: {
      if (typeof value !== 'string') throw invalidFilter(`${filter.attrPath} is a string: compare it with a string`);
      const fold = (sql: string) => (operand.caseExact ? sql : `lower(${sql})`);
      const subject = fold(operand.sql);
      const parameter = fold(`${params.add(value)}::text`);
      switch (op) {
        case 'eq':
          return positive(`(${subject} = ${parameter})`);
        case 'co':
          return positive(`(strpos(${subject}, ${parameter}) > 0)`);
        case 'sw':
          return positive(`starts_with(${subject}, ${parameter})`);
        case 'ew':
          return positive(`(right(${subject}, char_length(${parameter})) = ${parameter})`);
        default:
          // Ordered by code point, whatever the database's collation.
          return positive(`((${subject} COLLATE "C") ${ORDERING[op]} ${parameter})`);
      }
    }
  }
}

const ORDERING: Partial<Record<string, string>> = { eq: '=', gt: '>', ge: '>=', lt: '<', le: '<=' };

function typed(operand: Operand, sqlType: string): string {
  return operand.fromJson ? `(${operand.sql})::${sqlType}` : operand.sql;
}

const column = (sql: string, type: AttributeType, caseExact: boolean): Target => ({ kind: 'single', operand: { sql, type, caseExact, fromJson: false } });

/** The scope of a resource's row: its columns where the service keeps the attribute in one, else its stored resource (jsonb). */
function rootScope(kind: ResourceKind): Scope {
  const alias = kind === 'User' ? 'u' : 'g';
  const columns: Record<string, Target> =
    kind === 'User'
      ? {
          id: column('u.id::text', 'string', true),
          externalid: column('u.external_id', 'string', true),
          username: column('u.user_name', 'string', false),
          active: column('u.active', 'boolean', true),
        }
      : {
          id: column('g.id::text', 'string', true),
          externalid: column('g.external_id', 'string', true),
          displayname: column('g.name', 'string', false),
        };
  const meta: Record<string, Target> = {
    'meta.created': column(`${alias}.created_at`, 'dateTime', true),
    'meta.lastmodified': column(`${alias}.updated_at`, 'dateTime', true),
    'meta.resourcetype': column(`'${kind}'::text`, 'string', true),
  };
  return {
    resolve(path) {
      const resolved = resolvePath(kind, path);
      if (!resolved) throw invalidFilter(`${path} is not an attribute this service filters on`);
      const name = resolved.attribute.name.toLowerCase();
      const key = resolved.subAttribute ? `${name}.${resolved.subAttribute.name.toLowerCase()}` : name;
      if (!resolved.inExtension && columns[key]) return columns[key];
      if (name === 'meta') {
        const target = meta[key];
        if (!target) throw invalidFilter(`${path} is not an attribute this service filters on`);
        return target;
      }
      if (kind === 'User' && name === 'groups') return subAttributeOf(groupsOfUser(), resolved, path);
      if (kind === 'Group' && name === 'members') return subAttributeOf(membersOfGroup(), resolved, path);
      if (kind === 'Group') throw invalidFilter(`${path} is not an attribute this service filters on`);
      return jsonTarget(`${alias}.resource`, resolved);
    },
  };
}

/** `groups.display` through the groups collection; `groups` alone quantifies over it. */
function subAttributeOf(collection: Collection, resolved: ResolvedPath, path: string): Target {
  if (!resolved.subAttribute) return { kind: 'collection', collection };
  const sub = resolved.subAttribute.name;
  return {
    kind: 'collection',
    collection: {
      exists: collection.exists,
      bare: (scope) => {
        const target = scope.resolve(sub);
        if (target.kind !== 'single') throw invalidFilter(`${path} is not an attribute this service filters on`);
        return target.operand;
      },
    },
  };
}

/** A user's groups: SCIM groups holding them, with their id as value and displayName as display. */
function groupsOfUser(): Collection {
  const elements: Scope = {
    resolve: (path) => {
      switch (path.toLowerCase()) {
        case 'value':
          return column('g.id::text', 'string', true);
        case 'display':
          return column('g.name', 'string', false);
        case 'type':
          return column(`'direct'::text`, 'string', false);
        default:
          throw invalidFilter(`groups.${path} is not an attribute this service filters on`);
      }
    },
  };
  return {
    exists: (condition) =>
      `EXISTS (SELECT 1 FROM scim_group_members gm JOIN directory_groups g ON g.id = gm.group_id AND g.org_id = gm.org_id
                WHERE gm.org_id = u.org_id AND gm.scim_user_id = u.id AND ${condition(elements)})`,
    bare: (scope) => (scope.resolve('value') as { operand: Operand }).operand,
  };
}

/** A group's members: SCIM users, with their id as value and displayName (else userName) as display. */
function membersOfGroup(): Collection {
  const elements: Scope = {
    resolve: (path) => {
      switch (path.toLowerCase()) {
        case 'value':
          return column('mu.id::text', 'string', true);
        case 'display':
          return column(`COALESCE(mu.resource->>'displayName', mu.user_name)`, 'string', false);
        case 'type':
          return column(`'User'::text`, 'string', false);
        default:
          throw invalidFilter(`members.${path} is not an attribute this service filters on`);
      }
    },
  };
  return {
    exists: (condition) =>
      `EXISTS (SELECT 1 FROM scim_group_members gm JOIN scim_users mu ON mu.id = gm.scim_user_id AND mu.org_id = gm.org_id
                WHERE gm.org_id = g.org_id AND gm.group_id = g.id AND ${condition(elements)})`,
    bare: (scope) => (scope.resolve('value') as { operand: Operand }).operand,
  };
}

/** The JSON path of an attribute in a stored resource, as a PostgreSQL text[] literal's elements. */
function pathLiteral(keys: readonly string[]): string {
  // Keys are schema names and URNs (letters, digits, ':', '.', '$'), never client text, so they need no escaping beyond quoting.
  return `'{${keys.map((key) => `"${key}"`).join(',')}}'`;
}

function jsonTarget(document: string, resolved: ResolvedPath): Target {
  const base = resolved.inExtension ? [resolved.schema!.id, resolved.attribute.name] : [resolved.attribute.name];
  const { attribute, subAttribute } = resolved;
  if (!attribute.multiValued) {
    if (subAttribute) return single(`${document} #>> ${pathLiteral([...base, subAttribute.name])}`, subAttribute);
    if (attribute.type === 'complex') return { kind: 'complex', present: `${document} #> ${pathLiteral(base)} IS NOT NULL` };
    return single(`${document} #>> ${pathLiteral(base)}`, attribute);
  }
  // Multi-valued attributes hold no multi-valued attributes, so one element alias suffices.
  const alias = 'e1';
  const elements = elementScope(alias, attribute);
  const exists = (condition: (scope: Scope) => string) =>
    `EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(${document} #> ${pathLiteral(base)}, '[]'::jsonb)) AS ${alias} (v) WHERE ${condition(elements)})`;
  const bareName = subAttribute?.name ?? 'value';
  const bare = (scope: Scope): Operand => {
    const target = scope.resolve(bareName);
    if (target.kind !== 'single') throw invalidFilter(`${attribute.name}.${bareName} cannot be compared`);
    return target.operand;
  };
  return { kind: 'collection', collection: { exists, bare } };
}

function single(sql: string, definition: AttributeDefinition): Target {
  return { kind: 'single', operand: { sql: `(${sql})`, type: definition.type, caseExact: definition.caseExact, fromJson: true } };
}

/** Inside `emails[...]`: the element's sub-attributes. */
function elementScope(alias: string, attribute: AttributeDefinition): Scope {
  return {
    resolve(path) {
      const definition = attribute.subAttributes?.find((sub) => sub.name.toLowerCase() === path.toLowerCase());
      if (!definition) throw invalidFilter(`${attribute.name}.${path} is not an attribute this service filters on`);
      if (definition.multiValued || definition.type === 'complex') throw invalidFilter(`${attribute.name}.${path} cannot be compared`);
      return single(`${alias}.v ->> '${definition.name}'`, definition);
    },
  };
}

/**
 * The ORDER BY expression of sortBy (RFC 7644 section 3.4.2.3): a single-valued
 * attribute's value, or a multi-valued one's primary value (else its first).
 */
export function sortExpression(kind: ResourceKind, path: string): { sql: string; caseExact: boolean } {
  const refuse = () => scimBadRequest('invalidValue', `sortBy ${path} is not an attribute this service sorts by`);
  let target: Target;
  try {
    target = rootScope(kind).resolve(path);
  } catch {
    throw refuse();
  }
  if (target.kind === 'single') {
    const { operand } = target;
    const sql = !operand.fromJson || ['string', 'reference', 'binary'].includes(operand.type) ? operand.sql : `${typed(operand, castOf(operand.type))}`;
    return { sql: operand.caseExact || operand.type !== 'string' ? sql : `lower(${sql})`, caseExact: operand.caseExact };
  }
  const resolved = resolvePath(kind, path);
  if (target.kind !== 'collection' || !resolved || resolved.attribute.name === 'groups' || resolved.attribute.name === 'members') throw refuse();
  const base = resolved.inExtension ? [resolved.schema!.id, resolved.attribute.name] : [resolved.attribute.name];
  const sub = resolved.subAttribute ?? resolved.attribute.subAttributes?.find((candidate) => candidate.name === 'value');
  if (!sub || sub.type === 'complex') throw refuse();
  const alias = kind === 'User' ? 'u' : 'g';
  const value = `s.v ->> '${sub.name}'`;
  return {
    sql: `(SELECT ${sub.caseExact ? value : `lower(${value})`} FROM jsonb_array_elements(COALESCE(${alias}.resource #> ${pathLiteral(base)}, '[]'::jsonb)) WITH ORDINALITY AS s (v, n)
            ORDER BY (s.v -> 'primary') = 'true'::jsonb DESC NULLS LAST, s.n LIMIT 1)`,
    caseExact: sub.caseExact,
  };
}

const castOf = (type: AttributeType): string => (type === 'boolean' ? 'boolean' : type === 'dateTime' ? 'timestamptz' : 'numeric');
