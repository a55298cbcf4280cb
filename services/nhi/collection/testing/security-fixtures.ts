// Resources of the shared security suite (test/support/security-suite.ts): a connector, a run of it, an inventory identity.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { createConnector, seedIdentity } from '../../connectors/testing/api-fixtures.js';
import { requestRun } from './api-fixtures.js';

const connector: ResourceFixture = async (t, tenant) => ({ params: { connectorId: (await createConnector(t, tenant.owner)).id } });
const identity: ResourceFixture = async (t, tenant) => ({ params: { identityId: await seedIdentity(t, tenant) } });

export const securityFixtures: Record<string, ResourceFixture> = {
  requestSynchronization: connector,
  listSynchronizations: connector,
  getSynchronization: async (t, tenant) => {
    const { connectorId } = (await connector(t, tenant)).params;
    const run = await requestRun(t, tenant.owner, connectorId!);
    return { params: { connectorId: connectorId!, runId: run.id } };
  },
  getIdentity: identity,
  listIdentityRelationships: identity,
};
