// Access certification campaigns (spec 3.2): what a campaign is, how
// its state reads at a moment, and the reads of campaigns (with their progress) and
// of their items. States follow midPoint:
//
//   created ──start──► in_review ──last answer──► review_done
//      │                  │                            │
//      └──cancel──► cancelled ◄──cancel──┘     close (from in_review or review_done)
//                                                      ▼
//                          in_remediation (revoke decisions opened remediations) ──close──► closed
//                          closed (no revoke decision)
//
// The end date is evaluated when read: a created, in_review or review_done campaign
// whose endsAt has passed reads as `ended` (answers refused, close allowed), with no
// stored change and no record of the moment.
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import { isoOrNull } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { defineKeysetOrder, newestFirst, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../../platform/pagination/page.js';

type StoredCampaignStatus = 'created' | 'in_review' | 'review_done' | 'in_remediation' | 'closed' | 'cancelled';
export type CampaignState = StoredCampaignStatus | 'ended';
export type ItemDecision = 'keep' | 'revoke';
export type OnNoResponse = ItemDecision;

/** Statuses whose campaign is past its end once endsAt passes: nothing is answered after it. */
const ENDABLE: readonly StoredCampaignStatus[] = ['created', 'in_review', 'review_done'];

export interface CampaignRow {
  id: string;
  name: string;
  description: string | null;
  scope_connector_ids: string[];
  scope_kinds: string[];
  scope_identity_ids: string[];
  reviewer_user_ids: string[];
  on_no_response: OnNoResponse;
  status: StoredCampaignStatus;
  ends_at: Date;
  opened_by_user_id: string;
  created_at: Date;
  started_at: Date | null;
  closed_at: Date | null;
  closed_by_user_id: string | null;
  cancelled_at: Date | null;
  cancelled_by_user_id: string | null;
  items: number;
  answered: number;
  kept: number;
  revoked: number;
}

/** A campaign as the API shows it: the document's NhiCertificationCampaign. */
export type NhiCertificationCampaign = components['schemas']['NhiCertificationCampaign'];

/** The campaign's state at `at`: the end date applies at the read. */
export const stateAt = (row: Pick<CampaignRow, 'status' | 'ends_at'>, at: Date): CampaignState => (ENDABLE.includes(row.status) && at >= row.ends_at ? 'ended' : row.status);

const campaignColumns = `c.id, c.name, c.description, c.scope_connector_ids, c.scope_kinds, c.scope_identity_ids, c.reviewer_user_ids, c.on_no_response, c.status, c.ends_at,
  c.opened_by_user_id, c.created_at, c.started_at, c.closed_at, c.closed_by_user_id, c.cancelled_at, c.cancelled_by_user_id,
  p.items, p.answered, p.kept, p.revoked`;

/** The organization's campaigns ($1) with their items counted. */
const campaignsWithProgress = `nhi_certification_campaigns c
  CROSS JOIN LATERAL (
    SELECT count(*)::integer AS items, count(i.decision)::integer AS answered,
           count(*) FILTER (WHERE i.decision = 'keep')::integer AS kept, count(*) FILTER (WHERE i.decision = 'revoke')::integer AS revoked
      FROM nhi_certification_items i WHERE i.org_id = c.org_id AND i.campaign_id = c.id) p`;

export function campaignViewOf(row: CampaignRow, at: Date): NhiCertificationCampaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scope: { connectorIds: row.scope_connector_ids, kinds: row.scope_kinds, identityIds: row.scope_identity_ids },
    reviewerUserIds: row.reviewer_user_ids,
    onNoResponse: row.on_no_response,
    state: stateAt(row, at),
    endsAt: row.ends_at.toISOString(),
    openedByUserId: row.opened_by_user_id,
    createdAt: row.created_at.toISOString(),
    startedAt: isoOrNull(row.started_at),
    closedAt: isoOrNull(row.closed_at),
    closedByUserId: row.closed_by_user_id,
    cancelledAt: isoOrNull(row.cancelled_at),
    cancelledByUserId: row.cancelled_by_user_id,
    progress: { items: row.items, answered: row.answered, kept: row.kept, revoked: row.revoked, remaining: row.items - row.answered },
  };
}

/** One campaign with its progress, or the 404 of a missing (or another organization's) one; `lock` takes its row for an update. */
export async function selectCampaign(q: Queryable, orgId: OrgId, campaignId: string, lock = false): Promise<CampaignRow> {
  if (!isUuid(campaignId)) throw notFound();
  // The lock is taken on the campaign's row alone (FOR UPDATE OF c): the counts are an aggregate.
  const { rows } = await q.query<CampaignRow>(`SELECT ${campaignColumns} FROM ${campaignsWithProgress} WHERE c.org_id = $1 AND c.id = $2${lock ? ' FOR UPDATE OF c' : ''}`, [orgId, campaignId]);
  if (rows[0] === undefined) throw notFound();
  return rows[0];
}

