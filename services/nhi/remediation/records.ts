// The remediation records (migration 097, nhi_remediations) and how they are read:
// one as the API shows it, the organization's listing (newest first by request,
// cursor-paginated, filtered by status and identity), and the blocking remediations
// of an identity. Reading needs inventory:read.
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import { isoOrNull } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { defineKeysetOrder, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../../platform/pagination/page.js';
import { BLOCKING_ACTIONS } from './catalogue.js';

const REMEDIATION_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'executing', 'executed', 'failed', 'manual_required'] as const;
export type RemediationStatus = (typeof REMEDIATION_STATUSES)[number];

/** Statuses in which an approved remediation has taken (or is taking) effect. */
const IN_EFFECT: readonly RemediationStatus[] = ['approved', 'executing', 'executed', 'manual_required'];

/** A remediation as the API shows it: the document's Remediation. */
export type Remediation = components['schemas']['Remediation'];

/** One provider call of a remediation's plan (or what the service does, DELETE of a record it holds): an entry of the document's Remediation.plan. */
export type PlannedCall = NonNullable<Remediation['plan']>[number];

export interface RemediationRow {
  id: string;
  identity_id: string;
  action: string;
  reason: string;
  dry_run: boolean;
  status: RemediationStatus;
  requested_by_user_id: string;
  requested_at: Date;
  campaign_id: string | null;
  campaign_item_id: string | null;
  approvals: string[];
  approved_at: Date | null;
  rejected_by_user_id: string | null;
  rejected_at: Date | null;
  rejection_reason: string | null;
  cancelled_at: Date | null;
  execution_started_at: Date | null;
  finished_at: Date | null;
  plan: PlannedCall[] | null;
  result: Record<string, unknown> | null;
  failure_code: string | null;
  failure_message: string | null;
  completed_by_user_id: string | null;
  completion_note: string | null;
  updated_at: Date;
}

export const remediationColumns =
  'id, identity_id, action, reason, dry_run, status, requested_by_user_id, requested_at, campaign_id, campaign_item_id, approvals, approved_at, rejected_by_user_id, rejected_at, rejection_reason, cancelled_at, execution_started_at, finished_at, plan, result, failure_code, failure_message, completed_by_user_id, completion_note, updated_at';

export function remediationViewOf(row: RemediationRow): Remediation {
  return {
    id: row.id,
    identityId: row.identity_id,
    action: row.action,
    reason: row.reason,
    dryRun: row.dry_run,
    status: row.status,
    requestedByUserId: row.requested_by_user_id,
    requestedAt: row.requested_at.toISOString(),
    campaign: row.campaign_id === null || row.campaign_item_id === null ? null : { campaignId: row.campaign_id, itemId: row.campaign_item_id },
    approvedByUserIds: row.approvals,
    approvedAt: isoOrNull(row.approved_at),
    rejectedByUserId: row.rejected_by_user_id,
    rejectedAt: isoOrNull(row.rejected_at),
    rejectionReason: row.rejection_reason,
    cancelledAt: isoOrNull(row.cancelled_at),
    executionStartedAt: isoOrNull(row.execution_started_at),
    finishedAt: isoOrNull(row.finished_at),
    plan: row.plan,
    result: row.result,
    failure: row.failure_code === null ? null : { code: row.failure_code, message: row.failure_message ?? '' },
    completedByUserId: row.completed_by_user_id,
    completionNote: row.completion_note,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One remediation of the organization, or the 404 of a missing (or another organization's) one. */
export async function selectRemediation(q: Queryable, orgId: OrgId, remediationId: string, lock: '' | 'FOR UPDATE' = ''): Promise<RemediationRow> {
  if (!isUuid(remediationId)) throw notFound();
  const found = await q.query<RemediationRow>(`SELECT ${remediationColumns} FROM nhi_remediations WHERE org_id = $1 AND id = $2 ${lock}`, [orgId, remediationId]);
  if (found.rows[0] === undefined) throw notFound();
  return found.rows[0];
}

/**
 * The identity's remediations that took it out of use: approved (or executing,
 * executed, waiting for a person) with an action that blocks use, dry runs excepted
 * (they change nothing).
 */
export async function remediationsAgainst(q: Queryable, orgId: OrgId, identityId: string): Promise<{ id: string; action: string; status: string }[]> {
  if (!isUuid(identityId)) return [];
  const found = await q.query<{ id: string; action: string; status: string }>(
    `SELECT id, action, status FROM nhi_remediations
      WHERE org_id = $1 AND identity_id = $2 AND NOT dry_run AND status = ANY($3::text[]) AND action = ANY($4::text[])
      ORDER BY requested_at, id`,
    [orgId, identityId, IN_EFFECT, BLOCKING_ACTIONS],
  );
  return found.rows;
}

/** Newest first by request: stable, a request time never changes. */
const newestRequestedFirst = defineKeysetOrder({
  stable: true,
  keys: [
    { column: 'requested_at', type: 'timestamptz', direction: 'desc' },
    { column: 'id', type: 'uuid', direction: 'desc' },
  ],
});

export function createRemediationReads(deps: { db: Database; codec: CursorCodec }) {
  const { db, codec } = deps;

  async function list(orgId: OrgId, query: { status?: unknown; identityId?: unknown; limit?: unknown; cursor?: unknown }) {
    const request = parsePageRequest(query, { orders: ['requested'], defaultOrder: 'requested' });
    const filters = checkFilters(query);
    const conditions = ['org_id = $1'];
    const params: unknown[] = [orgId];
    if (filters.status) {
      params.push(filters.status);
      conditions.push(`status = ANY($${params.length}::text[])`);
    }
    if (filters.identityId) {
      params.push(filters.identityId);
      conditions.push(`identity_id = $${params.length}::uuid`);
    }
    return readTablePage<RemediationRow & KeysetRow, Remediation>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_remediations',
      filters,
      request,
      order: newestRequestedFirst,
      from: 'nhi_remediations',
      columns: remediationColumns,
      where: conditions.join(' AND '),
      params,
      toItem: remediationViewOf,
    });
  }

  const get = async (orgId: OrgId, remediationId: string): Promise<Remediation> => remediationViewOf(await selectRemediation(db, orgId, remediationId));

  return { list, get };
}
export type RemediationReads = ReturnType<typeof createRemediationReads>;

function checkFilters(query: { status?: unknown; identityId?: unknown }): { status?: string[]; identityId?: string } {
  const text = (name: string, value: unknown): string | undefined => {
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw validationFailed(`${name} must be given once`);
    return value;
  };
  const status = text('status', query.status);
  const identityId = text('identityId', query.identityId);
  const statuses = status === undefined ? undefined : [...new Set(status.split(',').map((member) => member.trim()))].sort();
  if (statuses?.some((member) => !(REMEDIATION_STATUSES as readonly string[]).includes(member))) {
    throw validationFailed(`status must be a comma-separated list of: ${REMEDIATION_STATUSES.join(', ')}`);
  }
  if (identityId !== undefined && !isUuid(identityId)) throw validationFailed('identityId must be a UUID');
  return { status: statuses, identityId: identityId?.toLowerCase() };
}
