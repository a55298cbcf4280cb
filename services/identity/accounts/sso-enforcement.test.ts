// SSO enforcement at the password and renewal doors (spec 5.10), with the owner's
// break-glass: POST /auth/login and POST /auth/refresh for addresses in a domain an
// organization has verified and enforces single sign-on for.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestApp, type TestPerson, type TestTenant } from '../../../test/support/test-app.js';
import { addMembership } from '../../organizations/index.js';
import { listIdentityEvents } from '../../platform/audit/testing/identity-events.js';
import { appWithClock, currentCode, enrol, login, movableClock } from '../second-factor/testing/second-factor-harness.js';
import { issueSignInCode } from './index.js';
import { enforcedSsoProvider, relaxSsoProvider, verifiedDomain } from './testing/enterprise-identity.js';

const ONE_401 = '{"error":"authentication required","code":"unauthorized"}';
const SSO_REQUIRED = { error: 'this address signs in through its organization’s single sign-on', code: 'sso_required' };

describe.each(testProfiles)('SSO enforcement for password sign-in and renewal ($profile)', (profile) => {
  const clock = movableClock();
  const t = useTestApp(() => appWithClock(profile, clock));
  expectNeighbourUntouchedAfterEach(t);

  /** The tenant's trail filtered by action, as its owner reads it. */
  const trail = async (tenant: TestTenant, action: string) => {
    const response = await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token: tenant.owner.token, headers: { 'x-expected-organization': tenant.id } });
    expect(response.status).toBe(200);
    return response.body.events as Array<{ actor: { kind: string; id: string | null }; detail: Record<string, unknown> }>;
  };

  /**
   * A person with an address in the domain, seated in the tenant with this role (or not seated).
   * They signed up before the domain came under enforcement (signup is refused under it): the
   * enforcing providers stand down for their signup.
   */
  const personIn = async (app: TestApp, tenant: TestTenant, domain: string, role?: 'owner' | 'admin' | 'analyst'): Promise<TestPerson> => {
    const enforcing = await app.db.query<{ id: string }>('UPDATE sso_providers SET enforced = false WHERE enforced RETURNING id');
    const person = await app.signup({ email: `p-${randomUUID().slice(0, 8)}@${domain}` });
    await app.db.query('UPDATE sso_providers SET enforced = true WHERE id = ANY($1::uuid[])', [enforcing.rows.map((row) => row.id)]);
    if (role) await app.db.transaction((tx) => addMembership(tx, tenant.id, { userId: person.id, role, arrival: 'manual', actor: { kind: 'user', id: tenant.owner.id } }));
    return person;
  };

  /** A tenant whose domain is verified and whose single sign-on is enforced. */
  const enforcingTenant = async () => {
    const tenant = await t.current.tenant();
    const domain = await verifiedDomain(t.current.db, tenant.id);
    const providerId = await enforcedSsoProvider(t.current.db, tenant.id);
    return { tenant, domain, providerId };
  };

  describe('password sign-in', () => {
    it('refuses the right password with 403 sso_required, audited in the enforcing organization', async () => {
      const { tenant, domain } = await enforcingTenant();
      const person = await personIn(t.current, tenant, domain, 'analyst');
      const response = await login(t.current, person);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(SSO_REQUIRED);
      const [refusal] = await trail(tenant, 'sso_enforcement.sign_in_refused');
      expect(refusal).toMatchObject({ actor: { kind: 'user', id: person.id }, detail: { method: 'password', domain } });
    });

    it('refuses a person of the domain who is no member of the enforcing organization too', async () => {
      const { tenant, domain } = await enforcingTenant();
      const outsider = await personIn(t.current, tenant, domain);
      expect((await login(t.current, outsider)).status).toBe(403);
    });

    it('answers a wrong password with the one 401, telling nothing of enforcement', async () => {
      const { tenant, domain } = await enforcingTenant();
      const person = await personIn(t.current, tenant, domain, 'analyst');
      const response = await login(t.current, { email: person.email, password: `${person.password}x` });
      expect(response.status).toBe(401);
      expect(response.raw).toBe(ONE_401);
      expect(await trail(tenant, 'sso_enforcement.sign_in_refused')).toEqual([]);
    });

    it('signs in as before when the domain is verified but nothing is enforced, or enforced for an unverified domain', async () => {
      const tenant = await t.current.tenant();
      const domain = await verifiedDomain(t.current.db, tenant.id);
      const person = await personIn(t.current, tenant, domain, 'analyst');
      expect((await login(t.current, person)).status).toBe(200);

      const [other] = [await t.current.tenant()];
      await enforcedSsoProvider(t.current.db, other.id);
      const elsewhere = await personIn(t.current, other, `unverified-${randomUUID().slice(0, 8)}.example.test`, 'analyst');
      expect((await login(t.current, elsewhere)).status).toBe(200);
    });

    it('lets the enforcing organization relax: sign-in works again once no provider is enforced', async () => {
      const { tenant, domain, providerId } = await enforcingTenant();
      const person = await personIn(t.current, tenant, domain, 'analyst');
      expect((await login(t.current, person)).status).toBe(403);
      await relaxSsoProvider(t.current.db, providerId);
      expect((await login(t.current, person)).status).toBe(200);
    });
  });

  describe('signup', () => {
    const countOf = async (table: string) => (await t.current.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`)).rows[0]!.count;
    const everything = async () => ({ users: await countOf('users'), organizations: await countOf('organizations'), memberships: await countOf('memberships'), sessions: await countOf('sessions') });

    it('answers sso_required exactly as login does and creates nothing: no account, organization, session or mail', async () => {
      const { tenant, domain } = await enforcingTenant();
      const person = await personIn(t.current, tenant, domain, 'analyst');
      const refusedLogin = await login(t.current, person);
      t.current.mail.length = 0;
      const before = await everything();

      const email = `newcomer-${randomUUID().slice(0, 8)}@${domain}`;
      const refused = await t.current.call('POST', '/api/v1/auth/signup', { body: { email: email.toUpperCase(), password: 'a-long-enough-password', name: 'Newcomer' } });
      expect(refused.status).toBe(refusedLogin.status);
      expect(refused.raw).toBe(refusedLogin.raw);
      expect(refused.body).toEqual(SSO_REQUIRED);
      expect(refused.body).not.toHaveProperty('access_token');
      expect(await everything()).toEqual(before);
      expect((await t.current.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows).toEqual([]);
      expect(t.current.mail).toEqual([]);
      const refusals = (await trail(tenant, 'sso_enforcement.sign_in_refused')).filter((event) => event.detail.method === 'signup');
      expect(refusals).toEqual([expect.objectContaining({ actor: { kind: 'anonymous', id: null }, detail: expect.objectContaining({ method: 'signup', email, domain }) })]);
    });

    it('answers an enforced address that has an account the same way, not 409', async () => {
      const { tenant, domain } = await enforcingTenant();
      const person = await personIn(t.current, tenant, domain);
      const before = await everything();
      const refused = await t.current.call('POST', '/api/v1/auth/signup', { body: { email: person.email, password: 'a-long-enough-password', name: 'Again' } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(SSO_REQUIRED);
      expect(await everything()).toEqual(before);
    });

    it('signs up as before once the organization stops enforcing', async () => {
      const { domain, providerId } = await enforcingTenant();
      await relaxSsoProvider(t.current.db, providerId);
      expect((await t.current.call('POST', '/api/v1/auth/signup', { body: { email: `later-${randomUUID().slice(0, 8)}@${domain}`, password: 'a-long-enough-password', name: 'Later' } })).status).toBe(201);
    });
  });

  describe('break-glass', () => {
    it('lets an owner with a second factor sign in with password and code, recorded as sso_enforcement.bypassed, and tells the other administrators', async () => {
      const { tenant, domain } = await enforcingTenant();
      const owner = await personIn(t.current, tenant, domain, 'owner');
      const admin = await personIn(t.current, tenant, domain, 'admin');
      const analyst = await personIn(t.current, tenant, domain, 'analyst');
      const { secret } = await enrol(t.current, owner, clock);
      t.current.mail.length = 0;

      const challenge = await login(t.current, owner);
      expect(challenge.status).toBe(401);
      expect(challenge.body).toMatchObject({ rule: 'second_factor_required' });

      const response = await login(t.current, owner, { totp_code: currentCode(clock, secret) });
      expect(response.status).toBe(200);
      expect((await t.current.call('GET', '/api/v1/me', { token: response.body.access_token })).body.id).toBe(owner.id);

      const [bypass] = await trail(tenant, 'sso_enforcement.bypassed');
      expect(bypass).toMatchObject({ actor: { kind: 'user', id: owner.id }, detail: { method: 'password', second_factor: 'totp', domain } });
      const [signIn] = await listIdentityEvents(t.current.db, owner.personalOrgId, { action: 'session.signed_in', limit: 1 });
      expect(signIn).toMatchObject({ detail: { method: 'password', second_factor: 'totp', sso_bypassed_org_id: tenant.id } });

      const notices = t.current.mail.filter((mail) => mail.purpose === 'sso_enforcement_bypassed');
      expect(notices.map((mail) => mail.to).sort()).toEqual([tenant.owner.email, admin.email].sort());
      expect(notices[0]!.text).toContain(owner.email);
      expect(notices.map((mail) => mail.to)).not.toContain(analyst.email);
    });

    it('refuses an owner without a second factor, and an admin with one', async () => {
      const { tenant, domain } = await enforcingTenant();
      const owner = await personIn(t.current, tenant, domain, 'owner');
      expect((await login(t.current, owner)).body).toEqual(SSO_REQUIRED);

      const admin = await personIn(t.current, tenant, domain, 'admin');
      const { secret } = await enrol(t.current, admin, clock);
      const response = await login(t.current, admin, { totp_code: currentCode(clock, secret) });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(SSO_REQUIRED);
      expect(await trail(tenant, 'sso_enforcement.bypassed')).toEqual([]);
    });

    it('refuses an owner of another organization: break-glass is for the enforcing one', async () => {
      const { tenant, domain } = await enforcingTenant();
      const elsewhere = await t.current.tenant();
      const owner = await personIn(t.current, elsewhere, domain, 'owner');
      const { secret } = await enrol(t.current, owner, clock);
      expect((await login(t.current, owner, { totp_code: currentCode(clock, secret) })).status).toBe(403);
      expect(await trail(tenant, 'sso_enforcement.sign_in_refused')).toHaveLength(1);
    });
  });

  describe('renewal', () => {
    it('ends a password session at its next renewal once its address comes under enforcement (401, end_reason sso_enforced, audited)', async () => {
      const tenant = await t.current.tenant();
      const domain = await verifiedDomain(t.current.db, tenant.id);
      const person = await personIn(t.current, tenant, domain, 'analyst');
      const renewed = await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: person.refreshToken } });
      expect(renewed.status).toBe(200);

      await enforcedSsoProvider(t.current.db, tenant.id);
      // Until its renewal the session goes on.
      expect((await t.current.call('GET', '/api/v1/me', { token: renewed.body.access_token })).status).toBe(200);
      const refused = await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: renewed.body.refresh_token } });
      expect(refused.status).toBe(401);
      expect(refused.raw).toBe(ONE_401);
      expect((await t.current.call('GET', '/api/v1/me', { token: renewed.body.access_token })).status).toBe(401);
      const sessions = await t.current.db.query<{ end_reason: string | null }>('SELECT end_reason FROM sessions WHERE user_id = $1', [person.id]);
      expect(sessions.rows).toEqual([{ end_reason: 'sso_enforced' }]);
      const [ended] = await trail(tenant, 'sso_enforcement.session_ended');
      expect(ended).toMatchObject({ actor: { kind: 'user', id: person.id }, detail: { user_id: person.id, method: 'password', domain, break_glass: false } });
    });

    it('renews a social session of an enforced address no more than a password one, and an SSO session as before', async () => {
      const { tenant, domain } = await enforcingTenant();
      const person = await personIn(t.current, tenant, domain, 'analyst');
      const exchange = async (method: 'social' | 'sso') => {
        const code = await issueSignInCode(t.current.db, { userId: person.id, orgId: method === 'sso' ? tenant.id : person.personalOrgId, method });
        return (await t.current.call('POST', '/api/v1/auth/exchange', { body: { code } })).body.refresh_token as string;
      };
      const [social, sso] = [await exchange('social'), await exchange('sso')];
      expect((await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: social } })).status).toBe(401);
      expect((await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: sso } })).status).toBe(200);
    });

    it('renews a break-glass session while its person remains an owner with a second factor, and ends it at the renewal after a demotion', async () => {
      const { tenant, domain } = await enforcingTenant();
      const owner = await personIn(t.current, tenant, domain, 'owner');
      const { secret } = await enrol(t.current, owner, clock);
      const signedIn = await login(t.current, owner, { totp_code: currentCode(clock, secret) });
      expect(signedIn.status).toBe(200);

      const renewed = await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: signedIn.body.refresh_token } });
      expect(renewed.status).toBe(200);

      await t.current.db.query("UPDATE memberships SET role = 'admin' WHERE org_id = $1 AND user_id = $2", [tenant.id, owner.id]);
      expect((await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: renewed.body.refresh_token } })).status).toBe(401);
      const [ended] = await trail(tenant, 'sso_enforcement.session_ended');
      expect(ended).toMatchObject({ detail: { user_id: owner.id, break_glass: true } });
    });

    it('leaves the sessions of other organizations\' people alone', async () => {
      await enforcingTenant();
      const [tenant] = await t.current.twoTenants();
      const person = await personIn(t.current, tenant, `free-${randomUUID().slice(0, 8)}.example.test`, 'analyst');
      expect((await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: person.refreshToken } })).status).toBe(200);
    });
  });
});
