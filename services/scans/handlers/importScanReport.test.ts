// Report import through the whole pipeline (outbox -> Kafka or the embedded log ->
// findings processor), with the real reports of test/fixtures/reports. Expected
// counts come from the reports themselves, not from our parser.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { OBSERVATIONS_PER_RECORD } from '../../findings/observation.js';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { handlerTestProfiles, useTestApp, type TestPerson, type TestTenant } from '../../../test/support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw scanner reports are walked field by field
type Json = Record<string, any>;
const clone = <T,>(value: T): T => structuredClone(value);

/** Distinct (advisory, package, path) of a Trivy report: what one-row-per-issue means for it. */
function trivyIssueCount(report: Json): number {
  const issues = new Set<string>();
  for (const result of report.Results ?? []) for (const v of result.Vulnerabilities ?? []) issues.add([v.VulnerabilityID, v.PkgName, v.PkgPath ?? result.Target].join('|'));
  return issues.size;
}

/** Distinct (advisory, artifact, type, locations) of a Grype report. */
function grypeIssueCount(report: Json): number {
  const issues = new Set<string>();
  for (const m of report.matches) issues.add([m.vulnerability.id, m.artifact.name, m.artifact.type, (m.artifact.locations ?? []).map((l: Json) => l.path).join(',')].join('|'));
  return issues.size;
}

