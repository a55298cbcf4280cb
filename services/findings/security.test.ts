// The shared security suite (test/support/security-suite.ts) over the finding operations.
import { describeSecuritySuite } from '../../test/support/security-suite.js';
import { importedFindings } from '../../test/support/pipeline.js';

describeSecuritySuite({
  title: 'findings',
  includes: (operation) => operation.tags.includes('findings'),
  fixtures: {
    getFinding: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).findingIds[0]! } }),
    listFindingEvents: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).findingIds[0]! } }),
    listAssetFindings: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).assetId } }),
    updateFinding: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).findingIds[0]! }, body: { status: 'triaged' } }),
  },
});
