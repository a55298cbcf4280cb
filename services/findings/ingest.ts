// Folds scanner results into finding rows (spec 2.5, 3.1): one row per
// (organization, asset, fingerprint), opened on first sight, moved along on every
// sighting, reopened when a resolved issue comes back, and resolved only by
// absence from a later successful scan of the same asset.
//
// Idempotent by construction, because the log delivers at least once: a finding
// only moves when the sighting is newer than the one it holds, (last_seen_at,
// last_seen_scan_id) < (scan time, scan id), and a completion is applied only
// while its scan is still running. A redelivered batch changes nothing and writes
// no second event.
import { appendToOutbox } from '../../streams/outbox.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import { fixabilities, observationKinds, severities, type ScanCompletionRecord, type ScannerObservationRecord } from './observation.js';

/** The scan a result belongs to, as stored: its creation time is the time of every sighting it reports. */
export interface IngestScan {
  id: string;
  orgId: OrgId;
  assetId: string;
  image: string;
  createdAt: string;
  state: string;
}

export async function loadIngestScan(q: Queryable, orgId: OrgId, scanId: string): Promise<IngestScan | undefined> {
  const found = await q.query<{ id: string; asset_id: string; image: string; created_at: string; state: string }>(
    // created_at as text keeps its microseconds; a JS Date would round them away.
    `SELECT id, asset_id, image, created_at::text AS created_at, state FROM scans WHERE org_id = $1 AND id = $2`,
    [orgId, scanId],
  );
  const row = found.rows[0];
  return row && { id: row.id, orgId, assetId: row.asset_id, image: row.image, createdAt: row.created_at, state: row.state };
}

export const isFinalScanState = (state: string): boolean => state === 'completed' || state === 'partial' || state === 'failed';

const vocabulary = <T extends string>(allowed: readonly T[], value: string, fallback: T): T => allowed.find((v) => v === value) ?? fallback;

/**
 * Upserts one scan's observations in one statement and appends a timeline event
 * for every finding it created or reopened. Returns how many of each.
 * Observations of a kind we do not know are dropped by the caller (see the processor).
 */
export async function applyObservations(
  tx: Queryable,
  scan: IngestScan,
  observations: readonly ScannerObservationRecord[],
): Promise<{ created: number; reopened: number }> {
  // One row per fingerprint: ON CONFLICT cannot touch a row twice in one statement.
  const unique = new Map<string, ScannerObservationRecord>();
  for (const observation of observations) if (!unique.has(observation.fingerprint)) unique.set(observation.fingerprint, observation);
  const rows = [...unique.values()];
  if (rows.length === 0) return { created: 0, reopened: 0 };

  const column = <T>(pick: (o: ScannerObservationRecord) => T): T[] => rows.map(pick);
  const result = await tx.query<{ type: string; n: number }>(
    `WITH input AS (
       SELECT * FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                            $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[])
         AS i (fingerprint, kind, identifier, title, severity, fixability,
               component_ecosystem, component_name, component_version, install_path, target, detail)
     ),
     -- The statuses before this statement (all parts see one snapshot). No FOR UPDATE:
     -- a row the upsert already changed would be skipped by it. One organization's
     -- results are applied by one consumer at a time (one partition), so no lock is needed.
     prior AS (
       SELECT f.id, f.status FROM findings f JOIN input i ON i.fingerprint = f.fingerprint
        WHERE f.org_id = $1 AND f.asset_id = $2
     ),
     upserted AS (
       INSERT INTO findings AS f (org_id, asset_id, fingerprint, kind, identifier, title, severity, fixability,
                                  component_ecosystem, component_name, component_version, install_path, target, detail,
                                  status, first_seen_at, last_seen_at, last_seen_scan_id)
       SELECT $1, $2, i.fingerprint, i.kind, i.identifier, i.title, i.severity, i.fixability,
              i.component_ecosystem, i.component_name, i.component_version, i.install_path, i.target, i.detail::jsonb,
              'open', $16::timestamptz, $16::timestamptz, $3
         FROM input i
       ON CONFLICT (org_id, asset_id, fingerprint) DO UPDATE
          SET title = excluded.title, severity = excluded.severity, fixability = excluded.fixability,
              component_version = excluded.component_version, detail = excluded.detail,
              last_seen_at = excluded.last_seen_at, last_seen_scan_id = excluded.last_seen_scan_id,
              status = CASE WHEN f.status = 'resolved' THEN 'reopened' ELSE f.status END,
              updated_at = clock_timestamp()
        WHERE (f.last_seen_at, f.last_seen_scan_id) < (excluded.last_seen_at, excluded.last_seen_scan_id)
          AND (f.status <> 'resolved' OR f.resolved_seen_at < excluded.last_seen_at)
       RETURNING f.id, f.status
     ),
     events AS (
       INSERT INTO finding_events (org_id, finding_id, type, from_status, to_status, scan_id, actor_kind)
       SELECT $1, u.id, CASE WHEN p.id IS NULL THEN 'created' ELSE 'status_changed' END, p.status, u.status, $3, 'system'
         FROM upserted u LEFT JOIN prior p ON p.id = u.id
        WHERE p.id IS NULL OR p.status = 'resolved'
       RETURNING type
     )
     SELECT type, count(*)::integer AS n FROM events GROUP BY type`,
    [
      scan.orgId,
      scan.assetId,
      scan.id,
      column((o) => o.fingerprint),
      column((o) => o.kind),
      column((o) => o.identifier),
      column((o) => o.title),
      column((o) => vocabulary(severities, o.severity, 'unknown')),
      column((o) => vocabulary(fixabilities, o.fixability, 'unknown')),
      column((o) => o.component_ecosystem),
      column((o) => o.component_name),
      column((o) => o.component_version),
      column((o) => o.install_path),
      column((o) => o.target),
      column((o) => o.detail_json),
      scan.createdAt,
    ],
  );
  const count = (type: string) => result.rows.find((row) => row.type === type)?.n ?? 0;
  const changed = { created: count('created'), reopened: count('status_changed') };
  if (changed.created + changed.reopened > 0) {
    await tx.query(
      'UPDATE scans SET new_count = coalesce(new_count, 0) + $3, reopened_count = coalesce(reopened_count, 0) + $4 WHERE org_id = $1 AND id = $2',
      [scan.orgId, scan.id, changed.created, changed.reopened],
    );
  }
  return changed;
}

