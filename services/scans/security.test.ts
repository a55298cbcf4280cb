// The shared security suite (test/support/security-suite.ts) over the scan operations.
import { describeSecuritySuite } from '../../test/support/security-suite.js';
import { importedFindings } from '../../test/support/pipeline.js';

describeSecuritySuite({
  title: 'scans',
  includes: (operation) => operation.tags.includes('scans'),
  fixtures: {
    getScan: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).scanId } }),
  },
});
