// The shared security suite (test/support/security-suite.ts) over the operations of
// accounts, organizations, members, API keys and the identity trail.
import { describeSecuritySuite } from '../../test/support/security-suite.js';

const ownTags = ['auth', 'me', 'organizations', 'members', 'api-keys', 'identity'];

describeSecuritySuite({
  title: 'accounts',
  includes: (operation) => operation.tags.some((tag) => ownTags.includes(tag)),
  fixtures: {
    updateMemberRole: async (t, tenant) => ({ params: { userId: (await t.member(tenant, 'analyst')).id }, body: { role: 'viewer' } }),
    removeMember: async (t, tenant) => ({ params: { userId: (await t.member(tenant, 'analyst')).id } }),
    revokeApiKey: async (t, tenant) => ({ params: { id: (await t.apiKey(tenant.owner, ['findings:read'])).id } }),
  },
});
