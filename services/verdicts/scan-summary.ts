// The per-scan summary a verdict is computed from: one row per issue a scan
// observed, with the facets policy rules test. The scan-summary stream processor
// writes it as observations land and freezes it once the scan's completion has
// been applied to the findings; a verdict reads only a frozen summary, in one
// indexed query, so a scan with ten thousand findings is evaluated in milliseconds.
//
// Written idempotently, because the log delivers at least once: a row per
// (organization, scan, fingerprint) is inserted once, and a frozen summary takes
// no more rows and is never frozen again.
import type { IngestScan } from '../findings/index.js';
import type { ScannerObservationRecord } from '../findings/index.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import type { ConditionField, Rule } from '../policies/index.js';
import { fieldsNamed, thresholdsListed, valuesListed, type FacetGroup } from './evaluate.js';

/** An observation with the scan it belongs to, already checked to be that scan's organization and asset. */
export interface SummarizedObservation {
  scan: IngestScan;
  observation: ScannerObservationRecord;
}

interface ObservationFacets {
  cvssScore: number | null;
  /** Lower-cased here, as conditions' advisories are (one lower-casing for both sides). */
  identifier: string;
  /** Lower-cased, without the identifier. */
  aliases: string[];
}

/** The CVSS score and the advisory's other identifiers (a GHSA beside its CVE), which only the detail carries, and the identifier. */
function observationFacets(observation: ScannerObservationRecord): ObservationFacets {
  let detail: { cvss_score?: unknown; aliases?: unknown } = {};
  try {
    detail = JSON.parse(observation.detail_json) as typeof detail;
  } catch {
    // A foreign producer's malformed detail: the observation still counts, without score or aliases.
  }
  const score = detail.cvss_score;
  const identifier = observation.identifier.toLowerCase();
  const aliases = Array.isArray(detail.aliases) ? detail.aliases.filter((alias): alias is string => typeof alias === 'string').map((alias) => alias.toLowerCase()) : [];
  return {
    cvssScore: typeof score === 'number' && score >= 0 && score <= 10 ? score : null,
    identifier,
    aliases: [...new Set(aliases)].filter((alias) => alias !== identifier),
  };
}

/** Creates the (unfrozen) summaries of these scans where missing. */
async function ensureSummaries(tx: Queryable, scans: readonly IngestScan[]): Promise<void> {
  if (scans.length === 0) return;
  await tx.query(
    `INSERT INTO scan_summaries (scan_id, org_id) SELECT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT (scan_id) DO NOTHING`,
    [scans.map((scan) => scan.id), scans.map((scan) => scan.orgId)],
  );
}

/**
 * Adds observations of any scans and organizations in one statement. The first
 * sighting of an issue in a scan wins, as in the findings table; a scan whose
 * summary is already frozen takes nothing more.
 */
export async function summarizeObservations(tx: Queryable, batch: readonly SummarizedObservation[]): Promise<void> {
  const unique = new Map<string, SummarizedObservation>();
  for (const item of batch) {
    const key = `${item.scan.orgId}/${item.scan.id}/${item.observation.fingerprint}`;
    if (!unique.has(key)) unique.set(key, item);
  }
  const rows = [...unique.values()];
  if (rows.length === 0) return;
  await ensureSummaries(tx, [...new Map(rows.map((row) => [row.scan.id, row.scan])).values()]);
  const facets = rows.map((row) => observationFacets(row.observation));
  await tx.query(
    `INSERT INTO scan_summary_findings (org_id, scan_id, fingerprint, kind, severity, fixability, cvss_score, identifier, aliases, component_name)
     SELECT i.org_id, i.scan_id, i.fingerprint, i.kind, i.severity, i.fixability, i.cvss_score, i.identifier,
            ARRAY(SELECT json_array_elements_text(i.aliases::json)), i.component_name
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[], $9::text[], $10::text[])
         AS i (org_id, scan_id, fingerprint, kind, severity, fixability, cvss_score, identifier, aliases, component_name)
      WHERE NOT EXISTS (SELECT 1 FROM scan_summaries s WHERE s.org_id = i.org_id AND s.scan_id = i.scan_id AND s.frozen_at IS NOT NULL)
     ON CONFLICT (org_id, scan_id, fingerprint) DO NOTHING`,
    [
      rows.map((row) => row.scan.orgId),
      rows.map((row) => row.scan.id),
      rows.map((row) => row.observation.fingerprint),
      rows.map((row) => row.observation.kind),
      rows.map((row) => row.observation.severity),
      rows.map((row) => row.observation.fixability),
      facets.map((facet) => facet.cvssScore),
      facets.map((facet) => facet.identifier),
      facets.map((facet) => JSON.stringify(facet.aliases)),
      rows.map((row) => row.observation.component_name),
    ],
  );
}

/**
 * Freezes the summaries of scans whose completion the findings processor has
 * applied (completed_at set): copies each finding's id and status from the
 * findings table with its first-seen age at the scan's completion (so the age a
 * verdict tests never depends on when it is asked), then marks the summary
 * frozen. Scans not yet in a final state are left alone (the caller waits for
 * them first).
 *
 * The status is the finding's status now, which is its status at the completion
 * unless something moved it since. A later scan resolving it is undone here (the
 * status it was resolved from counts), so scans completing in quick succession
 * cannot hide each other's findings; a person's triage or suppression in the
 * moment between the completion and the freeze counts as if made before it.
 */
