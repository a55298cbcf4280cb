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
import { appendManyToOutbox, packedSystemEventsCte } from '../../streams/outbox.js';
import { topics } from '../../streams/topics.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import {
  fixabilities,
  observationKinds,
  scannerResultsOf,
  severities,
  type ScanCompletionRecord,
  type ScannerObservationRecord,
  type ScannerResult,
  type ScannerResultRecord,
} from './observation.js';
import { tenantOfClaim, type SystemScope } from '../platform/tenancy.js';
import { findingEventPayload } from './timeline-events.js';

/** The scan a result belongs to, as stored: its creation time is the time of every sighting it reports. */
export interface IngestScan {
  id: string;
  orgId: OrgId;
  assetId: string;
  image: string;
  createdAt: string;
  state: string;
  /**
   * A re-match after an advisory update (continuous matching): the advisories it is about.
   * Its absence resolves only their findings (by identifier or alias): the re-match reads
   * the stored inventory again for them, not what other scanners or an SBOM's own
   * vulnerability section reported. Absent for every other scan.
   */
  aboutAdvisories?: readonly string[];
}

/** The scans named by a batch of results, each looked up in its own organization. */
export async function loadIngestScans(q: Queryable, scope: SystemScope, keys: readonly { orgId: string; scanId: string }[]): Promise<IngestScan[]> {
  if (keys.length === 0) return [];
  const found = await q.query<{ id: string; org_id: string; asset_id: string; image: string; created_at: string; state: string; about_advisories: string[] | null }>(
    // created_at as text keeps its microseconds; a JS Date would round them away. Two
    // ANY lists keep the plan on the primary key (a join with unnest tempts the planner
    // into scanning every scan); the pairs are then matched exactly below.
    `SELECT s.id, s.org_id, s.asset_id, s.image, s.created_at::text AS created_at, s.state,
            CASE WHEN s.source = 'advisory_update' THEN ARRAY(SELECT jsonb_array_elements_text(s.cause->'advisories')) END AS about_advisories
       FROM scans s WHERE s.id = ANY ($2::uuid[]) AND s.org_id = ANY ($1::uuid[])`,
    [[...new Set(keys.map((k) => k.orgId))], keys.map((k) => k.scanId)],
  );
  const asked = new Set(keys.map((k) => `${k.orgId}/${k.scanId}`));
  return found.rows
    .filter((row) => asked.has(`${row.org_id}/${row.id}`))
    .map((row) => ({
      id: row.id,
      orgId: tenantOfClaim(scope, row.org_id),
      assetId: row.asset_id,
      image: row.image,
      createdAt: row.created_at,
      state: row.state,
      ...(row.about_advisories === null ? {} : { aboutAdvisories: row.about_advisories }),
    }));
}

export const isFinalScanState = (state: string): boolean => state === 'completed' || state === 'partial' || state === 'failed';

/** Why a record of the scanner-results topic is not applied to the scan it names. */
type ScannerRecordRefusal = 'unknown_scan' | 'final_scan' | 'other_organization' | 'other_asset' | 'unknown_kind';

/**
 * What a consumer does with a record of a scan already final. The findings
 * processor ends scans, so a final scan's records are a redelivery it refuses; a
 * consumer following at its own pace (the scan summaries) still takes them.
 */
type FinalScans = 'refuse' | 'accept';

/** A result with the scan it names, or why it is refused (then with the scan only when one was found). */
type CheckedScannerRecord =
  | { value: ScannerResult; scan: IngestScan; refused: null }
  | { value: ScannerResult; scan: IngestScan | undefined; refused: ScannerRecordRefusal };

/**
 * The tenant check of every consumer of the scanner-results topic, for each
 * result a record carries; scan is the one the result names, looked up in the
 * organization it names. A result is applied only to a scan that exists in the organization the record names, that
 * organization being the record's partition key (what the producer was allowed to
 * write), the result naming the scan's asset, and an observation being of a known
 * kind; with finalScans 'refuse', only while the scan is not final. A final scan
 * is checked right after the scan is found, so 'final_scan' names every result of
 * a final scan, the redeliveries a consumer skips without a word.
 */
