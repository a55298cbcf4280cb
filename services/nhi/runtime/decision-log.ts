// The runtime decision log: every answer as it was given, the
// question's context redacted before it was stored (decisions.ts), newest first,
// cursor-paginated, read by every module role (runtime-decisions:read).
import { isUuid } from '../../platform/ids.js';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { validationFailed } from '../../platform/errors.js';
import { parseTimestamp } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { defineKeysetOrder, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage, type PageEnvelope } from '../../platform/pagination/page.js';
import type { DecisionReason } from './decisions.js';
import type { IdentityReference } from './identity-reference.js';

interface LoggedDecision {
  id: string;
  identityId: string | null;
  identityReference: IdentityReference;
  action: string;
  resource: string;
  context: Record<string, unknown> | null;
  decision: 'allow' | 'deny';
  reasons: DecisionReason[];
  ruleIds: string[];
  grantIds: string[];
  caller: { kind: 'api_key' | 'workload' | 'user'; id: string };
  decidedAt: string;
}

interface DecisionRow {
  id: string;
  identity_id: string | null;
  identity_reference: IdentityReference;
  action: string;
  resource: string;
  context: Record<string, unknown> | null;
  decision: 'allow' | 'deny';
  reasons: DecisionReason[];
  rule_ids: string[];
  grant_ids: string[];
  caller_kind: 'api_key' | 'workload' | 'user';
  caller_id: string;
  decided_at: Date;
}

const DECISION_COLUMNS = 'id, identity_id, identity_reference, action, resource, context, decision, reasons, rule_ids, grant_ids, caller_kind, caller_id, decided_at';

/** Newest first; stable, since a logged decision never changes. */
const newestDecidedFirst = defineKeysetOrder({
  stable: true,
  keys: [
    { column: 'decided_at', type: 'timestamptz', direction: 'desc' },
    { column: 'id', type: 'uuid', direction: 'desc' },
  ],
});

interface DecisionLogQuery {
  limit?: unknown;
  cursor?: unknown;
  identityId?: unknown;
  decision?: unknown;
  from?: unknown;
  to?: unknown;
}

const given = (name: string, value: unknown): string | null => {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw validationFailed(`${name} must be given once`, { field: name });
  return value;
};

export async function listDecisions(q: Queryable, codec: CursorCodec, orgId: OrgId, query: DecisionLogQuery): Promise<PageEnvelope<LoggedDecision>> {
  const request = parsePageRequest(query, { orders: ['newest'], defaultOrder: 'newest' });
  const identityId = given('identityId', query.identityId);
  const decision = given('decision', query.decision);
  const from = given('from', query.from);
  const to = given('to', query.to);
  if (identityId !== null && !isUuid(identityId)) throw validationFailed('identityId must be a UUID', { field: 'identityId' });
  if (decision !== null && decision !== 'allow' && decision !== 'deny') throw validationFailed('decision must be allow or deny', { field: 'decision' });
  const window = { from: from === null ? null : parseTimestamp('from', from), to: to === null ? null : parseTimestamp('to', to) };
  if (window.from !== null && window.to !== null && window.from > window.to) throw validationFailed('from must not be after to', { field: 'from' });
  const filters = { identityId: identityId?.toLowerCase() ?? null, decision, from: window.from?.toISOString() ?? null, to: window.to?.toISOString() ?? null };
  return readTablePage<DecisionRow & KeysetRow, LoggedDecision>({
    q,
    codec,
    orgId,
    listing: 'nhi-runtime-decisions',
    filters,
    request,
    order: newestDecidedFirst,
    from: 'nhi_runtime_decisions',
    columns: DECISION_COLUMNS,
    // The window is [from, to), as the audit trail's.
    where: `org_id = $1 AND ($2::uuid IS NULL OR identity_id = $2) AND ($3::text IS NULL OR decision = $3)
      AND ($4::timestamptz IS NULL OR decided_at >= $4) AND ($5::timestamptz IS NULL OR decided_at < $5)`,
    params: [orgId, filters.identityId, filters.decision, filters.from, filters.to],
    toItem: (row) => ({
      id: row.id,
      identityId: row.identity_id,
      identityReference: row.identity_reference,
      action: row.action,
      resource: row.resource,
      context: row.context,
      decision: row.decision,
      reasons: row.reasons,
      ruleIds: row.rule_ids,
      grantIds: row.grant_ids,
      caller: { kind: row.caller_kind, id: row.caller_id },
      decidedAt: row.decided_at.toISOString(),
    }),
  });
}
