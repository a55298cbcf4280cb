// Assets (spec 2.7, 4.3): the images scans created, listed by creation time,
// archived with a reason, returned to use or deleted. Every statement names the
// organization, so another organization's asset is simply not found. Each change
// is audited in the identity trail and announced through the outbox in the
// transaction that makes it.
import type { components } from '../../api/openapi.js';
import { appendToOutbox } from '../../streams/outbox.js';
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import { eventActorOf, type Principal } from '../platform/principal.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import { notFound } from '../platform/errors.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { newestFirst, type KeysetRow } from '../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../platform/pagination/page.js';
import { isoOrNull } from '../platform/http/timestamps.js';

/** An image scans pull, or named software whose SBOMs and reports are imported. */
const assetKinds = ['image', 'software'] as const;

/** An asset as the API shows it: the document's Asset. */
export type AssetView = components['schemas']['Asset'];

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'none', 'unknown'] as const;

/** The asset's findings still waiting for someone (open, triaged or reopened), per severity. */
type OpenFindingCounts = Record<(typeof SEVERITIES)[number], number>;

/** An asset as stored: the view's timestamps are Dates until rendered, its counts only the severities it has. */
type AssetRow = Omit<AssetView, 'created_at' | 'last_scanned_at' | 'archived_at' | 'open_findings'> & {
  created_at: Date;
  last_scanned_at: Date | null;
  archived_at: Date | null;
  open_findings: Partial<OpenFindingCounts>;
};

// Counted when read, through the findings' (org_id, asset_id, severity_rank) index: the
// counts follow every triage, suppression and resolution without a copy to keep in step.
// Suppressed and resolved findings ask nothing of anyone, so they are not counted.
const openFindingsColumn = `(SELECT coalesce(jsonb_object_agg(severity, n), '{}'::jsonb)
    FROM (SELECT severity, count(*)::integer AS n FROM findings
           WHERE findings.org_id = assets.org_id AND findings.asset_id = assets.id AND findings.status IN ('open', 'triaged', 'reopened')
           GROUP BY severity) AS counted) AS open_findings`;
const assetColumns = `id, kind, reference, name, version, registry, repository, tag, digest, pinned, created_at, last_scanned_at, archived_at, archive_reason, ${openFindingsColumn}`;
/** What a change reads of the asset it locks: FOR UPDATE locks the asset's row, not its findings. */
const lockedColumns = 'id, reference, archived_at, archive_reason';


function toAssetView(row: AssetRow): AssetView {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    name: row.name,
    version: row.version,
    registry: row.registry,
    repository: row.repository,
    tag: row.tag,
    digest: row.digest,
    pinned: row.pinned,
    created_at: row.created_at.toISOString(),
    last_scanned_at: isoOrNull(row.last_scanned_at),
    archived_at: isoOrNull(row.archived_at),
    archive_reason: row.archive_reason,
    open_findings: Object.fromEntries(SEVERITIES.map((severity) => [severity, row.open_findings[severity] ?? 0])) as OpenFindingCounts,
  };
}

/** The asset, or the standard 404 when the organization has no asset with this id. */
export async function readAsset(q: Queryable, orgId: OrgId, assetId: string): Promise<AssetView> {
  const found = await q.query<AssetRow>(`SELECT ${assetColumns} FROM assets WHERE org_id = $1 AND id = $2`, [orgId, assetId]);
  const row = found.rows[0];
  if (!row) throw notFound();
  return toAssetView(row);
}

/** What identifies an asset's image (or a software asset's name), for matching it with a name from outside (a package URL). */
export type AssetImage = Pick<AssetView, 'id' | 'kind' | 'reference' | 'name' | 'version' | 'registry' | 'repository' | 'tag' | 'digest'>;

/** The organization's assets whose repository's last path segment is one of `names` (nginx for docker.io/library/nginx). */
export async function assetsNamed(q: Queryable, orgId: OrgId, names: readonly string[]): Promise<AssetImage[]> {
  if (names.length === 0) return [];
  const found = await q.query<AssetImage>(
    `SELECT id, kind, reference, name, version, registry, repository, tag, digest FROM assets
      WHERE org_id = $1 AND kind = 'image' AND regexp_replace(repository, '^.*/', '') = ANY ($2::text[])
      ORDER BY created_at, id`,
    [orgId, names],
  );
  return found.rows;
}

