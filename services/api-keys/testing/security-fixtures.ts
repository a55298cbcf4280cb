// Resources of the shared security suite (test/support/security-suite.ts): a key of the tenant.
import type { ResourceFixture } from '../../../test/support/security-suite.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  revokeApiKey: async (t, tenant) => ({ params: { id: (await t.apiKey(tenant.owner, ['findings:read'])).id } }),
};
