// The freeze groups a scan's findings, and a verdict reads those groups with the
// findings its rules list taken apart. That must lose nothing: for any rules,
// evaluating the groups gives what evaluating every finding on its own gives. Shown on PostgreSQL and PGlite with
// findings covering every facet value, scores and ages around each threshold,
// aliases, and findings a rule lists next to ones it does not.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, OrgId } from '../platform/db/database.js';
import { asOrgId } from '../../test/support/org-ids.js';
import type { Rule } from '../policies/rules.js';
import { databaseProfiles, type TestDatabase } from '../../test/support/databases.js';
import { evaluatePolicy, type FindingFacets } from './evaluate.js';
import { freezeSummaries, verdictEvidence } from './scan-summary.js';

const kinds = ['vulnerability', 'secret', 'misconfiguration'];
const severities = ['critical', 'high', 'medium', 'low', 'none', 'unknown'];
const fixabilities = ['fixable', 'unfixable', 'unknown'];
const statuses = ['open', 'triaged', 'reopened', 'suppressed', null];

interface Row {
  kind: string;
  severity: string;
  fixability: string;
  cvss_score: number | null;
  identifier: string;
  aliases: string[];
  component_name: string | null;
  status: string | null;
  first_seen_age_days: number | null;
}

// Facets repeat every 300 findings (as in a real image, where many findings look alike to
// a policy); advisories, aliases and components vary over all 900.
const rows: Row[] = Array.from({ length: 900 }, (_, i) => {
  const j = i % 300;
  return {
    kind: kinds[j % 3]!,
    severity: severities[j % 6]!,
    fixability: fixabilities[j % 5 % 3]!,
    cvss_score: j % 7 === 0 ? null : (j % 101) / 10,
    identifier: `cve-2024-${i % 50}`,
    aliases: i % 4 === 0 ? [`ghsa-${i % 30}`] : [],
    component_name: i % 9 === 0 ? null : `pkg-${i % 12}`,
    status: statuses[j % 5]!,
    first_seen_age_days: j % 11 === 0 ? null : j % 45,
  };
});

const ruleSets: Record<string, Rule[]> = {
  'no conditions': [{ name: 'all', effect: 'warn', when: [] }],
  'kind, severity, fixability, status': [
    { name: 'a', effect: 'block', when: [{ field: 'kind', op: 'in', value: ['vulnerability', 'secret'] }, { field: 'severity', op: 'at_least', value: 'high' }] },
    { name: 'b', effect: 'warn', when: [{ field: 'severity', op: 'in', value: ['unknown', 'low'] }, { field: 'fixability', op: 'in', value: ['fixable'] }] },
    { name: 'c', effect: 'warn', when: [{ field: 'status', op: 'in', value: ['triaged'] }] },
  ],
  'scores and ages around several thresholds': [
    { name: 'a', effect: 'block', when: [{ field: 'cvss', op: 'at_least', value: 9 }] },
    { name: 'b', effect: 'warn', when: [{ field: 'cvss', op: 'at_least', value: 4.5 }, { field: 'first_seen_age_days', op: 'at_least', value: 30 }] },
    { name: 'c', effect: 'warn', when: [{ field: 'cvss', op: 'at_least', value: 0 }] },
    { name: 'd', effect: 'warn', when: [{ field: 'first_seen_age_days', op: 'at_least', value: 7 }] },
  ],
  'severities listed, none ranked': [
    { name: 'a', effect: 'block', when: [{ field: 'severity', op: 'in', value: ['critical', 'unknown'] }, { field: 'fixability', op: 'in', value: ['unfixable'] }] },
    { name: 'b', effect: 'warn', when: [{ field: 'kind', op: 'in', value: ['secret'] }, { field: 'status', op: 'in', value: ['reopened', 'open'] }] },
  ],
  'thresholds equal to stored values': [
    { name: 'a', effect: 'block', when: [{ field: 'cvss', op: 'at_least', value: 5 }, { field: 'first_seen_age_days', op: 'at_least', value: 0 }] },
    { name: 'b', effect: 'warn', when: [{ field: 'cvss', op: 'at_least', value: 10 }, { field: 'first_seen_age_days', op: 'at_least', value: 44 }] },
  ],
  'every facet, ranked and listed': [
    { name: 'a', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'critical' }, { field: 'fixability', op: 'in', value: ['fixable'] }] },
    { name: 'b', effect: 'warn', when: [{ field: 'severity', op: 'in', value: ['low'] }, { field: 'cvss', op: 'at_least', value: 7 }] },
    { name: 'c', effect: 'warn', when: [{ field: 'status', op: 'in', value: ['open', 'reopened'] }, { field: 'first_seen_age_days', op: 'at_least', value: 30 }] },
    { name: 'd', effect: 'block', when: [{ field: 'advisory', op: 'in', value: ['cve-2024-7', 'GHSA-2'] }, { field: 'kind', op: 'in', value: ['vulnerability'] }] },
    { name: 'e', effect: 'block', when: [{ field: 'component', op: 'in', value: ['pkg-7'] }, { field: 'cvss', op: 'at_least', value: 2.5 }] },
  ],
  'advisories and components': [
    { name: 'a', effect: 'block', when: [{ field: 'advisory', op: 'in', value: ['CVE-2024-3', 'GHSA-8', 'cve-2099-1'] }] },
    { name: 'b', effect: 'warn', when: [{ field: 'advisory', op: 'in', value: ['ghsa-4'] }, { field: 'component', op: 'in', value: ['pkg-4', 'pkg-5'] }] },
    { name: 'c', effect: 'warn', when: [{ field: 'component', op: 'in', value: ['pkg-0'] }, { field: 'severity', op: 'at_least', value: 'medium' }] },
  ],
};

