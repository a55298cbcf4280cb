// Assets (spec 2.7, 4.3): the images scans created, listed by creation time,
// archived with a reason, returned to use or deleted. Every statement names the
// organization, so another organization's asset is simply not found. Each change
// is audited in the identity trail and announced through the outbox in the
// transaction that makes it.
import { appendToOutbox } from '../platform/streams/outbox.js';
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import { eventActorOf, type Principal } from '../platform/principal.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import { notFound } from '../platform/errors.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { newestFirst, type KeysetRow } from '../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../platform/pagination/page.js';
import { isoOrNull } from '../platform/http/timestamps.js';

export interface AssetView {
  id: string;
  reference: string;
  registry: string;
  repository: string;
  tag: string | null;
  digest: string | null;
  pinned: boolean;
  created_at: string;
  last_scanned_at: string | null;
  archived_at: string | null;
  archive_reason: string | null;
}

/** An asset as stored: the view's timestamps are Dates until rendered. */
type AssetRow = Omit<AssetView, 'created_at' | 'last_scanned_at' | 'archived_at'> & { created_at: Date; last_scanned_at: Date | null; archived_at: Date | null };

const assetColumns = 'id, reference, registry, repository, tag, digest, pinned, created_at, last_scanned_at, archived_at, archive_reason';


function toAssetView(row: AssetRow): AssetView {
  return {
    id: row.id,
    reference: row.reference,
    registry: row.registry,
    repository: row.repository,
    tag: row.tag,
    digest: row.digest,
    pinned: row.pinned,
    created_at: row.created_at.toISOString(),
    last_scanned_at: isoOrNull(row.last_scanned_at),
    archived_at: isoOrNull(row.archived_at),
    archive_reason: row.archive_reason,
  };
}

/** The asset (locked for a change with FOR UPDATE), or the standard 404 when the organization has no asset with this id. */
async function selectAsset(q: Queryable, orgId: OrgId, assetId: string, lock: '' | 'FOR UPDATE'): Promise<AssetView> {
  const found = await q.query<AssetRow>(`SELECT ${assetColumns} FROM assets WHERE org_id = $1 AND id = $2 ${lock}`, [orgId, assetId]);
  const row = found.rows[0];
  if (!row) throw notFound();
  return toAssetView(row);
}

export const readAsset = (q: Queryable, orgId: OrgId, assetId: string): Promise<AssetView> => selectAsset(q, orgId, assetId, '');
const lockAsset = (tx: Queryable, orgId: OrgId, assetId: string): Promise<AssetView> => selectAsset(tx, orgId, assetId, 'FOR UPDATE');

/** Which assets a listing shows: in use only (the default), all, or archived only. */
export const archivedFilters = ['exclude', 'include', 'only'] as const;

/** Newest first by creation, never by last scan (spec 4.9 rule 5): a traversal neither repeats nor skips an asset. */
export async function listAssetsPage(q: Queryable, codec: CursorCodec, orgId: OrgId, query: { limit?: unknown; cursor?: unknown; archived?: unknown }) {
  const request = parsePageRequest(query, { orders: ['created'], defaultOrder: 'created' });
  const archived = archivedFilters.find((filter) => filter === query.archived) ?? 'exclude';
  return readTablePage<AssetRow & KeysetRow, AssetView>({
    q,
    codec,
    orgId,
    listing: 'assets',
    filters: { archived },
    request,
    order: newestFirst,
    from: 'assets',
    columns: assetColumns,
    where: "org_id = $1 AND ($2::text = 'include' OR ($2::text = 'only') = (archived_at IS NOT NULL))",
    params: [orgId, archived],
    toItem: toAssetView,
  });
}

/** Who changes an asset, and from where: the audit trail records both. */
export interface AssetCaller {
  principal: Principal;
  origin: RequestOrigin;
}

/** Audits the change in the identity trail and announces it, in the transaction that made it. */
async function recordAssetChange(tx: Queryable, caller: AssetCaller, action: string, asset: AssetView, detail: Record<string, unknown> = {}): Promise<void> {
  const { principal, origin } = caller;
  const payload = { asset_id: asset.id, reference: asset.reference, ...detail };
  await recordIdentityEvent(tx, principal.orgId, origin, { actor: actorOf(principal), action, detail: payload });
  await appendToOutbox(tx, principal.orgId, { type: action, subjectId: asset.id, actor: eventActorOf(principal), correlationId: origin.requestId, payload });
}

/** Archives the asset. An archived asset keeps its original archive: nothing changes and nothing is recorded. */
export async function archiveAsset(db: Database, caller: AssetCaller, assetId: string, reason: string): Promise<AssetView> {
  const orgId = caller.principal.orgId;
  return db.transaction(async (tx) => {
    const current = await lockAsset(tx, orgId, assetId);
    if (current.archived_at !== null) return current;
    const updated = await tx.query<AssetRow>(
      `UPDATE assets SET archived_at = clock_timestamp(), archive_reason = $3 WHERE org_id = $1 AND id = $2 RETURNING ${assetColumns}`,
      [orgId, assetId, reason],
    );
    const archived = toAssetView(updated.rows[0]!);
    await recordAssetChange(tx, caller, 'asset.archived', archived, { reason });
    return archived;
  });
}

/** Returns an archived asset to use. An asset in use is answered as it is, with nothing recorded. */
export async function unarchiveAsset(db: Database, caller: AssetCaller, assetId: string): Promise<AssetView> {
  const orgId = caller.principal.orgId;
  return db.transaction(async (tx) => {
    const current = await lockAsset(tx, orgId, assetId);
    if (current.archived_at === null) return current;
    const updated = await tx.query<AssetRow>(
      `UPDATE assets SET archived_at = NULL, archive_reason = NULL WHERE org_id = $1 AND id = $2 RETURNING ${assetColumns}`,
      [orgId, assetId],
    );
    const restored = toAssetView(updated.rows[0]!);
    await recordAssetChange(tx, caller, 'asset.unarchived', restored, { previous_reason: current.archive_reason });
    return restored;
  });
}

/**
 * Deletes the asset. Its scans, findings (with their timelines), schedule and
 * licence inventory go with it through the foreign keys' ON DELETE CASCADE; the
 * timeline's append-only trigger lets a row go only when its finding is gone.
 */
export async function deleteAsset(db: Database, caller: AssetCaller, assetId: string): Promise<void> {
  const orgId = caller.principal.orgId;
  await db.transaction(async (tx) => {
    const asset = await lockAsset(tx, orgId, assetId);
    await tx.query('DELETE FROM assets WHERE org_id = $1 AND id = $2', [orgId, assetId]);
    await recordAssetChange(tx, caller, 'asset.deleted', asset);
  });
}
