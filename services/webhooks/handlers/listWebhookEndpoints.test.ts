import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { registerEndpoint } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/webhooks ($profile)', (profile) => {
  const t = useTestApp(profile);

  it("lists the organization's endpoints oldest first, never a secret, to people and keys with webhooks:read", async () => {
    const tenant = await t.current.tenant();
    const older = await registerEndpoint(t.current, tenant.owner, { events: ['scan.completed'] });
    const newer = await registerEndpoint(t.current, tenant.owner, { events: ['verdict.recorded', 'finding.created'] });
    const analyst = await t.current.member(tenant, 'analyst');
    const { key } = await t.current.apiKey(tenant.owner, ['webhooks:read']);

    for (const token of [tenant.owner.token, analyst.token, key]) {
      const response = await t.current.call('GET', '/api/v1/webhooks', { token });
      expect(response.status).toBe(200);
      expect(response.body.endpoints.map((e: { id: string; events: string[] }) => [e.id, e.events])).toEqual([
        [older.id, ['scan.completed']],
        [newer.id, ['verdict.recorded', 'finding.created']],
      ]);
      expect(response.raw).not.toContain(older.secret);
      expect(response.raw).not.toContain(newer.secret);
      expect(Object.keys(response.body.endpoints[0]).sort()).toEqual([
        'consecutive_failures', 'created_at', 'created_by_user_id', 'disabled_reason', 'enabled', 'events', 'id', 'previous_secret_expires_at', 'updated_at', 'url',
      ]);
    }
  });

  it("shows the second tenant none of the first tenant's endpoints", async () => {
    const [a, b] = await t.current.twoTenants();
    await registerEndpoint(t.current, a.owner);
    const response = await t.current.call('GET', '/api/v1/webhooks', { token: b.owner.token });
    expect(response.body.endpoints).toEqual([]);
  });
});