/** The organization's named software assets whose name is one of `names`, every version. */
export async function softwareAssetsNamed(q: Queryable, orgId: OrgId, names: readonly string[]): Promise<AssetImage[]> {
  if (names.length === 0) return [];
  const found = await q.query<AssetImage>(
    `SELECT id, kind, reference, name, version, registry, repository, tag, digest FROM assets
      WHERE org_id = $1 AND kind = 'software' AND name = ANY ($2::text[])
      ORDER BY created_at, id`,
    [orgId, names],
  );
  return found.rows;
}

interface LockedAsset {
  id: string;
  reference: string;
  archived_at: Date | null;
  archive_reason: string | null;
}

/** The asset locked for a change, or the standard 404. */
async function lockAsset(tx: Queryable, orgId: OrgId, assetId: string): Promise<LockedAsset> {
  const found = await tx.query<LockedAsset>(`SELECT ${lockedColumns} FROM assets WHERE org_id = $1 AND id = $2 FOR UPDATE`, [orgId, assetId]);
  const row = found.rows[0];
  if (!row) throw notFound();
  return row;
}

/** Which assets a listing shows: in use only (the default), all, or archived only. */
const archivedFilters = ['exclude', 'include', 'only'] as const;

/**
 * Newest first by creation, never by last scan (spec 4.9 rule 5): a traversal neither repeats nor skips an asset.
 * Of one kind when asked for, else of both.
 */
export async function listAssetsPage(q: Queryable, codec: CursorCodec, orgId: OrgId, query: { limit?: unknown; cursor?: unknown; archived?: unknown; kind?: unknown }) {
  const request = parsePageRequest(query, { orders: ['created'], defaultOrder: 'created' });
  const archived = archivedFilters.find((filter) => filter === query.archived) ?? 'exclude';
  const kind = assetKinds.find((each) => each === query.kind) ?? null;
  return readTablePage<AssetRow & KeysetRow, AssetView>({
    q,
    codec,
    orgId,
    listing: 'assets',
    // The kind joins the cursor's binding only when named, so cursors issued before it existed still work.
    filters: kind === null ? { archived } : { archived, kind },
    request,
    order: newestFirst,
    from: 'assets',
    columns: assetColumns,
    where: "org_id = $1 AND ($2::text = 'include' OR ($2::text = 'only') = (archived_at IS NOT NULL)) AND ($3::text IS NULL OR kind = $3::text)",
    params: [orgId, archived, kind],
    toItem: toAssetView,
  });
}

/** Who changes an asset, and from where: the audit trail records both. */
interface AssetCaller {
  principal: Principal;
  origin: RequestOrigin;
}

/** Audits the change in the identity trail and announces it, in the transaction that made it. */
async function recordAssetChange(tx: Queryable, caller: AssetCaller, action: string, asset: LockedAsset, detail: Record<string, unknown> = {}): Promise<void> {
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
    if (current.archived_at !== null) return readAsset(tx, orgId, assetId);
    await tx.query('UPDATE assets SET archived_at = clock_timestamp(), archive_reason = $3 WHERE org_id = $1 AND id = $2', [orgId, assetId, reason]);
    await recordAssetChange(tx, caller, 'asset.archived', current, { reason });
    return readAsset(tx, orgId, assetId);
  });
}

/** Returns an archived asset to use. An asset in use is answered as it is, with nothing recorded. */
export async function unarchiveAsset(db: Database, caller: AssetCaller, assetId: string): Promise<AssetView> {
  const orgId = caller.principal.orgId;
  return db.transaction(async (tx) => {
    const current = await lockAsset(tx, orgId, assetId);
    if (current.archived_at === null) return readAsset(tx, orgId, assetId);
    await tx.query('UPDATE assets SET archived_at = NULL, archive_reason = NULL WHERE org_id = $1 AND id = $2', [orgId, assetId]);
    await recordAssetChange(tx, caller, 'asset.unarchived', current, { previous_reason: current.archive_reason });
    return readAsset(tx, orgId, assetId);
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
