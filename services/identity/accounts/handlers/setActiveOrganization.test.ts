import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { addMembership } from '../../../organizations/index.js';

describe.each(handlerTestProfiles)('PUT /api/v1/me/active-org ($profile)', (profile) => {
  const t = useTestApp(profile);
  const actingOrg = async (token: string): Promise<string> => (await t.current.call('GET', '/api/v1/me', { token })).body.acting_organization.id;

  it('acts in the organization joined first until a choice is made', async () => {
    const person = await t.current.signup();
    const created = await t.current.call('POST', '/api/v1/orgs', { token: person.token, body: { name: 'Newer' } });
    expect(created.status).toBe(201);
    expect(await actingOrg(person.token)).toBe(person.personalOrgId);
  });

  it('keeps acting where it did when added to an organization older than its personal one: membership time decides, not creation time', async () => {
    const older = await t.current.tenant();
    const person = await t.current.signup();
    await t.current.db.transaction((tx) => addMembership(tx, older.id, { userId: person.id, role: 'admin', arrival: 'directory', actor: { kind: 'user', id: older.owner.id } }));
    expect(await actingOrg(person.token)).toBe(person.personalOrgId);
    expect(await actingOrg((await t.current.login(person)).token)).toBe(person.personalOrgId);
    await t.current.actIn(person, older.id);
    expect(await actingOrg(person.token)).toBe(older.id);
  });

  it('applies to all sessions at once, survives refresh and new sign-ins', async () => {
    const tenant = await t.current.tenant();
    const person = await t.current.member(tenant, 'analyst'); // seated and switched by the harness through this route
    const secondSession = await t.current.login(person);
    expect(await actingOrg(secondSession.token)).toBe(tenant.id);

    const switched = await t.current.call('PUT', '/api/v1/me/active-org', { token: secondSession.token, body: { org_id: person.personalOrgId } });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ id: person.personalOrgId, role: 'owner', personal: true });
    expect(await actingOrg(person.token)).toBe(person.personalOrgId);

    const refreshed = await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: person.refreshToken } });
    expect(await actingOrg(refreshed.body.access_token)).toBe(person.personalOrgId);
    const thirdSession = await t.current.login(person);
    expect(await actingOrg(thirdSession.token)).toBe(person.personalOrgId);

    await t.current.actIn(person, tenant.id);
    expect(await actingOrg(refreshed.body.access_token)).toBe(tenant.id);
    expect(await actingOrg(thirdSession.token)).toBe(tenant.id);
  });

  it("answers a non-member organization exactly like an unknown one, audited where the caller acts, and changes nothing", async () => {
    const [mine, theirs] = await t.current.twoTenants();
    const foreign = await t.current.call('PUT', '/api/v1/me/active-org', { token: mine.owner.token, body: { org_id: theirs.id } });
    const unknown = await t.current.call('PUT', '/api/v1/me/active-org', { token: mine.owner.token, body: { org_id: randomUUID() } });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(unknown.raw);
    expect(await actingOrg(mine.owner.token)).toBe(mine.id);

    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=active_org.refused', { token: mine.owner.token });
    expect(trail.body.events.map((e: { detail: { requested_org_id: string } }) => e.detail.requested_org_id)).toEqual(expect.arrayContaining([theirs.id]));
    const theirTrail = await t.current.call('GET', '/api/v1/identity/audit?action=active_org.refused', { token: theirs.owner.token });
    expect(theirTrail.body.events).toEqual([]);
  });

  it('refuses an id that is not a UUID with 400', async () => {
    const person = await t.current.signup();
    expect((await t.current.call('PUT', '/api/v1/me/active-org', { token: person.token, body: { org_id: 'personal' } })).status).toBe(400);
  });
});
