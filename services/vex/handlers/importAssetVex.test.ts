// POST /api/v1/assets/{id}/vex with the OpenVEX and CycloneDX projects' own example
// documents (test/fixtures/vex) on findings of real reports imported through the
// pipeline, on both database profiles, two organizations in every fixture.
import { describe, expect, it } from 'vitest';
import { importReport, moveFinding, suppression } from '../../../test/support/findings.js';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { testProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { decisionsOf, findingId, importJackson, importLog4Shell, importNginx, NGINX_IMAGE, recordsOf, type Decision } from '../testing/vex-findings.js';
import { readVexFixture } from '../testing/vex-documents.js';

const importVex = (t: TestApp, token: string, assetId: string, document: unknown) => t.call('POST', `/api/v1/assets/${assetId}/vex`, { token, body: document });

const sample = () => readVexFixture('openvex/vexctl-sample-2vulns.openvex.json');
const sampleSource = (vexStatus: string) => ({
  kind: 'vex',
  format: 'openvex',
  document_id: 'https://openvex.dev/docs/public/vex-cbce60e4c921512c381e3234db5f9bd19704658a1b670e196d42a96f3dd80cd3',
  author: 'The OpenVEX Project',
  timestamp: '2023-08-17T01:55:22.076Z',
  vex_status: vexStatus,
});

/** The decisions with the ones named changed: everything else must be as it was. */
const withChanges = (before: Decision[], changes: Record<string, Partial<Decision>>): Decision[] =>
  before.map((decision) => ({ ...decision, ...changes[`${decision.identifier} ${decision.component}`] }));

const newestEvent = async (t: TestApp, tenant: TestTenant, id: string) => (await t.call('GET', `/api/v1/findings/${id}/events?limit=1`, { token: tenant.owner.token })).body.items[0];

describe.each(testProfiles)('POST /api/v1/assets/{id}/vex ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  it('suppresses exactly the findings a not_affected names, with its justification as the reason and no expiry, the document as the source; fixed is recorded; the other organization is untouched', async () => {
    const [a, b] = await t.current.twoTenants();
    const { assetId } = await importNginx(t.current, pipeline.current, a);
    const other = await importNginx(t.current, pipeline.current, b);
    const before = await decisionsOf(t.current, a, assetId);
    const otherBefore = { decisions: await decisionsOf(t.current, b, other.assetId), records: await recordsOf(t.current, b) };
    expect(before.length).toBeGreaterThan(90);

    const response = await importVex(t.current, a.owner.token, assetId, sample());
    expect(response.status).toBe(200);
    const libde265 = await findingId(t.current, a, assetId, 'CVE-2023-27103', 'libde265-0');
    const login = await findingId(t.current, a, assetId, 'CVE-2007-5686', 'login');
    const passwd = await findingId(t.current, a, assetId, 'CVE-2007-5686', 'passwd');
    expect(response.body).toEqual({
      format: 'openvex',
      document: { id: sampleSource('').document_id, author: 'The OpenVEX Project', timestamp: '2023-08-17T01:55:22.076Z' },
      statements: 2,
      counts: { applied: 1, recorded: 2, unchanged: 0, resolved: 0, conflict: 0, warnings: 0 },
      results: expect.arrayContaining([
        { finding_id: libde265, asset_id: assetId, vulnerability: 'CVE-2023-27103', vex_status: 'not_affected', outcome: 'applied', status: 'suppressed' },
        { finding_id: login, asset_id: assetId, vulnerability: 'CVE-2007-5686', vex_status: 'fixed', outcome: 'recorded', status: 'open' },
        { finding_id: passwd, asset_id: assetId, vulnerability: 'CVE-2007-5686', vex_status: 'fixed', outcome: 'recorded', status: 'open' },
      ]),
      warnings: [],
    });
    expect(response.body.results).toHaveLength(3);

    expect(await decisionsOf(t.current, a, assetId)).toEqual(
      withChanges(before, {
        'CVE-2023-27103 libde265-0@1.0.11-1': { status: 'suppressed', suppression_reason: 'component_not_present', suppressed_until: null, vex_status: 'not_affected' },
        'CVE-2007-5686 login@1:4.13+dfsg1-1+b1': { vex_status: 'fixed' },
        'CVE-2007-5686 passwd@1:4.13+dfsg1-1+b1': { vex_status: 'fixed' },
      }),
    );
    const finding = await t.current.call('GET', `/api/v1/findings/${libde265}`, { token: a.owner.token });
    expect(finding.body.suppression).toEqual({ reason: 'component_not_present', expires_at: null });
    expect(await newestEvent(t.current, a, libde265)).toMatchObject({
      type: 'status_changed',
      from_status: 'open',
      to_status: 'suppressed',
      reason: 'component_not_present',
      suppressed_until: null,
      suppressed_by: a.owner.id,
      actor: { kind: 'user', id: a.owner.id, source: sampleSource('not_affected') },
    });
    expect(await newestEvent(t.current, a, login)).toMatchObject({ type: 'vex_statement', from_status: 'open', to_status: 'open', reason: 'fixed', actor: { kind: 'user', id: a.owner.id, source: sampleSource('fixed') } });

    expect({ decisions: await decisionsOf(t.current, b, other.assetId), records: await recordsOf(t.current, b) }).toEqual(otherBefore);
  });

  it('changes nothing when the same document comes again: no timeline entry, no domain event', async () => {
    const [a] = await t.current.twoTenants();
    const { assetId } = await importNginx(t.current, pipeline.current, a);
    expect((await importVex(t.current, a.owner.token, assetId, sample())).status).toBe(200);
    const after = { decisions: await decisionsOf(t.current, a, assetId), records: await recordsOf(t.current, a) };

    const again = await importVex(t.current, a.owner.token, assetId, sample());
    expect(again.body.counts).toEqual({ applied: 0, recorded: 0, unchanged: 3, resolved: 0, conflict: 0, warnings: 0 });
    expect({ decisions: await decisionsOf(t.current, a, assetId), records: await recordsOf(t.current, a) }).toEqual(after);
  });

  it("warns about statements naming another image or nothing in the asset's inventory, and changes nothing", async () => {
    const [a] = await t.current.twoTenants();
    const { assetId } = await importNginx(t.current, pipeline.current, a, 'nginx:1.25');
    const before = { decisions: await decisionsOf(t.current, a, assetId), records: await recordsOf(t.current, a) };

    const otherImage = await importVex(t.current, a.owner.token, assetId, sample());
    expect(otherImage.body.counts).toMatchObject({ applied: 0, recorded: 0, warnings: 2 });
    expect(otherImage.body.warnings).toEqual([
      { statement: '/statements/0', code: 'product_not_this_asset', message: expect.stringContaining('pkg:oci/nginx@sha256%3A13d22ec63300e16014d4a42aed735207a8b33c223cff19627dd3042e5a10a3a0') },
      { statement: '/statements/1', code: 'product_not_this_asset', message: expect.any(String) },
    ]);
    // CISA's use case names Log4Shell, which this nginx does not have.
    const nothing = await importVex(t.current, a.owner.token, assetId, readVexFixture('cyclonedx/cisa-case-1-vex-not_affected.json'));
    expect(nothing.body).toMatchObject({ format: 'cyclonedx', results: [], warnings: [{ statement: '/vulnerabilities/0', code: 'names_nothing_in_inventory', message: expect.stringContaining('CVE-2021-44228') }] });
    // CycloneDX's example names jackson-databind, a package this asset's inventory does not hold: the warning says so.
    const jackson = await importVex(t.current, a.owner.token, assetId, readVexFixture('cyclonedx/vex.json'));
    expect(jackson.body.warnings).toEqual([
      {
        statement: '/vulnerabilities/0',
        code: 'names_nothing_in_inventory',
        message: expect.stringMatching(/^CVE-2020-25649 in .*jackson-databind.*: the package is not in the inventory of this asset \(its latest built-in scan or SBOM import\), and no finding matches$/),
      },
    ]);
    expect({ decisions: await decisionsOf(t.current, a, assetId), records: await recordsOf(t.current, a) }).toEqual(before);
  });

  it('applies a VEX document to a named software asset as to an image, warns of an image product, and leaves the same name in another organization alone', async () => {
    const [a, b] = await t.current.twoTenants();
    const software = { software: { name: 'Product DEF', version: '1.0' } };
    const { assetId } = await importLog4Shell(t.current, pipeline.current, a, software);
    const theirs = await importLog4Shell(t.current, pipeline.current, b, software);
    const theirsBefore = await decisionsOf(t.current, b, theirs.assetId);
    const log4shell = await findingId(t.current, a, assetId, 'CVE-2021-44228', 'libcrypto1.1');

    // vexctl's sample speaks of the nginx image: not this asset.
    const image = await importVex(t.current, a.owner.token, assetId, sample());
    expect(image.status).toBe(200);
    expect(image.body.warnings.map((warning: { code: string }) => warning.code)).toEqual(['product_not_this_asset', 'product_not_this_asset']);
    const applied = await importVex(t.current, a.owner.token, assetId, readVexFixture('cyclonedx/cisa-case-1-vex-not_affected.json'));
    expect(applied.status).toBe(200);
    expect(applied.body.results).toEqual([expect.objectContaining({ finding_id: log4shell, asset_id: assetId, outcome: 'applied', status: 'suppressed' })]);
    expect(await newestEvent(t.current, a, log4shell)).toMatchObject({ to_status: 'suppressed', reason: 'code_not_present', suppressed_until: null });
    expect(await decisionsOf(t.current, b, theirs.assetId)).toEqual(theirsBefore);
    // The other organization's id for the same name is not found here.
    const foreign = await importVex(t.current, a.owner.token, theirs.assetId, sample());
    expect(foreign.status).toBe(404);
  });

  it("follows CycloneDX's CISA use case through its four states: not_affected suppresses, affected lifts that suppression, in_triage triages, resolved is recorded", async () => {
    const [a] = await t.current.twoTenants();
    const { assetId } = await importLog4Shell(t.current, pipeline.current, a);
    const log4shell = await findingId(t.current, a, assetId, 'CVE-2021-44228', 'libcrypto1.1');
    const untouched = (await decisionsOf(t.current, a, assetId)).filter((decision) => decision.identifier !== 'CVE-2021-44228');
    const step = async (state: string, expected: { outcome: string; status: string }, event: Record<string, unknown>) => {
      const response = await importVex(t.current, a.owner.token, assetId, readVexFixture(`cyclonedx/cisa-case-1-vex-${state}.json`));
      expect(response.status).toBe(200);
      expect(response.body.results).toEqual([expect.objectContaining({ finding_id: log4shell, ...expected })]);
      expect(response.body.document).toEqual({ id: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), author: null, timestamp: '2022-03-03T00:00:00.000Z' });
      expect(await newestEvent(t.current, a, log4shell)).toMatchObject({ ...event, actor: { kind: 'user', id: a.owner.id, source: expect.objectContaining({ format: 'cyclonedx' }) } });
    };

    await step('not_affected', { outcome: 'applied', status: 'suppressed' }, { to_status: 'suppressed', reason: 'code_not_present', suppressed_until: null });
    await step('affected', { outcome: 'applied', status: 'open' }, { from_status: 'suppressed', to_status: 'open', reason: expect.stringMatching(/^exploitable: This version of Product DEF is affected/) });
    await step('under_investigation', { outcome: 'applied', status: 'triaged' }, { from_status: 'open', to_status: 'triaged', reason: expect.stringMatching(/^in_triage: /) });
    await step('fixed', { outcome: 'recorded', status: 'triaged' }, { type: 'vex_statement', from_status: 'triaged', to_status: 'triaged', reason: 'resolved: This version of Product DEF has been fixed.' });
    expect((await decisionsOf(t.current, a, assetId)).filter((decision) => decision.identifier !== 'CVE-2021-44228')).toEqual(untouched);
  });

  it("suppresses only the component and version a CycloneDX affects names (VEX/vex.json's BOM-Link to jackson-databind 2.10.0)", async () => {
    const [a, b] = await t.current.twoTenants();
    const { assetId } = await importJackson(t.current, pipeline.current, a);
    const other = await importJackson(t.current, pipeline.current, b);
    const before = await decisionsOf(t.current, a, assetId);
    const otherBefore = await decisionsOf(t.current, b, other.assetId);

    const response = await importVex(t.current, a.owner.token, assetId, readVexFixture('cyclonedx/vex.json'));
    expect(response.body.counts).toMatchObject({ applied: 1, warnings: 0 });
    expect(await decisionsOf(t.current, a, assetId)).toEqual(
      withChanges(before, {
        'CVE-2020-25649 com.fasterxml.jackson.core:jackson-databind@2.10.0': {
          status: 'suppressed',
          suppression_reason: 'code_not_reachable',
          suppressed_until: null,
          vex_status: 'not_affected',
        },
      }),
    );
    expect(await decisionsOf(t.current, b, other.assetId)).toEqual(otherBefore);
  });

  it('needs findings:suppress besides findings:write to suppress, checked before anything changes; a machine suppresses with suppressed_by null', async () => {
    const [a] = await t.current.twoTenants();
    const { assetId } = await importNginx(t.current, pipeline.current, a);
    const before = { decisions: await decisionsOf(t.current, a, assetId), records: await recordsOf(t.current, a) };
    const triageOnly = await t.current.apiKey(a.owner, ['findings:write']);

    const refused = await importVex(t.current, triageOnly.key, assetId, sample());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', required_scope: 'findings:suppress', principal: 'api_key' });
    expect({ decisions: await decisionsOf(t.current, a, assetId), records: await recordsOf(t.current, a) }).toEqual(before);

    // fixed alone suppresses nothing: findings:write is enough.
    const fixedOnly = sample();
    fixedOnly.statements = [fixedOnly.statements[1]];
    expect((await importVex(t.current, triageOnly.key, assetId, fixedOnly)).body.counts).toMatchObject({ recorded: 2 });

    const both = await t.current.apiKey(a.owner, ['findings:write', 'findings:suppress', 'findings:read']);
    expect((await importVex(t.current, both.key, assetId, sample())).body.counts).toMatchObject({ applied: 1, unchanged: 2 });
    const libde265 = await findingId(t.current, a, assetId, 'CVE-2023-27103', 'libde265-0');
    expect(await newestEvent(t.current, a, libde265)).toMatchObject({ to_status: 'suppressed', suppressed_by: null, actor: { kind: 'api_key', id: both.id, source: sampleSource('not_affected') } });
  });

  it("re-suppresses with the document's reason when a person's suppression has another, and a resolved finding is left alone", async () => {
    const [a] = await t.current.twoTenants();
    const { assetId } = await importNginx(t.current, pipeline.current, a);
    const libde265 = await findingId(t.current, a, assetId, 'CVE-2023-27103', 'libde265-0');
    await moveFinding(t.current, a, libde265, suppression('accepted until the next release'));

    const response = await importVex(t.current, a.owner.token, assetId, sample());
    expect(response.body.results).toContainEqual(expect.objectContaining({ finding_id: libde265, outcome: 'applied', status: 'suppressed' }));
    const events = (await t.current.call('GET', `/api/v1/findings/${libde265}/events?limit=2`, { token: a.owner.token })).body.items;
    expect(events.map((event: { from_status: string; to_status: string; suppressed_until: string | null }) => [event.from_status, event.to_status, event.suppressed_until])).toEqual([
      ['open', 'suppressed', null],
      ['suppressed', 'open', null],
    ]);

    // A later scan without CVE-2007-5686 resolves it; the document's fixed then leaves those findings as they are.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a SARIF report is changed field by field
    const report = structuredClone(readReportFixture('sarif/vexctl-nginx-trivy.sarif')) as any;
    report.runs[0].results = report.runs[0].results.filter((result: { ruleId: string }) => result.ruleId !== 'CVE-2007-5686');
    await importReport(t.current, pipeline.current, a, report, NGINX_IMAGE, 'sarif');
    const login = await findingId(t.current, a, assetId, 'CVE-2007-5686', 'login');
    const eventsBefore = (await recordsOf(t.current, a)).events;
    const fixedAgain = sample();
    fixedAgain.statements = [{ ...fixedAgain.statements[1], status_notes: 'shadow 4.14 carries the fix' }];
    const resolved = await importVex(t.current, a.owner.token, assetId, fixedAgain);
    expect(resolved.body.results).toContainEqual({ finding_id: login, asset_id: assetId, vulnerability: 'CVE-2007-5686', vex_status: 'fixed', outcome: 'resolved', status: 'resolved' });
    expect((await recordsOf(t.current, a)).events).toEqual(eventsBefore);
  });

  it('refuses a document that is not VEX, or breaks its format, with one 400 naming the place', async () => {
    const [a] = await t.current.twoTenants();
    const { assetId } = await importNginx(t.current, pipeline.current, a);
    const wrongStatus = sample();
    wrongStatus.statements[0].status = 'exploitable';
    const cases: Array<[unknown, RegExp]> = [
      [{ bomFormat: 'SPDX' }, /^not a VEX document/],
      [wrongStatus, /^not a valid OpenVEX document: \/statements\/0\/status /],
      [{ ...readVexFixture('cyclonedx/vex.json'), vulnerabilities: [{ id: 'CVE-2020-25649', analysis: { state: 'not_affected', justification: 'because' } }] }, /^not a valid CycloneDX VEX document: \/vulnerabilities\/0\/analysis\/justification /],
      [{ ...sample(), statements: Array.from({ length: 5_001 }, () => sample().statements[0]) }, /^not a valid OpenVEX document: \/statements /],
    ];
    for (const [document, message] of cases) {
      const response = await importVex(t.current, a.owner.token, assetId, document);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(message) });
    }
  });
});