export const isKnownObservationKind = (kind: string): boolean => (observationKinds as readonly string[]).includes(kind);

const finalStateOf: Record<ScanCompletionRecord['status'], 'completed' | 'partial' | 'failed'> = {
  success: 'completed',
  partial: 'partial',
  failed: 'failed',
};

/**
 * Ends a scan: records its final state, resolves by absence when it succeeded
 * (only this organization, only this asset, only the kinds the scan covered
 * completely, only findings last seen before this scan), stamps the asset and
 * announces the outcome. Returns false when the completion was already applied.
 */
export async function applyCompletion(tx: Queryable, scan: IngestScan, completion: ScanCompletionRecord): Promise<boolean> {
  const state = finalStateOf[completion.status] ?? 'failed';
  const kinds = completion.completed_kinds.filter(isKnownObservationKind);
  const completedAt = new Date(completion.completed_at);
  const ended = await tx.query<{ new_count: number | null; reopened_count: number | null }>(
    `UPDATE scans SET state = $3, completed_at = $4, failure_reason = $5, observation_count = $6, completed_kinds = $7::text[],
                      new_count = coalesce(new_count, 0), reopened_count = coalesce(reopened_count, 0)
      WHERE org_id = $1 AND id = $2 AND state IN ('queued', 'running')
      RETURNING new_count, reopened_count`,
    [scan.orgId, scan.id, state, completedAt, completion.failure_reason, completion.observation_count, kinds],
  );
  const row = ended.rows[0];
  if (!row) return false;

  let resolved = 0;
  if (state === 'completed' && kinds.length > 0) {
    const result = await tx.query<{ n: number }>(
      `WITH gone AS (
         SELECT id, status FROM findings
          WHERE org_id = $1 AND asset_id = $2 AND kind = ANY ($3::text[]) AND status <> 'resolved' AND last_seen_at < $4::timestamptz
          FOR UPDATE
       ),
       resolved AS (
         UPDATE findings f
            SET status = 'resolved', resolved_seen_at = $4::timestamptz, suppression_reason = NULL, suppressed_until = NULL,
                updated_at = clock_timestamp()
           FROM gone
          WHERE f.org_id = $1 AND f.id = gone.id
         RETURNING f.id, gone.status AS from_status
       ),
       events AS (
         INSERT INTO finding_events (org_id, finding_id, type, from_status, to_status, scan_id, actor_kind)
         SELECT $1, id, 'status_changed', from_status, 'resolved', $5, 'system' FROM resolved
         RETURNING 1
       )
       SELECT count(*)::integer AS n FROM events`,
      [scan.orgId, scan.assetId, kinds, scan.createdAt, scan.id],
    );
    resolved = result.rows[0]?.n ?? 0;
  }
  await tx.query('UPDATE scans SET resolved_count = $3 WHERE org_id = $1 AND id = $2', [scan.orgId, scan.id, resolved]);
  await tx.query('UPDATE assets SET last_scanned_at = greatest(last_scanned_at, $3) WHERE org_id = $1 AND id = $2', [
    scan.orgId,
    scan.assetId,
    completedAt,
  ]);
  await appendToOutbox(tx, scan.orgId, {
    type: state === 'failed' ? 'scan.failed' : 'scan.completed',
    subjectId: scan.id,
    actor: { kind: 'system', id: null },
    payload: {
      scan_id: scan.id,
      asset_id: scan.assetId,
      image: scan.image,
      state,
      failure_reason: completion.failure_reason,
      completed_kinds: kinds,
      observation_count: completion.observation_count,
      new_findings: row.new_count ?? 0,
      reopened_findings: row.reopened_count ?? 0,
      resolved_findings: resolved,
    },
  });
  return true;
}
