// Resources of the shared security suite (test/support/security-suite.ts): a workload of the tenant.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { delegateTestWorkload } from './workloads.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  revokeWorkload: async (t, tenant) => ({ params: { id: (await delegateTestWorkload(t, tenant.owner, ['findings:read'])).id } }),
};
