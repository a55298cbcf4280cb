// Resources of the shared security suite (test/support/security-suite.ts): a claimed domain of the tenant.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { claim } from './domains.js';

const claimed: ResourceFixture = async (t, tenant) => ({ params: { id: (await claim(t, tenant)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getIdentityDomain: claimed,
  releaseIdentityDomain: claimed,
  verifyIdentityDomain: claimed,
  reissueIdentityDomainToken: claimed,
};