export function scannerRecordRefusal(partitionKey: string, value: ScannerResult, scan: IngestScan | undefined, finalScans: FinalScans): ScannerRecordRefusal | null {
  const about = value.observation ?? value.completion;
  if (!about || !scan) return 'unknown_scan';
  if (finalScans === 'refuse' && isFinalScanState(scan.state)) return 'final_scan';
  if (about.org_id !== partitionKey) return 'other_organization';
  if (about.asset_id !== scan.assetId) return 'other_asset';
  if (value.observation && !isKnownObservationKind(value.observation.kind)) return 'unknown_kind';
  return null;
}

/**
 * Loads the scans a batch of scanner-results records names and checks each result
 * the records carry against the scan it names (scannerRecordRefusal), in order.
 */
export async function checkScannerRecords(
  q: Queryable,
  scope: SystemScope,
  batch: readonly { key: string; value: ScannerResultRecord }[],
  finalScans: FinalScans,
): Promise<CheckedScannerRecord[]> {
  const keyOf = (orgId: string, scanId: string) => `${orgId}/${scanId}`;
  const results = batch.flatMap(({ key, value }) => scannerResultsOf(value).map((result) => ({ key, value: result })));
  // Each result names its scan: a record's observations all name one, and one naming another is checked alike.
  const named = new Map<string, { orgId: string; scanId: string }>();
  for (const { value } of results) {
    const about = value.observation ?? value.completion;
    if (about) named.set(keyOf(about.org_id, about.scan_id), { orgId: about.org_id, scanId: about.scan_id });
  }
  const scans = new Map((await loadIngestScans(q, scope, [...named.values()])).map((scan) => [keyOf(scan.orgId, scan.id), scan]));
  return results.map(({ key, value }): CheckedScannerRecord => {
    const about = value.observation ?? value.completion;
    const scan = about ? scans.get(keyOf(about.org_id, about.scan_id)) : undefined;
    const refused = scannerRecordRefusal(key, value, scan, finalScans);
    return refused === null ? { value, scan: scan!, refused } : { value, scan, refused };
  });
}

const vocabulary = <T extends string>(allowed: readonly T[], value: string, fallback: T): T => allowed.find((v) => v === value) ?? fallback;

/** An observation with the scan it belongs to, already checked to be that scan's organization and asset. */
export interface ScannedObservation {
  scan: IngestScan;
  observation: ScannerObservationRecord;
}

/**
 * What a sighting does to a finding row that exists: refreshes what the latest
 * evidence says, reopens a resolved finding seen again after its resolution, and
 * ignores a sighting older than the row's last one (a redelivered or late batch).
 * Exported for the benchmark's ceiling, which must upsert exactly as ingest does.
 */
export const FINDINGS_UPSERT_CONFLICT = `ON CONFLICT (org_id, asset_id, fingerprint) DO UPDATE
          SET title = excluded.title, severity = excluded.severity, fixability = excluded.fixability,
              component_version = excluded.component_version, detail = excluded.detail,
              last_seen_at = excluded.last_seen_at, last_seen_scan_id = excluded.last_seen_scan_id,
              status = CASE WHEN f.status = 'resolved' THEN 'reopened' ELSE f.status END,
              updated_at = clock_timestamp()
        WHERE (f.last_seen_at, f.last_seen_scan_id) < (excluded.last_seen_at, excluded.last_seen_scan_id)
          AND (f.status <> 'resolved' OR f.resolved_seen_at < excluded.last_seen_at)`;

