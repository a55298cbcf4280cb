// GET /nhi/api/v1/audit/records: the trail newest first, cursor-paginated (spec 4.8, 4.9).
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { validationFailed } from '../../platform/errors.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { defineKeysetOrder, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage, type PageEnvelope } from '../../platform/pagination/page.js';
import { chainRecordOf, RECORD_COLUMNS, viewOf, type AuditRecord, type RecordRow } from './records.js';

/** Newest first: the reverse of the chain. Stable: a record's position never changes. */
const newestInChain = defineKeysetOrder({ stable: true, keys: [{ column: 'sequence', type: 'bigint', direction: 'desc' }] });

interface AuditRecordQuery {
  limit?: unknown;
  cursor?: unknown;
  action?: unknown;
  actor?: unknown;
  result?: unknown;
  subject?: unknown;
  from?: unknown;
  to?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export async function listAuditRecordsPage(q: Queryable, codec: CursorCodec, orgId: OrgId, query: AuditRecordQuery): Promise<PageEnvelope<AuditRecord>> {
  const request = parsePageRequest(query, { orders: ['newest'], defaultOrder: 'newest' });
  const filters = { action: text(query.action), actor: text(query.actor), result: text(query.result), subject: text(query.subject), from: text(query.from), to: text(query.to) };
  if (filters.from !== null && filters.to !== null && Date.parse(filters.from) > Date.parse(filters.to)) throw validationFailed('from must not be after to', { field: 'from' });
  return readTablePage<RecordRow & KeysetRow, AuditRecord>({
    q,
    codec,
    orgId,
    listing: 'nhi-audit-records',
    filters,
    request,
    order: newestInChain,
    from: 'nhi_audit_records',
    columns: RECORD_COLUMNS,
    // The window is [from, to): a record at exactly `to` belongs to the next window.
    where: `org_id = $1 AND ($2::text IS NULL OR action = $2) AND ($3::text IS NULL OR actor_id = $3) AND ($4::text IS NULL OR result = $4)
      AND ($5::text IS NULL OR subject = $5) AND ($6::timestamptz IS NULL OR occurred_at >= $6) AND ($7::timestamptz IS NULL OR occurred_at < $7)`,
    params: [orgId, filters.action, filters.actor, filters.result, filters.subject, filters.from, filters.to],
    toItem: (row) => viewOf(chainRecordOf(row)),
  });
}
