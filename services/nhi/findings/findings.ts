// The module's findings: one per (identity, policy), read with
// inventory:read by every module role (spec 2.3), worked by analysts and
// Organization Admins. A finding's status as shown is evaluated at read time: an
// accepted risk whose end date passed reads as open from that date, by nobody, while
// the stored row keeps the acceptance (spec 3.2's rule for things with an end date).
// A finding shows the policy exception in force for its identity and policy at read
// time (services/nhi/exceptions), and stops showing it once that exception ends.
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import { isoOrNull } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { defineKeysetOrder, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../../platform/pagination/page.js';
import { exceptionsInForceFor } from '../exceptions/index.js';

const FINDING_STATUSES = ['open', 'acknowledged', 'in_progress', 'risk_accepted', 'false_positive', 'resolved'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const FINDING_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

/** A finding as the API shows it: the document's NhiFinding. */
export type NhiFinding = components['schemas']['NhiFinding'];

export interface FindingRow {
  id: string;
  policy: string;
  severity: FindingSeverity;
  status: FindingStatus;
  identity_id: string;
  identity_kind: string;
  identity_provider: string;
  identity_name: string;
  identity_external_id: string;
  identity_connector_id: string;
  identity_state: 'active' | 'removed';
  detail: Record<string, unknown>;
  reason: string | null;
  risk_accepted_until: Date | null;
  status_changed_at: Date;
  status_changed_by_user_id: string | null;
  first_detected_at: Date;
  last_detected_at: Date;
  resolved_at: Date | null;
  reopened_at: Date | null;
}

/**
 * The organization's findings as shown at `$2` (now), with their identities: $1 is
 * the organization. A lapsed acceptance reads as open since its end, with no reason
 * and no person behind the change.
 */
const shownFindings = `(
  SELECT f.org_id, f.id, f.policy, f.severity, f.identity_id, f.detail, f.risk_accepted_until, f.first_detected_at, f.last_detected_at, f.resolved_at, f.reopened_at,
         CASE WHEN lapsed THEN 'open' ELSE f.status END AS status,
         CASE WHEN lapsed THEN NULL ELSE f.reason END AS reason,
         CASE WHEN lapsed THEN f.risk_accepted_until ELSE f.status_changed_at END AS status_changed_at,
         CASE WHEN lapsed THEN NULL ELSE f.status_changed_by_user_id END AS status_changed_by_user_id,
         i.kind AS identity_kind, i.provider AS identity_provider, i.name AS identity_name, i.external_id AS identity_external_id,
         i.connector_id AS identity_connector_id, i.state AS identity_state
    FROM nhi_findings f
    JOIN nhi_identities i ON i.org_id = f.org_id AND i.id = f.identity_id
    CROSS JOIN LATERAL (SELECT f.status = 'risk_accepted' AND f.risk_accepted_until <= $2::timestamptz AS lapsed) l
   WHERE f.org_id = $1) AS shown`;

const findingColumns =
  'id, policy, severity, status, identity_id, identity_kind, identity_provider, identity_name, identity_external_id, identity_connector_id, identity_state, detail, reason, risk_accepted_until, status_changed_at, status_changed_by_user_id, first_detected_at, last_detected_at, resolved_at, reopened_at';

/** Newest first by first detection: stable, since a finding's first detection never changes. */
const newestDetectedFirst = defineKeysetOrder({
  stable: true,
  keys: [
    { column: 'first_detected_at', type: 'timestamptz', direction: 'desc' },
    { column: 'id', type: 'uuid', direction: 'desc' },
  ],
});

const POLICY_PATTERN = /^[a-z][a-z0-9_]{0,99}$/;

interface FindingFilters {
  status?: unknown;
  severity?: unknown;
  policy?: unknown;
  identityId?: unknown;
}

export function createFindings(deps: { db: Database; codec: CursorCodec; now: () => Date }) {
  const { db, codec, now } = deps;

  async function list(orgId: OrgId, query: FindingFilters & { limit?: unknown; cursor?: unknown }) {
    const request = parsePageRequest(query, { orders: ['first_detected'], defaultOrder: 'first_detected' });
    const filters = checkFilters(query);
    const conditions = ['org_id = $1'];
    const at = now();
    const params: unknown[] = [orgId, at];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    if (filters.status) add((p) => `status = ANY(${p}::text[])`, filters.status);
    if (filters.severity) add((p) => `severity = ANY(${p}::text[])`, filters.severity);
    if (filters.policy) add((p) => `policy = ${p}`, filters.policy);
    if (filters.identityId) add((p) => `identity_id = ${p}::uuid`, filters.identityId);
    const page = await readTablePage<FindingRow & KeysetRow, FindingRow>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_findings',
      filters,
      request,
      order: newestDetectedFirst,
      from: shownFindings,
      columns: findingColumns,
      where: conditions.join(' AND '),
      params,
      toItem: (row) => row,
    });
    return { ...page, items: await findingViewsOf(db, orgId, page.items, at) };
  }

  async function get(orgId: OrgId, findingId: string): Promise<NhiFinding> {
    const at = now();
    return findingViewOf(db, orgId, await selectShown(db, orgId, findingId, at), at);
  }

  return { list, get };
}
export type Findings = ReturnType<typeof createFindings>;

