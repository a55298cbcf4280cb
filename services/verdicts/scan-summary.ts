// The per-scan summary a verdict is computed from: one row per issue a scan
// observed, with the facets policy rules test. The scan-summary stream processor
// writes it as observations land and freezes it once the scan's completion has
// been applied to the findings. The freeze also groups the findings by the facets
// rules test without a list of values; a verdict reads only a frozen summary's
// groups, and the few findings its rules list by advisory or component, so a scan
// with ten thousand findings is evaluated from a few hundred rows.
//
// Written idempotently, because the log delivers at least once: a row per
// (organization, scan, fingerprint) is inserted once, and a frozen summary takes
// no more rows and is never frozen again.
import type { JsonText } from '../platform/http/handler.js';
import type { Verdict } from './verdicts.js';
import type { IngestScan } from '../findings/index.js';
import type { ScannerObservationRecord } from '../findings/index.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import type { Rule } from '../policies/index.js';
import { distinctionsOf, valuesListed, type Distinctions, type FacetGroup, type FindingFacets } from './evaluate.js';

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
 *
 * The scans' assets' findings are read first, by (organization, asset): joined to the
 * summary rows directly, the planner looked each one up by organization and fingerprint
 * alone, walking the organization's whole range of the findings key per row (0.5 to 5 s a
 * batch of scans at 10,000 findings an organization, auto_explain during the ingest benchmark).
 */
export async function freezeSummaries(tx: Queryable, scans: readonly IngestScan[]): Promise<void> {
  if (scans.length === 0) return;
  await ensureSummaries(tx, scans);
  const frozen = await tx.query<{ org_id: string; scan_id: string }>(
    `WITH target AS (
       SELECT s.org_id, s.scan_id, sc.asset_id, sc.completed_at
         FROM scan_summaries s
         JOIN unnest($1::uuid[], $2::uuid[]) AS k (org_id, scan_id) ON s.org_id = k.org_id AND s.scan_id = k.scan_id
         JOIN scans sc ON sc.org_id = s.org_id AND sc.id = s.scan_id
        WHERE s.frozen_at IS NULL AND sc.completed_at IS NOT NULL
     ),
     asset_findings AS MATERIALIZED (
       SELECT t.org_id, t.scan_id, t.completed_at, f.id, f.fingerprint, f.first_seen_at, f.status
         FROM target t JOIN findings f ON f.org_id = t.org_id AND f.asset_id = t.asset_id
     ),
     copied AS (
       UPDATE scan_summary_findings sf
          SET finding_id = af.id,
              first_seen_age_days = greatest(0, floor(extract(epoch FROM (af.completed_at - af.first_seen_at)) / 86400))::integer,
              status = CASE WHEN af.status <> 'resolved' THEN af.status
                            ELSE coalesce((SELECT e.from_status FROM finding_events e
                                            WHERE e.org_id = af.org_id AND e.finding_id = af.id AND e.to_status = 'resolved'
                                            ORDER BY e.seq DESC LIMIT 1), 'open') END
         FROM asset_findings af
        WHERE sf.org_id = af.org_id AND sf.scan_id = af.scan_id AND sf.fingerprint = af.fingerprint
     )
     UPDATE scan_summaries s SET frozen_at = clock_timestamp()
       FROM target t WHERE s.org_id = t.org_id AND s.scan_id = t.scan_id
     RETURNING s.org_id, s.scan_id`,
    [scans.map((scan) => scan.orgId), scans.map((scan) => scan.id)],
  );
  if (frozen.rows.length > 0) await groupFrozenSummaries(tx, frozen.rows);
}

/**
 * What a verdict reads of summaries just frozen (in the freeze's transaction, so once per
 * summary): their findings grouped by the facets rules test without a list of values, and
 * each alias with its finding, for the lookup of listed advisories.
 */
