import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('PATCH /api/v1/members/{userId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const setRole = (token: string, userId: string, role: string) => t.current.call('PATCH', `/api/v1/members/${userId}`, { token, body: { role } });

  it('changes a role, audits it and announces it in the same transaction, touching no other tenant', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const neighbourBefore = await t.current.snapshot(neighbour);
    const analyst = await t.current.member(tenant, 'analyst');
    const response = await setRole(tenant.owner.token, analyst.id, 'admin');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ user_id: analyst.id, role: 'admin', arrival: 'manual' });
    expect((await t.current.call('GET', '/api/v1/me', { token: analyst.token })).body.acting_organization.role).toBe('admin');

    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=member.role_changed', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: tenant.owner.id }, detail: { user_id: analyst.id, from: 'analyst', to: 'admin' } });
    const { rows } = await t.current.db.query<{ value: { type: string; payload: string } }>("SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'member.role_changed'", [tenant.id]);
    expect(rows.map((r) => JSON.parse(r.value.payload))).toEqual([{ user_id: analyst.id, from: 'analyst', to: 'admin' }]);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  const denials = async (tenant: TestTenant) =>
    (await t.current.call('GET', '/api/v1/identity/audit?action=authz.denied', { token: tenant.owner.token })).body.events;
  const deniedRecord = (actorId: string, requiredScope: string) => ({
    actor: { kind: 'user', id: actorId },
    detail: { operation_id: 'updateMemberRole', required_scope: requiredScope, principal: 'user', reason: `missing permission ${requiredScope}` },
  });

  it('lets an owner confer owner, and refuses an admin doing so with 403, audited though nothing changes', async () => {
    const tenant = await t.current.tenant();
    const [admin, analyst] = [await t.current.member(tenant, 'admin'), await t.current.member(tenant, 'analyst')];
    const roster = await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token });
    const refused = await setRole(admin.token, analyst.id, 'owner');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'missing permission identity:manage', code: 'forbidden', required_scope: 'identity:manage', principal: 'user' });
    expect(await denials(tenant)).toEqual([expect.objectContaining(deniedRecord(admin.id, 'identity:manage'))]);
    expect((await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body).toEqual(roster.body);

    expect((await setRole(tenant.owner.token, analyst.id, 'owner')).status).toBe(200);
    expect(await denials(tenant)).toHaveLength(1);
  });

  it('authorizes before noticing nothing changes: an admin setting an owner to owner gets 403, audited', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    const refused = await setRole(admin.token, tenant.owner.id, 'owner');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'missing permission identity:manage', code: 'forbidden', required_scope: 'identity:manage', principal: 'user' });
    expect(await denials(tenant)).toEqual([expect.objectContaining(deniedRecord(admin.id, 'identity:manage'))]);
  });

  it('refuses an admin demoting an owner, and an analyst granting above their own role', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    expect((await setRole(admin.token, tenant.owner.id, 'viewer')).status).toBe(403);

    const viewer = await t.current.member(tenant, 'viewer');
    const analyst = await t.current.member(tenant, 'analyst');
    const refused = await setRole(analyst.token, viewer.id, 'admin');
    expect(refused.status).toBe(403);
    expect(refused.body.required_scope).toBe('members:manage');
    expect((await denials(tenant)).map((event: { actor: { id: string } }) => event.actor.id)).toEqual([analyst.id, admin.id]);
    // An admin may move people at or below admin.
    expect((await setRole(admin.token, viewer.id, 'admin')).status).toBe(200);
  });

  it('refuses demoting the last owner with 409, and allows it once there is another owner', async () => {
    const tenant = await t.current.tenant();
    const refused = await setRole(tenant.owner.token, tenant.owner.id, 'admin');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'the last owner cannot be demoted', code: 'conflict' });

    const second = await t.current.member(tenant, 'admin');
    expect((await setRole(tenant.owner.token, second.id, 'owner')).status).toBe(200);
    expect((await setRole(second.token, tenant.owner.id, 'admin')).status).toBe(200);
  });

  it('keeps a person the owner of their personal organization', async () => {
    const person = await t.current.signup();
    const coOwner = await t.current.member({ id: person.personalOrgId, owner: person }, 'owner');
    const refused = await setRole(coOwner.token, person.id, 'viewer');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('a personal organization always keeps its person as owner');
  });

  it('answers the current role without writing anything when it does not change', async () => {
    const tenant = await t.current.tenant();
    const viewer = await t.current.member(tenant, 'viewer');
    expect((await setRole(tenant.owner.token, viewer.id, 'viewer')).status).toBe(200);
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=member.role_changed', { token: tenant.owner.token });
    expect(trail.body.events).toEqual([]);
  });
});
