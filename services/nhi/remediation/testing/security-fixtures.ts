// Resources of the shared security suite (test/support/security-suite.ts): a pending remediation.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { pendingRemediation } from './api-fixtures.js';

const remediation: ResourceFixture = async (t, tenant) => ({ params: { remediationId: (await pendingRemediation(t, tenant)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getRemediation: remediation,
  approveRemediation: remediation,
  rejectRemediation: async (t, tenant) => ({ ...(await remediation(t, tenant)), body: { reason: 'not needed' } }),
  cancelRemediation: remediation,
  completeRemediation: async (t, tenant) => ({ ...(await remediation(t, tenant)), body: { note: 'done by hand' } }),
};
