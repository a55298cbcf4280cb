// POST /api/v1/vex: a VEX document applied to the organization's assets its image
// package URLs (or a named software asset's generic ones) name, on both database
// profiles, two organizations with the same image or software.
import { describe, expect, it } from 'vitest';
import { usePipeline } from '../../../test/support/pipeline.js';
import { testProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { decisionsOf, findingId, importLog4Shell, importNginx, recordsOf } from '../testing/vex-findings.js';
import { readVexFixture } from '../testing/vex-documents.js';

const importVex = (t: TestApp, tenant: TestTenant, document: unknown) => t.call('POST', '/api/v1/vex', { token: tenant.owner.token, body: document });

describe.each(testProfiles)('POST /api/v1/vex ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  it("applies a statement to every asset of the organization its product purl names, and to none of another organization's", async () => {
    const [a, b] = await t.current.twoTenants();
    const named = await importNginx(t.current, pipeline.current, a);
    const tagged = await importNginx(t.current, pipeline.current, a, 'nginx:1.25');
    const foreign = await importNginx(t.current, pipeline.current, b);
    const before = { tagged: await decisionsOf(t.current, a, tagged.assetId), foreign: await decisionsOf(t.current, b, foreign.assetId), records: await recordsOf(t.current, b) };

    const response = await importVex(t.current, a, readVexFixture('openvex/vexctl-sample-2vulns.openvex.json'));
    expect(response.status).toBe(200);
    expect(response.body.counts).toEqual({ applied: 1, recorded: 2, unchanged: 0, resolved: 0, conflict: 0, warnings: 0 });
    expect(new Set(response.body.results.map((result: { asset_id: string }) => result.asset_id))).toEqual(new Set([named.assetId]));
    expect((await decisionsOf(t.current, a, named.assetId)).filter((decision) => decision.status === 'suppressed')).toEqual([
      expect.objectContaining({ identifier: 'CVE-2023-27103', suppression_reason: 'component_not_present', suppressed_until: null }),
    ]);
    expect({ tagged: await decisionsOf(t.current, a, tagged.assetId), foreign: await decisionsOf(t.current, b, foreign.assetId), records: await recordsOf(t.current, b) }).toEqual(before);
  });

  it('warns about a product that is not an image package URL, and one that names no asset', async () => {
    const [a] = await t.current.twoTenants();
    await importNginx(t.current, pipeline.current, a, 'nginx:1.25');
    const before = await recordsOf(t.current, a);

    const unnamed = await importVex(t.current, a, readVexFixture('cyclonedx/cisa-case-1-vex-not_affected.json'));
    expect(unnamed.body).toMatchObject({ results: [], warnings: [{ statement: '/vulnerabilities/0', code: 'product_not_identified' }] });
    const noAsset = await importVex(t.current, a, readVexFixture('openvex/vexctl-sample-2vulns.openvex.json'));
    expect(noAsset.body.warnings.map((warning: { code: string }) => warning.code)).toEqual(['names_nothing_in_inventory', 'names_nothing_in_inventory']);
    expect(await recordsOf(t.current, a)).toEqual(before);
  });

  it("applies another organization's export for a named software asset to its own asset of that name and version, and to no other", async () => {
    const [a, b] = await t.current.twoTenants();
    const software = (version: string) => ({ software: { name: 'Product DEF', version } });
    const theirs = await importLog4Shell(t.current, pipeline.current, a, software('1.0'));
    const mine = await importLog4Shell(t.current, pipeline.current, b, software('1.0'));
    const otherVersion = await importLog4Shell(t.current, pipeline.current, b, software('2.0'));
    // Organization A decides through CycloneDX's CISA use case and exports it: the product is pkg:generic/Product%20DEF@1.0.
    const decided = await t.current.call('POST', `/api/v1/assets/${theirs.assetId}/vex`, { token: a.owner.token, body: readVexFixture('cyclonedx/cisa-case-1-vex-not_affected.json') });
    expect(decided.body.counts).toMatchObject({ applied: 1 });
    const exported = await t.current.call('GET', `/api/v1/assets/${theirs.assetId}/vex`, { token: a.owner.token });
    expect(JSON.stringify(exported.body)).toContain('pkg:generic/Product%20DEF@1.0');
    const before = { a: await recordsOf(t.current, a), otherVersion: await decisionsOf(t.current, b, otherVersion.assetId) };

    const response = await importVex(t.current, b, exported.body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ warnings: [], results: [expect.objectContaining({ finding_id: await findingId(t.current, b, mine.assetId, 'CVE-2021-44228', 'libcrypto1.1'), asset_id: mine.assetId, status: 'suppressed' })] });
    expect((await decisionsOf(t.current, b, mine.assetId)).filter((decision) => decision.status === 'suppressed')).toEqual([
      // The export speaks OpenVEX: CycloneDX's code_not_present is its vulnerable_code_not_present.
      expect.objectContaining({ identifier: 'CVE-2021-44228', suppression_reason: 'vulnerable_code_not_present', suppressed_until: null }),
    ]);
    expect({ a: await recordsOf(t.current, a), otherVersion: await decisionsOf(t.current, b, otherVersion.assetId) }).toEqual(before);

    // A generic product naming no software asset of the organization names nothing.
    const [, c] = await t.current.twoTenants();
    const nowhere = await importVex(t.current, c, exported.body);
    expect(nowhere.body).toMatchObject({ results: [], warnings: [{ code: 'names_nothing_in_inventory', message: expect.stringContaining('no named software asset of that name and version') }] });
  });
});
