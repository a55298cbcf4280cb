// Resources of the shared security suite (test/support/security-suite.ts): a delegation of reviewing from the owner to an analyst.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { delegate } from './delegations.js';

const delegation: ResourceFixture = async (t, tenant) => ({ params: { delegationId: (await delegate(t, tenant.owner, await t.member(tenant, 'analyst'), ['reviewing'])).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getNhiDelegation: delegation,
  revokeNhiDelegation: delegation,
};
