// Resources of the shared security suite (test/support/security-suite.ts): an
// endpoint of the tenant, and a delivery to it.
import type { ResourceFixture } from '../../../test/support/security-suite.js';
import { deliveryTo, destination, registerEndpoint } from './api-fixtures.js';

const endpoint: ResourceFixture = async (t, tenant) => ({ params: { id: (await registerEndpoint(t, tenant.owner)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getWebhookEndpoint: endpoint,
  updateWebhookEndpoint: async (t, tenant) => ({ ...(await endpoint(t, tenant)), body: { url: destination(), enabled: false } }),
  deleteWebhookEndpoint: endpoint,
  rotateWebhookSecret: endpoint,
  redeliverWebhook: async (t, tenant) => {
    const registered = await registerEndpoint(t, tenant.owner);
    return { params: { id: (await deliveryTo(t, tenant, registered.id)).id } };
  },
};
