import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, TEST_PUBLIC_URL, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { addresslessUserBody, createGroup, createUser, directoryOf, ERROR_SCHEMA, groupBody, patchBody, roster, type Directory, userBody, verifiedAddressIn } from '../testing/scim-client.js';

describe.each(handlerTestProfiles)('SCIM groups: membership and mapped roles ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  const memberIds = async (directory: Directory, groupId: string): Promise<string[]> =>
    (await directory.call('GET', `/Groups/${groupId}`)).body.members.map((member: { value: string }) => member.value).sort();
  const mapGroup = (tenant: TestTenant, groupId: string, role: string | null) =>
    t.current.call('PATCH', `/api/v1/identity/groups/${groupId}`, { token: tenant.owner.token, body: { role } });
  const roleOf = async (tenant: TestTenant, email: string) => (await roster(t.current, tenant)).find((entry) => entry.email === email)?.role;

  it('lists a pushed group in /api/v1/identity/groups, conferring nothing until mapped; mapped, its members get the role, and new members too', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const alice = (await directory.call('POST', '/Users', userBody(directory.domain))).body;
    const bob = (await directory.call('POST', '/Users', userBody(directory.domain))).body;
    const groupId = await createGroup(directory, groupBody({ displayName: 'Security Analysts', members: [{ value: alice.id }] }));
    const listed = (await t.current.call('GET', '/api/v1/identity/groups', { token: tenant.owner.token })).body;
    expect(JSON.stringify(listed)).toContain(groupId);
    expect(await roleOf(tenant, alice.emails[0].value)).toBe('viewer');

    expect((await mapGroup(tenant, groupId, 'analyst')).status).toBe(200);
    expect(await roleOf(tenant, alice.emails[0].value)).toBe('analyst');

    // A member the directory adds later gets the mapped role in the push's transaction.
    const added = await directory.call('PATCH', `/Groups/${groupId}`, patchBody({ op: 'add', path: 'members', value: [{ value: bob.id, display: bob.displayName }] }));
    expect(added.status).toBe(204);
    expect(await roleOf(tenant, bob.emails[0].value)).toBe('analyst');
    const [changed] = (await t.current.call('GET', `/api/v1/identity/audit?action=member.role_changed`, { token: tenant.owner.token })).body.events;
    expect(changed).toMatchObject({ actor: { kind: 'directory_token' }, detail: { user_id: expect.any(String), from: 'viewer', to: 'analyst', via: 'group_mapping' } });

    // A person who joins the directory after the mapping, straight into the group, too.
    await setPro(tenant);
    const carol = (await directory.call('POST', '/Users', userBody(directory.domain))).body;
    expect((await directory.call('PATCH', `/Groups/${groupId}`, patchBody({ op: 'add', path: 'members', value: [{ value: carol.id }] }))).status).toBe(204);
    expect(await roleOf(tenant, carol.emails[0].value)).toBe('analyst');
  });

  const setPro = (tenant: TestTenant) => t.current.db.query(`UPDATE organizations SET plan_code = 'pro' WHERE id = $1`, [tenant.id]);

  it("gives a member the highest role of their mapped groups, never owner, and never touches an owner's membership", async () => {
    const tenant = await t.current.tenant();
    await setPro(tenant);
    const directory = await directoryOf(t.current, tenant);
    const dana = (await directory.call('POST', '/Users', userBody(directory.domain))).body;
    const ownerAddress = await verifiedAddressIn(t.current, tenant.owner, directory.domain);
    const owner = (await directory.call('POST', '/Users', userBody(directory.domain, { userName: ownerAddress, emails: [{ value: ownerAddress, primary: true }] }))).body;
    const viewers = await createGroup(directory, groupBody({ members: [{ value: dana.id }, { value: owner.id }] }));
    const admins = await createGroup(directory, groupBody({ members: [{ value: dana.id }, { value: owner.id }] }));
    await mapGroup(tenant, viewers, 'viewer');
    await mapGroup(tenant, admins, 'admin');
    expect(await roleOf(tenant, dana.emails[0].value)).toBe('admin');
    expect(await roleOf(tenant, ownerAddress)).toBe('owner');
    expect((await mapGroup(tenant, admins, 'owner')).status).toBe(400);
  });

  it('adds and removes members the ways Okta and Entra ID send them, deduplicating, and ignoring removal of a non-member', async () => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const [a, b, c] = [await createUser(directory), await createUser(directory), await createUser(directory)];
    const groupId = await createGroup(directory, groupBody({ members: [{ value: a }] }));
    const patch = async (...operations: Record<string, unknown>[]) => {
      const response = await directory.call('PATCH', `/Groups/${groupId}`, patchBody(...operations));
      expect(response.status, response.raw).toBe(204);
    };

    await patch({ op: 'Add', path: 'members', value: [{ value: a }, { value: b }] });
    expect(await memberIds(directory, groupId)).toEqual([a, b].sort());
    await patch({ op: 'remove', path: `members[value eq "${a}"]` });
    expect(await memberIds(directory, groupId)).toEqual([b]);
    await patch({ op: 'Remove', path: 'members', value: [{ value: b }, { value: c }] });
    expect(await memberIds(directory, groupId)).toEqual([]);
    await patch({ op: 'replace', path: 'members', value: [{ value: c }, { value: a }] });
    expect(await memberIds(directory, groupId)).toEqual([a, c].sort());
    // Okta renames with a pathless replace carrying the id too (which is the service's, and ignored).
    await patch({ op: 'replace', value: { id: groupId, displayName: 'Renamed by Okta' } }, { op: 'add', value: { members: [{ value: b }] } });
    const group = (await directory.call('GET', `/Groups/${groupId}`)).body;
    expect(group.displayName).toBe('Renamed by Okta');
    expect(group.members.map((member: { value: string }) => member.value).sort()).toEqual([a, b, c].sort());
    expect(group.members.find((member: { value: string }) => member.value === a)).toMatchObject({ $ref: `${TEST_PUBLIC_URL}/api/scim/v2/Users/${a}`, type: 'User', display: expect.any(String) });
    await patch({ op: 'remove', path: 'members' });
    expect(await memberIds(directory, groupId)).toEqual([]);
  });

  it('refuses members that are no users of this directory, and nested groups, with 400; a taken displayName with 409', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const directory = await directoryOf(t.current, tenant);
    const foreignUser = await createUser(await directoryOf(t.current, other), addresslessUserBody());
    const groupId = await createGroup(directory, groupBody({ displayName: 'Engineering' }));
    const foreign = await directory.call('PATCH', `/Groups/${groupId}`, patchBody({ op: 'add', path: 'members', value: [{ value: foreignUser }] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'invalidValue' });
    const nested = await directory.call('POST', '/Groups', groupBody({ members: [{ value: groupId, type: 'Group' }] }));
    expect(nested.status).toBe(400);
    const taken = await directory.call('POST', '/Groups', groupBody({ displayName: 'ENGINEERING' }));
    expect(taken.status).toBe(409);
    expect(taken.body.scimType).toBe('uniqueness');
    const renamed = await directory.call('PUT', `/Groups/${await createGroup(directory)}`, groupBody({ displayName: 'engineering' }));
    expect(renamed.status).toBe(409);
  });

  it('replaces a group whole with PUT, and deletes it: its members keep their memberships', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const user = (await directory.call('POST', '/Users', userBody(directory.domain))).body;
    const groupId = await createGroup(directory, groupBody({ members: [{ value: user.id }] }));
    const name = `Replaced ${randomUUID().slice(0, 6)}`;
    const replaced = await directory.call('PUT', `/Groups/${groupId}`, groupBody({ displayName: name, externalId: 'ext-1' }));
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ displayName: name, externalId: 'ext-1', members: [] });
    expect((await directory.call('DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expect((await roster(t.current, tenant)).map((entry) => entry.email)).toContain(user.emails[0].value);
    const actions = (await t.current.call('GET', '/api/v1/identity/audit', { token: tenant.owner.token })).body.events.map((event: { action: string }) => event.action);
    expect(actions.slice(0, 2)).toEqual(['scim_group.deleted', 'scim_group.updated']);
  });
});
