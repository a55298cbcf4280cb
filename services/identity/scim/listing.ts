// Querying Users and Groups (RFC 7644 section 3.4.2): filter, sortBy and sortOrder,
// startIndex (1-based) and count, answered as a ListResponse. Filtering, counting and
// paging all happen in the database.
import type { Database, OrgId } from '../../platform/db/database.js';
import { filterCondition, parseFilter, SqlParameters, sortExpression } from './filter-sql.js';
import { project, projectionOf, renderGroup, renderUser } from './resource-output.js';
import type { JsonObject } from './resource-input.js';
import { scimBadRequest } from './scim-errors.js';
import { groupsOfUsers, membersOfGroups, pageOfScimGroups, pageOfScimUsers, type Page } from './scim-store.js';
import { LIST_RESPONSE_SCHEMA, type ResourceKind } from './schemas.js';

/** The most resources one page holds (ServiceProviderConfig filter.maxResults); a larger count is clamped to it. */
export const MAX_PAGE_SIZE = 200;
/** The page size when the client names none. */
export const DEFAULT_PAGE_SIZE = 100;

export interface ListQuery {
  filter?: string;
  startIndex?: number;
  count?: number;
  sortBy?: string;
  sortOrder?: string;
  attributes?: string;
  excludedAttributes?: string;
}

function pageOf(kind: ResourceKind, orgId: OrgId, query: ListQuery): Page & { startIndex: number } {
  const params = new SqlParameters([orgId]);
  const condition = query.filter === undefined || query.filter.trim() === '' ? 'true' : filterCondition(kind, parseFilter(query.filter), params);
  // RFC 7644 3.4.2.4: a startIndex below 1 is read as 1, a negative count as 0.
  const startIndex = Math.max(1, Math.trunc(query.startIndex ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(0, Math.trunc(query.count ?? DEFAULT_PAGE_SIZE)));
  const alias = kind === 'User' ? 'u' : 'g';
  const tieBreak = `${alias}.created_at, ${alias}.id`;
  let orderBy = tieBreak;
  if (query.sortBy !== undefined && query.sortBy.trim() !== '') {
    const order = (query.sortOrder ?? 'ascending').toLowerCase();
    if (order !== 'ascending' && order !== 'descending') throw scimBadRequest('invalidValue', 'sortOrder is ascending or descending');
    orderBy = `${sortExpression(kind, query.sortBy.trim()).sql} ${order === 'ascending' ? 'ASC' : 'DESC'} NULLS LAST, ${tieBreak}`;
  }
  return { condition, params: params.values, orderBy, offset: startIndex - 1, limit, startIndex };
}

/** GET /Users or /Groups: one page of the organization's resources with the total the filter matches. */
export async function listResources(db: Database, kind: ResourceKind, orgId: OrgId, query: ListQuery): Promise<JsonObject> {
  const page = pageOf(kind, orgId, query);
  const projection = projectionOf(query as Record<string, unknown>);
  let resources: JsonObject[];
  let total: number;
  if (kind === 'User') {
    const found = await pageOfScimUsers(db, page);
    const groups = await groupsOfUsers(db, orgId, found.rows.map((row) => row.id));
    resources = found.rows.map((row) => renderUser(row, groups.get(row.id)!));
    total = found.total;
  } else {
    const found = await pageOfScimGroups(db, page);
    // Members are read only when they will be shown: excludedAttributes=members spares large groups.
    const skipMembers = projection.excludedAttributes?.some((path) => path.toLowerCase() === 'members') ?? false;
    const members = skipMembers ? new Map<string, never[]>() : await membersOfGroups(db, orgId, found.rows.map((row) => row.id));
    resources = found.rows.map((row) => renderGroup(row, members.get(row.id) ?? []));
    total = found.total;
  }
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults: total,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources.map((resource) => project(kind, resource, projection)),
  };
}