/**
 * Upserts a batch of observations, of any scans and organizations, in one
 * statement, which also records every finding it created, reopened or saw
 * again with another severity (recordChanges). Every row carries its own
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
  await tx.query(
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[],
                            $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[])
         AS i (org_id, asset_id, scan_id, seen_at, fingerprint, kind, identifier, title, severity, fixability,
               component_ecosystem, component_name, component_version, install_path, target, detail)
     ),
     -- The findings this batch may reopen (resolved) or change the severity of, as they
     -- were before this statement (all parts see one snapshot). No FOR UPDATE: a row the
     -- upsert already changed would be skipped by it. One organization's results are
     -- applied by one consumer at a time (one partition), so no lock is needed.
     prior AS (
       SELECT f.id, f.status, f.severity FROM findings f
         JOIN input i ON f.org_id = i.org_id AND f.asset_id = i.asset_id AND f.fingerprint = i.fingerprint
        WHERE f.status = 'resolved' OR f.severity <> i.severity
     ),
     upserted AS (
       INSERT INTO findings AS f (org_id, asset_id, fingerprint, kind, identifier, title, severity, fixability,
                                  component_ecosystem, component_name, component_version, install_path, target, detail,
                                  status, first_seen_at, last_seen_at, last_seen_scan_id)
       SELECT i.org_id, i.asset_id, i.fingerprint, i.kind, i.identifier, i.title, i.severity, i.fixability,
              i.component_ecosystem, i.component_name, i.component_version, i.install_path, i.target, i.detail::jsonb,
              'open', i.seen_at, i.seen_at, i.scan_id
         FROM input i
       ${FINDINGS_UPSERT_CONFLICT}
       -- xmax is 0 only on a row version this statement inserted; an updated row carries the upsert's lock.
       RETURNING f.id, f.org_id, f.asset_id, f.fingerprint, f.kind, f.identifier, f.first_seen_at, f.severity, f.status,
                 f.last_seen_scan_id, f.xmax = 0 AS inserted
     ),
     -- A row the upsert touched is new, reopened (it was resolved: the reopening carries the
     -- new severity, no second entry), or seen again with another severity.
     changes AS (
       SELECT u.org_id, u.id, u.asset_id, u.fingerprint, u.kind, u.identifier, u.first_seen_at, u.severity,
              CASE WHEN u.inserted THEN 'created' WHEN p.status = 'resolved' THEN 'status_changed' ELSE 'severity_changed' END AS type,
              p.status AS from_status, u.status AS to_status,
              CASE WHEN NOT u.inserted AND p.status <> 'resolved' THEN p.severity END AS from_severity, u.last_seen_scan_id AS scan_id
         FROM upserted u LEFT JOIN prior p ON p.id = u.id
        WHERE u.inserted OR p.id IS NOT NULL
     ),
     ${recordChanges('$17')}`,
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
}

/** What one statement changed for one scan: findings it created, reopened and resolved. */
interface ScanChangeCounts {
  org_id: string;
  scan_id: string;
  created: number;
  reopened: number;
  resolved: number;
}

/**
 * The end of a statement whose CTE "changes" lists the findings it created,
 * resolved, reopened or changed the severity of (org_id, id, asset_id,
 * fingerprint, kind, identifier, first_seen_at, severity, type, from_status,
 * to_status, from_severity, scan_id): appends each change to the finding's
 * timeline, adds the creations, reopenings and resolutions to each scan's counts
 * (a change of severity is none of them), and announces every change as a domain
 * event through the outbox (finding.created, finding.status_changed for a
 * resolution or a reopening, finding.severity_changed; the actor is the system),
 * its payload built from the timeline entry (timeline-events.ts), which carries the
 * scan's cause (an advisory update's advisory ids; null for other scans). All in the
 * statement that made the changes, so nothing of them travels to the application
 * and back. The statement answers with the counts per scan (ScanChangeCounts).
 */
