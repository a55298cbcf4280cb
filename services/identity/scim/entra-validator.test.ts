// Microsoft Entra ID's SCIM validator checks (scimvalidator.microsoft.com, "discover
// schema"), written as our own tests with the requests Entra's provisioning service
// sends: PascalCase op names, booleans as the strings "True"/"False", attribute
// paths with value filters, the enterprise manager given as a bare id, group members
// added and removed by value, and excludedAttributes=members on group reads.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, TEST_PUBLIC_URL, testProfiles, useTestApp } from '../../../test/support/test-app.js';
import { directoryOf, ENTERPRISE_SCHEMA, GROUP_SCHEMA, patchBody, USER_SCHEMA, type Directory } from './testing/scim-client.js';

/**
 * A user as the validator generates one: random names and addresses, an externalId, a work
 * email. The work email is in the organization's verified domain (a directory provisions no
 * other); the userName, a user principal name in another domain as Entra's often is, names nobody.
 */
function entraUser(domain: string): Record<string, unknown> {
  const id = randomUUID().slice(0, 8);
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
    userName: `dale.mohr.${id}@romaguera.example`,
    active: true,
    displayName: `XKWLCONOGMVT ${id}`,
    emails: [{ type: 'work', value: `sandy.${id}@${domain}`, primary: true }],
    externalId: randomUUID(),
    name: { formatted: 'Aric', familyName: 'Nia', givenName: 'Sandy' },
    title: 'Engineer',
    [ENTERPRISE_SCHEMA]: { department: 'Research', employeeNumber: `E-${id}` },
  };
}

