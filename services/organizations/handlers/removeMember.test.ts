import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('DELETE /api/v1/members/{userId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const remove = (token: string, userId: string) => t.current.call('DELETE', `/api/v1/members/${userId}`, { token });

  it('removes a member, audits it and announces it, touching no other tenant', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const neighbourBefore = await t.current.snapshot(neighbour);
    const [admin, analyst] = [await t.current.member(tenant, 'admin'), await t.current.member(tenant, 'analyst')];
    expect((await remove(admin.token, analyst.id)).status).toBe(204);

    const roster = await t.current.call('GET', '/api/v1/members', { token: admin.token });
    expect(roster.body.members.map((m: { user_id: string }) => m.user_id)).not.toContain(analyst.id);
    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=member.removed', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: admin.id }, detail: { user_id: analyst.id, role: 'analyst' } });
    const { rows } = await t.current.db.query("SELECT 1 FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'member.removed'", [tenant.id]);
    expect(rows).toHaveLength(1);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it('refuses removing the last owner with 409 and an admin removing an owner with 403 (audited), changing nothing', async () => {
    const tenant = await t.current.tenant();
    const before = await t.current.snapshot(tenant);
    const refused = await remove(tenant.owner.token, tenant.owner.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'the last owner cannot be removed', code: 'conflict' });

    expect(await t.current.snapshot(tenant)).toEqual(before);

    const admin = await t.current.member(tenant, 'admin');
    const forbidden = await remove(admin.token, tenant.owner.id);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'missing permission identity:manage', code: 'forbidden', required_scope: 'identity:manage', principal: 'user' });
    expect((await t.current.call('GET', '/api/v1/members', { token: admin.token })).body.members).toHaveLength(2);

    // The refusal rolled its transaction back, and is on the trail all the same.
    const denials = (await t.current.call('GET', '/api/v1/identity/audit?action=authz.denied', { token: tenant.owner.token })).body.events;
    expect(denials).toEqual([
      expect.objectContaining({
        actor: { kind: 'user', id: admin.id },
        detail: { operation_id: 'removeMember', required_scope: 'identity:manage', principal: 'user', reason: 'missing permission identity:manage' },
      }),
    ]);
  });

  it('lets an owner leave when another owner remains', async () => {
    const tenant = await t.current.tenant();
    const second = await t.current.member(tenant, 'owner');
    expect((await remove(second.token, tenant.owner.id)).status).toBe(204);
    expect((await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.id).toBe(tenant.owner.personalOrgId);
  });
});
