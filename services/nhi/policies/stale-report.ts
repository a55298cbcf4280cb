// GET /nhi/api/v1/policies/stale_identity/report (inventory:read): every active
// identity with its stale_identity answer under the organization's current
// thresholds, judged at the time of the request (conditions.ts). Newest first by first
// sighting, cursor-paginated, filterable by answer and connector.
import { isUuid } from '../../platform/ids.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { validationFailed } from '../../platform/errors.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { defineKeysetOrder, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../../platform/pagination/page.js';
import { assessedColumns, assessedIdentities, lastUseOf, STALE_ANSWERS, type AssessedRow, type StaleAnswer, type StaleBasis } from './conditions.js';
import { readPolicies } from './settings.js';

export interface StaleReportItem {
  identity: { id: string; kind: string; provider: string; name: string; externalId: string; connectorId: string };
  answer: StaleAnswer;
  basis: StaleBasis;
  /** A time, "never used" (the provider reported no use), or "not reported". */
  lastUsedAt: string;
  createdAt: string | null;
  firstSeenAt: string;
  thresholdDays: number;
}

const newestSeenFirst = defineKeysetOrder({
  stable: true,
  keys: [
    { column: 'first_seen_at', type: 'timestamptz', direction: 'desc' },
    { column: 'id', type: 'uuid', direction: 'desc' },
  ],
});

export function createStaleReport(deps: { db: Database; codec: CursorCodec; now: () => Date }) {
  const { db, codec, now } = deps;
  return async function staleReport(orgId: OrgId, query: { answer?: unknown; connectorId?: unknown; limit?: unknown; cursor?: unknown }) {
    const request = parsePageRequest(query, { orders: ['first_seen'], defaultOrder: 'first_seen' });
    const filters = checkFilters(query);
    const { settings } = (await readPolicies(db, orgId)).stale_identity;
    const params: unknown[] = [orgId, now(), settings.thresholdDays, JSON.stringify(settings.kindThresholdDays)];
    const conditions = ['org_id = $1'];
    if (filters.answer !== undefined) {
      params.push(filters.answer);
      conditions.push(`answer = $${params.length}`);
    }
    if (filters.connectorId !== undefined) {
      params.push(filters.connectorId);
      conditions.push(`connector_id = $${params.length}::uuid`);
    }
    return readTablePage<AssessedRow & KeysetRow, StaleReportItem>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_stale_identity_report',
      // The thresholds shape the answers: a cursor taken under others is refused like any stale cursor.
      filters: { ...filters, thresholdDays: settings.thresholdDays, kindThresholdDays: settings.kindThresholdDays },
      request,
      order: newestSeenFirst,
      from: assessedIdentities({ at: '$2', days: '$3', kinds: '$4' }),
      columns: assessedColumns,
      where: conditions.join(' AND '),
      params,
      toItem: itemOf,
    });
  };
}
export type StaleReport = ReturnType<typeof createStaleReport>;

function checkFilters(query: { answer?: unknown; connectorId?: unknown }): { answer?: StaleAnswer; connectorId?: string } {
  const text = (name: string, value: unknown): string | undefined => {
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw validationFailed(`${name} must be given once`);
    return value;
  };
  const answer = text('answer', query.answer);
  const connectorId = text('connectorId', query.connectorId);
  if (answer !== undefined && !(STALE_ANSWERS as readonly string[]).includes(answer)) throw validationFailed(`answer must be one of: ${STALE_ANSWERS.join(', ')}`);
  if (connectorId !== undefined && !isUuid(connectorId)) throw validationFailed('connectorId must be a UUID');
  return { answer: answer as StaleAnswer | undefined, connectorId: connectorId?.toLowerCase() };
}

function itemOf(row: AssessedRow): StaleReportItem {
  return {
    identity: { id: row.id, kind: row.kind, provider: row.provider, name: row.name, externalId: row.external_id, connectorId: row.connector_id },
    answer: row.answer,
    basis: row.basis,
    lastUsedAt: lastUseOf(row),
    createdAt: row.created_at?.toISOString() ?? null,
    firstSeenAt: row.first_seen_at.toISOString(),
    thresholdDays: row.threshold_days,
  };
}