export async function freezeSummaries(tx: Queryable, scans: readonly IngestScan[]): Promise<void> {
  if (scans.length === 0) return;
  await ensureSummaries(tx, scans);
  await tx.query(
    `WITH target AS (
       SELECT s.org_id, s.scan_id, sc.asset_id, sc.completed_at
         FROM scan_summaries s
         JOIN unnest($1::uuid[], $2::uuid[]) AS k (org_id, scan_id) ON s.org_id = k.org_id AND s.scan_id = k.scan_id
         JOIN scans sc ON sc.org_id = s.org_id AND sc.id = s.scan_id
        WHERE s.frozen_at IS NULL AND sc.completed_at IS NOT NULL
     ),
     copied AS (
       UPDATE scan_summary_findings sf
          SET finding_id = f.id,
              first_seen_age_days = greatest(0, floor(extract(epoch FROM (t.completed_at - f.first_seen_at)) / 86400))::integer,
              status = CASE WHEN f.status <> 'resolved' THEN f.status
                            ELSE coalesce((SELECT e.from_status FROM finding_events e
                                            WHERE e.org_id = f.org_id AND e.finding_id = f.id AND e.to_status = 'resolved'
                                            ORDER BY e.seq DESC LIMIT 1), 'open') END
         FROM target t JOIN findings f ON f.org_id = t.org_id AND f.asset_id = t.asset_id
        WHERE sf.org_id = t.org_id AND sf.scan_id = t.scan_id AND f.fingerprint = sf.fingerprint
     )
     UPDATE scan_summaries s SET frozen_at = clock_timestamp()
       FROM target t WHERE s.org_id = t.org_id AND s.scan_id = t.scan_id`,
    [scans.map((scan) => scan.orgId), scans.map((scan) => scan.id)],
  );
}

/** Whether the scan's summary is frozen: what a verdict reads is complete. */
export async function isSummaryFrozen(q: Queryable, orgId: OrgId, scanId: string): Promise<boolean> {
  const found = await q.query('SELECT 1 FROM scan_summaries WHERE org_id = $1 AND scan_id = $2 AND frozen_at IS NOT NULL', [orgId, scanId]);
  return found.rows.length > 0;
}

interface GroupRow {
  status: string;
  kind: string | null;
  severity: string | null;
  fixability: string | null;
  cvss: number | null;
  age_days: number | null;
  advisories: string[] | null;
  component: string | null;
  n: number;
}

/**
 * The frozen summary's findings, grouped by what the rules can tell apart, so
 * ten thousand findings arrive as a few groups and every rule still sees what it
 * tests: facets no rule names are not fetched (status always is: suppressed
 * findings are set aside by it); scores and ages arrive as the highest threshold
 * they meet (or -1, meeting none); advisories and components no rule lists
 * collapse to null. The identifier is tested with a hashed lookup, aliases only
 * where there are any. A finding missing from the findings table at the freeze
 * counts as open.
 */
export async function summaryFacetGroups(q: Queryable, orgId: OrgId, scanId: string, rules: readonly Rule[]): Promise<FacetGroup[]> {
  const named = fieldsNamed(rules);
  const params: unknown[] = [orgId, scanId];
  const param = (value: unknown, type: string): string => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const fetched = (field: ConditionField, type: string, expression: () => string): string => (named.has(field) ? expression() : `NULL::${type}`);
  const highestThresholdMet = (column: string, field: 'cvss' | 'first_seen_age_days', type: string): string => {
    const cases = thresholdsListed(rules, field).map((threshold) => {
      const placeholder = param(threshold, type);
      return `WHEN ${column} >= ${placeholder} THEN ${placeholder}`;
    });
    return `CASE ${cases.join(' ')} WHEN ${column} IS NOT NULL THEN -1 END`;
  };
  const select = [
    `coalesce(status, 'open') AS status`,
    `${fetched('kind', 'text', () => 'kind')} AS kind`,
    `${fetched('severity', 'text', () => 'severity')} AS severity`,
    `${fetched('fixability', 'text', () => 'fixability')} AS fixability`,
    `${fetched('cvss', 'float8', () => highestThresholdMet('cvss_score', 'cvss', 'float8'))} AS cvss`,
    `${fetched('first_seen_age_days', 'integer', () => highestThresholdMet('first_seen_age_days', 'first_seen_age_days', 'integer'))} AS age_days`,
    `${fetched('advisory', 'text[]', () => {
      const listed = param(valuesListed(rules, 'advisory'), 'text[]');
      return `CASE WHEN identifier = ANY (${listed}) OR (aliases <> '{}' AND aliases && ${listed}) THEN array_prepend(identifier, aliases) END`;
    })} AS advisories`,
    `${fetched('component', 'text', () => `CASE WHEN component_name = ANY (${param(valuesListed(rules, 'component'), 'text[]')}) THEN component_name END`)} AS component`,
  ];
  const found = await q.query<GroupRow>(
    `SELECT ${select.join(', ')}, count(*)::integer AS n
       FROM scan_summary_findings WHERE org_id = $1 AND scan_id = $2
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
    params,
  );
  return found.rows.map((row) => ({
    facets: {
      kind: row.kind,
      severity: row.severity,
      fixability: row.fixability,
      status: row.status,
      cvss: row.cvss,
      firstSeenAgeDays: row.age_days,
      advisories: row.advisories,
      component: row.component,
    },
    count: row.n,
  }));
}
