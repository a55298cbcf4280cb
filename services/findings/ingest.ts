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
import { appendManyToOutbox } from '../../streams/outbox.js';
import { topics } from '../../streams/topics.js';
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

/** The scans named by a batch of results, each looked up in its own organization. */
export async function loadIngestScans(q: Queryable, keys: readonly { orgId: string; scanId: string }[]): Promise<IngestScan[]> {
  if (keys.length === 0) return [];
  const found = await q.query<{ id: string; org_id: string; asset_id: string; image: string; created_at: string; state: string }>(
    // created_at as text keeps its microseconds; a JS Date would round them away.
    `SELECT s.id, s.org_id, s.asset_id, s.image, s.created_at::text AS created_at, s.state
       FROM scans s JOIN unnest($1::uuid[], $2::uuid[]) AS k (org_id, id) ON s.org_id = k.org_id AND s.id = k.id`,
    [keys.map((k) => k.orgId), keys.map((k) => k.scanId)],
  );
  return found.rows.map((row) => ({ id: row.id, orgId: row.org_id as OrgId, assetId: row.asset_id, image: row.image, createdAt: row.created_at, state: row.state }));
}

export const isFinalScanState = (state: string): boolean => state === 'completed' || state === 'partial' || state === 'failed';

const vocabulary = <T extends string>(allowed: readonly T[], value: string, fallback: T): T => allowed.find((v) => v === value) ?? fallback;

/** An observation with the scan it belongs to, already checked to be that scan's organization and asset. */
export interface ScannedObservation {
  scan: IngestScan;
  observation: ScannerObservationRecord;
}

/**
 * Upserts a batch of observations, of any scans and organizations, in one
 * statement, and appends a timeline event for every finding it created or
 * reopened; then adds those counts to each scan. Every row carries its own
 * organization, asset and scan, and the conflict key (org_id, asset_id,
 * fingerprint) keeps each organization's rows its own.
 */