async function groupFrozenSummaries(tx: Queryable, frozen: readonly { org_id: string; scan_id: string }[]): Promise<void> {
  const keys = [frozen.map((row) => row.org_id), frozen.map((row) => row.scan_id)];
  await tx.query(
    `INSERT INTO scan_summary_groups (org_id, scan_id, status, kind, severity, fixability, cvss_score, first_seen_age_days, findings)
     SELECT sf.org_id, sf.scan_id, coalesce(sf.status, 'open'), sf.kind, sf.severity, sf.fixability, sf.cvss_score, sf.first_seen_age_days, count(*)
       FROM scan_summary_findings sf JOIN unnest($1::uuid[], $2::uuid[]) AS k (org_id, scan_id) ON sf.org_id = k.org_id AND sf.scan_id = k.scan_id
      GROUP BY sf.org_id, sf.scan_id, coalesce(sf.status, 'open'), sf.kind, sf.severity, sf.fixability, sf.cvss_score, sf.first_seen_age_days
      -- A scan's groups written side by side: a verdict reads them from a few pages, not one page per group.
      ORDER BY sf.org_id, sf.scan_id`,
    keys,
  );
  await tx.query(
    `INSERT INTO scan_summary_aliases (org_id, scan_id, alias, fingerprint)
     SELECT DISTINCT sf.org_id, sf.scan_id, a.alias, sf.fingerprint
       FROM scan_summary_findings sf JOIN unnest($1::uuid[], $2::uuid[]) AS k (org_id, scan_id) ON sf.org_id = k.org_id AND sf.scan_id = k.scan_id,
            unnest(sf.aliases) AS a (alias)`,
    keys,
  );
}

interface FacetRow {
  /** Findings taken out of their group because a rule lists one of their advisories or their component; null on the one row of a summary without groups. */
  listed: boolean | null;
  status: string;
  kind: string | null;
  severity: string | null;
  fixability: string | null;
  /** The number of thresholds the score reaches (1 is the lowest), null when none or no score. */
  cvss_reached: number | null;
  age_reached: number | null;
  n: number;
  advisories: string[] | null;
  component: string | null;
}

/** The highest of the ascending thresholds reached, from how many are. */
const thresholdReached = (thresholds: readonly number[], reached: number | null): number | null => (reached === null ? null : thresholds[reached - 1]!);

const facetsOf = (row: FacetRow, distinctions: Distinctions): FindingFacets => ({
  kind: row.kind,
  severity: row.severity,
  fixability: row.fixability,
  status: row.status,
  cvss: thresholdReached(distinctions.cvssThresholds, row.cvss_reached),
  firstSeenAgeDays: thresholdReached(distinctions.ageThresholds, row.age_reached),
  advisories: row.advisories,
  component: row.component,
});

const groupKey = (row: FacetRow): string => JSON.stringify([row.status, row.kind, row.severity, row.fixability, row.cvss_reached, row.age_reached]);

/** What a verdict is made of, read in one snapshot. */
interface VerdictEvidence {
  /** The verdict already recorded for the scan under this policy version: its stored body. */
  recordedBody: JsonText<Verdict> | null;
  /** Whether the scan's summary is frozen: only then are its groups complete. */
  frozen: boolean;
  groups: FacetGroup[];
}

/**
 * The verdict recorded for the scan under this policy version, whether its summary
 * is frozen, and the frozen summary's findings as groups of facets the rules cannot tell apart
 * (Distinctions): the groups written at the freeze, collapsed further by what these
 * rules test, and, when the rules list advisories or components, the findings naming
 * one of them taken out of their group and given with their advisories and component.
 * Every other finding's advisories and component are null: no rule can match them,
 * since no rule lists them. Collapsing in the query keeps what travels to the
 * application small: the benchmark's 10,000 findings freeze into 720 groups, which a
 * policy testing every facet tells apart as 120.
 */
