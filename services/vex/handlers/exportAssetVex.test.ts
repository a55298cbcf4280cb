// GET /api/v1/assets/{id}/vex: the organization's current decisions as OpenVEX and
// CycloneDX VEX, on both database profiles, and the round trip: the export imported
// into another organization's asset with the same findings makes the same decisions.
import { describe, expect, it } from 'vitest';
import { freshImage, inAWeek, moveFinding } from '../../../test/support/findings.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { testProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { decisionsOf, findingId, importJackson, importLog4Shell, importNginx, recordsOf } from '../testing/vex-findings.js';
import { readVexFixture } from '../testing/vex-documents.js';

const exportVex = (t: TestApp, tenant: TestTenant, assetId: string, format?: string) =>
  t.call('GET', `/api/v1/assets/${assetId}/vex${format === undefined ? '' : `?format=${format}`}`, { token: tenant.owner.token });
const importVex = (t: TestApp, tenant: TestTenant, assetId: string, document: unknown) => t.call('POST', `/api/v1/assets/${assetId}/vex`, { token: tenant.owner.token, body: document });
const NGINX_PURL = 'pkg:oci/nginx@sha256:13d22ec63300e16014d4a42aed735207a8b33c223cff19627dd3042e5a10a3a0?repository_url=docker.io%2Flibrary%2Fnginx';

