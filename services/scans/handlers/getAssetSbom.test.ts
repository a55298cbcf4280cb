// GET /api/v1/assets/{id}/sbom: the format chosen by parameter or Accept, both documents
// valid against their formats' own schemas (CycloneDX 1.6 by @cyclonedx/cyclonedx-library's
// strict validator, SPDX 2.3 by the schema spdx/spdx-spec publishes), 409 before any
// inventory, and another organization's asset the same 404 as a missing one.
import { randomUUID } from 'node:crypto';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { readReportFixture, readSbomFixture } from '../../findings/testing/report-fixtures.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { exportFormatOf } from '../sbom/sbom-export.js';

const spdxSchema = JSON.parse(readSbomFixture('spdx/spdx-schema-2.3.json')) as object;

describe('exportFormatOf', () => {
  it('takes the parameter, else the first SBOM media type Accept names, else CycloneDX', () => {
    expect(exportFormatOf('spdx', 'application/vnd.cyclonedx+json')).toBe('spdx');
    expect(exportFormatOf(undefined, 'text/html, application/spdx+json;q=0.9, application/vnd.cyclonedx+json')).toBe('spdx');
    expect(exportFormatOf(undefined, 'application/vnd.cyclonedx+json; version=1.6, application/spdx+json')).toBe('cyclonedx');
    expect(exportFormatOf(undefined, '*/*')).toBe('cyclonedx');
    expect(exportFormatOf(undefined, undefined)).toBe('cyclonedx');
  });
});

describe.each(handlerTestProfiles)('GET /api/v1/assets/{id}/sbom ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });

  async function importedAsset(tenant: TestTenant, fixture: string, format: 'cyclonedx' | 'spdx'): Promise<string> {
    const response = await t.current.call('POST', '/api/v1/scans/import', {
      token: tenant.owner.token,
      body: { image: `ghcr.io/acme/sbom-${randomUUID().slice(0, 8)}:1`, format, report: readSbomFixture(fixture) },
    });
    expect(response.status, response.raw).toBe(202);
    return response.body.asset_id as string;
  }
  const sbom = (tenant: TestTenant, assetId: string, query = '', headers: Record<string, string> = {}) =>
    t.current.call('GET', `/api/v1/assets/${assetId}/sbom${query}`, { token: tenant.owner.token, headers });

  it('answers CycloneDX 1.6 by default and SPDX 2.3 when asked, each valid against its schema', async () => {
    const [tenant] = await t.current.twoTenants();
    const assetId = await importedAsset(tenant, 'cyclonedx/trivy-happy-bom.json', 'cyclonedx');

    const cyclonedx = await sbom(tenant, assetId);
    expect(cyclonedx.status).toBe(200);
    expect(cyclonedx.headers['content-type']).toBe('application/vnd.cyclonedx+json; version=1.6; charset=utf-8');
    expect(await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(cyclonedx.raw)).toBeNull();
    expect(cyclonedx.body).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6', metadata: { component: { type: 'container', name: expect.stringMatching(/^ghcr\.io\/acme\/sbom-/) } } });
    const musl = cyclonedx.body.components.find((c: { name: string }) => c.name === 'musl');
    expect(musl).toMatchObject({ type: 'library', version: '1.2.3-r0', purl: 'pkg:apk/alpine/musl@1.2.3-r0?distro=3.16.0', licenses: [{ license: { id: 'MIT' } }] });
    expect(musl.properties).toEqual([{ name: 'sentinel:found_by', value: 'cyclonedx' }]);
    const child = cyclonedx.body.components.find((c: { name: string }) => c.name === 'org.codehaus.mojo:child-project');
    expect(child.properties).toContainEqual({ name: 'sentinel:install_path', value: 'app/maven/target/child-project-1.0.jar' });

    const validSpdx = new Ajv2019({ strict: false, allErrors: true });
    addFormats.default(validSpdx);
    const validate = validSpdx.compile(spdxSchema);
    for (const [query, headers] of [['?format=spdx', {}], ['', { accept: 'application/spdx+json' }], ['?format=spdx', { accept: 'application/vnd.cyclonedx+json' }]] as const) {
      const spdx = await sbom(tenant, assetId, query, headers);
      expect(spdx.headers['content-type']).toBe('application/spdx+json; charset=utf-8');
      expect(validate(spdx.body), JSON.stringify(validate.errors)).toBe(true);
      expect(spdx.body).toMatchObject({ spdxVersion: 'SPDX-2.3', dataLicense: 'CC0-1.0', SPDXID: 'SPDXRef-DOCUMENT' });
    }
  });

  it("exports licences named in words as declared LicenseRefs, and the specification's example round trips", async () => {
    const [tenant] = await t.current.twoTenants();
    const assetId = await importedAsset(tenant, 'cyclonedx/dependency-track-valid-bom-1.5.xml', 'cyclonedx');
    const spdx = await sbom(tenant, assetId, '?format=spdx');
    const framework = spdx.body.packages.find((p: { name: string }) => p.name === 'com.example:myframework');
    expect(framework.licenseDeclared).toBe('LicenseRef-Some-random-license');
    expect(spdx.body.hasExtractedLicensingInfos).toEqual([{ licenseId: 'LicenseRef-Some-random-license', name: 'Some random license', extractedText: 'Some random license' }]);
    const library = spdx.body.packages.find((p: { name: string }) => p.name === 'com.example:myapplication');
    expect(library).toMatchObject({ licenseDeclared: 'EPL-2.0 OR GPL-2.0-with-classpath-exception', externalRefs: expect.arrayContaining([{ referenceCategory: 'SECURITY', referenceType: 'cpe22Type', referenceLocator: 'cpe:/a:example:myapplication:1.0.0' }]) });

    const again = await importedAsset(tenant, 'spdx/SPDXJSONExample-v2.3.spdx.json', 'spdx');
    const exported = await sbom(tenant, again, '?format=spdx');
    const reimported = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image: `ghcr.io/acme/round-${randomUUID().slice(0, 8)}:1`, format: 'spdx', report: exported.body } });
    const roundTrip = await sbom(tenant, reimported.body.asset_id, '?format=spdx');
    const packagesOf = (document: { packages: { name: string; versionInfo?: string; licenseDeclared?: string; externalRefs?: unknown }[] }) =>
      document.packages.map((p) => [p.name, p.versionInfo ?? null, p.licenseDeclared ?? null, p.externalRefs ?? null]).slice(1);
    expect(packagesOf(roundTrip.body)).toEqual(packagesOf(exported.body));
    expect(packagesOf(exported.body).map(([name]) => name)).toEqual(['Apache Commons Lang', 'org.apache.jena:apache-jena', 'Saxon']);
  });

  it('answers 409 before the asset has an inventory, and 404 for a missing asset or another organization’s', async () => {
    const [first, second] = await t.current.twoTenants();
    // A Trivy report import keeps no component inventory.
    const report = await t.current.call('POST', '/api/v1/scans/import', {
      token: first.owner.token,
      body: { image: `ghcr.io/acme/trivy-${randomUUID().slice(0, 8)}:1`, format: 'trivy', report: readReportFixture('trivy/alpine-310.json') },
    });
    const none = await sbom(first, report.body.asset_id);
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('the asset has no inventory yet: it is kept from its latest successful built-in scan or SBOM import');

    const assetId = await importedAsset(first, 'cyclonedx/dependency-track-valid-bom-1.6.json', 'cyclonedx');
    const foreign = await sbom(second, assetId);
    const missing = await sbom(second, randomUUID());
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.raw).toBe(missing.raw);
  });
});
