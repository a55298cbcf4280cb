// Resources of the shared security suite (test/support/security-suite.ts): an asset with findings of an imported report.
import { importedFindings } from '../../../test/support/pipeline.js';
import type { ResourceFixture } from '../../../test/support/security-suite.js';
import { readVexFixture } from './vex-documents.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  importAssetVex: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).assetId }, body: readVexFixture('openvex/vexctl-sample-2vulns.openvex.json') }),
  exportAssetVex: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).assetId } }),
};
