// OpenID Connect end to end against oidc-provider running in the test process on
// 127.0.0.1: our start route's redirect, the provider's login and consent pages over
// real HTTP, its redirect back to our callback (code, state, iss), the code redeemed
// with PKCE through the egress policy, and POST /auth/exchange giving a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, TEST_PUBLIC_URL, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { verifiedDomain } from '../../accounts/testing/enterprise-identity.js';
import { signInAtProvider, startTestOidcIdp, type TestOidcIdp } from '../testing/oidc-idp.js';
import { browserOf, createOidcProvider, exchange, followCallback, RETURN_URL, SsoBrowser, startSignIn, type SsoProvider } from '../testing/sign-in.js';

describe.each(handlerTestProfiles)('GET /api/v1/auth/sso/oidc/callback ($profile)', (profile) => {
  const t = useTestApp({ ...profile, allowPrivateSsoIssuers: true });
  expectNeighbourUntouchedAfterEach(t);
  let idp: TestOidcIdp;
  let userinfoIdp: TestOidcIdp;
  let tenant: TestTenant;
  let domain: string;
  let provider: SsoProvider;

  beforeAll(async () => {
    idp = await startTestOidcIdp();
    userinfoIdp = await startTestOidcIdp({ claimsInIdToken: false });
    tenant = await t.current.tenant();
    await t.current.db.query("UPDATE organizations SET plan_code = 'enterprise' WHERE id = $1", [tenant.id]);
    domain = await verifiedDomain(t.current.db, tenant.id);
    provider = await createOidcProvider(t.current, tenant, idp, { jit_provisioning: true, default_role: 'analyst' });
  });
  afterAll(async () => {
    await idp?.close();
    await userinfoIdp?.close();
  });

  const signIn = async (via: TestOidcIdp, providerId: string, login: string) => {
    const authorizationUrl = await startSignIn(t.current, providerId);
    expect(authorizationUrl.startsWith(`${via.issuer}/`)).toBe(true);
    return followCallback(t.current, await signInAtProvider(authorizationUrl, login, TEST_PUBLIC_URL));
  };

  it('signs a person in through real redirects, with PKCE (S256), state and nonce, ending in a session', async () => {
    const login = `alice-${Math.random().toString(16).slice(2, 8)}`;
    idp.accounts.set(login, { email: `${login}@${domain}`, email_verified: true, name: 'Alice Example' });
    const authorizationUrl = new URL(await startSignIn(t.current, provider.id));
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/v1/auth/sso/oidc/callback`);
    expect(authorizationUrl.searchParams.get('scope')).toBe('openid email profile groups');
    for (const parameter of ['state', 'nonce', 'code_challenge']) expect(authorizationUrl.searchParams.get(parameter)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const outcome = await followCallback(t.current, await signInAtProvider(authorizationUrl.href, login, TEST_PUBLIC_URL));
    expect(outcome).toEqual({ returnedTo: RETURN_URL, code: expect.stringMatching(/^snc_/) });
    const token = await exchange(t.current, outcome.code!);
    const me = await t.current.call('GET', '/api/v1/me', { token });
    expect(me.body).toMatchObject({ email: `${login}@${domain}`, name: 'Alice Example' });

    const roster = await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token });
    expect(roster.body.members.find((member: { user_id: string }) => member.user_id === me.body.id)).toMatchObject({ role: 'analyst', arrival: 'jit' });
    const signedIn = await t.current.call('GET', `/api/v1/identity/audit?action=session.signed_in&actor=${me.body.id}`, { token: tenant.owner.token });
    expect(signedIn.body.events.map((event: { detail: unknown }) => event.detail)).toEqual([{ method: 'sso', sso_provider_id: provider.id }]);
  });

  it('keeps nothing secret of the sign-in: only the digest of its state, no nonce or verifier', async () => {
    const authorizationUrl = new URL(await startSignIn(t.current, provider.id));
    const state = authorizationUrl.searchParams.get('state')!;
    const { rows } = await t.current.db.query<Record<string, unknown>>('SELECT * FROM sso_pending_sign_ins WHERE sso_provider_id = $1', [provider.id]);
    const stored = JSON.stringify(rows);
    for (const secret of [state, authorizationUrl.searchParams.get('nonce')!]) expect(stored).not.toContain(secret);
    expect(Object.keys(rows[0]!).sort()).toEqual(['consumed_at', 'created_at', 'expires_at', 'org_id', 'return_to', 'saml_request_id', 'sso_provider_id', 'state_hash']);
  });

  it('reads the address from userinfo when the ID token does not carry it', async () => {
    const viaUserinfo = await createOidcProvider(t.current, tenant, userinfoIdp, { jit_provisioning: true });
    const login = `bob-${Math.random().toString(16).slice(2, 8)}`;
    userinfoIdp.accounts.set(login, { email: `${login}@${domain}`, email_verified: true, name: 'Bob' });
    const outcome = await signIn(userinfoIdp, viaUserinfo.id, login);
    const me = await t.current.call('GET', '/api/v1/me', { token: await exchange(t.current, outcome.code!) });
    expect(me.body.email).toBe(`${login}@${domain}`);
  });

  it('refuses an address the provider says is not verified, recording why', async () => {
    const login = `carol-${Math.random().toString(16).slice(2, 8)}`;
    idp.accounts.set(login, { email: `${login}@${domain}`, email_verified: false });
    expect(await signIn(idp, provider.id, login)).toEqual({ returnedTo: RETURN_URL, error: 'email_not_verified' });
    const refused = await t.current.call('GET', '/api/v1/identity/audit?action=sso.sign_in_refused', { token: tenant.owner.token });
    expect(refused.body.events[0].detail).toMatchObject({ reason: 'email_not_verified', sso_provider_id: provider.id, email: `${login}@${domain}` });
  });

  it('refuses a person with no address', async () => {
    const login = `dave-${Math.random().toString(16).slice(2, 8)}`;
    idp.accounts.set(login, { name: 'Dave' });
    expect(await signIn(idp, provider.id, login)).toEqual({ returnedTo: RETURN_URL, error: 'email_missing' });
  });

  it('answers the provider\'s refusal (access_denied) and a used or unknown state without a code', async () => {
    const authorizationUrl = new URL(await startSignIn(t.current, provider.id));
    const state = authorizationUrl.searchParams.get('state')!;
    const { headers } = browserOf(t.current);
    const denied = await t.current.call('GET', `/api/v1/auth/sso/oidc/callback?error=access_denied&state=${state}`, { headers });
    expect(denied.status).toBe(302);
    expect(String(denied.headers.location)).toBe(`${RETURN_URL}?error=access_denied`);
    // The state was used up by that answer.
    const again = await t.current.call('GET', `/api/v1/auth/sso/oidc/callback?code=anything&state=${state}`, { headers });
    expect(String(again.headers.location)).toBe(`${RETURN_URL}?error=sign_in_expired`);
    const unknown = await t.current.call('GET', '/api/v1/auth/sso/oidc/callback?code=anything&state=never-issued', { headers });
    expect(String(unknown.headers.location)).toBe(`${RETURN_URL}?error=sign_in_expired`);
  });

  it('refuses a code redeemed with another sign-in\'s state (its PKCE verifier and nonce differ)', async () => {
    const login = `erin-${Math.random().toString(16).slice(2, 8)}`;
    idp.accounts.set(login, { email: `${login}@${domain}`, email_verified: true });
    const callback = await signInAtProvider(await startSignIn(t.current, provider.id), login, TEST_PUBLIC_URL);
    const otherState = new URL(await startSignIn(t.current, provider.id)).searchParams.get('state')!;
    callback.searchParams.set('state', otherState);
    expect(await followCallback(t.current, callback)).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_failed' });
  });

  it('sends a person back to the return address they asked for, when the deployment permits it', async () => {
    const login = `fay-${Math.random().toString(16).slice(2, 8)}`;
    idp.accounts.set(login, { email: `${login}@${domain}`, email_verified: true });
    const cli = 'http://127.0.0.1:53682/cli-callback?session=xyz';
    const callback = await signInAtProvider(await startSignIn(t.current, provider.id, cli), login, TEST_PUBLIC_URL);
    // Parameters a provider adds to its response (Google's) are passed on, not refused.
    for (const [name, value] of [['authuser', '0'], ['hd', domain], ['prompt', 'consent']] as const) callback.searchParams.set(name, value);
    const outcome = await followCallback(t.current, callback);
    expect(outcome.returnedTo).toBe(cli);
    expect(outcome.code).toMatch(/^snc_/);
  });

  describe('bound to the browser that started it', () => {
    const callbackPath = (callback: URL) => `${callback.pathname}${callback.search}`;
    /** What a client sees of a callback: everything but the request id. */
    const seen = (response: { status: number; headers: Record<string, unknown>; raw: string }) => ({
      status: response.status,
      location: response.headers.location,
      setCookie: response.headers['set-cookie'],
      cacheControl: response.headers['cache-control'],
      body: response.raw,
    });
    const forgedState = async (headers: Record<string, string> = {}) => seen(await t.current.call('GET', '/api/v1/auth/sso/oidc/callback?code=anything&state=forged-state-never-issued', { headers }));
    const unbound = async (providerId: string) =>
      (await t.current.call('GET', '/api/v1/identity/audit?action=sso.sign_in_unbound', { token: tenant.owner.token })).body.events
        .filter((event: { detail: { sso_provider_id: string } }) => event.detail.sso_provider_id === providerId)
        .map((event: { detail: unknown }) => event.detail);
    const codesOf = async (email: string) =>
      (await t.current.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1', [email])).rows[0]!.n;

    it('sets a signed, HttpOnly, SameSite=Lax cookie for the sign-in routes, lasting as long as the pending sign-in and naming its state only', async () => {
      const browser = new SsoBrowser();
      const response = await t.current.call('GET', `/api/v1/auth/sso/${provider.id}/start`);
      browser.keep(response.headers['set-cookie']);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^sentinel_sso=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+; Max-Age=600; Path=\/api\/v1\/auth\/sso\/; HttpOnly; SameSite=Lax; Secure$/);
      const bound = JSON.parse(Buffer.from(browser.cookie!.split('=')[1]!.split('.')[0]!, 'base64url').toString());
      const authorization = new URL(String(response.headers.location));
      expect(Object.keys(bound).sort()).toEqual(['expiresAtMs', 'state']);
      expect(bound.state).toBe(authorization.searchParams.get('state'));
      // The nonce and the PKCE verifier stay on the server (derived from the state there).
      expect(browser.cookie).not.toContain(authorization.searchParams.get('nonce'));
    });

    it('refuses a completed callback opened by a second client without cookies exactly as a forged state, records it, signs nobody in; the browser that started it still signs in', async () => {
      const login = `gina-${Math.random().toString(16).slice(2, 8)}`;
      const email = `${login}@${domain}`;
      idp.accounts.set(login, { email, email_verified: true });
      const victim = new SsoBrowser();
      const callback = await signInAtProvider(await startSignIn(t.current, provider.id, undefined, victim), login, TEST_PUBLIC_URL);

      const replayed = seen(await t.current.call('GET', callbackPath(callback)));
      expect(replayed).toEqual(await forgedState());
      expect(replayed.location).toBe(`${RETURN_URL}?error=sign_in_expired`);
      expect(replayed.setCookie).toBe('sentinel_sso=; Max-Age=0; Path=/api/v1/auth/sso/; HttpOnly; SameSite=Lax; Secure');
      // A cookie that is not ours (altered signature) is no cookie.
      const altered = `${victim.cookie!.slice(0, -2)}AA`;
      expect(seen(await t.current.call('GET', callbackPath(callback), { headers: { cookie: altered } }))).toEqual(await forgedState({ cookie: altered }));
      expect(await codesOf(email)).toBe(0);
      expect(await unbound(provider.id)).toContainEqual(expect.objectContaining({ sso_provider_id: provider.id, protocol: 'oidc', binding: 'no_cookie' }));

      const outcome = await followCallback(t.current, callback, victim);
      expect(outcome.code).toMatch(/^snc_/);
      expect(victim.cookie).toBeUndefined();
      // Replayed once completed: still refused the same way.
      expect(seen(await t.current.call('GET', callbackPath(callback)))).toEqual(await forgedState());
    });

    it('refuses an attacker\'s completed callback opened in a browser that holds its own sign-in\'s cookie (login CSRF), recording it', async () => {
      const attackerLogin = `mallory-${Math.random().toString(16).slice(2, 8)}`;
      idp.accounts.set(attackerLogin, { email: `${attackerLogin}@${domain}`, email_verified: true });
      // A provider of its own, so that its first record is this test's.
      const own = await createOidcProvider(t.current, tenant, idp, { jit_provisioning: true });
      const attacker = new SsoBrowser();
      const attackersCallback = await signInAtProvider(await startSignIn(t.current, own.id, undefined, attacker), attackerLogin, TEST_PUBLIC_URL);
      const victim = new SsoBrowser();
      await startSignIn(t.current, own.id, undefined, victim);

      const refused = seen(await t.current.call('GET', callbackPath(attackersCallback), { headers: victim.headers }));
      expect(refused).toEqual(await forgedState(victim.headers));
      expect(await codesOf(`${attackerLogin}@${domain}`)).toBe(0);
      expect(await unbound(own.id)).toEqual([expect.objectContaining({ sso_provider_id: own.id, protocol: 'oidc', binding: 'another_sign_in' })]);
      // The attacker's own browser is still the one its sign-in is bound to.
      expect((await followCallback(t.current, attackersCallback, attacker)).code).toMatch(/^snc_/);
    });
  });
});