export async function verdictEvidence(q: Queryable, orgId: OrgId, scanId: string, policyVersionId: string, rules: readonly Rule[]): Promise<VerdictEvidence> {
  const distinctions = distinctionsOf(rules);
  const advisories = valuesListed(rules, 'advisory');
  const components = valuesListed(rules, 'component');
  // One statement, so one snapshot: the groups are read in the snapshot that saw the summary frozen (they are
  // written in the freeze's transaction), and a verdict request pays one round trip for all of it. The groups,
  // then (only when the rules list any) the findings naming a listed advisory or component, beside the state
  // of the scan's verdict; a summary without groups (not frozen yet, or no findings) still answers that one row.
  const { rows } = await q.query<FacetRow & { recorded_body: JsonText<Verdict> | null; frozen: boolean }>(
    `SELECT state.recorded_body, state.frozen, facet_groups.*
       FROM (SELECT (SELECT body FROM verdicts WHERE org_id = $1 AND scan_id = $2 AND policy_version_id = $12) AS recorded_body,
                    EXISTS (SELECT 1 FROM scan_summaries WHERE org_id = $1 AND scan_id = $2 AND frozen_at IS NOT NULL) AS frozen) AS state
       LEFT JOIN (
     SELECT listed,
            CASE WHEN status = ANY ($5::text[]) THEN status ELSE '' END AS status,
            CASE WHEN kind = ANY ($6::text[]) THEN kind END AS kind,
            CASE WHEN $7::boolean OR severity = ANY ($8::text[]) THEN severity END AS severity,
            CASE WHEN fixability = ANY ($9::text[]) THEN fixability END AS fixability,
            nullif(width_bucket(cvss_score, $10::float8[]), 0) AS cvss_reached,
            nullif(width_bucket(first_seen_age_days, $11::float8[]), 0) AS age_reached,
            sum(n)::integer AS n, advisories, component
       FROM (SELECT false AS listed, status, kind, severity, fixability, cvss_score, first_seen_age_days, findings AS n,
                    NULL::text[] AS advisories, NULL::text AS component
               FROM scan_summary_groups WHERE org_id = $1 AND scan_id = $2
             UNION ALL
             SELECT true, coalesce(status, 'open'), kind, severity, fixability, cvss_score, first_seen_age_days, 1,
                    array_prepend(identifier, aliases), component_name
               FROM scan_summary_findings
              WHERE cardinality($3::text[]) + cardinality($4::text[]) > 0 AND org_id = $1 AND scan_id = $2
                -- One bitmap over the three indexes, then each page once: looked up one by one through the
                -- primary key, the listed findings cost four times the pages.
                AND (identifier = ANY ($3::text[]) OR component_name = ANY ($4::text[])
                     OR fingerprint = ANY (ARRAY(SELECT fingerprint FROM scan_summary_aliases WHERE org_id = $1 AND scan_id = $2 AND alias = ANY ($3::text[]))))
            ) AS facet
      GROUP BY 1, 2, 3, 4, 5, 6, 7, advisories, component) AS facet_groups ON true`,
    [
      orgId,
      scanId,
      advisories,
      components,
      distinctions.statuses,
      distinctions.kinds,
      distinctions.everySeverity,
      distinctions.severities,
      distinctions.fixabilities,
      distinctions.cvssThresholds,
      distinctions.ageThresholds,
      policyVersionId,
    ],
    // Planned once per connection: planning this statement cost more than running it (1.3 ms against 1.1 ms).
    { prepared: true },
  );
  const groupRows = rows.filter((row) => row.listed !== null);
  const groups = new Map(groupRows.filter((row) => !row.listed).map((row) => [groupKey(row), { facets: facetsOf(row, distinctions), count: row.n }]));
  const apart: FacetGroup[] = [];
  for (const row of groupRows.filter((listed) => listed.listed)) {
    const group = groups.get(groupKey(row));
    // Written in the freeze's transaction from the same rows: listed findings always have their group.
    if (group === undefined) throw new Error(`scan ${scanId}: a finding of the frozen summary has no group`);
    group.count -= row.n;
    apart.push({ facets: facetsOf(row, distinctions), count: row.n });
  }
  const { recorded_body: recordedBody, frozen } = rows[0]!;
  return { recordedBody, frozen, groups: [...[...groups.values()].filter((group) => group.count > 0), ...apart] };
}
