// A real report (Grype, 327 matches on a Debian image) imported through POST
// /api/v1/scans/import with the pipeline running (outbox relay, stream log,
// findings and scan-summary processors: Kafka on the full profile, the embedded
// log on the other), then judged by a policy with a rule for each field. Every
// match count is checked against a count taken from the report itself, not from
// anything the service stored.
import { describe, expect, it } from 'vitest';
import { readReportFixture } from '../services/findings/testing/report-fixtures.js';
import { createdPolicy } from '../services/policies/testing/fixtures.js';
import type { Rule } from '../services/policies/rules.js';
import { requestVerdict } from '../services/verdicts/testing/fixtures.js';
import { freshImage } from './support/findings.js';
import { usePipeline } from './support/pipeline.js';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp } from './support/test-app.js';

interface GrypeMatch {
  vulnerability: { id: string; severity: string; fixedInVersion?: string; fix?: { versions?: string[] } };
  relatedVulnerabilities?: { id: string }[];
  artifact: { name: string };
}

const report = readReportFixture('grype/dd-many_vulns3.json') as { matches: GrypeMatch[] };
const matches = report.matches;
const severity = (match: GrypeMatch) => match.vulnerability.severity.toLowerCase();
const count = (holds: (match: GrypeMatch) => boolean) => matches.filter(holds).length;
const ids = (match: GrypeMatch) => [match.vulnerability.id, ...(match.relatedVulnerabilities ?? []).map((related) => related.id)].map((id) => id.toLowerCase());

// Advisories named in a case the report does not use, and a package with several findings.
const advisories = [matches[0]!.vulnerability.id.toLowerCase(), matches[1]!.vulnerability.id.toUpperCase()];
const component = matches[2]!.artifact.name;

const rules: Rule[] = [
  { name: 'high or worse', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'high' }] },
  { name: 'exactly critical', effect: 'warn', when: [{ field: 'severity', op: 'in', value: ['critical'] }] },
  { name: 'negligible', effect: 'warn', when: [{ field: 'severity', op: 'in', value: ['none'] }] },
  { name: 'fixable medium or worse', effect: 'warn', when: [{ field: 'fixability', op: 'in', value: ['fixable'] }, { field: 'severity', op: 'at_least', value: 'medium' }] },
  { name: 'named advisories', effect: 'warn', when: [{ field: 'advisory', op: 'in', value: advisories }] },
  { name: 'one package', effect: 'warn', when: [{ field: 'component', op: 'in', value: [component] }] },
  { name: 'vulnerabilities', effect: 'warn', when: [{ field: 'kind', op: 'in', value: ['vulnerability'] }] },
  { name: 'new today', effect: 'warn', when: [{ field: 'status', op: 'in', value: ['open'] }, { field: 'first_seen_age_days', op: 'at_least', value: 0 }] },
  { name: 'a week old', effect: 'warn', when: [{ field: 'first_seen_age_days', op: 'at_least', value: 7 }] },
];

// From the report alone. Grype's Negligible is our none; Unknown meets every at_least threshold.
const fixable = (match: GrypeMatch) => Boolean(match.vulnerability.fixedInVersion) || (match.vulnerability.fix?.versions ?? []).length > 0;
const atLeastHigh = (match: GrypeMatch) => ['critical', 'high', 'unknown'].includes(severity(match));
const atLeastMedium = (match: GrypeMatch) => ['critical', 'high', 'medium', 'unknown'].includes(severity(match));
const expectedCounts = {
  'high or worse': count(atLeastHigh),
  'exactly critical': count((match) => severity(match) === 'critical'),
  negligible: count((match) => severity(match) === 'negligible'),
  'fixable medium or worse': count((match) => fixable(match) && atLeastMedium(match)),
  'named advisories': count((match) => ids(match).some((id) => advisories.map((a) => a.toLowerCase()).includes(id))),
  'one package': count((match) => match.artifact.name === component),
  vulnerabilities: matches.length,
  'new today': matches.length,
  'a week old': 0,
};

describe.each(testProfiles)('verdicts end to end ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  expectNeighbourUntouchedAfterEach(t);
  // Running, as in production: the test only speaks HTTP to the service.
  usePipeline(t, profile);

  it('judges an imported Grype report with match counts equal to those counted in the report', async () => {
    expect(expectedCounts['high or worse']).toBeGreaterThan(0);
    expect(expectedCounts['one package']).toBeGreaterThan(0);
    const [tenant, other] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { rules, enabled: true });
    await createdPolicy(t.current, other, { rules, enabled: true });
    const { key } = await t.current.apiKey(tenant.owner, ['scans:create', 'verdicts:request']);

    const imported = await t.current.call('POST', '/api/v1/scans/import', { token: key, body: { image: freshImage(), format: 'grype', report } });
    expect(imported.status).toBe(202);
    // What a pipeline does: ask until the verdict is ready (409 verdict_not_ready or a scan still running), then gate.
    let verdict = await requestVerdict(t.current, key, imported.body.id);
    for (const deadline = Date.now() + 60_000; verdict.status === 409 && Date.now() < deadline; ) {
      expect(['verdict_not_ready', 'scan_not_completed']).toContain(verdict.body.rule);
      await new Promise((resolve) => setTimeout(resolve, 100));
      verdict = await requestVerdict(t.current, key, imported.body.id);
    }

    expect(verdict.status).toBe(201);
    expect(verdict.body).toMatchObject({ scan_id: imported.body.id, blocking: true, outcome: 'fail', evaluated_findings: matches.length, suppressed_findings: 0 });
    expect(Object.fromEntries(verdict.body.rules.map((rule: { name: string; match_count: number }) => [rule.name, rule.match_count]))).toEqual(expectedCounts);
    expect((await requestVerdict(t.current, other.owner.token, imported.body.id)).status).toBe(404);
  });
});
