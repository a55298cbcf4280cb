// The shared security suite (test/support/security-suite.ts) over the policy
// operations: 401 without a credential, 403 without the permission (authoring is
// session-only), and for every {id} route another tenant's policy answered
// exactly like a missing one, changing nothing.
import { describeSecuritySuite, type ResourceFixture } from '../../test/support/security-suite.js';
import { createdPolicy, criticalBlocks } from './testing/fixtures.js';

const policy: ResourceFixture = async (t, tenant) => ({ params: { id: (await createdPolicy(t, tenant)).id } });

describeSecuritySuite({
  title: 'policies',
  includes: (operation) => operation.tags.includes('policies'),
  fixtures: {
    getPolicy: policy,
    updatePolicy: async (t, tenant) => ({ ...(await policy(t, tenant)), body: { enabled: true } }),
    listPolicyVersions: policy,
    createPolicyVersion: async (t, tenant) => ({ ...(await policy(t, tenant)), body: { rules: criticalBlocks } }),
    getPolicyVersion: async (t, tenant) => ({ params: { ...(await policy(t, tenant)).params, version: '1' }, missingParams: { version: '1' } }),
  },
});