describe.each(testProfiles)('GET /api/v1/assets/{id}/vex ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  it("exports the imported statements and a person's triage as OpenVEX, not a person's suppression, and the export round-trips to the same decisions in another organization", async () => {
    const [a, b] = await t.current.twoTenants();
    const { assetId } = await importNginx(t.current, pipeline.current, a);
    const other = await importNginx(t.current, pipeline.current, b);
    expect((await importVex(t.current, a, assetId, readVexFixture('openvex/vexctl-sample-2vulns.openvex.json'))).status).toBe(200);
    const triaged = await findingId(t.current, a, assetId, 'CVE-2011-3374', 'libapt-pkg6.0');
    const accepted = await findingId(t.current, a, assetId, 'CVE-2011-3374', 'apt');
    await moveFinding(t.current, a, triaged, { status: 'triaged' });
    await moveFinding(t.current, a, accepted, { status: 'suppressed', reason: 'accepted risk until the next base image', expires_at: inAWeek() });

    const exported = await exportVex(t.current, a, assetId);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toBe('application/json; charset=utf-8');
    const document = exported.body;
    expect(document).toMatchObject({ '@context': 'https://openvex.dev/ns/v0.2.0', '@id': expect.stringMatching(/^https:\/\/openvex\.dev\/docs\/public\/vex-[0-9a-f]{64}$/), author: expect.any(String), version: 1 });
    const product = (component: string) => [{ '@id': NGINX_PURL, subcomponents: [{ '@id': component }] }];
    expect(document.statements).toEqual([
      { vulnerability: { name: 'CVE-2007-5686' }, timestamp: '2023-08-17T01:55:22.076Z', products: product('pkg:generic/login@1:4.13+dfsg1-1+b1'), status: 'fixed' },
      { vulnerability: { name: 'CVE-2007-5686' }, timestamp: '2023-08-17T01:55:22.076Z', products: product('pkg:generic/passwd@1:4.13+dfsg1-1+b1'), status: 'fixed' },
      { vulnerability: { name: 'CVE-2011-3374' }, timestamp: expect.any(String), products: product('pkg:generic/libapt-pkg6.0@2.6.1'), status: 'under_investigation' },
      { vulnerability: { name: 'CVE-2023-27103' }, timestamp: '2023-08-16T01:55:22.076Z', products: product('pkg:generic/libde265-0@1.0.11-1'), status: 'not_affected', justification: 'component_not_present' },
    ]);
    expect((await exportVex(t.current, a, assetId)).raw, 'the same decisions, the same document').toBe(exported.raw);

    const decided = (decisions: Awaited<ReturnType<typeof decisionsOf>>) => decisions.filter((decision) => decision.status !== 'open' && !decision.suppression_reason?.startsWith('accepted risk'));
    const recordsBefore = await recordsOf(t.current, a);
    const again = await importVex(t.current, a, assetId, document);
    expect(again.body.counts, 'the export re-imported changes nothing').toEqual({ applied: 0, recorded: 0, unchanged: 4, resolved: 0, conflict: 0, warnings: 0 });
    expect(await recordsOf(t.current, a)).toEqual(recordsBefore);

    const roundTrip = await importVex(t.current, b, other.assetId, document);
    expect(roundTrip.body.counts).toMatchObject({ applied: 2, recorded: 2, warnings: 0 });
    const mine = (await decisionsOf(t.current, a, assetId)).filter((decision) => decision.vex_status !== null || decision.status === 'triaged');
    const theirs = (await decisionsOf(t.current, b, other.assetId)).filter((decision) => decision.vex_status !== null || decision.status === 'triaged');
    expect(theirs).toEqual(mine.map((decision) => (decision.status === 'triaged' ? { ...decision, vex_status: 'under_investigation' } : decision)));
    expect(decided(await decisionsOf(t.current, b, other.assetId))).toHaveLength(2);
  });

  it('names a software asset as a generic purl of its name and version, and its export round-trips to the same name in another organization', async () => {
    const [a, b] = await t.current.twoTenants();
    const software = { software: { name: 'Product DEF', version: '1.0' } };
    const { assetId } = await importLog4Shell(t.current, pipeline.current, a, software);
    const other = await importLog4Shell(t.current, pipeline.current, b, software);
    expect((await importVex(t.current, a, assetId, readVexFixture('cyclonedx/cisa-case-1-vex-not_affected.json'))).status).toBe(200);

    const openVex = await exportVex(t.current, a, assetId);
    expect(openVex.status).toBe(200);
    expect(openVex.body.statements).toEqual([
      {
        vulnerability: { name: 'CVE-2021-44228' },
        timestamp: expect.any(String),
        products: [{ '@id': 'pkg:generic/Product%20DEF@1.0', subcomponents: [{ '@id': 'pkg:apk/alpine/libcrypto1.1@1.1.1c-r0' }] }],
        status: 'not_affected',
        justification: 'vulnerable_code_not_present',
        impact_statement: expect.any(String),
      },
    ]);
    const cycloneDx = await exportVex(t.current, a, assetId, 'cyclonedx');
    expect(cycloneDx.body.metadata.component).toMatchObject({ type: 'application', name: 'Product DEF', version: '1.0', purl: 'pkg:generic/Product%20DEF@1.0' });

    for (const document of [openVex.body, cycloneDx.body]) {
      const roundTrip = await importVex(t.current, b, other.assetId, document);
      expect(roundTrip.body.warnings).toEqual([]);
    }
    const decided = (decisions: Awaited<ReturnType<typeof decisionsOf>>) => decisions.map(({ identifier, component, status, suppression_reason }) => ({ identifier, component, status, suppression_reason }));
    expect(decided(await decisionsOf(t.current, b, other.assetId))).toEqual(decided(await decisionsOf(t.current, a, assetId)));
  });

  it('exports CycloneDX 1.6 through @cyclonedx/cyclonedx-library, and it round-trips; crossing formats maps the justification', async () => {
    const [a, b] = await t.current.twoTenants();
    // The same image in both organizations: the export names the asset's image as its product.
    const image = freshImage();
    const { assetId } = await importJackson(t.current, pipeline.current, a, image);
    const other = await importJackson(t.current, pipeline.current, b, image);
    expect((await importVex(t.current, a, assetId, readVexFixture('cyclonedx/vex.json'))).body.counts).toMatchObject({ applied: 1 });

    const exported = await exportVex(t.current, a, assetId, 'cyclonedx');
    expect(exported.headers['content-type']).toBe('application/vnd.cyclonedx+json; version=1.6; charset=utf-8');
    const jackson = 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.10.0';
    expect(exported.body).toMatchObject({
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      serialNumber: expect.stringMatching(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      version: 1,
      metadata: { component: { type: 'container', 'bom-ref': expect.stringMatching(/^pkg:oci\//) } },
      components: [{ type: 'library', name: 'com.fasterxml.jackson.core:jackson-databind', version: '2.10.0', 'bom-ref': jackson, purl: jackson }],
      vulnerabilities: [
        {
          id: 'CVE-2020-25649',
          analysis: {
            state: 'not_affected',
            justification: 'code_not_reachable',
            response: ['update', 'will_not_fix'],
            detail: 'Automated dataflow analysis and manual code review indicates that the vulnerable code is not reachable, either directly or indirectly.',
          },
          affects: [{ ref: jackson }],
        },
      ],
    });

    const roundTrip = await importVex(t.current, b, other.assetId, exported.body);
    expect(roundTrip.body.counts).toMatchObject({ applied: 1, warnings: 0 });
    const decidedOf = async (tenant: TestTenant, asset: string) => (await decisionsOf(t.current, tenant, asset)).filter((decision) => decision.vex_status !== null);
    expect(await decidedOf(b, other.assetId)).toEqual(await decidedOf(a, assetId));

    const asOpenVex = await exportVex(t.current, a, assetId, 'openvex');
    expect(asOpenVex.body.statements).toEqual([
      expect.objectContaining({ status: 'not_affected', justification: 'vulnerable_code_not_in_execute_path', impact_statement: expect.stringMatching(/^Automated dataflow analysis/) }),
    ]);
  });

  it('has nothing to say of an asset without decisions, and a person lifting a suppression takes its statement out', async () => {
    const [a] = await t.current.twoTenants();
    const { assetId } = await importNginx(t.current, pipeline.current, a);
    expect((await exportVex(t.current, a, assetId)).body.statements).toEqual([]);
    expect((await exportVex(t.current, a, assetId, 'cyclonedx')).body).not.toHaveProperty('vulnerabilities');

    await importVex(t.current, a, assetId, readVexFixture('openvex/vexctl-sample-2vulns.openvex.json'));
    await moveFinding(t.current, a, await findingId(t.current, a, assetId, 'CVE-2023-27103', 'libde265-0'), { status: 'open' });
    expect((await exportVex(t.current, a, assetId)).body.statements.map((statement: { status: string }) => statement.status)).toEqual(['fixed', 'fixed']);
  });
});