export interface ItemRow {
  id: string;
  campaign_id: string;
  identity_id: string;
  identity_kind: string;
  identity_provider: string;
  identity_name: string;
  identity_external_id: string;
  identity_connector_id: string;
  decision: ItemDecision | null;
  decision_source: 'reviewer' | 'no_response' | null;
  comment: string | null;
  decided_at: Date | null;
  decided_by_user_id: string | null;
  on_behalf_of_user_id: string | null;
  delegation_id: string | null;
  remediation_id: string | null;
}

/** An item of a campaign as the API shows it: the document's NhiCertificationItem. */
export type NhiCertificationItem = components['schemas']['NhiCertificationItem'];

export const itemColumns =
  'id, campaign_id, identity_id, identity_kind, identity_provider, identity_name, identity_external_id, identity_connector_id, decision, decision_source, comment, decided_at, decided_by_user_id, on_behalf_of_user_id, delegation_id, remediation_id';

export function itemViewOf(row: ItemRow): NhiCertificationItem {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    identity: { id: row.identity_id, kind: row.identity_kind, provider: row.identity_provider, name: row.identity_name, externalId: row.identity_external_id, connectorId: row.identity_connector_id },
    decision: row.decision,
    decisionSource: row.decision_source,
    comment: row.comment,
    decidedAt: isoOrNull(row.decided_at),
    decidedByUserId: row.decided_by_user_id,
    onBehalfOfUserId: row.on_behalf_of_user_id,
    delegationId: row.delegation_id,
    remediationId: row.remediation_id,
  };
}

/** Items by identity name, then id: stable, since neither changes. */
const byIdentityName = defineKeysetOrder({
  stable: true,
  keys: [
    { column: 'identity_name', type: 'text', direction: 'asc' },
    { column: 'id', type: 'uuid', direction: 'asc' },
  ],
});

interface ItemFilters {
  decision?: unknown;
  reviewer?: unknown;
}

export function createCampaignReads(deps: { db: Database; codec: CursorCodec; now: () => Date }) {
  const { db, codec, now } = deps;

  async function list(orgId: OrgId, query: { limit?: unknown; cursor?: unknown }) {
    const request = parsePageRequest(query, { orders: ['created'], defaultOrder: 'created' });
    const at = now();
    return readTablePage<CampaignRow & KeysetRow, NhiCertificationCampaign>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_certification_campaigns',
      filters: {},
      request,
      order: newestFirst,
      // newestFirst names created_at and id: the campaign's, through a derived table.
      from: `(SELECT c.org_id, ${campaignColumns} FROM ${campaignsWithProgress} WHERE c.org_id = $1) AS campaigns`,
      columns: '*',
      where: 'org_id = $1',
      params: [orgId],
      toItem: (row) => campaignViewOf(row, at),
    });
  }

  async function get(orgId: OrgId, campaignId: string): Promise<NhiCertificationCampaign> {
    return campaignViewOf(await selectCampaign(db, orgId, campaignId), now());
  }

  /** A campaign's items, filtered by decision (keep, revoke, none) and by the person who answered (a reviewer, or a delegate answering for one). */
  async function items(orgId: OrgId, campaignId: string, query: ItemFilters & { limit?: unknown; cursor?: unknown }) {
    const campaign = await selectCampaign(db, orgId, campaignId);
    const request = parsePageRequest(query, { orders: ['identity_name'], defaultOrder: 'identity_name' });
    const filters = checkItemFilters(query);
    const conditions = ['org_id = $1', 'campaign_id = $2'];
    const params: unknown[] = [orgId, campaign.id];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    if (filters.decision === 'none') conditions.push('decision IS NULL');
    else if (filters.decision) add((p) => `decision = ${p}`, filters.decision);
    if (filters.reviewer) add((p) => `(decided_by_user_id = ${p}::uuid OR on_behalf_of_user_id = ${p}::uuid)`, filters.reviewer);
    return readTablePage<ItemRow & KeysetRow, NhiCertificationItem>({
      q: db,
      codec,
      orgId,
      listing: `nhi_certification_items:${campaign.id}`,
      filters,
      request,
      order: byIdentityName,
      from: 'nhi_certification_items',
      columns: itemColumns,
      where: conditions.join(' AND '),
      params,
      toItem: itemViewOf,
    });
  }

  return { list, get, items };
}
export type CampaignReads = ReturnType<typeof createCampaignReads>;

function checkItemFilters(query: ItemFilters): { decision?: 'keep' | 'revoke' | 'none'; reviewer?: string } {
  const filters: { decision?: 'keep' | 'revoke' | 'none'; reviewer?: string } = {};
  if (query.decision !== undefined && query.decision !== '') {
    if (query.decision !== 'keep' && query.decision !== 'revoke' && query.decision !== 'none') throw validationFailed('decision must be keep, revoke or none');
    filters.decision = query.decision;
  }
  if (query.reviewer !== undefined && query.reviewer !== '') {
    if (typeof query.reviewer !== 'string' || !isUuid(query.reviewer)) throw validationFailed('reviewer must be one user id');
    filters.reviewer = query.reviewer;
  }
  return filters;
}
