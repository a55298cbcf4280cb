// Resources of the shared security suite (test/support/security-suite.ts): a connector of the tenant.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { createConnector } from './api-fixtures.js';

const connector: ResourceFixture = async (t, tenant) => ({ params: { connectorId: (await createConnector(t, tenant.owner)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getConnector: connector,
  updateConnector: async (t, tenant) => ({ ...(await connector(t, tenant)), body: { name: 'renamed' } }),
  deleteConnector: connector,
};
