// Resources of the shared security suite (test/support/security-suite.ts): a member of the tenant, the tenant itself.
import type { ResourceFixture } from '../../../test/support/security-suite.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  updateMemberRole: async (t, tenant) => ({ params: { userId: (await t.member(tenant, 'analyst')).id }, body: { role: 'viewer' } }),
  removeMember: async (t, tenant) => ({ params: { userId: (await t.member(tenant, 'analyst')).id } }),
  // The caller leaves the organization the path names; the suite's owner is its only owner (409), a stranger is not a member (404).
  leaveOrganization: async (_t, tenant) => ({ params: { orgId: tenant.id } }),
};
