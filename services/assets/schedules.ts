// Asset schedules (spec 2.7, 4.3): one per asset, set idempotently with PUT. The
// scheduler (scheduler.ts) queues a scan whenever one is due.
import type { components, operations } from '../../api/openapi.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import { notFound, validationFailed } from '../platform/errors.js';

type ScannerName = components['schemas']['ScannerName'];

/** A schedule as the API shows it: the document's AssetSchedule. */
type AssetSchedule = components['schemas']['AssetSchedule'];

interface ScheduleRow {
  asset_id: string;
  interval_hours: number;
  scanners: ScannerName[];
  next_run_at: Date;
  created_at: Date;
  updated_at: Date;
}

const scheduleColumns = 'asset_id, interval_hours, scanners, next_run_at, created_at, updated_at';

function toScheduleView(row: ScheduleRow): AssetSchedule {
  return {
    asset_id: row.asset_id,
    interval_hours: row.interval_hours,
    scanners: row.scanners,
    next_run_at: row.next_run_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A schedule as it is set: the document's putAssetSchedule body. */
type ScheduleRequest = operations['putAssetSchedule']['requestBody']['content']['application/json'];

/** Spec 7 rule 5: a business-rule refusal with a message; the rule names it for clients that branch. */
const pinnedAssetRefused = () =>
  validationFailed('a digest-pinned asset cannot be scheduled: its content never changes, so scan it once or schedule its tag instead', {
    rule: 'digest_pinned',
  });

const softwareAssetRefused = () =>
  validationFailed('a software asset cannot be scheduled: it has no image to pull; its scans are imports of its SBOM or reports', { rule: 'software_asset' });

/**
 * Creates or replaces the asset's schedule. Repeating the same request changes
 * nothing, not even updated_at. The first run is due one interval after the
 * asset's last scan (or its creation), at once when that has passed; a new
 * interval recomputes it the same way, new scanners alone keep it.
 */
export async function putSchedule(db: Database, orgId: OrgId, assetId: string, request: ScheduleRequest): Promise<AssetSchedule> {
  const scanners = [...new Set(request.scanners)].sort();
  return db.transaction(async (tx) => {
    // FOR SHARE: a concurrent delete of the asset waits for this schedule or removes it with the asset.
    const asset = await tx.query<{ pinned: boolean; kind: string }>('SELECT pinned, kind FROM assets WHERE org_id = $1 AND id = $2 FOR SHARE', [orgId, assetId]);
    if (!asset.rows[0]) throw notFound();
    if (asset.rows[0].kind === 'software') throw softwareAssetRefused();
    if (asset.rows[0].pinned) throw pinnedAssetRefused();
    const written = await tx.query<ScheduleRow>(
      `INSERT INTO asset_schedules AS s (asset_id, org_id, interval_hours, scanners, next_run_at)
       SELECT a.id, a.org_id, $3::integer, $4::text[], greatest(now(), coalesce(a.last_scanned_at, a.created_at) + make_interval(hours => $3::integer))
         FROM assets a WHERE a.org_id = $1 AND a.id = $2
       ON CONFLICT (asset_id) DO UPDATE
          SET interval_hours = excluded.interval_hours,
              scanners = excluded.scanners,
              next_run_at = CASE WHEN s.interval_hours = excluded.interval_hours THEN s.next_run_at ELSE excluded.next_run_at END,
              updated_at = now()
        WHERE s.org_id = $1 AND (s.interval_hours, s.scanners) IS DISTINCT FROM (excluded.interval_hours, excluded.scanners)
       RETURNING ${scheduleColumns}`,
      [orgId, assetId, request.interval_hours, scanners],
    );
    // No row back: the schedule already was exactly this.
    return written.rows[0] ? toScheduleView(written.rows[0]) : readSchedule(tx, orgId, assetId);
  });
}

/** The asset's schedule; the standard 404 when the asset has none, exactly as for an asset that is not the organization's. */
export async function readSchedule(q: Queryable, orgId: OrgId, assetId: string): Promise<AssetSchedule> {
  const found = await q.query<ScheduleRow>(`SELECT ${scheduleColumns} FROM asset_schedules WHERE org_id = $1 AND asset_id = $2`, [orgId, assetId]);
  const row = found.rows[0];
  if (!row) throw notFound();
  return toScheduleView(row);
}

/** Removes the asset's schedule; the standard 404 when it has none. */
export async function deleteSchedule(q: Queryable, orgId: OrgId, assetId: string): Promise<void> {
  const deleted = await q.query('DELETE FROM asset_schedules WHERE org_id = $1 AND asset_id = $2', [orgId, assetId]);
  if (deleted.rowCount === 0) throw notFound();
}
