// Resources of the shared security suite (test/support/security-suite.ts): a exception an analyst asked for, pending.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { requested, exceptionRequests } from '../../governance/testing/requests.js';

const pending: ResourceFixture = async (t, tenant) => ({ params: { exceptionId: (await requested(t, tenant, await t.member(tenant, 'analyst'), exceptionRequests)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getNhiPolicyException: pending,
  approveNhiPolicyException: pending,
  rejectNhiPolicyException: pending,
  withdrawNhiPolicyException: pending,
  revokeNhiPolicyException: pending,
};
