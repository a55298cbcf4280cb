// The shared security suite (test/support/security-suite.ts) over the verdict
// operations: 401 without a credential, 403 without the permission, and another
// tenant's scan or verdict answered exactly like a missing one, changing nothing.
import { importedFindings } from '../../test/support/pipeline.js';
import { describeSecuritySuite } from '../../test/support/security-suite.js';
import { recordedVerdict } from './testing/fixtures.js';

describeSecuritySuite({
  title: 'verdicts',
  includes: (operation) => operation.tags.includes('verdicts'),
  fixtures: {
    requestScanVerdict: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).scanId } }),
    getVerdict: async (t, tenant) => ({ params: { id: (await recordedVerdict(t, tenant)).verdictId } }),
  },
});