describe.each(handlerTestProfiles)('POST /api/v1/scans/import through the pipeline ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  const image = () => `ghcr.io/acme/app-${randomUUID().slice(0, 8)}:1.0`;

  async function importReport(person: TestPerson, tenant: TestTenant, body: Json, headers: Record<string, string> = {}) {
    const response = await t.current.call('POST', '/api/v1/scans/import', { token: person.token, body, headers });
    if (response.status !== 202) return response;
    await pipeline.current.scanSettled(tenant.id, response.body.id);
    return response;
  }

  const scanOf = async (tenant: TestTenant, id: string) => (await t.current.call('GET', `/api/v1/scans/${id}`, { token: tenant.owner.token })).body;

  async function findingsOf(tenant: TestTenant, assetId: string) {
    const rows = await t.current.db.query<{ id: string; fingerprint: string; status: string; severity: string; first_seen_at: Date; identifier: string; component_name: string }>(
      'SELECT id, fingerprint, status, severity, first_seen_at, identifier, component_name FROM findings WHERE org_id = $1 AND asset_id = $2 ORDER BY fingerprint',
      [tenant.id, assetId],
    );
    return rows.rows;
  }
  /** The observations of each scanner-results record of the scan, in order; 'completion' for its completion. */
  async function scannerRecordsOf(tenant: TestTenant, scanId: string): Promise<(number | 'completion')[]> {
    const records = await t.current.db.query<{ observations: number | null }>(
      `SELECT CASE WHEN json_typeof(value->'observations') = 'array' THEN json_array_length(value->'observations') END AS observations
         FROM outbox_records
        WHERE org_id = $1 AND topic = 'scanner-results' AND coalesce(value->'observations'->0->>'scan_id', value->'completion'->>'scan_id') = $2
        ORDER BY seq, position`,
      [tenant.id, scanId],
    );
    return records.rows.map((row) => row.observations ?? 'completion');
  }
  /** What a scan of `observations` distinct issues publishes: full records of OBSERVATIONS_PER_RECORD, the rest, then the completion. */
  const recordsFor = (observations: number): (number | 'completion')[] => [
    ...Array<number>(Math.floor(observations / OBSERVATIONS_PER_RECORD)).fill(OBSERVATIONS_PER_RECORD),
    ...(observations % OBSERVATIONS_PER_RECORD === 0 ? [] : [observations % OBSERVATIONS_PER_RECORD]),
    'completion',
  ];

  it("sends a large report's observations a few hundred to a record, and applies every one", async () => {
    const [tenant] = await t.current.twoTenants();
    const report = clone(readReportFixture('trivy/alpine-310.json')) as Json;
    const template = report.Results[0].Vulnerabilities[0] as Json;
    report.Results = [{ ...report.Results[0], Vulnerabilities: Array.from({ length: 1_203 }, (_, n) => ({ ...template, VulnerabilityID: `CVE-2024-${10_000 + n}` })) }];
    const imported = await importReport(tenant.owner, tenant, { image: image(), format: 'trivy', report });
    expect(imported.status).toBe(202);
    expect(await scanOf(tenant, imported.body.id)).toMatchObject({ state: 'completed', new_findings: 1_203, observation_count: 1_203 });
    const rows = await findingsOf(tenant, imported.body.asset_id);
    expect(new Set(rows.map((row) => row.identifier))).toEqual(new Set(Array.from({ length: 1_203 }, (_, n) => `CVE-2024-${10_000 + n}`)));
    // A Trivy finding carries its description and references: the text bound, not the count, closes these records.
    const records = await scannerRecordsOf(tenant, imported.body.id);
    expect(records.at(-1)).toBe('completion');
    const observationRecords = records.slice(0, -1) as number[];
    expect(observationRecords.length).toBeGreaterThan(2);
    expect(observationRecords.every((count) => count > 1 && count <= OBSERVATIONS_PER_RECORD)).toBe(true);
    expect(observationRecords.reduce((sum, count) => sum + count, 0)).toBe(1_203);
  });

  const eventCount = async (tenant: TestTenant) =>
    (await t.current.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM finding_events WHERE org_id = $1', [tenant.id])).rows[0]!.n;

  it.each([
    ['trivy', 'trivy/alpine-310.json', trivyIssueCount],
    ['trivy', 'trivy/ubuntu-1804.json', trivyIssueCount],
    ['grype', 'grype/dd-issue_9618.json', grypeIssueCount],
    ['grype', 'grype/dd-many_vulns3.json', grypeIssueCount],
  ] as const)('ingests %s %s to the count the report gives, and a re-import changes nothing', async (format, name, expectedCount) => {
    const [tenant] = await t.current.twoTenants();
    const report = readReportFixture(name) as Json;
    const target = image();
    const first = await importReport(tenant.owner, tenant, { image: target, format, report });
    expect(first.status).toBe(202);
    const expected = expectedCount(report);
    expect(await scanOf(tenant, first.body.id)).toMatchObject({ state: 'completed', new_findings: expected, reopened_findings: 0, resolved_findings: 0, observation_count: expected });
    const rows = await findingsOf(tenant, first.body.asset_id);
    expect(rows).toHaveLength(expected);
    expect(rows.every((row) => row.status === 'open')).toBe(true);
    const events = await eventCount(tenant);
    expect(events).toBe(expected);
    expect(await scannerRecordsOf(tenant, first.body.id)).toEqual(recordsFor(expected));

    const again = await importReport(tenant.owner, tenant, { image: target, format, report });
    expect(await scanOf(tenant, again.body.id)).toMatchObject({ state: 'completed', new_findings: 0, reopened_findings: 0, resolved_findings: 0 });
    expect((await findingsOf(tenant, first.body.asset_id)).map((r) => [r.id, r.status])).toEqual(rows.map((r) => [r.id, r.status]));
    expect(await eventCount(tenant)).toBe(events);
    // Every announcement (finding.created per new finding, scan.completed per scan) reached the log: none parked.
    await vi.waitFor(async () => {
      const pending = await t.current.db.query('SELECT failed_at FROM outbox_events WHERE org_id = $1 AND (published_at IS NULL OR failed_at IS NOT NULL)', [tenant.id]);
      expect(pending.rows).toEqual([]);
    }, { timeout: 20_000, interval: 100 });
    const created = await t.current.db.query("SELECT 1 FROM outbox_records WHERE org_id = $1 AND value->>'type' = 'finding.created'", [tenant.id]);
    expect(created.rowCount).toBe(expected);
  });

  it('the SARIF form of the same scan gives the same issues as its Trivy JSON', async () => {
    const [tenant] = await t.current.twoTenants();
    const sarif = await importReport(tenant.owner, tenant, { image: image(), format: 'sarif', report: readReportFixture('sarif/trivy-alpine-310.sarif') });
    expect(sarif.status).toBe(202);
    const identifiers = (await findingsOf(tenant, sarif.body.asset_id)).map((r) => `${r.identifier} ${r.component_name}`).sort();
    expect(identifiers).toEqual(['CVE-2019-1549 libcrypto1.1', 'CVE-2019-1549 libssl1.1', 'CVE-2019-1551 libcrypto1.1', 'CVE-2019-1551 libssl1.1']);
  });

  it('resolves exactly what a later report no longer has, and reopens it with first_seen_at kept', async () => {
    const [tenant] = await t.current.twoTenants();
    const full = readReportFixture('trivy/ubuntu-1804.json') as Json;
    const target = image();
    const first = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: full });
    const before = await findingsOf(tenant, first.body.asset_id);

    const fewer = clone(full);
    const removed = fewer.Results[0].Vulnerabilities.splice(0, 2) as Json[];
    const second = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: fewer });
    expect(await scanOf(tenant, second.body.id)).toMatchObject({ state: 'completed', resolved_findings: 2, new_findings: 0 });
    const after = await findingsOf(tenant, first.body.asset_id);
    const resolved = after.filter((r) => r.status === 'resolved');
    expect(resolved.map((r) => `${r.identifier} ${r.component_name}`).sort()).toEqual(removed.map((v) => `${v.VulnerabilityID} ${v.PkgName}`).sort());
    expect(after.filter((r) => r.status === 'open')).toHaveLength(before.length - 2);

    const third = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: full });
    expect(await scanOf(tenant, third.body.id)).toMatchObject({ reopened_findings: 2, new_findings: 0, resolved_findings: 0 });
    const reopened = (await findingsOf(tenant, first.body.asset_id)).filter((r) => r.status === 'reopened');
    expect(reopened.map((r) => r.id).sort()).toEqual(resolved.map((r) => r.id).sort());
    for (const row of reopened) expect(row.first_seen_at).toEqual(before.find((b) => b.id === row.id)!.first_seen_at);

    const announced = await t.current.db.query<{ type: string; payload: string }>(
      "SELECT value->>'type' AS type, value->>'payload' AS payload FROM outbox_records WHERE org_id = $1 AND value->>'subject_id' = $2 ORDER BY seq, position",
      [tenant.id, reopened[0]!.id],
    );
    expect(announced.rows.map((row) => [row.type, JSON.parse(row.payload).to])).toEqual([
      ['finding.created', 'open'],
      ['finding.status_changed', 'resolved'],
      ['finding.status_changed', 'reopened'],
    ]);

    const timeline = await t.current.call('GET', `/api/v1/findings/${reopened[0]!.id}`, { token: tenant.owner.token });
    expect(timeline.body.events.map((e: Json) => [e.from_status, e.to_status, e.actor.kind, e.requested_by])).toEqual([
      ['resolved', 'reopened', 'system', null],
      ['open', 'resolved', 'system', null],
      [null, 'open', 'system', null],
    ]);
  });

  it('keeps the same rows when only the severity changed between reports', async () => {
    const [tenant] = await t.current.twoTenants();
    const report = readReportFixture('trivy/alpine-310.json') as Json;
    const target = image();
    const first = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report });
    const before = await findingsOf(tenant, first.body.asset_id);
    const rescored = clone(report);
    for (const v of rescored.Results[0].Vulnerabilities) v.Severity = 'CRITICAL';
    await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: rescored });
    const after = await findingsOf(tenant, first.body.asset_id);
    expect(after.map((r) => [r.id, r.fingerprint, r.status])).toEqual(before.map((r) => [r.id, r.fingerprint, r.status]));
    expect(after.every((r) => r.severity === 'critical')).toBe(true);
  });

  it('gives the same image in two tenants two rows with the same fingerprint, and each tenant sees only its own', async () => {
    const [a, b] = await t.current.twoTenants();
    const report = readReportFixture('trivy/alpine-310.json');
    const target = image();
    const inA = await importReport(a.owner, a, { image: target, format: 'trivy', report });
    const inB = await importReport(b.owner, b, { image: target, format: 'trivy', report });
    const rowsA = await findingsOf(a, inA.body.asset_id);
    const rowsB = await findingsOf(b, inB.body.asset_id);
    expect(rowsA.map((r) => r.fingerprint)).toEqual(rowsB.map((r) => r.fingerprint));
    expect(rowsA.map((r) => r.id)).not.toEqual(expect.arrayContaining(rowsB.map((r) => r.id)));
    expect(inA.body.asset_id).not.toBe(inB.body.asset_id);

    const listedByB = await t.current.call('GET', '/api/v1/findings?limit=200', { token: b.owner.token });
    expect(listedByB.body.items.map((f: Json) => f.id).sort()).toEqual(rowsB.map((r) => r.id).sort());
    const foreignScan = await t.current.call('GET', `/api/v1/scans/${inA.body.id}`, { token: b.owner.token });
    const missingScan = await t.current.call('GET', `/api/v1/scans/${randomUUID()}`, { token: b.owner.token });
    expect(foreignScan.status).toBe(404);
    expect(foreignScan.raw).toBe(missingScan.raw);
    const foreignFinding = await t.current.call('GET', `/api/v1/findings/${rowsA[0]!.id}`, { token: b.owner.token });
    expect(foreignFinding.status).toBe(404);
    expect(foreignFinding.raw).toBe(missingScan.raw);
  });

  it('records a report for a named software asset: one asset per name and version and organization, its findings apart from an image of the same report', async () => {
    const [a, b] = await t.current.twoTenants();
    const report = readReportFixture('trivy/alpine-310.json');
    const software = { name: `acme billing ${randomUUID().slice(0, 8)}`, version: '1.4.2' };
    const first = await importReport(a.owner, a, { software, format: 'trivy', report });
    expect(first.status).toBe(202);
    expect(await scanOf(a, first.body.id)).toMatchObject({ state: 'completed', new_findings: 4, image: `software:${encodeURIComponent(software.name)}@1.4.2`, source: 'import' });
    const again = await importReport(a.owner, a, { software, format: 'trivy', report });
    expect(again.body.asset_id).toBe(first.body.asset_id);
    expect(await scanOf(a, again.body.id)).toMatchObject({ state: 'completed', new_findings: 0 });
    const otherVersion = await importReport(a.owner, a, { software: { name: software.name, version: '1.5.0' }, format: 'trivy', report });
    expect(otherVersion.body.asset_id).not.toBe(first.body.asset_id);
    const asImage = await importReport(a.owner, a, { image: image(), format: 'trivy', report });

    const rows = await findingsOf(a, first.body.asset_id);
    expect(rows.map((row) => row.component_name).sort()).toEqual(['libcrypto1.1', 'libcrypto1.1', 'libssl1.1', 'libssl1.1']);
    // The asset's identity keys its fingerprints: the same report elsewhere is other findings.
    const elsewhere = [...(await findingsOf(a, otherVersion.body.asset_id)), ...(await findingsOf(a, asImage.body.asset_id))].map((row) => row.fingerprint);
    expect(rows.map((row) => row.fingerprint)).not.toEqual(expect.arrayContaining(elsewhere));

    // Another organization: another asset, the same fingerprints, none of the first's rows.
    const inB = await importReport(b.owner, b, { software, format: 'trivy', report });
    expect(inB.body.asset_id).not.toBe(first.body.asset_id);
    const rowsB = await findingsOf(b, inB.body.asset_id);
    expect(rowsB.map((row) => row.fingerprint)).toEqual(rows.map((row) => row.fingerprint));
    const listed = await t.current.call('GET', `/api/v1/assets/${first.body.asset_id}/findings`, { token: a.owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((finding: Json) => finding.id).sort()).toEqual(rows.map((row) => row.id).sort());
    const foreign = await t.current.call('GET', `/api/v1/assets/${first.body.asset_id}/findings`, { token: b.owner.token });
    const missing = await t.current.call('GET', `/api/v1/assets/${randomUUID()}/findings`, { token: b.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });

  it('refuses an import naming both an image and a software asset, or neither, or a blank name, and records nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const report = readReportFixture('trivy/alpine-310.json');
    const refusals = [
      { image: image(), software: { name: 'acme billing' }, format: 'trivy', report },
      { format: 'trivy', report },
      { software: { name: ' acme' }, format: 'trivy', report },
      { software: { name: '' }, format: 'trivy', report },
      { software: { name: 'acme', version: 'one\ntwo' }, format: 'trivy', report },
      { software: { name: 'acme', registry: 'ghcr.io' }, format: 'trivy', report },
    ];
    for (const body of refusals) {
      const refused = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body });
      expect(refused.status, JSON.stringify(body.software ?? null)).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
    }
    expect((await t.current.db.query('SELECT 1 FROM assets WHERE org_id = $1', [tenant.id])).rowCount).toBe(0);
  });

  it("never resolves another tenant's findings: an empty report of the same image in B leaves A untouched", async () => {
    const [a, b] = await t.current.twoTenants();
    const report = readReportFixture('trivy/alpine-310.json') as Json;
    const target = image();
    const inA = await importReport(a.owner, a, { image: target, format: 'trivy', report });
    const before = await findingsOf(a, inA.body.asset_id);
    const empty = clone(report);
    empty.Results[0].Vulnerabilities = [];
    const inB = await importReport(b.owner, b, { image: target, format: 'trivy', report: empty });
    expect(await scanOf(b, inB.body.id)).toMatchObject({ state: 'completed', resolved_findings: 0 });
    expect(await findingsOf(a, inA.body.asset_id)).toEqual(before);
  });

  it('records secrets only once the organization enables them, and never resolves a kind it did not look for', async () => {
    const [tenant] = await t.current.twoTenants();
    const secrets = readReportFixture('trivy/secrets.json');
    const target = image();
    const off = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: secrets });
    // A repository scan for secrets alone: no package result, so no vulnerability scan either.
    expect(await scanOf(tenant, off.body.id)).toMatchObject({ state: 'completed', new_findings: 0, completed_kinds: [] });
    expect(off.body.warnings.map((w: Json) => [w.code, w.count])).toEqual([['kind_not_covered', 1], ['kind_not_enabled', 2]]);

    const enabled = await t.current.call('PATCH', '/api/v1/settings/scanners', { token: tenant.owner.token, body: { container_image: { secrets: true } } });
    expect(enabled.status).toBe(200);
    const on = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: secrets });
    expect(await scanOf(tenant, on.body.id)).toMatchObject({ new_findings: 2, completed_kinds: ['secret'] });

    // A vulnerability-only report says nothing about secrets: they stay open.
    const vulnerabilities = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: readReportFixture('trivy/alpine-310.json') });
    expect(await scanOf(tenant, vulnerabilities.body.id)).toMatchObject({ resolved_findings: 0, completed_kinds: ['vulnerability'] });
    expect((await findingsOf(tenant, on.body.asset_id)).filter((r) => r.status === 'open')).toHaveLength(2 + 4);
  });

  /** Ids of the findings of an asset that are open, sorted. */
  const openFindingIds = async (tenant: TestTenant, assetId: string) =>
    (await findingsOf(tenant, assetId)).filter((row) => row.status === 'open').map((row) => row.id).sort();

  it('resolves nothing with a Kubernetes report of configuration checks, and says why', async () => {
    const [tenant] = await t.current.twoTenants();
    const target = image();
    const vulnerabilities = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: readReportFixture('trivy/ubuntu-1804.json') });
    const open = await openFindingIds(tenant, vulnerabilities.body.asset_id);
    expect(open.length).toBeGreaterThan(0);

    // `trivy k8s` of a cluster (ClusterName/Resources): 13 resources, every result of class config, 37 failed checks.
    const cluster = readReportFixture('trivy/dd-issue_10991.json') as Json;
    const results = (cluster.Resources as Json[]).flatMap((resource) => resource.Results ?? []);
    expect(new Set(results.map((result) => result.Class))).toEqual(new Set(['config']));
    const failedChecks = results.flatMap((result) => result.Misconfigurations ?? []).filter((m: Json) => m.Status === 'FAIL').length;
    expect(failedChecks).toBe(37);

    const imported = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: cluster });
    expect(imported.status).toBe(202);
    const expectedWarnings = [
      { code: 'kind_not_covered', where: null, count: 1, message: 'the report does not show that trivy looked for vulnerabilities: none are resolved by this scan, open vulnerabilities stay open' },
      { code: 'kind_not_enabled', where: null, count: 37, message: '37 misconfigurations in the report not recorded: the organization does not look for misconfigurations on container images (scanner settings)' },
    ];
    expect(imported.body.warnings).toEqual(expectedWarnings);
    expect(await scanOf(tenant, imported.body.id)).toMatchObject({
      state: 'completed',
      completed_kinds: [],
      observation_count: 0,
      new_findings: 0,
      resolved_findings: 0,
      warnings: expectedWarnings,
    });
    expect(await openFindingIds(tenant, vulnerabilities.body.asset_id)).toEqual(open);

    // With misconfigurations on, the same report records its checks and may resolve
    // misconfigurations, still not vulnerabilities.
    const enabled = await t.current.call('PATCH', '/api/v1/settings/scanners', { token: tenant.owner.token, body: { container_image: { misconfigurations: true } } });
    expect(enabled.status).toBe(200);
    const recorded = await importReport(tenant.owner, tenant, { image: target, format: 'trivy', report: cluster });
    const scan = await scanOf(tenant, recorded.body.id);
    expect(scan).toMatchObject({ state: 'completed', completed_kinds: ['misconfiguration'], resolved_findings: 0, warnings: [expectedWarnings[0]] });
    expect(scan.new_findings).toBeGreaterThan(0);
    const rows = await findingsOf(tenant, vulnerabilities.body.asset_id);
    expect(rows.filter((row) => open.includes(row.id)).every((row) => row.status === 'open')).toBe(true);
  });

  it('takes a Grype report as a vulnerability scan only when its descriptor says Grype made it', async () => {
    const [tenant] = await t.current.twoTenants();
    const target = image();
    const report = readReportFixture('grype/dd-issue_9618.json') as Json;
    const first = await importReport(tenant.owner, tenant, { image: target, format: 'grype', report });
    expect(first.body.warnings).toEqual([]);
    const open = await openFindingIds(tenant, first.body.asset_id);
    expect(open.length).toBeGreaterThan(0);

    const anonymous = clone(report);
    anonymous.matches = [];
    delete anonymous.descriptor;
    const unknown = await importReport(tenant.owner, tenant, { image: target, format: 'grype', report: anonymous });
    expect(unknown.body.warnings.map((w: Json) => w.code)).toEqual(['kind_not_covered']);
    expect(await scanOf(tenant, unknown.body.id)).toMatchObject({ state: 'completed', completed_kinds: [], resolved_findings: 0 });
    expect(await openFindingIds(tenant, first.body.asset_id)).toEqual(open);

    const clean = clone(report);
    clean.matches = [];
    const cleanScan = await importReport(tenant.owner, tenant, { image: target, format: 'grype', report: clean });
    expect(cleanScan.body.warnings).toEqual([]);
    expect(await scanOf(tenant, cleanScan.body.id)).toMatchObject({ state: 'completed', completed_kinds: ['vulnerability'], resolved_findings: open.length });
  });

  it('takes a SARIF run as covering only the kinds its results show', async () => {
    const [tenant] = await t.current.twoTenants();
    const target = image();
    const report = readReportFixture('sarif/trivy-alpine-310.sarif') as Json;
    const first = await importReport(tenant.owner, tenant, { image: target, format: 'sarif', report });
    expect(await scanOf(tenant, first.body.id)).toMatchObject({ completed_kinds: ['vulnerability'], new_findings: 4, warnings: [] });

    // Trivy's SARIF names the same tool whichever scanners ran: an empty run shows no vulnerability scan.
    const empty = clone(report);
    empty.runs[0].results = [];
    const nothing = await importReport(tenant.owner, tenant, { image: target, format: 'sarif', report: empty });
    expect(nothing.body.warnings.map((w: Json) => w.code)).toEqual(['kind_not_covered']);
    expect(await scanOf(tenant, nothing.body.id)).toMatchObject({ state: 'completed', completed_kinds: [], resolved_findings: 0 });
    expect(await openFindingIds(tenant, first.body.asset_id)).toHaveLength(4);

    // A run that still reports vulnerabilities shows the scan ran: what it dropped is resolved.
    const fewer = clone(report);
    fewer.runs[0].results = fewer.runs[0].results.slice(1);
    const resolving = await importReport(tenant.owner, tenant, { image: target, format: 'sarif', report: fewer });
    expect(await scanOf(tenant, resolving.body.id)).toMatchObject({ completed_kinds: ['vulnerability'], resolved_findings: 1 });
  });

  it('keeps licence data out of findings and in the licence inventory', async () => {
    const [tenant] = await t.current.twoTenants();
    const response = await importReport(tenant.owner, tenant, { image: image(), format: 'trivy', report: readReportFixture('trivy/license-cyclonedx.json') });
    expect(await findingsOf(tenant, response.body.asset_id)).toEqual([]);
    const licences = await t.current.db.query('SELECT license FROM asset_licenses WHERE org_id = $1 AND asset_id = $2', [tenant.id, response.body.asset_id]);
    expect(licences.rows.length).toBe(3);
  });

  it("completes a report holding a NUL and an unpaired surrogate in two organizations, lists its warnings, and a third organization's imports go on", async () => {
    const [a, b] = await t.current.twoTenants();
    const c = await t.current.tenant();
    const poisoned = readReportFixture('trivy/alpine-310.json') as Json;
    const vulnerabilities = poisoned.Results[0].Vulnerabilities as Json[];
    vulnerabilities[0]!.Title = 'openssl\u0000: information disclosure in fork()';
    vulnerabilities[1]!.InstalledVersion = '1.1.1c\ud800-r0';
    // A VEX statement: left out on purpose, and said so.
    vulnerabilities.push({ ...vulnerabilities[2], VulnerabilityID: 'CVE-2099-0001', Status: 'not_affected' });
    const expectedWarnings = [
      {
        code: 'text_replaced',
        where: 'Results[0].Vulnerabilities[0].Title',
        count: 1,
        message: 'Results[0].Vulnerabilities[0].Title: 1 character no text can hold (NUL or unpaired surrogate) replaced with U+FFFD',
      },
      {
        code: 'text_replaced',
        where: 'Results[0].Vulnerabilities[1].InstalledVersion',
        count: 1,
        message: 'Results[0].Vulnerabilities[1].InstalledVersion: 1 character no text can hold (NUL or unpaired surrogate) replaced with U+FFFD',
      },
      {
        code: 'entry_skipped',
        where: 'Results[0].Vulnerabilities[4]',
        count: 1,
        message: `Results[0].Vulnerabilities[4]: CVE-2099-0001 in ${vulnerabilities[2]!.PkgName} is marked not_affected; skipped`,
      },
    ];
    const target = image();
    const clean = readReportFixture('grype/dd-issue_9618.json') as Json;
    const earlier = await importReport(c.owner, c, { image: image(), format: 'grype', report: clean });

    // Posted together, so the third organization's import travels while the others' are in flight.
    const post = (tenant: TestTenant, body: Json) => t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body });
    const [inA, inB, later] = await Promise.all([
      post(a, { image: target, format: 'trivy', report: poisoned }),
      post(b, { image: target, format: 'trivy', report: JSON.stringify(poisoned) }),
      post(c, { image: image(), format: 'grype', report: clean }),
    ]);
    expect([inA.status, inB.status, later.status]).toEqual([202, 202, 202]);
    expect(inA.body.warnings).toEqual(expectedWarnings);
    expect(later.body.warnings).toEqual([]);
    await Promise.all([pipeline.current.scanSettled(a.id, inA.body.id), pipeline.current.scanSettled(b.id, inB.body.id), pipeline.current.scanSettled(c.id, later.body.id)]);

    for (const [tenant, scan] of [[a, inA], [b, inB]] as const) {
      expect(await scanOf(tenant, scan.body.id)).toMatchObject({ state: 'completed', new_findings: 4, observation_count: 4, warnings: expectedWarnings });
      const stored = await t.current.db.query<{ title: string | null; installed: string | null }>(
        "SELECT title, detail->>'installed_version' AS installed FROM findings WHERE org_id = $1 AND asset_id = $2",
        [tenant.id, scan.body.asset_id],
      );
      expect(stored.rows.map((row) => row.title)).toContain('openssl\uFFFD: information disclosure in fork()');
      expect(stored.rows.map((row) => row.installed)).toContain('1.1.1c\uFFFD-r0');
      const listed = await t.current.call('GET', `/api/v1/scans?asset_id=${scan.body.asset_id}`, { token: tenant.owner.token });
      expect(listed.body.items.map((item: Json) => item.warnings)).toEqual([expectedWarnings]);
    }
    expect((await findingsOf(a, inA.body.asset_id)).map((r) => r.fingerprint)).toEqual((await findingsOf(b, inB.body.asset_id)).map((r) => r.fingerprint));
    for (const scan of [earlier, later]) {
      expect(await scanOf(c, scan.body.id)).toMatchObject({ state: 'completed', new_findings: 35, warnings: [] });
    }

    // A re-import finds the same issues: the replaced text keys them the same way.
    const again = await importReport(a.owner, a, { image: target, format: 'trivy', report: poisoned });
    expect(await scanOf(a, again.body.id)).toMatchObject({ state: 'completed', new_findings: 0, reopened_findings: 0, resolved_findings: 0 });
    const parked = await t.current.db.query('SELECT 1 FROM outbox_events WHERE org_id = ANY($1::uuid[]) AND failed_at IS NOT NULL', [[a.id, b.id, c.id]]);
    expect(parked.rowCount).toBe(0);
    // The foreign scan stays as missing as a missing one.
    const foreign = await t.current.call('GET', `/api/v1/scans/${inA.body.id}`, { token: c.owner.token });
    const missing = await t.current.call('GET', `/api/v1/scans/${randomUUID()}`, { token: c.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });

  it('refuses a malformed report or an untrusted image with 400 and records nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const badReport = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image: image(), format: 'trivy', report: { SchemaVersion: 2, Results: 'nope' } } });
    expect(badReport.status).toBe(400);
    expect(badReport.body.error).toMatch(/^report refused: /);
    const badImage = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image: 'https://user:pw@10.0.0.1/x:1', format: 'trivy', report: {} } });
    expect(badImage.status).toBe(400);
    expect(badImage.body.error).toMatch(/image reference refused \(/);
    const scans = await t.current.db.query('SELECT 1 FROM scans WHERE org_id = $1', [tenant.id]);
    expect(scans.rowCount).toBe(0);
  });

  it('replays a completed import for the same idempotency key and refuses the key for another report', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = `import-${randomUUID()}`;
    const body = { image: image(), format: 'trivy', report: readReportFixture('trivy/alpine-310.json') };
    const first = await importReport(tenant.owner, tenant, body, { 'idempotency-key': key });
    const replay = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body, headers: { 'idempotency-key': key } });
    expect(replay.status).toBe(202);
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await t.current.call('POST', '/api/v1/scans/import', {
      token: tenant.owner.token,
      body: { ...body, report: readReportFixture('trivy/ubuntu-1804.json') },
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(409);
    expect((await t.current.db.query('SELECT 1 FROM scans WHERE org_id = $1', [tenant.id])).rowCount).toBe(1);
  });

  it('records a pipeline import by an API key as a machine: no person in any user column', async () => {
    const [tenant] = await t.current.twoTenants();
    const { id: keyId, key } = await t.current.apiKey(tenant.owner, ['scans:create', 'scans:read']);
    const response = await t.current.call('POST', '/api/v1/scans/import', { token: key, body: { image: image(), format: 'trivy', report: readReportFixture('trivy/alpine-310.json') } });
    expect(response.status).toBe(202);
    expect(response.body.requested_by).toEqual({ kind: 'api_key', id: keyId });
    const stored = await t.current.db.query('SELECT requested_by FROM scans WHERE org_id = $1 AND id = $2', [tenant.id, response.body.id]);
    expect(stored.rows[0]).toEqual({ requested_by: null });
  });
});
