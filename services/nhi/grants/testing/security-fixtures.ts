// Resources of the shared security suite (test/support/security-suite.ts): a grant an analyst asked for, pending.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { requested, grantRequests } from '../../governance/testing/requests.js';

const pending: ResourceFixture = async (t, tenant) => ({ params: { grantId: (await requested(t, tenant, await t.member(tenant, 'analyst'), grantRequests)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getNhiGrant: pending,
  approveNhiGrant: pending,
  rejectNhiGrant: pending,
  withdrawNhiGrant: pending,
  revokeNhiGrant: pending,
};
