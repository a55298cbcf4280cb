// Resources of the shared security suite (test/support/security-suite.ts): an invitation of the tenant.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  withdrawInvitation: async (t, tenant) => {
    const issued = await t.call('POST', '/api/v1/invitations', { token: tenant.owner.token, body: { email: `invited-${tenant.id}@example.test`, role: 'viewer' } });
    if (issued.status !== 201) throw new Error(`POST /invitations answered ${issued.status}: ${issued.raw}`);
    return { params: { id: issued.body.id } };
  },
};