describe.each(testProfiles)("Microsoft Entra ID's SCIM validator checks ($profile)", (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  const filterUsers = (directory: Directory, filter: string) => directory.call('GET', `/Users?filter=${encodeURIComponent(filter)}`);
  const created = async (directory: Directory, body = entraUser(directory.domain)) => {
    const response = await directory.call('POST', '/Users', body);
    expect(response.status, response.raw).toBe(201);
    return response.body;
  };

  it('POST /Users creates a user, and a second with the same userName is 409', async () => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const body = entraUser(directory.domain);
    const user = await created(directory, body);
    expect(user).toMatchObject({ userName: body.userName, externalId: body.externalId, active: true, displayName: body.displayName, title: 'Engineer' });
    expect(user[ENTERPRISE_SCHEMA]).toEqual(body[ENTERPRISE_SCHEMA]);
    expect(user.schemas).toEqual([USER_SCHEMA, ENTERPRISE_SCHEMA]);
    expect(user.meta).toMatchObject({ resourceType: 'User', location: `${TEST_PUBLIC_URL}/api/scim/v2/Users/${user.id}`, version: 'W/"1"' });
    const duplicate = await directory.call('POST', '/Users', { ...entraUser(directory.domain), userName: (body.userName as string).toUpperCase() });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.scimType).toBe('uniqueness');
  });

  it('GET /Users/Id, and filters by userName, by externalId and for a user that does not exist', async () => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const user = await created(directory);
    expect((await directory.call('GET', `/Users/${user.id}`)).body).toEqual(user);
    for (const filter of [`userName eq "${user.userName}"`, `userName eq "${user.userName.toUpperCase()}"`, `externalId eq "${user.externalId}"`]) {
      const found = await filterUsers(directory, filter);
      expect(found.body.Resources.map((resource: { id: string }) => resource.id), filter).toEqual([user.id]);
    }
    // externalId is caseExact (RFC 7643): another case names another user.
    expect((await filterUsers(directory, `externalId eq "${user.externalId.toUpperCase()}"`)).body.totalResults).toBe(0);
    const none = await filterUsers(directory, `userName eq "nobody.${randomUUID()}@example.test"`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it('PATCH /Users/Id replaces attributes, including filtered paths and the enterprise manager given as an id, and reads "True"/"False" as booleans', async () => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const manager = await created(directory);
    const user = await created(directory);
    const patched = await directory.call(
      'PATCH',
      `/Users/${user.id}?excludedAttributes=groups`,
      patchBody(
        { op: 'Replace', path: 'displayName', value: 'Renamed' },
        { op: 'Replace', path: 'name.familyName', value: 'Newfamily' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: `new.address@${directory.domain}` },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+1 555 0100' },
        { op: 'Add', path: `${ENTERPRISE_SCHEMA}:manager`, value: manager.id },
        { op: 'Replace', path: `${ENTERPRISE_SCHEMA}:department`, value: 'Sales' },
        { op: 'Replace', path: 'emails[type eq "work"].primary', value: 'True' },
        { op: 'Replace', path: 'userName', value: `renamed.${user.userName}` },
      ),
    );
    expect(patched.status, patched.raw).toBe(200);
    const read = (await directory.call('GET', `/Users/${user.id}`)).body;
    expect(read).toMatchObject({
      displayName: 'Renamed',
      userName: `renamed.${user.userName}`,
      name: { familyName: 'Newfamily', givenName: 'Sandy' },
      emails: [{ type: 'work', value: `new.address@${directory.domain}`, primary: true }],
      phoneNumbers: [{ type: 'mobile', value: '+1 555 0100' }],
      [ENTERPRISE_SCHEMA]: { department: 'Sales', manager: { value: manager.id } },
      meta: { version: 'W/"2"' },
    });

    const removed = await directory.call('PATCH', `/Users/${user.id}`, patchBody({ op: 'Remove', path: `${ENTERPRISE_SCHEMA}:manager` }, { op: 'Remove', path: 'title' }));
    expect(removed.status).toBe(204);
    const after = (await directory.call('GET', `/Users/${user.id}`)).body;
    expect(after[ENTERPRISE_SCHEMA]).toEqual({ department: 'Sales', employeeNumber: user[ENTERPRISE_SCHEMA].employeeNumber });
    expect(after.title).toBeUndefined();
  });

  it('PATCH /Users/Id with active "False" disables the user, and a filter still answers it with active false', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const user = await created(directory);
    const disabled = await directory.call('PATCH', `/Users/${user.id}`, patchBody({ op: 'Replace', path: 'active', value: 'False' }));
    expect(disabled.status).toBe(204);
    const found = await filterUsers(directory, `userName eq "${user.userName}"`);
    expect(found.body.Resources).toEqual([expect.objectContaining({ id: user.id, active: false })]);
    const members = (await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members;
    expect(members.map((member: { email: string }) => member.email)).not.toContain(user.emails[0].value);
    expect((await filterUsers(directory, 'active eq false')).body.Resources.map((resource: { id: string }) => resource.id)).toEqual([user.id]);
  });

  it('DELETE /Users/Id, after which the user is 404', async () => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const user = await created(directory);
    expect((await directory.call('DELETE', `/Users/${user.id}`)).status).toBe(204);
    expect((await directory.call('GET', `/Users/${user.id}`)).status).toBe(404);
    expect((await directory.call('DELETE', `/Users/${user.id}`)).status).toBe(404);
  });

  it('groups: create, read with excludedAttributes=members, filter by displayName, replace displayName, add and remove members, delete', async () => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const [one, two] = [await created(directory), await created(directory)];
    const displayName = `Validator Group ${randomUUID().slice(0, 6)}`;
    const group = await directory.call('POST', '/Groups', { schemas: [GROUP_SCHEMA], displayName, externalId: randomUUID() });
    expect(group.status, group.raw).toBe(201);
    expect(group.body).toMatchObject({ displayName, members: [], meta: { resourceType: 'Group' } });
    const id: string = group.body.id;

    const excluded = await directory.call('GET', `/Groups/${id}?excludedAttributes=members`);
    expect(excluded.body.members).toBeUndefined();
    expect(excluded.body).toMatchObject({ id, displayName });
    const filtered = await directory.call('GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`displayName eq "${displayName.toLowerCase()}"`)}`);
    expect(filtered.body.Resources).toEqual([expect.objectContaining({ id, displayName })]);
    expect(filtered.body.Resources[0].members).toBeUndefined();

    const renamed = `${displayName} renamed`;
    expect((await directory.call('PATCH', `/Groups/${id}`, patchBody({ op: 'Replace', path: 'displayName', value: renamed }))).status).toBe(204);
    const added = await directory.call('PATCH', `/Groups/${id}`, patchBody({ op: 'Add', path: 'members', value: [{ value: one.id }, { value: two.id }] }));
    expect(added.status, added.raw).toBe(204);
    const withMembers = (await directory.call('GET', `/Groups/${id}`)).body;
    expect(withMembers.displayName).toBe(renamed);
    expect(withMembers.members.map((member: { value: string }) => member.value).sort()).toEqual([one.id, two.id].sort());
    expect((await directory.call('GET', `/Users/${one.id}`)).body.groups).toEqual([{ value: id, $ref: `${TEST_PUBLIC_URL}/api/scim/v2/Groups/${id}`, display: renamed, type: 'direct' }]);

    // Entra removes members by naming them in value: only those go.
    const removed = await directory.call('PATCH', `/Groups/${id}`, patchBody({ op: 'Remove', path: 'members', value: [{ value: one.id }] }));
    expect(removed.status).toBe(204);
    expect((await directory.call('GET', `/Groups/${id}`)).body.members.map((member: { value: string }) => member.value)).toEqual([two.id]);

    expect((await directory.call('DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await directory.call('GET', `/Groups/${id}`)).status).toBe(404);
    expect((await directory.call('GET', `/Users/${two.id}`)).body.groups).toBeUndefined();
  });

  it('reads the schemas it discovers: User with the enterprise extension, and Group', async () => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const schemas = await directory.call('GET', '/Schemas');
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([USER_SCHEMA, ENTERPRISE_SCHEMA, GROUP_SCHEMA]);
    const user = schemas.body.Resources[0];
    expect(user.attributes.find((attribute: { name: string }) => attribute.name === 'userName')).toMatchObject({ required: true, uniqueness: 'server', caseExact: false });
    const types = await directory.call('GET', '/ResourceTypes');
    expect(types.body.Resources).toEqual([
      expect.objectContaining({ id: 'User', endpoint: '/Users', schema: USER_SCHEMA, schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }] }),
      expect.objectContaining({ id: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA }),
    ]);
    const config = await directory.call('GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: { supported: false } });
  });
});
