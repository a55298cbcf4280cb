import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { addresslessUserBody, directoryOf, ERROR_SCHEMA, patchBody, roster, userBody, verifiedAddressIn } from '../testing/scim-client.js';

describe.each(handlerTestProfiles)('PATCH /api/scim/v2/Users/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const deactivate = patchBody({ op: 'replace', path: 'active', value: false });

  it('ends access at once when the user is deactivated: every request of the person in that organization is refused', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const person = await t.current.member(tenant, 'analyst');
    const address = await verifiedAddressIn(t.current, person, directory.domain);
    const user = await directory.call('POST', '/Users', userBody(directory.domain, { userName: address, emails: [{ value: address, primary: true }] }));
    expect((await t.current.call('GET', '/api/v1/members', { token: person.token, headers: { 'x-expected-organization': tenant.id } })).status).toBe(200);

    expect((await directory.call('PATCH', `/Users/${user.body.id}`, deactivate)).status).toBe(204);
    // The same session now acts in the person's own organization; asking to act in this one is refused.
    const refused = await t.current.call('GET', '/api/v1/members', { token: person.token, headers: { 'x-expected-organization': tenant.id } });
    expect(refused.status).toBe(409);
    const me = await t.current.call('GET', '/api/v1/me', { token: person.token });
    expect(me.body.acting_organization.id).toBe(person.personalOrgId);
    expect((await roster(t.current, tenant)).map((entry) => entry.user_id)).not.toContain(person.id);
    const [removed] = (await t.current.call('GET', '/api/v1/identity/audit?action=member.removed', { token: tenant.owner.token })).body.events;
    expect(removed).toMatchObject({ actor: { kind: 'directory_token' }, detail: { user_id: person.id, role: 'analyst', via: 'directory' } });
    expect((await t.current.call('GET', '/api/v1/identity/audit?action=scim_user.deactivated', { token: tenant.owner.token })).body.events).toHaveLength(1);
  });

  it('never refuses a deactivation for seats, and refuses a reactivation past them with 402, writing nothing', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const first = await directory.call('POST', '/Users', userBody(directory.domain));
    await directory.call('POST', '/Users', userBody(directory.domain));
    // Free: 3 seats, all held; a member seated past them leaves the organization over its plan, as a shrunk plan would.
    await t.current.member(tenant, 'viewer');
    expect(await roster(t.current, tenant)).toHaveLength(4);
    expect((await directory.call('PATCH', `/Users/${first.body.id}`, deactivate)).status).toBe(204);
    expect(await roster(t.current, tenant)).toHaveLength(3);

    const reactivated = await directory.call('PATCH', `/Users/${first.body.id}`, patchBody({ op: 'Replace', value: { active: 'True', displayName: 'Back' } }));
    expect(reactivated.status).toBe(402);
    expect(reactivated.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '402' });
    const stored = (await directory.call('GET', `/Users/${first.body.id}`)).body;
    expect(stored).toMatchObject({ active: false, meta: { version: 'W/"2"' } });
    expect(stored.displayName).not.toBe('Back');
    expect(await roster(t.current, tenant)).toHaveLength(3);
  });

  it('keeps the last owner: deactivating the user standing for them is 409 and changes nothing', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const ownerAddress = await verifiedAddressIn(t.current, tenant.owner, directory.domain);
    const owner = await directory.call('POST', '/Users', userBody(directory.domain, { userName: ownerAddress, emails: [{ value: ownerAddress, primary: true }] }));
    const refused = await directory.call('PATCH', `/Users/${owner.body.id}`, deactivate);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('the last owner cannot be removed by the directory');
    expect((await directory.call('GET', `/Users/${owner.body.id}`)).body.active).toBe(true);
    expect((await roster(t.current, tenant)).find((entry) => entry.user_id === tenant.owner.id)?.role).toBe('owner');
  });

  it('links a person the first time the user carries an address, admitting them if active', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const user = await directory.call('POST', '/Users', addresslessUserBody());
    expect(await roster(t.current, tenant)).toHaveLength(1);
    const address = `late.${randomUUID().slice(0, 8)}@${directory.domain}`;
    const added = await directory.call('PATCH', `/Users/${user.body.id}?attributes=emails`, patchBody({ op: 'add', path: 'emails', value: [{ value: address, type: 'work', primary: true }] }));
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ schemas: [expect.any(String)], id: user.body.id, emails: [{ value: address, type: 'work', primary: true }] });
    expect((await roster(t.current, tenant)).map((entry) => entry.email)).toContain(address);
  });

  it.each([
    ['no PatchOp schema', { schemas: [], Operations: [{ op: 'add', path: 'displayName', value: 'x' }] }, 'invalidValue'],
    ['no operations', { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [] }, 'invalidValue'],
    ['an unknown op', patchBody({ op: 'merge', path: 'displayName', value: 'x' }), 'invalidValue'],
    ['remove without a path', patchBody({ op: 'remove', value: { displayName: 'x' } }), 'noTarget'],
    ['add without a value', patchBody({ op: 'add', path: 'displayName' }), 'invalidValue'],
    ['a path this service does not support', patchBody({ op: 'replace', path: 'favouriteColour', value: 'x' }), 'invalidPath'],
    ['a filtered replace that matches nothing', patchBody({ op: 'replace', path: 'emails[type eq "home"]', value: { value: 'x@example.test' } }), 'noTarget'],
    ['a value of the wrong type', patchBody({ op: 'replace', path: 'active', value: 'maybe' }), 'invalidValue'],
  ])('refuses %s with 400, changing nothing', async (_case, body, scimType) => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const user = await directory.call('POST', '/Users', userBody(directory.domain));
    const refused = await directory.call('PATCH', `/Users/${user.body.id}`, body);
    expect(refused.status, refused.raw).toBe(400);
    expect(refused.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType });
    expect((await directory.call('GET', `/Users/${user.body.id}`)).body.meta.version).toBe('W/"1"');
  });

  it('answers 404 for another organization\'s user with the same body as a missing one, and leaves it alone', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const directory = await directoryOf(t.current, tenant);
    const user = await directory.call('POST', '/Users', userBody(directory.domain));
    const otherDirectory = await directoryOf(t.current, other);
    const foreign = await otherDirectory.call('PATCH', `/Users/${user.body.id}`, deactivate);
    const missing = await otherDirectory.call('PATCH', `/Users/${randomUUID()}`, deactivate);
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect((await roster(t.current, tenant)).map((entry) => entry.email)).toContain(user.body.emails[0].value);
  });
});