export async function applyObservations(tx: Queryable, batch: readonly ScannedObservation[]): Promise<void> {
  // One row per (scan, fingerprint): ON CONFLICT cannot touch a row twice in one statement,
  // and one report naming an issue twice is one sighting.
  const unique = new Map<string, ScannedObservation>();
  for (const item of batch) {
    const key = `${item.scan.orgId}/${item.scan.assetId}/${item.observation.fingerprint}`;
    const held = unique.get(key);
    // The same issue seen by two scans of one asset in one batch: the newer sighting wins.
    if (!held || held.scan.createdAt < item.scan.createdAt) unique.set(key, item);
  }
  const rows = [...unique.values()];
  if (rows.length === 0) return;

  const column = <T>(pick: (item: ScannedObservation) => T): T[] => rows.map(pick);
  const result = await tx.query<{ scan_id: string; org_id: string; created: number; reopened: number }>(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[],
                            $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[])
         AS i (org_id, asset_id, scan_id, seen_at, fingerprint, kind, identifier, title, severity, fixability,
               component_ecosystem, component_name, component_version, install_path, target, detail)
     ),
     -- The statuses before this statement (all parts see one snapshot). No FOR UPDATE:
     -- a row the upsert already changed would be skipped by it. One organization's
     -- results are applied by one consumer at a time (one partition), so no lock is needed.
     prior AS (
       SELECT f.id, f.status FROM findings f
         JOIN input i ON f.org_id = i.org_id AND f.asset_id = i.asset_id AND f.fingerprint = i.fingerprint
     ),
     upserted AS (
       INSERT INTO findings AS f (org_id, asset_id, fingerprint, kind, identifier, title, severity, fixability,
                                  component_ecosystem, component_name, component_version, install_path, target, detail,
                                  status, first_seen_at, last_seen_at, last_seen_scan_id)
       SELECT i.org_id, i.asset_id, i.fingerprint, i.kind, i.identifier, i.title, i.severity, i.fixability,
              i.component_ecosystem, i.component_name, i.component_version, i.install_path, i.target, i.detail::jsonb,
              'open', i.seen_at, i.seen_at, i.scan_id
         FROM input i
       ON CONFLICT (org_id, asset_id, fingerprint) DO UPDATE
          SET title = excluded.title, severity = excluded.severity, fixability = excluded.fixability,
              component_version = excluded.component_version, detail = excluded.detail,
              last_seen_at = excluded.last_seen_at, last_seen_scan_id = excluded.last_seen_scan_id,
              status = CASE WHEN f.status = 'resolved' THEN 'reopened' ELSE f.status END,
              updated_at = clock_timestamp()
        WHERE (f.last_seen_at, f.last_seen_scan_id) < (excluded.last_seen_at, excluded.last_seen_scan_id)
          AND (f.status <> 'resolved' OR f.resolved_seen_at < excluded.last_seen_at)
       RETURNING f.id, f.org_id, f.asset_id, f.fingerprint, f.severity, f.status, f.last_seen_scan_id
     ),
     changes AS (
       SELECT u.org_id, u.id, u.asset_id, u.fingerprint, u.severity, CASE WHEN p.id IS NULL THEN 'created' ELSE 'status_changed' END AS type,
              p.status AS from_status, u.status AS to_status, u.last_seen_scan_id AS scan_id
         FROM upserted u LEFT JOIN prior p ON p.id = u.id
        WHERE p.id IS NULL OR p.status = 'resolved'
     ),
     events AS (
       INSERT INTO finding_events (org_id, finding_id, type, from_status, to_status, scan_id, actor_kind)
       SELECT org_id, id, type, from_status, to_status, scan_id, 'system' FROM changes
       RETURNING org_id, scan_id, type
     ),
     announced AS (
       ${announceFindingChanges('changes', '$17')}
     )
     SELECT scan_id, org_id, count(*) FILTER (WHERE type = 'created')::integer AS created,
            count(*) FILTER (WHERE type = 'status_changed')::integer AS reopened
       FROM events GROUP BY scan_id, org_id`,
    [
      column((r) => r.scan.orgId),
      column((r) => r.scan.assetId),
      column((r) => r.scan.id),
      column((r) => r.scan.createdAt),
      column((r) => r.observation.fingerprint),
      column((r) => r.observation.kind),
      column((r) => r.observation.identifier),
      column((r) => r.observation.title),
      column((r) => vocabulary(severities, r.observation.severity, 'unknown')),
      column((r) => vocabulary(fixabilities, r.observation.fixability, 'unknown')),
      column((r) => r.observation.component_ecosystem),
      column((r) => r.observation.component_name),
      column((r) => r.observation.component_version),
      column((r) => r.observation.install_path),
      column((r) => r.observation.target),
      column((r) => r.observation.detail_json),
      topics.domainEvents.name,
    ],
  );
  if (result.rows.length === 0) return;
  await tx.query(
    `UPDATE scans s SET new_count = coalesce(s.new_count, 0) + c.created, reopened_count = coalesce(s.reopened_count, 0) + c.reopened
       FROM unnest($1::uuid[], $2::uuid[], $3::integer[], $4::integer[]) AS c (org_id, scan_id, created, reopened)
      WHERE s.org_id = c.org_id AND s.id = c.scan_id`,
    [result.rows.map((r) => r.org_id), result.rows.map((r) => r.scan_id), result.rows.map((r) => r.created), result.rows.map((r) => r.reopened)],
  );
}

export const isKnownObservationKind = (kind: string): boolean => (observationKinds as readonly string[]).includes(kind);

/**
 * SQL that announces finding changes as domain events through the outbox, inside
 * the statement that made them: finding.created for a new finding,
 * finding.status_changed for a resolution or a reopening. `source` names a CTE
 * with org_id, id, asset_id, fingerprint, severity, type, from_status, to_status
 * and scan_id; `topicParam` the placeholder holding the domain-events topic name.
 * The envelope is streams/outbox.ts's DomainEvent; the actor is the system.
 */
function announceFindingChanges(source: string, topicParam: string): string {
  return `INSERT INTO outbox_events (event_id, org_id, topic, value)
       SELECT c.event_id, c.org_id, ${topicParam}, jsonb_build_object(
                'event_id', c.event_id, 'org_id', c.org_id,
                'type', CASE WHEN c.type = 'created' THEN 'finding.created' ELSE 'finding.status_changed' END,
                'occurred_at', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint, 'subject_id', c.id,
                'actor', jsonb_build_object('kind', 'system', 'id', NULL), 'correlation_id', NULL,
                'payload', (CASE WHEN c.type = 'created'
                                 THEN jsonb_build_object('finding_id', c.id, 'asset_id', c.asset_id, 'fingerprint', c.fingerprint, 'severity', c.severity, 'scan_id', c.scan_id)
                                 ELSE jsonb_build_object('finding_id', c.id, 'asset_id', c.asset_id, 'from', c.from_status, 'to', c.to_status, 'scan_id', c.scan_id)
                            END)::text)
         FROM (SELECT gen_random_uuid() AS event_id, * FROM ${source}) AS c`;
}

const finalStateOf: Record<ScanCompletionRecord['status'], 'completed' | 'partial' | 'failed'> = {
  success: 'completed',
  partial: 'partial',
  failed: 'failed',
};

/** A completion with the scan it ends, already checked to be that scan's organization and asset. */
export interface ScanEnding {
  scan: IngestScan;
  completion: ScanCompletionRecord;
}

/**
 * Ends scans: records each final state, resolves by absence for those that
 * succeeded (only the scan's organization, only its asset, only the kinds it
 * covered completely, only findings last seen before it), stamps the assets and
 * announces each outcome. A batch of endings costs a fixed number of statements.
 * Completions already applied (a redelivery) are skipped by the first statement.
 * Two endings of one asset in one call are applied one after the other, so each
 * resolves against what the other left.
 */
export async function applyCompletions(tx: Queryable, endings: readonly ScanEnding[]): Promise<void> {
  for (const round of roundsWithOneEndingPerAsset(endings)) await applyRound(tx, round);
}

function roundsWithOneEndingPerAsset(endings: readonly ScanEnding[]): ScanEnding[][] {
  const rounds: ScanEnding[][] = [];
  const scansSeen = new Set<string>();
  for (const ending of endings) {
    if (scansSeen.has(ending.scan.id)) continue;
    scansSeen.add(ending.scan.id);
    const round = rounds.find((r) => !r.some((e) => e.scan.orgId === ending.scan.orgId && e.scan.assetId === ending.scan.assetId));
    if (round) round.push(ending);
    else rounds.push([ending]);
  }
  return rounds;
}

async function applyRound(tx: Queryable, endings: readonly ScanEnding[]): Promise<void> {
  const planned = endings.map(({ scan, completion }) => {
    const state = finalStateOf[completion.status] ?? 'failed';
    const kinds = completion.completed_kinds.filter(isKnownObservationKind);
    return { scan, completion, state, kinds, resolves: state === 'completed' && kinds.length > 0 };
  });
  const ended = await tx.query<{ id: string; org_id: string; new_count: number; reopened_count: number }>(
    `UPDATE scans s
        SET state = c.state, completed_at = c.completed_at, failure_reason = c.failure_reason, observation_count = c.observation_count,
            completed_kinds = string_to_array(c.kinds, ','), new_count = coalesce(s.new_count, 0),
            reopened_count = coalesce(s.reopened_count, 0), resolved_count = 0
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::integer[], $7::text[])
         AS c (org_id, scan_id, state, completed_at, failure_reason, observation_count, kinds)
      WHERE s.org_id = c.org_id AND s.id = c.scan_id AND s.state IN ('queued', 'running')
      RETURNING s.id, s.org_id, s.new_count, s.reopened_count`,
    [
      planned.map((p) => p.scan.orgId),
      planned.map((p) => p.scan.id),
      planned.map((p) => p.state),
      planned.map((p) => new Date(p.completion.completed_at)),
      planned.map((p) => p.completion.failure_reason),
      planned.map((p) => p.completion.observation_count),
      planned.map((p) => p.kinds.join(',')),
    ],
  );
  const endedNow = new Map(ended.rows.map((row) => [`${row.org_id}/${row.id}`, row]));
  const applying = planned.filter((p) => endedNow.has(`${p.scan.orgId}/${p.scan.id}`));
  if (applying.length === 0) return;

  const resolving = applying.filter((p) => p.resolves);
  const resolvedByScan = new Map<string, number>();
  if (resolving.length > 0) {
    const resolved = await tx.query<{ org_id: string; scan_id: string; n: number }>(
      `WITH ending AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[]) AS c (org_id, asset_id, scan_id, seen_at, kinds)
       ),
       gone AS (
         SELECT f.id, f.org_id, f.status, c.scan_id, c.seen_at FROM findings f
           JOIN ending c ON f.org_id = c.org_id AND f.asset_id = c.asset_id
          WHERE f.kind = ANY (string_to_array(c.kinds, ',')) AND f.status <> 'resolved' AND f.last_seen_at < c.seen_at
          FOR UPDATE OF f
       ),
       resolved AS (
         UPDATE findings f
            SET status = 'resolved', resolved_seen_at = gone.seen_at, suppression_reason = NULL, suppressed_until = NULL,
                updated_at = clock_timestamp()
           FROM gone
          WHERE f.org_id = gone.org_id AND f.id = gone.id
         RETURNING f.id, f.org_id, f.asset_id, f.fingerprint, f.severity, 'status_changed' AS type, gone.status AS from_status,
                   'resolved' AS to_status, gone.scan_id
       ),
       events AS (
         INSERT INTO finding_events (org_id, finding_id, type, from_status, to_status, scan_id, actor_kind)
         SELECT org_id, id, type, from_status, to_status, scan_id, 'system' FROM resolved
         RETURNING org_id, scan_id
       ),
       announced AS (
         ${announceFindingChanges('resolved', '$6')}
       )
       SELECT org_id, scan_id, count(*)::integer AS n FROM events GROUP BY org_id, scan_id`,
      [
        resolving.map((p) => p.scan.orgId),
        resolving.map((p) => p.scan.assetId),
        resolving.map((p) => p.scan.id),
        resolving.map((p) => p.scan.createdAt),
        resolving.map((p) => p.kinds.join(',')),
        topics.domainEvents.name,
      ],
    );
    for (const row of resolved.rows) resolvedByScan.set(`${row.org_id}/${row.scan_id}`, row.n);
    if (resolved.rows.length > 0) {
      await tx.query(
        `UPDATE scans s SET resolved_count = c.n FROM unnest($1::uuid[], $2::uuid[], $3::integer[]) AS c (org_id, scan_id, n)
          WHERE s.org_id = c.org_id AND s.id = c.scan_id`,
        [resolved.rows.map((r) => r.org_id), resolved.rows.map((r) => r.scan_id), resolved.rows.map((r) => r.n)],
      );
    }
  }

  await tx.query(
    `UPDATE assets a SET last_scanned_at = greatest(a.last_scanned_at, c.completed_at)
       FROM (SELECT org_id, asset_id, max(completed_at) AS completed_at
               FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS u (org_id, asset_id, completed_at) GROUP BY org_id, asset_id) c
      WHERE a.org_id = c.org_id AND a.id = c.asset_id`,
    [applying.map((p) => p.scan.orgId), applying.map((p) => p.scan.assetId), applying.map((p) => new Date(p.completion.completed_at))],
  );
  await appendManyToOutbox(
    tx,
    applying.map(({ scan, completion, state, kinds }) => {
      const counts = endedNow.get(`${scan.orgId}/${scan.id}`)!;
      return {
        orgId: scan.orgId,
        event: {
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
            new_findings: counts.new_count,
            reopened_findings: counts.reopened_count,
            resolved_findings: resolvedByScan.get(`${scan.orgId}/${scan.id}`) ?? 0,
          },
        },
      };
    }),
  );
}
