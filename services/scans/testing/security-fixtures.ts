// Resources of the shared security suite (test/support/security-suite.ts): an imported scan, an asset with an inventory.
import { randomBytes } from 'node:crypto';
import { readSbomFixture } from '../../findings/testing/report-fixtures.js';
import { importedFindings } from '../../../test/support/pipeline.js';
import type { ResourceFixture } from '../../../test/support/security-suite.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  getScan: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).scanId } }),
  // An SBOM import keeps the asset's inventory in the request's own transaction: no pipeline needed.
  getAssetSbom: async (t, tenant) => {
    const image = `ghcr.io/fixture/sbom-${randomBytes(4).toString('hex')}:1`;
    const response = await t.call('POST', '/api/v1/scans/import', {
      token: tenant.owner.token,
      body: { image, format: 'cyclonedx', report: readSbomFixture('cyclonedx/dependency-track-valid-bom-1.6.json') },
    });
    if (response.status !== 202) throw new Error(`import answered ${response.status}: ${response.raw}`);
    return { params: { id: response.body.asset_id as string } };
  },
};