describe.each(handlerTestProfiles)('PUT and DELETE /api/scim/v2/Users/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('replaces the attributes, keeps the standing when active is absent, and refuses a taken userName with 409', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const taken = await directory.call('POST', '/Users', addresslessUserBody());
    const user = await directory.call('POST', '/Users', userBody(directory.domain, { title: 'Engineer', active: false }));
    const { active: _active, title: _title, ...withoutActive } = userBody(directory.domain, { userName: user.body.userName, emails: user.body.emails, displayName: 'Replaced' });
    const replaced = await directory.call('PUT', `/Users/${user.body.id}`, withoutActive);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ displayName: 'Replaced', active: false, meta: { version: 'W/"2"' } });
    expect(replaced.body.title).toBeUndefined();
    expect(replaced.headers.etag).toBe('W/"2"');
    const clash = await directory.call('PUT', `/Users/${user.body.id}`, { ...withoutActive, userName: taken.body.userName.toUpperCase() });
    expect(clash.status).toBe(409);
    expect(clash.body.scimType).toBe('uniqueness');
  });

  it("deletes the user and ends its person's membership; a second delete is 404", async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const user = await directory.call('POST', '/Users', userBody(directory.domain));
    expect(await roster(t.current, tenant)).toHaveLength(2);
    expect((await directory.call('DELETE', `/Users/${user.body.id}`)).status).toBe(204);
    expect(await roster(t.current, tenant)).toHaveLength(1);
    expect((await directory.call('DELETE', `/Users/${user.body.id}`)).status).toBe(404);
    const actions = (await t.current.call('GET', '/api/v1/identity/audit', { token: tenant.owner.token })).body.events.map((event: { action: string }) => event.action);
    expect(actions.slice(0, 2)).toEqual(['scim_user.deleted', 'member.removed']);
  });

  it('lets the directory deactivate and delete during the deletion grace period, and refuses creating', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const user = await directory.call('POST', '/Users', userBody(directory.domain));
    const other = await directory.call('POST', '/Users', userBody(directory.domain));
    const scheduled = await t.current.call('POST', '/api/v1/orgs/current/deletion', { token: tenant.owner.token, body: { confirm_name: (await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.name } });
    expect(scheduled.status).toBe(200);
    expect((await directory.call('POST', '/Users', userBody(directory.domain))).status).toBe(409);
    expect((await directory.call('PATCH', `/Users/${user.body.id}`, patchBody({ op: 'replace', path: 'active', value: false }))).status).toBe(204);
    expect((await directory.call('DELETE', `/Users/${other.body.id}`)).status).toBe(204);
    // Reactivating admits someone, which the grace period refuses.
    expect((await directory.call('PATCH', `/Users/${user.body.id}`, patchBody({ op: 'replace', path: 'active', value: true }))).status).toBe(409);
    expect(await roster(t.current, tenant)).toHaveLength(1);
  });
});
