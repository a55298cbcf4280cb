import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('DELETE /api/v1/me/memberships/{orgId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const leave = (token: string, orgId: string) => t.current.call('DELETE', `/api/v1/me/memberships/${orgId}`, { token });

  it('lets a member leave, audited and announced in the organization left; the next request acts elsewhere', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const otherBefore = await t.current.snapshot(other);
    const viewer = await t.current.member(tenant, 'viewer');
    expect((await leave(viewer.token, tenant.id)).status).toBe(204);
    expect((await t.current.call('GET', '/api/v1/me', { token: viewer.token })).body.acting_organization.id).toBe(viewer.personalOrgId);
    const roster = (await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members;
    expect(roster.map((m: { user_id: string }) => m.user_id)).toEqual([tenant.owner.id]);
    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=member.left', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: viewer.id }, detail: { user_id: viewer.id, role: 'viewer' } });
    const { rows } = await t.current.db.query("SELECT 1 FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'member.left'", [tenant.id]);
    expect(rows).toHaveLength(1);
    expect(await t.current.snapshot(other)).toEqual(otherBefore);
    // Gone: leaving again is the 404 of an organization one does not belong to.
    expect((await leave(viewer.token, tenant.id)).status).toBe(404);
  });

  it('leaves an organization other than the acting one, named by its id', async () => {
    const tenant = await t.current.tenant();
    const analyst = await t.current.member(tenant, 'analyst');
    await t.current.actIn(analyst, analyst.personalOrgId);
    expect((await leave(analyst.token, tenant.id)).status).toBe(204);
    expect((await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members).toHaveLength(1);
  });

  it('refuses the last owner (409) with the rule role changes keep, and lets an owner leave while another remains', async () => {
    const tenant = await t.current.tenant();
    const before = await t.current.snapshot(tenant);
    const refused = await leave(tenant.owner.token, tenant.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'the last owner cannot leave', code: 'conflict' });
    expect(await t.current.snapshot(tenant)).toEqual(before);
    const second = await t.current.member(tenant, 'owner');
    expect((await leave(tenant.owner.token, tenant.id)).status).toBe(204);
    expect((await leave(second.token, tenant.id)).body.error).toBe('the last owner cannot leave');
  });

  it('keeps a person in their personal organization (409)', async () => {
    const person = await t.current.signup();
    const refused = await leave(person.token, person.personalOrgId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('a personal organization always keeps its person as owner');
  });

  it("answers another tenant's organization exactly like a missing one (404), changing nothing", async () => {
    const [a, b] = await t.current.twoTenants();
    const before = await t.current.snapshot(a);
    const foreign = await leave(b.owner.token, a.id);
    const missing = await leave(b.owner.token, '00000000-0000-4000-8000-000000000000');
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect(await t.current.snapshot(a)).toEqual(before);
  });
});
