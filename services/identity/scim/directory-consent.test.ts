// What a directory may provision, and what provisioning never changes:
// a directory of one organization enrols only addresses of that organization's verified
// domains, an account it links keeps its own sign-ins, sessions and personal organization,
// no addition moves the organization a person acts in, and an account it created before
// its owner signed in can be claimed by that owner, never blocked as "already exists".
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestPerson } from '../../../test/support/test-app.js';
import { addMembership } from '../../organizations/index.js';
import { mailedToken } from '../accounts/testing/mail.js';
import { addresslessUserBody, directoryOf, ERROR_SCHEMA, patchBody, roster, USER_SCHEMA, userBody, verifiedDomain, type Directory } from './testing/scim-client.js';

describe.each(testProfiles)('What a directory may provision ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  const actingOrganizationOf = async (person: Pick<TestPerson, 'token'>): Promise<string> => {
    const me = await t.current.call('GET', '/api/v1/me', { token: person.token });
    expect(me.status).toBe(200);
    return me.body.acting_organization.id;
  };
  const membershipsOf = async (userId: string) =>
    (await t.current.db.query<{ org_id: string }>('SELECT org_id FROM memberships WHERE user_id = $1 ORDER BY org_id', [userId])).rows.map((row) => row.org_id);
  const verify = (person: TestPerson) => t.current.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [person.id]);
  const pushed = (directory: Directory, address: string) => userBody(directory.domain, { userName: address, emails: [{ value: address, type: 'work', primary: true }] });

  it("refuses an address of another organization's verified domain, and an unrelated verified one, with 400 invalidValue: nobody enrolled, nobody's acting organization moved", async () => {
    const [directoryOrg, other] = await t.current.twoTenants();
    const directory = await directoryOf(t.current, directoryOrg);
    const otherDomain = `other-${randomUUID().slice(0, 8)}.example`;
    await verifiedDomain(t.current, other, otherDomain);
    // Both signed up after the directory's organization was created, verified their addresses, and never chose where to act.
    const colleague = await t.current.signup({ email: `colleague@${otherDomain}` });
    await verify(colleague);
    await t.current.db.transaction((tx) => addMembership(tx, other.id, { userId: colleague.id, role: 'analyst', arrival: 'manual', actor: { kind: 'user', id: other.owner.id } }));
    const stranger = await t.current.signup({ email: `stranger@unrelated-${randomUUID().slice(0, 8)}.example` });
    await verify(stranger);
    const before = { colleague: await actingOrganizationOf(colleague), stranger: await actingOrganizationOf(stranger) };
    expect(before).toEqual({ colleague: colleague.personalOrgId, stranger: stranger.personalOrgId });
    const staged = (await directory.call('POST', '/Users', addresslessUserBody())).body;

    for (const person of [colleague, stranger]) {
      const domain = person.email.split('@')[1];
      const attempts = [
        await directory.call('POST', '/Users', pushed(directory, person.email)),
        // Only a secondary address in the directory's domain: the primary one names the person.
        await directory.call('POST', '/Users', userBody(directory.domain, { emails: [{ value: `alias.${randomUUID().slice(0, 8)}@${directory.domain}` }, { value: person.email, primary: true }] })),
        await directory.call('PUT', `/Users/${staged.id}`, { schemas: [USER_SCHEMA], userName: person.email }),
        await directory.call('PATCH', `/Users/${staged.id}`, patchBody({ op: 'add', path: 'emails', value: [{ value: person.email, primary: true }] })),
        await directory.call('PATCH', `/Users/${staged.id}`, patchBody({ op: 'replace', path: 'userName', value: person.email })),
      ];
      for (const refused of attempts) {
        expect(refused.status, refused.raw).toBe(400);
        expect(refused.body).toEqual({
          schemas: [ERROR_SCHEMA],
          status: '400',
          scimType: 'invalidValue',
          detail: `${person.email} is outside this organization's verified domains: verify ${domain} before provisioning its addresses`,
        });
      }
    }

    expect(await membershipsOf(colleague.id)).toEqual([colleague.personalOrgId, other.id].sort());
    expect(await membershipsOf(stranger.id)).toEqual([stranger.personalOrgId]);
    expect((await roster(t.current, directoryOrg)).map((entry) => entry.user_id)).toEqual([directoryOrg.owner.id]);
    expect((await t.current.db.query('SELECT user_name, user_id FROM scim_users WHERE org_id = $1', [directoryOrg.id])).rows).toEqual([{ user_name: staged.userName, user_id: null }]);
    expect((await directory.call('GET', `/Users/${staged.id}`)).body.meta.version).toBe('W/"1"');
    expect({ colleague: await actingOrganizationOf(colleague), stranger: await actingOrganizationOf(stranger) }).toEqual(before);
  });

  it('never refuses a push that leaves the address alone, such as a deactivation after the domain lapsed', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    const user = (await directory.call('POST', '/Users', userBody(directory.domain))).body;
    await t.current.db.query('UPDATE identity_domains SET verified_at = NULL WHERE org_id = $1 AND domain = $2', [tenant.id, directory.domain]);
    expect((await directory.call('PATCH', `/Users/${user.id}`, patchBody({ op: 'replace', path: 'active', value: false }))).status).toBe(204);
    expect((await roster(t.current, tenant)).map((entry) => entry.email)).not.toContain(user.emails[0].value);
  });

  it('links an existing account of its verified domain, leaving its sessions, sign-ins, personal organization and acting organization as they were', async () => {
    const tenant = await t.current.tenant();
    const directory = await directoryOf(t.current, tenant);
    // Signed up after the organization existed: by creation time the organization is older than their personal one.
    const person = await t.current.signup({ email: `linked.${randomUUID().slice(0, 8)}@${directory.domain}` });
    await verify(person);
    const sessionsBefore = (await t.current.db.query('SELECT id, ended_at FROM sessions WHERE user_id = $1 ORDER BY id', [person.id])).rows;
    const accountBefore = (await t.current.db.query('SELECT email, password_hash, email_verified_at, retired_at FROM users WHERE id = $1', [person.id])).rows;
    expect(await actingOrganizationOf(person)).toBe(person.personalOrgId);

    const created = await directory.call('POST', '/Users', pushed(directory, person.email));
    expect(created.status, created.raw).toBe(201);
    expect((await roster(t.current, tenant)).find((entry) => entry.user_id === person.id)).toMatchObject({ role: 'viewer', arrival: 'directory' });

    // The same session still works and still acts in the personal organization.
    expect(await actingOrganizationOf(person)).toBe(person.personalOrgId);
    expect((await t.current.db.query('SELECT id, ended_at FROM sessions WHERE user_id = $1 ORDER BY id', [person.id])).rows).toEqual(sessionsBefore);
    expect((await t.current.db.query('SELECT email, password_hash, email_verified_at, retired_at FROM users WHERE id = $1', [person.id])).rows).toEqual(accountBefore);
    const personal = await t.current.db.query<{ role: string }>('SELECT role FROM memberships WHERE org_id = $1 AND user_id = $2', [person.personalOrgId, person.id]);
    expect(personal.rows).toEqual([{ role: 'owner' }]);
    const renewed = await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: person.refreshToken } });
    expect(renewed.status).toBe(200);
    const signedIn = await t.current.login(person);
    expect(await actingOrganizationOf(signedIn)).toBe(person.personalOrgId);
    // They act in the directory's organization when they choose to.
    await t.current.actIn(person, tenant.id);
    expect(await actingOrganizationOf(person)).toBe(tenant.id);
  });

  describe('an account the directory created before its owner signed in', () => {
    const signup = (email: string, password: string) => t.current.call('POST', '/api/v1/auth/signup', { body: { email, password, name: 'The Owner' } });
    const confirm = (token: string, password?: string) => t.current.call('POST', '/api/v1/auth/email-verification', { body: { token, ...(password === undefined ? {} : { password }) } });
    const claimToken = (address: string) => mailedToken(t.current, address, 'account_claim');
    /** The resend interval passed (one verification mail a minute per account). */
    const aMinuteLater = (userId: string) => t.current.db.query("UPDATE email_verifications SET created_at = created_at - interval '2 minutes' WHERE user_id = $1", [userId]);

    it('is claimed by a signup that verifies the address with the password it chose, and acts in the organization that provisioned it', async () => {
      const tenant = await t.current.tenant();
      const directory = await directoryOf(t.current, tenant);
      const address = `owner.${randomUUID().slice(0, 8)}@${directory.domain}`;
      expect((await directory.call('POST', '/Users', pushed(directory, address))).status).toBe(201);
      const { rows } = await t.current.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [address]);
      const accountId = rows[0]!.id;

      // Someone else signs up for the address first: a mail goes to the address, and nothing else changes.
      const impostor = await signup(address, 'the-impostors-password');
      expect(impostor.status, impostor.raw).toBe(202);
      expect(impostor.body).toEqual({ email: address, expires_at: expect.any(String) });
      const impostorsToken = await claimToken(address);
      expect((await t.current.call('POST', '/api/v1/auth/login', { body: { email: address, password: 'the-impostors-password' } })).status).toBe(401);
      // The owner opening the impostor's mail with their own password claims nothing: the link needs the impostor's password.
      expect((await confirm(impostorsToken, 'the-owners-password')).status).toBe(401);
      expect((await confirm(impostorsToken)).status).toBe(401);
      expect((await t.current.db.query('SELECT password_hash, email_verified_at FROM users WHERE id = $1', [accountId])).rows).toEqual([{ password_hash: null, email_verified_at: null }]);

      // A second signup within the minute is 429; after it, the owner's own signup mails their own link.
      expect((await signup(address, 'the-owners-password')).status).toBe(429);
      await aMinuteLater(accountId);
      expect((await signup(address, 'the-owners-password')).status).toBe(202);
      const ownersToken = await claimToken(address);
      expect(ownersToken).not.toBe(impostorsToken);
      const claimed = await confirm(ownersToken, 'the-owners-password');
      expect(claimed.status, claimed.raw).toBe(200);
      expect(claimed.body).toEqual({ email: address, email_verified: true });
      expect((await confirm(ownersToken, 'the-owners-password')).status).toBe(401);
      // The impostor's link, used now with the impostor's password, changes the password no more.
      await confirm(impostorsToken, 'the-impostors-password');
      expect((await t.current.call('POST', '/api/v1/auth/login', { body: { email: address, password: 'the-impostors-password' } })).status).toBe(401);

      const session = await t.current.login({ email: address, password: 'the-owners-password' });
      const me = (await t.current.call('GET', '/api/v1/me', { token: session.token })).body;
      // Seated in its personal organization and the directory's at once, it acts in the directory's, the reason it exists.
      expect(me).toMatchObject({ id: accountId, email: address, email_verified: true, acting_organization: { id: tenant.id, role: 'viewer' } });
      const personal = (await t.current.db.query<{ id: string }>('SELECT id FROM organizations WHERE personal_for_user_id = $1', [accountId])).rows[0]!.id;
      expect((await membershipsOf(accountId)).sort()).toEqual([personal, tenant.id].sort());
      const trail = (await t.current.db.query<{ action: string }>('SELECT action FROM identity_audit_events WHERE org_id = $1 ORDER BY seq', [personal])).rows.map((row) => row.action);
      expect(trail).toEqual(expect.arrayContaining(['user.claim_requested', 'user.account_claimed', 'user.email_verified']));
    });

    it('answers a signup for an account that has a password, or a verified address, with 409 as before', async () => {
      const tenant = await t.current.tenant();
      const directory = await directoryOf(t.current, tenant);
      const address = `verified.${randomUUID().slice(0, 8)}@${directory.domain}`;
      await directory.call('POST', '/Users', pushed(directory, address));
      // Verified by an SSO or social sign-in: the owner has claimed it that way.
      await t.current.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [address]);
      const taken = await signup(address, 'a-long-enough-password');
      expect(taken.status).toBe(409);
      expect(t.current.mail.filter((message) => message.to === address)).toEqual([]);
    });
  });
});
