import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, TEST_PUBLIC_URL, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { addMembership } from '../../../organizations/index.js';
import { addresslessUserBody, directoryOf, ERROR_SCHEMA, roster, setPlan, userBody, verifiedAddressIn, verifiedDomain } from '../testing/scim-client.js';

describe.each(handlerTestProfiles)('POST /api/scim/v2/Users ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const auditActions = async (orgId: string) =>
    (await t.current.db.query<{ action: string }>('SELECT action FROM identity_audit_events WHERE org_id = $1 ORDER BY seq', [orgId])).rows.map((row) => row.action);

  it('admits the person the primary email names as a member marked directory on the roster, with the default role viewer', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const directory = await directoryOf(t.current, tenant);
    const address = `ada.${randomUUID().slice(0, 8)}@${directory.domain}`;
    const created = await directory.call('POST', '/Users', userBody(directory.domain, { userName: 'ada', emails: [{ value: 'ada@home.example', type: 'home' }, { value: address.toUpperCase(), type: 'work', primary: true }] }));
    expect(created.status, created.raw).toBe(201);
    expect(created.headers.location).toBe(`${TEST_PUBLIC_URL}/api/scim/v2/Users/${created.body.id}`);
    expect(created.headers.etag).toBe('W/"1"');

    const member = (await roster(t.current, tenant)).find((entry) => entry.email === address);
    expect(member).toMatchObject({ role: 'viewer', arrival: 'directory', directory_sourced: true });
    const { rows } = await t.current.db.query<{ user_id: string }>('SELECT user_id FROM scim_users WHERE id = $1', [created.body.id]);
    expect(rows[0]!.user_id).toBe(member!.user_id);
    // The person is created without a password, with a personal organization of their own.
    const person = await t.current.db.query('SELECT password_hash, email_verified_at FROM users WHERE id = $1', [member!.user_id]);
    expect(person.rows[0]).toEqual({ password_hash: null, email_verified_at: null });
    const actions = await auditActions(tenant.id);
    expect(actions.slice(-2)).toEqual(['member.added', 'scim_user.created']);
    expect((await roster(t.current, other)).map((entry) => entry.email)).not.toContain(address);
  });

  it('stages a user created inactive without a membership, so it holds no seat; one without an address stands for nobody', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    // Free: 3 seats, the owner holds one. Staged and addressless users take none, however many.
    for (let i = 0; i < 4; i += 1) expect((await directory.call('POST', '/Users', userBody(directory.domain, { active: false }))).status).toBe(201);
    for (let i = 0; i < 2; i += 1) expect((await directory.call('POST', '/Users', addresslessUserBody())).status).toBe(201);
    expect(await roster(t.current, tenant)).toHaveLength(1);
    expect((await directory.call('POST', '/Users', userBody(directory.domain))).status).toBe(201);
    expect((await directory.call('POST', '/Users', userBody(directory.domain))).status).toBe(201);
    expect(await roster(t.current, tenant)).toHaveLength(3);
  });

  it('refuses creates past the seats with SCIM 402, writing nothing: of several racing for the last seats, exactly the free ones win', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    expect((await directory.call('POST', '/Users', userBody(directory.domain))).status).toBe(201);
    const before = await auditActions(tenant.id);
    // Free: 3 seats; the owner and one user hold two, so one is free.
    const bodies = Array.from({ length: 6 }, () => userBody(directory.domain));
    const answers = await Promise.all(bodies.map((body) => directory.call('POST', '/Users', body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    const refused = answers.find((answer) => answer.status === 402)!;
    expect(refused.body).toEqual({ schemas: [ERROR_SCHEMA], status: '402', detail: 'every seat of the plan is taken (3 of 3): deactivate a user, remove a member or change the plan' });

    const written = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.userName);
    const losers = bodies.map((body) => body.userName as string).filter((userName) => !written.includes(userName));
    const users = await t.current.db.query<{ user_name: string }>('SELECT user_name FROM scim_users WHERE org_id = $1', [tenant.id]);
    expect(users.rows.map((row) => row.user_name).filter((userName) => losers.includes(userName))).toEqual([]);
    const accounts = await t.current.db.query('SELECT 1 FROM users WHERE email = ANY($1::text[])', [losers]);
    expect(accounts.rows).toEqual([]);
    expect(await roster(t.current, tenant)).toHaveLength(3);
    expect((await auditActions(tenant.id)).slice(before.length)).toEqual(['member.added', 'scim_user.created']);

    // A larger plan admits them.
    await setPlan(t.current, tenant, 'pro');
    expect((await directory.call('POST', '/Users', bodies.find((body) => losers.includes(body.userName as string))!)).status).toBe(201);
  });

  it('refuses a userName taken in the directory, compared without case, with 409 uniqueness; another organization may use it', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const directory = await directoryOf(t.current, tenant);
    const body = addresslessUserBody({ userName: `Grace.${randomUUID().slice(0, 6)}` });
    expect((await directory.call('POST', '/Users', body)).status).toBe(201);
    const again = await directory.call('POST', '/Users', { ...body, userName: (body.userName as string).toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
    expect((await (await directoryOf(t.current, other)).call('POST', '/Users', body)).status).toBe(201);
  });

  it('links users naming one address to one person, who stays a member while any of them is active', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const address = `shared.${randomUUID().slice(0, 8)}@${directory.domain}`;
    const first = await directory.call('POST', '/Users', userBody(directory.domain, { emails: [{ value: address, primary: true }] }));
    const second = await directory.call('POST', '/Users', userBody(directory.domain, { emails: [{ value: address, primary: true }] }));
    const persons = await t.current.db.query<{ user_id: string }>('SELECT DISTINCT user_id FROM scim_users WHERE org_id = $1', [tenant.id]);
    expect(persons.rows).toHaveLength(1);
    expect(await roster(t.current, tenant)).toHaveLength(2);
    await directory.call('PATCH', `/Users/${first.body.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: false }] });
    expect((await roster(t.current, tenant)).map((entry) => entry.email)).toContain(address);
    await directory.call('DELETE', `/Users/${second.body.id}`);
    expect((await roster(t.current, tenant)).map((entry) => entry.email)).not.toContain(address);
  });

  it('retires an unverified, never admitted password account of an address in the verified domain and admits a fresh account (spec 3.2)', async () => {
    const tenant = await t.current.tenant();
    const domain = `corp-${randomUUID().slice(0, 8)}.example`;
    await verifiedDomain(t.current, tenant, domain);
    const squatter = await t.current.signup({ email: `alice@${domain}` });
    const directory = await directoryOf(t.current, tenant);
    const created = await directory.call('POST', '/Users', userBody(directory.domain, { userName: `alice@${domain}`, emails: [{ value: `alice@${domain}`, primary: true }] }));
    expect(created.status, created.raw).toBe(201);

    const member = (await roster(t.current, tenant)).find((entry) => entry.email === `alice@${domain}`)!;
    expect(member.user_id).not.toBe(squatter.id);
    expect((await t.current.call('GET', '/api/v1/me', { token: squatter.token })).status).toBe(401);
    expect((await t.current.call('POST', '/api/v1/auth/login', { body: { email: squatter.email, password: squatter.password } })).status).toBe(401);
    const [retired] = (await t.current.call('GET', '/api/v1/identity/audit?action=user.unverified_account_retired', { token: tenant.owner.token })).body.events;
    expect(retired.detail).toMatchObject({ retired_user_id: squatter.id, trigger: 'scim', domain });
  });

  it('refuses an address of its verified domain held by an unverified password account it cannot retire (admitted elsewhere) with 409, writing nothing', async () => {
    const [tenant, elsewhere] = await t.current.twoTenants();
    const directory = await directoryOf(t.current, tenant);
    const squatter = await t.current.signup({ email: `squatter.${randomUUID().slice(0, 8)}@${directory.domain}` });
    // Admitted to another organization, so spec 3.2's retirement does not apply to it.
    await t.current.db.transaction((tx) => addMembership(tx, elsewhere.id, { userId: squatter.id, role: 'viewer', arrival: 'manual', actor: { kind: 'user', id: elsewhere.owner.id } }));
    const refused = await directory.call('POST', '/Users', userBody(directory.domain, { userName: squatter.email, emails: [{ value: squatter.email, primary: true }] }));
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('has not verified the address');
    expect((await t.current.db.query('SELECT 1 FROM scim_users WHERE org_id = $1', [tenant.id])).rows).toEqual([]);
    expect((await t.current.call('GET', '/api/v1/me', { token: squatter.token })).status).toBe(200);

    // Once the person verified the address, or is a member already, the directory's user stands for them.
    const member = await t.current.member(tenant, 'analyst');
    const memberAddress = await verifiedAddressIn(t.current, member, directory.domain);
    await t.current.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [member.id]);
    const linked = await directory.call('POST', '/Users', userBody(directory.domain, { userName: memberAddress, emails: [{ value: memberAddress, primary: true }] }));
    expect(linked.status).toBe(201);
    expect((await roster(t.current, tenant)).find((entry) => entry.email === memberAddress)).toMatchObject({ role: 'analyst', arrival: 'manual' });
    await t.current.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [squatter.id]);
    expect((await directory.call('POST', '/Users', userBody(directory.domain, { userName: squatter.email, emails: [{ value: squatter.email, primary: true }] }))).status).toBe(201);
  });

  it.each([
    ['no schemas', { userName: 'x' }, 'invalidValue'],
    ['no userName', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], displayName: 'x' }, 'invalidValue'],
    ['active that is no boolean', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'x', active: 'yes' }, 'invalidValue'],
    ['a certificate that is not base64', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'x', x509Certificates: [{ value: '-12.1' }] }, 'invalidValue'],
    ['an extension not named in schemas', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'x', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { costCenter: '1' } }, 'invalidValue'],
  ])('refuses a body with %s with 400 in SCIM shape', async (_case, body, scimType) => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const refused = await directory.call('POST', '/Users', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType });
  });

  it('reads attribute names without case, ignores unsupported ones, and answers malformed JSON with 400 invalidSyntax', async () => {
    const directory = await directoryOf(t.current, await t.current.tenant());
    const created = await directory.call('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `case-${randomUUID().slice(0, 6)}`,
      DisplayName: 'Mixed Case',
      NAME: { GivenName: 'Mixed' },
      Active: 'False',
      favouriteColour: 'green',
    });
    expect(created.status, created.raw).toBe(201);
    expect(created.body).toMatchObject({ displayName: 'Mixed Case', name: { givenName: 'Mixed' }, active: false });
    expect(created.raw).not.toContain('favouriteColour');
    const malformed = await t.current.call('POST', '/api/scim/v2/Users', { token: directory.token, headers: { 'content-type': 'application/scim+json' }, body: '{"schemas": [' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidSyntax' });
  });
});
