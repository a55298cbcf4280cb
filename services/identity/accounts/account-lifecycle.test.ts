// What single sign-on, SCIM and social login do with accounts (services/identity/accounts):
// creating one without a password, finding the live one, verifying its address, and
// retiring an unverified one (spec 3.2).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestApp, type TestPerson } from '../../../test/support/test-app.js';
import { type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { listIdentityEvents } from '../../platform/audit/testing/identity-events.js';
import type { OrgId } from '../../platform/db/database.js';
import { createAccount, findLiveAccountByEmail, issueSignInCode, markEmailVerified, retireUnverifiedAccount } from './index.js';
import { verifiedDomain } from './testing/enterprise-identity.js';
import { asOrgId } from '../../../test/support/org-ids.js';

const ONE_401 = '{"error":"authentication required","code":"unauthorized"}';
const origin: RequestOrigin = { sourceIp: '198.51.100.7', userAgent: 'test IdP callback', requestId: 'req-retire-1' };

const trailOf = (t: TestApp, orgId: OrgId, action: string) => listIdentityEvents(t.db, orgId, { action, limit: 50 });
const personalOrgOf = async (t: TestApp, userId: string): Promise<OrgId> =>
  asOrgId((await t.db.query<{ id: string }>('SELECT id FROM organizations WHERE personal_for_user_id = $1', [userId])).rows[0]!.id);

describe.each(testProfiles)('account lifecycle for identity providers and directories ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  describe('createAccount', () => {
    it('creates a person without a password, with a personal organization of their own, audited there', async () => {
      const email = `Ada-${randomUUID()}@Example.Test`;
      const userId = await t.current.db.transaction((tx) => createAccount(tx, { email, name: 'Ada', emailVerified: true, source: 'sso', origin }));
      expect(userId).toBeDefined();
      expect(await findLiveAccountByEmail(t.current.db, email)).toEqual({ id: userId, email: email.toLowerCase(), name: 'Ada', emailVerified: true, hasPassword: false });

      const personal = await personalOrgOf(t.current, userId!);
      const members = await t.current.db.query<{ user_id: string; role: string }>('SELECT user_id, role FROM memberships WHERE org_id = $1', [personal]);
      expect(members.rows).toEqual([{ user_id: userId, role: 'owner' }]);
      const [created] = await trailOf(t.current, personal, 'user.created');
      expect(created).toMatchObject({ actor: { kind: 'system', id: null }, source_ip: origin.sourceIp, request_id: origin.requestId, detail: { user_id: userId, source: 'sso', email_verified: true } });
      // Seating someone in their own personal organization is not an admission.
      expect((await t.current.db.query('SELECT admitted_at FROM users WHERE id = $1', [userId])).rows[0]).toEqual({ admitted_at: null });
    });

    it('answers undefined, and creates nothing, when a live account has the address', async () => {
      const person = await t.current.signup();
      const created = await t.current.db.transaction((tx) => createAccount(tx, { email: person.email.toUpperCase(), name: 'Twin', emailVerified: false }));
      expect(created).toBeUndefined();
      expect((await t.current.db.query('SELECT 1 FROM users WHERE email = $1', [person.email])).rowCount).toBe(1);
    });

    it('records an unverified address as unverified', async () => {
      const email = `bo-${randomUUID()}@example.test`;
      await t.current.db.transaction((tx) => createAccount(tx, { email, name: 'Bo', emailVerified: false, source: 'scim' }));
      expect(await findLiveAccountByEmail(t.current.db, email)).toMatchObject({ emailVerified: false, hasPassword: false });
    });
  });

  describe('findLiveAccountByEmail', () => {
    it('finds a signed-up account by its address in any case, and nothing for an unknown address', async () => {
      const person = await t.current.signup();
      expect(await findLiveAccountByEmail(t.current.db, ` ${person.email.toUpperCase()} `)).toEqual({
        id: person.id,
        email: person.email,
        name: person.name,
        emailVerified: false,
        hasPassword: true,
      });
      expect(await findLiveAccountByEmail(t.current.db, `nobody-${randomUUID()}@example.test`)).toBeUndefined();
    });
  });

  describe('markEmailVerified', () => {
    it('verifies the address once, audited in the personal organization with how', async () => {
      const person = await t.current.signup();
      await t.current.db.transaction((tx) => markEmailVerified(tx, person.id, { method: 'sso', origin }));
      await t.current.db.transaction((tx) => markEmailVerified(tx, person.id, { method: 'mail_link', origin }));
      expect(await findLiveAccountByEmail(t.current.db, person.email)).toMatchObject({ emailVerified: true });
      const events = await trailOf(t.current, person.personalOrgId, 'user.email_verified');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actor: { kind: 'user', id: person.id }, detail: { email: person.email, method: 'sso' } });
      const me = await t.current.call('GET', '/api/v1/me', { token: person.token });
      expect(me.body.email_verified).toBe(true);
    });
  });

  describe('retireUnverifiedAccount', () => {
    /** A person who signed up with a password for an address in a domain the tenant has verified. */
    const squatterIn = async (domain: string): Promise<TestPerson> => t.current.signup({ email: `it-${randomUUID().slice(0, 8)}@${domain}` });
    const retire = (email: string, orgId: OrgId, trigger: 'sso' | 'scim' = 'sso') =>
      t.current.db.transaction((tx) => retireUnverifiedAccount(tx, email, { orgId, trigger, origin }));

    it('retires the account: password, refresh, access tokens, sign-in codes and keys stop working, and the address is free', async () => {
      const tenant = await t.current.tenant();
      const domain = await verifiedDomain(t.current.db, tenant.id);
      const person = await squatterIn(domain);
      const key = await t.current.apiKey(person, ['members:read']);
      const pendingCode = await issueSignInCode(t.current.db, { userId: person.id, orgId: person.personalOrgId, method: 'social' });

      expect(await retire(person.email.toUpperCase(), tenant.id)).toEqual({ retiredUserId: person.id });

      const login = await t.current.call('POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password } });
      expect(login.status).toBe(401);
      expect(login.raw).toBe(ONE_401);
      const refresh = await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: person.refreshToken } });
      expect(refresh.status).toBe(401);
      expect(refresh.raw).toBe(ONE_401);
      const me = await t.current.call('GET', '/api/v1/me', { token: person.token });
      expect(me.status).toBe(401);
      expect(me.raw).toBe(ONE_401);
      const exchange = await t.current.call('POST', '/api/v1/auth/exchange', { body: { code: pendingCode } });
      expect(exchange.status).toBe(401);
      expect((await t.current.call('GET', '/api/v1/members', { token: key.key })).status).toBe(401);
      const sessions = await t.current.db.query<{ end_reason: string }>('SELECT end_reason FROM sessions WHERE user_id = $1', [person.id]);
      expect(sessions.rows.map((s) => s.end_reason)).toEqual(['account_retired']);
      expect(await findLiveAccountByEmail(t.current.db, person.email)).toBeUndefined();

      // The person gets a fresh account for the address; the retired one is not it.
      const fresh = await t.current.db.transaction((tx) => createAccount(tx, { email: person.email, name: 'Fresh', emailVerified: true, source: 'sso' }));
      expect(fresh).toBeDefined();
      expect(fresh).not.toBe(person.id);
      expect((await findLiveAccountByEmail(t.current.db, person.email))?.id).toBe(fresh);
      // A sign-in code issued for the retired account after the fact grants nothing either.
      const late = await issueSignInCode(t.current.db, { userId: person.id, orgId: person.personalOrgId, method: 'social' });
      expect((await t.current.call('POST', '/api/v1/auth/exchange', { body: { code: late } })).status).toBe(401);
    });

    it('audits user.unverified_account_retired in the organization whose domain it is and in the personal one, actor system', async () => {
      const [tenant, other] = await t.current.twoTenants();
      const domain = await verifiedDomain(t.current.db, tenant.id);
      const person = await squatterIn(domain);
      await retire(person.email, tenant.id, 'scim');

      const expected = {
        actor: { kind: 'system', id: null },
        action: 'user.unverified_account_retired',
        source_ip: origin.sourceIp,
        request_id: origin.requestId,
        detail: { retired_user_id: person.id, email: person.email, trigger: 'scim', domain },
      };
      const trail = await t.current.call('GET', '/api/v1/identity/audit?action=user.unverified_account_retired', { token: tenant.owner.token });
      expect(trail.status).toBe(200);
      expect(trail.body.events).toEqual([expect.objectContaining(expected)]);
      expect(await trailOf(t.current, person.personalOrgId, 'user.unverified_account_retired')).toEqual([expect.objectContaining(expected)]);
      const elsewhere = await t.current.call('GET', '/api/v1/identity/audit?action=user.unverified_account_retired', { token: other.owner.token });
      expect(elsewhere.body.events).toEqual([]);
    });

    it('retires nothing for an organization that has not verified the domain, even when another has', async () => {
      const [tenant, other] = await t.current.twoTenants();
      const domain = await verifiedDomain(t.current.db, tenant.id);
      const person = await squatterIn(domain);
      expect(await retire(person.email, other.id)).toBeUndefined();
      const unverified = await squatterIn(`u-${randomUUID().slice(0, 8)}.example.test`);
      expect(await retire(unverified.email, tenant.id)).toBeUndefined();
      expect((await t.current.call('GET', '/api/v1/me', { token: person.token })).status).toBe(200);
      expect((await t.current.call('GET', '/api/v1/me', { token: unverified.token })).status).toBe(200);
      expect(await trailOf(t.current, other.id, 'user.unverified_account_retired')).toEqual([]);
    });

    it('retires nothing when the address is verified, the account has no password, or the person was ever admitted', async () => {
      const tenant = await t.current.tenant();
      const domain = await verifiedDomain(t.current.db, tenant.id);
      const verified = await squatterIn(domain);
      await t.current.db.transaction((tx) => markEmailVerified(tx, verified.id, { method: 'mail_link', origin }));

      const passwordless = `sso-${randomUUID().slice(0, 8)}@${domain}`;
      await t.current.db.transaction((tx) => createAccount(tx, { email: passwordless, name: 'Pat', emailVerified: false, source: 'scim' }));

      const member = await squatterIn(domain);
      const elsewhere = await t.current.tenant();
      await t.current.db.query("INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, 'viewer', 'manual')", [elsewhere.id, member.id]);

      // Admitted once and gone since: still not "never admitted".
      const former = await squatterIn(domain);
      await t.current.db.query("INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, 'viewer', 'manual')", [elsewhere.id, former.id]);
      await t.current.db.query('DELETE FROM memberships WHERE org_id = $1 AND user_id = $2', [elsewhere.id, former.id]);

      // An organization of their own creation seats them as its owner: that is an admission too.
      const founder = await squatterIn(domain);
      expect((await t.current.call('POST', '/api/v1/orgs', { token: founder.token, body: { name: 'Own org' } })).status).toBe(201);

      for (const email of [verified.email, passwordless, member.email, former.email, founder.email]) expect(await retire(email, tenant.id)).toBeUndefined();
      expect(await trailOf(t.current, tenant.id, 'user.unverified_account_retired')).toEqual([]);
      expect((await t.current.call('GET', '/api/v1/me', { token: founder.token })).status).toBe(200);
    });

    it('retires an account once: the second call finds no live unverified account', async () => {
      const tenant = await t.current.tenant();
      const person = await squatterIn(await verifiedDomain(t.current.db, tenant.id));
      const outcomes = await Promise.all([retire(person.email, tenant.id), retire(person.email, tenant.id)]);
      expect(outcomes.filter(Boolean)).toEqual([{ retiredUserId: person.id }]);
      expect(await trailOf(t.current, tenant.id, 'user.unverified_account_retired')).toHaveLength(1);
    });
  });
});
