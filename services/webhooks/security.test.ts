// The shared security suite (test/support/security-suite.ts) over the webhook operations.
import { describeSecuritySuite } from '../../test/support/security-suite.js';
import { deliveryTo, destination, registerEndpoint } from './testing/api-fixtures.js';

describeSecuritySuite({
  title: 'webhooks',
  includes: (operation) => operation.tags.includes('webhooks'),
  fixtures: {
    getWebhookEndpoint: async (t, tenant) => ({ params: { id: (await registerEndpoint(t, tenant.owner)).id } }),
    updateWebhookEndpoint: async (t, tenant) => ({ params: { id: (await registerEndpoint(t, tenant.owner)).id }, body: { url: destination(), enabled: false } }),
    deleteWebhookEndpoint: async (t, tenant) => ({ params: { id: (await registerEndpoint(t, tenant.owner)).id } }),
    rotateWebhookSecret: async (t, tenant) => ({ params: { id: (await registerEndpoint(t, tenant.owner)).id } }),
    redeliverWebhook: async (t, tenant) => {
      const endpoint = await registerEndpoint(t, tenant.owner);
      return { params: { id: (await deliveryTo(t, tenant, endpoint.id)).id } };
    },
  },
});
