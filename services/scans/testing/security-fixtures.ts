// Resources of the shared security suite (test/support/security-suite.ts): an imported scan.
import { importedFindings } from '../../../test/support/pipeline.js';
import type { ResourceFixture } from '../../../test/support/security-suite.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  getScan: async (t, tenant) => ({ params: { id: (await importedFindings(t, tenant)).scanId } }),
};
