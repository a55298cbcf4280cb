import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('DELETE /api/v1/api-keys/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const revoke = (token: string, id: string) => t.current.call('DELETE', `/api/v1/api-keys/${id}`, { token });

  it('revokes at once and idempotently: audited and announced once, touching no other tenant', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const neighbourBefore = await t.current.snapshot(neighbour);
    const { id, key } = await t.current.apiKey(tenant.owner, ['members:read']);
    expect((await t.current.call('GET', '/api/v1/members', { token: key })).status).toBe(200);

    expect((await revoke(tenant.owner.token, id)).status).toBe(204);
    expect((await t.current.call('GET', '/api/v1/members', { token: key })).status).toBe(401);
    expect((await revoke(tenant.owner.token, id)).status).toBe(204);

    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=api_key.revoked', { token: tenant.owner.token });
    expect(trail.body.events).toEqual([expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { api_key_id: id } })]);
    const { rows } = await t.current.db.query("SELECT 1 FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'api_key.revoked'", [tenant.id]);
    expect(rows).toHaveLength(1);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it("answers another tenant's key exactly like a missing one, and leaves it working", async () => {
    const [a, b] = await t.current.twoTenants();
    const { id, key } = await t.current.apiKey(a.owner, ['members:read']);
    const before = await t.current.snapshot(a);
    const foreign = await revoke(b.owner.token, id);
    const missing = await revoke(b.owner.token, randomUUID());
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect(await t.current.snapshot(a)).toEqual(before);
    expect((await t.current.call('GET', '/api/v1/members', { token: key })).status).toBe(200);
  });
});