const recordChanges = (topicParameter: string) => `events AS (
       INSERT INTO finding_events (org_id, finding_id, type, from_status, to_status, scan_id, actor_kind, severity, from_severity, cause)
       SELECT org_id, id, type, from_status, to_status, scan_id, 'system', severity, from_severity,
              (SELECT s.cause FROM scans s WHERE s.org_id = changes.org_id AND s.id = changes.scan_id) FROM changes
       RETURNING *
     ),
     counts AS (
       SELECT org_id, scan_id, count(*) FILTER (WHERE type = 'created')::integer AS created,
              count(*) FILTER (WHERE type = 'status_changed' AND to_status = 'reopened')::integer AS reopened,
              count(*) FILTER (WHERE type = 'status_changed' AND to_status = 'resolved')::integer AS resolved
         FROM changes GROUP BY org_id, scan_id
     ),
     counted AS (
       UPDATE scans s
          SET new_count = coalesce(s.new_count, 0) + c.created, reopened_count = coalesce(s.reopened_count, 0) + c.reopened,
              resolved_count = CASE WHEN c.resolved > 0 THEN coalesce(s.resolved_count, 0) + c.resolved ELSE s.resolved_count END
         FROM counts c
        WHERE s.org_id = c.org_id AND s.id = c.scan_id
     ),
     entries AS (
       SELECT e.org_id, e.finding_id, e.type, c.fingerprint, ${findingEventPayload('e', 'c')} AS payload
         FROM events e JOIN changes c ON c.org_id = e.org_id AND c.id = e.finding_id
     ),
     announced AS (
       ${packedSystemEventsCte({
         source: 'entries',
         orgId: 'org_id',
         type: "'finding.' || type",
         subjectId: 'finding_id',
         payload: 'payload',
         orderBy: 'fingerprint',
         topicParameter,
       })}
     )
     SELECT org_id, scan_id, created, reopened, resolved FROM counts`;

const isKnownObservationKind = (kind: string): boolean => (observationKinds as readonly string[]).includes(kind);

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
 * covered completely, only findings last seen before it; a re-match after an
 * advisory update only the findings of its advisories), stamps the assets and
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
    const counts = await tx.query<ScanChangeCounts>(
      `WITH ending AS (
         SELECT c.org_id, c.asset_id, c.scan_id, c.seen_at, c.kinds, string_to_array(c.advisories, ',') AS advisories
           FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[], $7::text[]) AS c (org_id, asset_id, scan_id, seen_at, kinds, advisories)
       ),
       gone AS (
         SELECT f.id, f.org_id, f.status, c.scan_id, c.seen_at FROM findings f
           JOIN ending c ON f.org_id = c.org_id AND f.asset_id = c.asset_id
          WHERE f.kind = ANY (string_to_array(c.kinds, ',')) AND f.status <> 'resolved' AND f.last_seen_at < c.seen_at
            AND (c.advisories IS NULL OR f.identifier = ANY (c.advisories) OR f.detail->'aliases' ?| c.advisories)
          FOR UPDATE OF f
       ),
       changes AS (
         UPDATE findings f
            SET status = 'resolved', resolved_seen_at = gone.seen_at, suppression_reason = NULL, suppressed_until = NULL,
                updated_at = clock_timestamp()
           FROM gone
          WHERE f.org_id = gone.org_id AND f.id = gone.id
         RETURNING f.id, f.org_id, f.asset_id, f.fingerprint, f.kind, f.identifier, f.first_seen_at, f.severity, 'status_changed' AS type,
                   gone.status AS from_status, 'resolved' AS to_status, NULL::text AS from_severity, gone.scan_id
       ),
       ${recordChanges('$6')}`,
      [
        resolving.map((p) => p.scan.orgId),
        resolving.map((p) => p.scan.assetId),
        resolving.map((p) => p.scan.id),
        resolving.map((p) => p.scan.createdAt),
        resolving.map((p) => p.kinds.join(',')),
        topics.domainEvents.name,
        // Advisory ids hold no comma (OSV's are letters, digits and dashes).
        resolving.map((p) => (p.scan.aboutAdvisories === undefined ? null : p.scan.aboutAdvisories.join(','))),
      ],
    );
    for (const count of counts.rows) resolvedByScan.set(`${count.org_id}/${count.scan_id}`, count.resolved);
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
