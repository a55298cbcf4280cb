// Resources of the shared security suite (test/support/security-suite.ts): a member of the tenant.
import type { ResourceFixture } from '../../../test/support/security-suite.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  updateMemberRole: async (t, tenant) => ({ params: { userId: (await t.member(tenant, 'analyst')).id }, body: { role: 'viewer' } }),
  removeMember: async (t, tenant) => ({ params: { userId: (await t.member(tenant, 'analyst')).id } }),
};
