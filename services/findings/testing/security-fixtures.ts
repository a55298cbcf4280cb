// Resources of the shared security suite (test/support/security-suite.ts): findings of an imported report.
import { importedFindings } from '../../../test/support/pipeline.js';
import type { ResourceFixture } from '../../../test/support/security-suite.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  getFinding: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).findingIds[0]! } }),
  listFindingEvents: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).findingIds[0]! } }),
  listAssetFindings: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).assetId } }),
  updateFinding: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).findingIds[0]! }, body: { status: 'triaged' } }),
};
