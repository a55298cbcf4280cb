// Resources of the shared security suite (test/support/security-suite.ts): a
// credential of the tenant. Storing one also starts watching the app's responses,
// so security.test.ts can show none of the suite's carried a stored secret.
import type { ResourceFixture } from '../../../test/support/security-suite.js';
import { newRegistrySecret, storeCredential } from './api-fixtures.js';

const credential: ResourceFixture = async (t, tenant) => ({ params: { id: (await storeCredential(t, tenant.owner)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getRegistryCredential: credential,
  updateRegistryCredential: async (t, tenant) => ({ ...(await credential(t, tenant)), body: { secret: newRegistrySecret() } }),
  deleteRegistryCredential: credential,
};
