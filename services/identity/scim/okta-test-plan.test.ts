// Okta's SCIM 2.0 test plan, written as our own tests: the "Okta SCIM 2.0 Spec Test"
// (checks R1 to R12, each request and assertion as Okta's Runscope suite makes it:
// its headers, its bodies, the fields it asserts) and the net wire sequence of its
// CRUD suite (create, read, PUT a changed name, deactivate, reactivate, deactivate).
// Okta reaches the service with the tenant's directory token, as a SCIM app
// configured with "HTTP Header" authentication does.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp } from '../../../test/support/test-app.js';
import { ERROR_SCHEMA, LIST_SCHEMA, PATCH_SCHEMA, SCIM, USER_SCHEMA, verifiedDomain } from './testing/scim-client.js';

describe.each(testProfiles)("Okta's SCIM 2.0 test plan ($profile)", (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  /** Okta's requests carry these headers (its Runscope suite's). */
  const okta = (token: string, contentType = 'application/scim+json; charset=utf-8') => ({
    'accept-charset': 'utf-8',
    'content-type': contentType,
    accept: 'application/scim+json',
    'user-agent': 'OKTA SCIM Integration',
    authorization: `Bearer ${token}`,
  });
  const get = (token: string, path: string) => t.current.call('GET', `${SCIM}${path}`, { headers: okta(token) });
  const send = (token: string, method: string, path: string, body: unknown, contentType?: string) =>
    t.current.call(method, `${SCIM}${path}`, { headers: okta(token, contentType), body });

  it('passes R1 to R12 in order', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const token = await t.current.directoryToken(tenant);
    // Okta's addresses are in the organization's verified domain: a directory provisions no other.
    await verifiedDomain(t.current, tenant, 'example.com');
    // Okta's suite assumes the directory holds a user before it runs.
    const seeded = await send(token, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: 'morgan.chen@example.com',
      name: { givenName: 'Morgan', familyName: 'Chen' },
      emails: [{ value: 'morgan.chen@example.com', type: 'work', primary: true }],
      displayName: 'Morgan Chen',
      active: true,
    });
    expect(seeded.status, seeded.raw).toBe(201);

    // R1: Test Users endpoint.
    const r1 = await get(token, '/Users?count=1&startIndex=1');
    expect(r1.status).toBe(200);
    expect(r1.body.schemas).toContain(LIST_SCHEMA);
    expect(typeof r1.body.itemsPerPage).toBe('number');
    expect(typeof r1.body.startIndex).toBe('number');
    expect(typeof r1.body.totalResults).toBe('number');
    expect(r1.body.Resources.length).toBe(1);
    const [first] = r1.body.Resources;
    expect(first.id).toBeTruthy();
    expect(first.name.familyName).toBeTruthy();
    expect(first.name.givenName).toBeTruthy();
    expect(first.userName).toBeTruthy();
    expect(first.active).toBe(true);
    expect(first.emails[0].value).toBeTruthy();

    // R2: Get Users/{{id}}.
    const r2 = await get(token, `/Users/${first.id}`);
    expect(r2.status).toBe(200);
    expect(r2.body).toMatchObject({ id: first.id, userName: first.userName, active: true, name: { familyName: first.name.familyName, givenName: first.name.givenName } });
    expect(r2.body.emails[0].value).toBe(first.emails[0].value);

    // R3: Test invalid User by username.
    const r3 = await get(token, `/Users?filter=${encodeURIComponent('userName eq "nonexistent-user@example.invalid"')}`);
    expect(r3.status).toBe(200);
    expect(r3.body.schemas).toContain(LIST_SCHEMA);
    expect(r3.body.totalResults).toBe(0);

    // R4: Test invalid User by ID.
    const r4 = await get(token, '/Users/00000000000000000000');
    expect(r4.status).toBe(404);
    expect(r4.body.detail).toBeTruthy();
    expect(r4.body.schemas).toContain(ERROR_SCHEMA);

    // R5: Make sure random user doesn't exist.
    const randomUsername = 'jordan.rivera@example.com';
    const r5 = await get(token, `/Users?filter=${encodeURIComponent(`userName eq "${randomUsername}"`)}`);
    expect(r5.status).toBe(200);
    expect(r5.body.totalResults).toBe(0);
    expect(r5.body.schemas).toContain(LIST_SCHEMA);

    // R6: Create Okta user with realistic values (Okta sends application/json here).
    const created = {
      schemas: [USER_SCHEMA],
      userName: randomUsername,
      name: { givenName: 'Jordan', familyName: 'Rivera' },
      emails: [{ primary: true, value: 'jordan.rivera.primary@example.com', type: 'work' }],
      displayName: 'Jordan Rivera',
      active: true,
    };
    const r6 = await send(token, 'POST', '/Users', created, 'application/json');
    expect(r6.status).toBe(201);
    expect(r6.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(r6.body).toMatchObject({ active: true, name: { familyName: 'Rivera', givenName: 'Jordan' }, userName: randomUsername });
    expect(r6.body.schemas).toContain(USER_SCHEMA);
    const idUserOne: string = r6.body.id;
    expect(idUserOne).toBeTruthy();

    // R7: Verify that user was created.
    const r7 = await get(token, `/Users/${idUserOne}`);
    expect(r7.status).toBe(200);
    expect(r7.body).toMatchObject({ userName: randomUsername, name: { familyName: 'Rivera', givenName: 'Jordan' } });

    // R8: Expect failure when recreating user with same values (Okta reuses the userName as the email here).
    const r8 = await send(token, 'POST', '/Users', { ...created, emails: [{ primary: true, value: randomUsername, type: 'work' }] }, 'application/json');
    expect(r8.status).toBe(409);
    expect(r8.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '409', scimType: 'uniqueness' });

    // R9: Username Case Sensitivity Check: the userName is found whatever its case.
    const r9 = await get(token, `/Users?filter=${encodeURIComponent(`userName eq "${randomUsername.toUpperCase()}"`)}`);
    expect(r9.status).toBe(200);
    expect(r9.body.totalResults).toBe(1);
    expect(r9.body.Resources[0].userName).toBe(randomUsername);

    // R10: Optional Test: Verify Groups endpoint.
    const r10 = await get(token, '/Groups');
    expect(r10.status).toBe(200);
    expect(r10.body).toMatchObject({ schemas: [LIST_SCHEMA], totalResults: 0, Resources: [] });

    // R11: Check status 401.
    const r11 = await t.current.call('GET', `${SCIM}/Users?filter=${encodeURIComponent(`userName eq "${randomUsername}"`)}`, {
      headers: { ...okta('x'), authorization: 'non-token' },
    });
    expect(r11.status).toBe(401);
    expect(r11.body.detail).toBeTruthy();
    expect(r11.body.status).toBe('401');
    expect(r11.body.schemas).toContain(ERROR_SCHEMA);

    // R12: Check status 404.
    const r12 = await get(token, '/Users/00919288221112222');
    expect(r12.status).toBe(404);
    expect(r12.body.detail).toBeTruthy();
    expect(r12.body.status).toBe('404');
    expect(r12.body.schemas).toContain(ERROR_SCHEMA);

    // The other organization's directory sees none of it, and R2 for this id is its 404.
    const otherToken = await t.current.directoryToken(other);
    expect((await get(otherToken, '/Users')).body.totalResults).toBe(0);
    expect((await get(otherToken, `/Users/${idUserOne}`)).raw).toBe((await get(otherToken, '/Users/00919288221112222')).raw);
  });

  it("follows the CRUD suite's wire sequence: create with a password (never kept), find, PUT a changed name, deactivate, reactivate", async () => {
    const tenant = await t.current.tenant();
    const token = await t.current.directoryToken(tenant);
    await verifiedDomain(t.current, tenant, 'atko.com');
    const userName = 'riley.okta.test@atko.com';
    const create = await send(token, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName,
      name: { givenName: 'Riley', familyName: 'Okta' },
      emails: [{ value: userName, type: 'work', primary: true }],
      displayName: 'Riley Okta',
      title: 'Engineer',
      phoneNumbers: [{ value: '415.123.4567' }],
      password: 'N3verSt0red!',
      active: true,
    });
    expect(create.status, create.raw).toBe(201);
    expect(create.raw).not.toContain('N3verSt0red!');
    const stored = await t.current.db.query('SELECT * FROM scim_users WHERE org_id = $1', [tenant.id]);
    expect(JSON.stringify(stored.rows)).not.toContain('N3verSt0red!');

    const found = await get(token, `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
    expect(found.body.Resources.map((user: { id: string }) => user.id)).toEqual([create.body.id]);

    // Okta reads the user and PUTs it back whole with one change, id, meta and groups included.
    const before = (await get(token, `/Users/${create.body.id}`)).body;
    const put = await send(token, 'PUT', `/Users/${create.body.id}`, { ...before, name: { ...before.name, givenName: 'Rileyupdate' } });
    expect(put.status).toBe(200);
    expect(put.body.name.givenName).toBe('Rileyupdate');
    expect(put.body.title).toBe('Engineer');

    const roster = async () => (await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members.map((member: { email: string }) => member.email);
    expect(await roster()).toContain(userName);

    const deactivate = await send(token, 'PATCH', `/Users/${create.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(deactivate.status).toBe(204);
    expect((await get(token, `/Users/${create.body.id}`)).body.active).toBe(false);
    expect(await roster()).not.toContain(userName);

    const reactivate = await send(token, 'PATCH', `/Users/${create.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(reactivate.status).toBe(204);
    expect((await get(token, `/Users/${create.body.id}`)).body.active).toBe(true);
    expect(await roster()).toContain(userName);

    // Unassigning the app deactivates again (Okta never deletes).
    await send(token, 'PATCH', `/Users/${create.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: false } }] });
    expect((await get(token, `/Users/${create.body.id}`)).body.active).toBe(false);
    expect(await roster()).not.toContain(userName);
  });
});
