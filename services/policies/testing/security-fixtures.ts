// Resources of the shared security suite (test/support/security-suite.ts): a
// policy of the tenant (a version number is not an id, so the missing request names version 1 too).
import type { ResourceFixture } from '../../../test/support/security-suite.js';
import { createdPolicy, criticalBlocks } from './fixtures.js';

const policy: ResourceFixture = async (t, tenant) => ({ params: { id: (await createdPolicy(t, tenant)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getPolicy: policy,
  updatePolicy: async (t, tenant) => ({ ...(await policy(t, tenant)), body: { enabled: true } }),
  listPolicyVersions: policy,
  createPolicyVersion: async (t, tenant) => ({ ...(await policy(t, tenant)), body: { rules: criticalBlocks } }),
  getPolicyVersion: async (t, tenant) => ({ params: { ...(await policy(t, tenant)).params, version: '1' }, missingParams: { version: '1' } }),
};
