// Resources of the shared security suite (test/support/security-suite.ts): an
// imported scan to judge, and a recorded verdict.
import { importedFindings } from '../../../test/support/pipeline.js';
import type { ResourceFixture } from '../../../test/support/security-suite.js';
import { recordedVerdict } from './fixtures.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  requestScanVerdict: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).scanId } }),
  getVerdict: async (t, tenant) => ({ params: { id: (await recordedVerdict(t, tenant)).verdictId } }),
};
