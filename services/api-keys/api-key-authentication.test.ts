// What a key may do once issued (spec 2.2, 5.3): exactly its scopes that are still
// grantable, in the organization that issued it, whoever issued it.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp } from '../../test/support/test-app.js';
import { scopeRegistry, type ScopeRegistry } from '../platform/authorization/permissions.js';

const withoutMembersRead: ScopeRegistry = { grantable: new Map([...scopeRegistry.grantable].filter(([scope]) => scope !== 'members:read')) };

describe.each(testProfiles)('API key authentication ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const narrowed = useTestApp(() => ({ ...profile, sharing: t.current, scopeRegistry: withoutMembersRead }));
  const roster = (app: typeof t.current, token: string) => app.call('GET', '/api/v1/members', { token });

  it('acts only in the organization that issued it, whatever its creator does', async () => {
    const tenant = await t.current.tenant();
    const { key } = await t.current.apiKey(tenant.owner, ['members:read']);
    await t.current.actIn(tenant.owner, tenant.owner.personalOrgId);
    const response = await roster(t.current, key);
    expect(response.body.members.map((m: { user_id: string }) => m.user_id)).toEqual([tenant.owner.id]);
    const conflict = await t.current.call('GET', '/api/v1/members', { token: key, headers: { 'x-expected-organization': tenant.owner.personalOrgId } });
    expect(conflict.status).toBe(409);
  });

  it('has exactly its scopes: none of its creator\'s other permissions', async () => {
    const tenant = await t.current.tenant();
    const { key } = await t.current.apiKey(tenant.owner, ['members:read']);
    expect((await t.current.call('GET', '/api/v1/identity/audit', { token: tenant.owner.token })).status).toBe(200);
    const response = await t.current.call('GET', '/api/v1/identity/audit', { token: key });
    expect(response.status).toBe(403);
    expect(response.body.required_scope).toBe('identity:read');
  });

  it('keeps working after its creator leaves the organization', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    const { key } = await t.current.apiKey(admin, ['members:read']);
    expect((await t.current.call('DELETE', `/api/v1/members/${admin.id}`, { token: tenant.owner.token })).status).toBe(204);
    const response = await roster(t.current, key);
    expect(response.status).toBe(200);
    expect(response.body.members.map((m: { user_id: string }) => m.user_id)).toEqual([tenant.owner.id]);
  });

  it('confers nothing through a scope that stopped being grantable', async () => {
    const tenant = await t.current.tenant();
    const { key } = await t.current.apiKey(tenant.owner, ['members:read', 'identity:read']);
    expect((await roster(t.current, key)).status).toBe(200);

    // The same key, the same database, a service whose registry no longer grants members:read.
    const refused = await roster(narrowed.current, key);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'missing permission members:read', code: 'forbidden', required_scope: 'members:read', principal: 'api_key' });
    expect((await narrowed.current.call('GET', '/api/v1/identity/audit', { token: key })).status).toBe(200);
  });

  it('records its last use, writing at most once a minute', async () => {
    const tenant = await t.current.tenant();
    const { id, key } = await t.current.apiKey(tenant.owner, ['members:read']);
    const lastUsed = async () =>
      (await t.current.db.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_keys WHERE org_id = $1 AND id = $2', [tenant.id, id])).rows[0]!.last_used_at;
    expect(await lastUsed()).toBeNull();

    await roster(t.current, key);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await roster(t.current, key);
    expect(await lastUsed()).toEqual(first);

    await t.current.db.query("UPDATE api_keys SET last_used_at = now() - interval '61 seconds' WHERE org_id = $1 AND id = $2", [tenant.id, id]);
    const aged = await lastUsed();
    await roster(t.current, key);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(new Date(aged!).getTime());
  });
});
