import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('GET /api/v1/api-keys ($profile)', (profile) => {
  const t = useTestApp(profile);

  it("lists the organization's keys newest first, revoked ones marked, never a secret", async () => {
    const tenant = await t.current.tenant();
    const older = await t.current.apiKey(tenant.owner, ['scans:read'], { name: 'older' });
    const newer = await t.current.apiKey(tenant.owner, ['findings:read', 'scans:read'], { name: 'newer' });
    await t.current.call('DELETE', `/api/v1/api-keys/${older.id}`, { token: tenant.owner.token });

    const response = await t.current.call('GET', '/api/v1/api-keys', { token: tenant.owner.token });
    expect(response.status).toBe(200);
    expect(response.body.api_keys.map((k: { id: string; name: string; revoked_at: string | null }) => [k.id, k.name, k.revoked_at === null])).toEqual([
      [newer.id, 'newer', true],
      [older.id, 'older', false],
    ]);
    expect(response.body.api_keys[0]).toMatchObject({ scopes: ['findings:read', 'scans:read'], created_by: tenant.owner.id, start: newer.key.slice(0, 15) });
    expect(response.raw).not.toContain(newer.key);
    expect(response.raw).not.toContain(older.key);
    expect(Object.keys(response.body.api_keys[0]).sort()).toEqual(['created_at', 'created_by', 'expires_at', 'id', 'last_used_at', 'name', 'revoked_at', 'scopes', 'start']);
  });

  it("shows the second tenant none of the first tenant's keys", async () => {
    const [a, b] = await t.current.twoTenants();
    await t.current.apiKey(a.owner, ['scans:read']);
    const response = await t.current.call('GET', '/api/v1/api-keys', { token: b.owner.token });
    expect(response.body.api_keys).toEqual([]);
  });
});