describe.each(databaseProfiles)('summary facet groups on $name', (profile) => {
  let test: TestDatabase;
  let db: Database;
  let orgId: OrgId;
  let scanId: string;
  beforeAll(async () => {
    test = await profile.create();
    db = test.db;
    orgId = asOrgId((await db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('summary groups') RETURNING id")).rows[0]!.id);
    const asset = await db.query<{ id: string }>("INSERT INTO assets (org_id, reference, registry, repository, tag, pinned) VALUES ($1, 'r.example.com/a:1', 'r.example.com', 'a', '1', false) RETURNING id", [orgId]);
    scanId = (
      await db.query<{ id: string }>(
        "INSERT INTO scans (org_id, asset_id, image, scanners, source, state, completed_at) VALUES ($1, $2, 'r.example.com/a:1', '{trivy}', 'import', 'completed', now()) RETURNING id",
        [orgId, asset.rows[0]!.id],
      )
    ).rows[0]!.id;
    await db.query('INSERT INTO scan_summaries (scan_id, org_id) VALUES ($1, $2)', [scanId, orgId]);
    for (const [index, row] of rows.entries()) {
      await db.query(
        `INSERT INTO scan_summary_findings (org_id, scan_id, fingerprint, kind, severity, fixability, cvss_score, identifier, aliases, component_name, status, first_seen_age_days)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [orgId, scanId, `fp-${index}`, row.kind, row.severity, row.fixability, row.cvss_score, row.identifier, row.aliases, row.component_name, row.status, row.first_seen_age_days],
      );
    }
    // No findings rows: the freeze keeps each row's status and age as written here, and groups them.
    await freezeSummaries(db, [{ id: scanId, orgId, assetId: asset.rows[0]!.id, image: 'r.example.com/a:1', createdAt: new Date().toISOString(), state: 'completed' }]);
    const frozen = await db.query('SELECT 1 FROM scan_summaries WHERE scan_id = $1 AND frozen_at IS NOT NULL', [scanId]);
    expect(frozen.rows).toHaveLength(1);
  });
  afterAll(async () => {
    await test.drop();
  });

  /** The frozen summary's groups under these rules, read as a verdict under a policy version nothing was recorded for reads them. */
  const groupsOf = async (rules: readonly Rule[]) => {
    const evidence = await verdictEvidence(db, orgId, scanId, randomUUID(), rules);
    expect(evidence).toMatchObject({ recordedBody: null, frozen: true });
    return evidence.groups;
  };

  const oneByOne = (): { facets: FindingFacets; count: number }[] =>
    rows.map((row) => ({
      facets: {
        kind: row.kind,
        severity: row.severity,
        fixability: row.fixability,
        status: row.status ?? 'open',
        cvss: row.cvss_score,
        firstSeenAgeDays: row.first_seen_age_days,
        advisories: [row.identifier, ...row.aliases],
        component: row.component_name,
      },
      count: 1,
    }));

  it.each(Object.entries(ruleSets))('evaluates the groups as it evaluates every finding on its own: %s', async (_name, rules) => {
    const groups = await groupsOf(rules);
    expect(groups.length).toBeLessThan(rows.length);
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(rows.length);
    expect(evaluatePolicy(rules, groups)).toEqual(evaluatePolicy(rules, oneByOne()));
  });

  it('collapses what the rules cannot tell apart: with no condition, the suppressed findings and the rest', async () => {
    const groups = await groupsOf(ruleSets['no conditions']!);
    const suppressed = rows.filter((row) => row.status === 'suppressed').length;
    expect(groups.map((group) => [group.facets.status, group.count]).sort()).toEqual([
      ['', rows.length - suppressed],
      ['suppressed', suppressed],
    ]);
  });

  it('reads a score or an age as the highest threshold it reaches, and null below every one', async () => {
    const rules: Rule[] = [{ name: 'a', effect: 'warn', when: [{ field: 'cvss', op: 'at_least', value: 4.5 }, { field: 'cvss', op: 'at_least', value: 9 }] }];
    const groups = await groupsOf(rules);
    const countOf = (cvss: number | null) => groups.filter((group) => group.facets.cvss === cvss).reduce((sum, group) => sum + group.count, 0);
    expect(countOf(9)).toBe(rows.filter((row) => row.cvss_score !== null && row.cvss_score >= 9).length);
    expect(countOf(4.5)).toBe(rows.filter((row) => row.cvss_score !== null && row.cvss_score >= 4.5 && row.cvss_score < 9).length);
    expect(countOf(null)).toBe(rows.filter((row) => row.cvss_score === null || row.cvss_score < 4.5).length);
  });

  it('groups a summary once: freezing it again changes nothing', async () => {
    const before = await groupsOf(ruleSets['advisories and components']!);
    await freezeSummaries(db, [{ id: scanId, orgId, assetId: randomUUID(), image: 'r.example.com/a:1', createdAt: new Date().toISOString(), state: 'completed' }]);
    expect(await groupsOf(ruleSets['advisories and components']!)).toEqual(before);
  });
});
