import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { expectForeignAnsweredAsMissing, registerEndpoint } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/webhooks/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('answers one endpoint without its secret, to a key with webhooks:read too', async () => {
    const tenant = await t.current.tenant();
    const { secret, ...created } = await registerEndpoint(t.current, tenant.owner, { events: ['finding.status_changed'] });
    const { key } = await t.current.apiKey(tenant.owner, ['webhooks:read']);
    for (const token of [tenant.owner.token, key]) {
      const response = await t.current.call('GET', `/api/v1/webhooks/${created.id}`, { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(created);
      expect(response.raw).not.toContain(secret);
    }
  });

  it("answers another tenant's endpoint exactly like a missing one", async () => {
    const [owner, other] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, owner.owner);
    await expectForeignAnsweredAsMissing(t.current, { owner, other }, (token, id) => t.current.call('GET', `/api/v1/webhooks/${id}`, { token }), endpoint.id);
  });
});
