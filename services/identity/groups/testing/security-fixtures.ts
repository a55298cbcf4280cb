// Resources of the shared security suite (test/support/security-suite.ts): a directory group of the tenant.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { scimGroup } from './groups.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  getDirectoryGroup: async (t, tenant) => ({ params: { id: await scimGroup(t, tenant, 'Security team') } }),
  updateDirectoryGroup: async (t, tenant) => ({ params: { id: await scimGroup(t, tenant, 'Security team') }, body: { role: 'viewer' } }),
};