/** One finding as shown at `at`, or the 404 of a missing (or another organization's) one. */
export async function selectShown(q: Queryable, orgId: OrgId, findingId: string, at: Date): Promise<FindingRow> {
  if (!isUuid(findingId)) throw notFound();
  const found = await q.query<FindingRow>(`SELECT ${findingColumns} FROM ${shownFindings} WHERE id = $3`, [orgId, at, findingId]);
  if (found.rows[0] === undefined) throw notFound();
  return found.rows[0];
}

/** A finding still asking for work: not resolved, and no person judged it an accepted risk or a false positive. */
const UNSETTLED_STATUSES: readonly FindingStatus[] = ['open', 'acknowledged', 'in_progress'];

export interface OpenFinding {
  id: string;
  policy: string;
  severity: FindingSeverity;
}

/** The identity's findings whose status shown at `at` is unsettled (runtime decisions deny on them). */
export async function openFindingsOf(q: Queryable, orgId: OrgId, identityId: string, at: Date): Promise<OpenFinding[]> {
  const found = await q.query<OpenFinding>(`SELECT id, policy, severity FROM ${shownFindings} WHERE identity_id = $3 AND status = ANY($4::text[]) ORDER BY first_detected_at, id`, [
    orgId,
    at,
    identityId,
    UNSETTLED_STATUSES,
  ]);
  return found.rows;
}

/** Comma-separated lists for status and severity, each value known; one policy and one identity. */
function checkFilters(query: FindingFilters): { status?: string[]; severity?: string[]; policy?: string; identityId?: string } {
  const text = (name: string, value: unknown): string | undefined => {
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw validationFailed(`${name} must be given once`);
    return value;
  };
  const list = (name: string, value: unknown, allowed: readonly string[]): string[] | undefined => {
    const given = text(name, value);
    if (given === undefined) return undefined;
    const values = [...new Set(given.split(',').map((member) => member.trim()))].sort();
    const unknown = values.filter((member) => !allowed.includes(member));
    if (unknown.length > 0) throw validationFailed(`${name} must be a comma-separated list of: ${allowed.join(', ')}`);
    return values;
  };
  const policy = text('policy', query.policy);
  const identityId = text('identityId', query.identityId);
  if (policy !== undefined && !POLICY_PATTERN.test(policy)) throw validationFailed('policy must be a policy name such as stale_identity');
  if (identityId !== undefined && !isUuid(identityId)) throw validationFailed('identityId must be a UUID');
  return {
    status: list('status', query.status, FINDING_STATUSES),
    severity: list('severity', query.severity, FINDING_SEVERITIES),
    policy,
    identityId: identityId?.toLowerCase(),
  };
}

/** One finding as shown at `at`, with the exception in force for it then. */
export async function findingViewOf(q: Queryable, orgId: OrgId, row: FindingRow, at: Date): Promise<NhiFinding> {
  const [view] = await findingViewsOf(q, orgId, [row], at);
  return view!;
}

/** Findings as shown at `at`, each with the exception in force for its identity and policy then (one query for the lot). */
async function findingViewsOf(q: Queryable, orgId: OrgId, rows: readonly FindingRow[], at: Date): Promise<NhiFinding[]> {
  const exceptions = await exceptionsInForceFor(q, orgId, [...new Set(rows.map((row) => row.identity_id))], at);
  const exceptionOf = new Map<string, { id: string; endsAt: string }>();
  // Latest end first: the first exception seen for an identity and policy is the one shown.
  for (const exception of exceptions) {
    const key = `${exception.identityId}/${exception.policy}`;
    if (!exceptionOf.has(key)) exceptionOf.set(key, { id: exception.id, endsAt: exception.endsAt.toISOString() });
  }
  return rows.map((row) => viewOf(row, exceptionOf.get(`${row.identity_id}/${row.policy}`) ?? null));
}

function viewOf(row: FindingRow, exception: NhiFinding['exception']): NhiFinding {
  return {
    id: row.id,
    policy: row.policy,
    severity: row.severity,
    status: row.status,
    identity: {
      id: row.identity_id,
      kind: row.identity_kind,
      provider: row.identity_provider,
      name: row.identity_name,
      externalId: row.identity_external_id,
      connectorId: row.identity_connector_id,
      state: row.identity_state,
    },
    detail: row.detail,
    reason: row.reason,
    riskAcceptedUntil: isoOrNull(row.risk_accepted_until),
    statusChangedAt: row.status_changed_at.toISOString(),
    statusChangedByUserId: row.status_changed_by_user_id,
    firstDetectedAt: row.first_detected_at.toISOString(),
    lastDetectedAt: row.last_detected_at.toISOString(),
    resolvedAt: isoOrNull(row.resolved_at),
    reopenedAt: isoOrNull(row.reopened_at),
    exception,
  };
}
