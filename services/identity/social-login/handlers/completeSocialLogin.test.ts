// Social sign-in end to end: the service's start and callback, the providers running
// on 127.0.0.1 (oidc-provider as Google, emulate as GitHub), every redirect followed
// by a small browser, and the code exchanged for a session.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { listIdentityEvents } from '../../../platform/audit/testing/identity-events.js';
import type { OrgId } from '../../../platform/db/database.js';
import { asOrgId } from '../../../../test/support/org-ids.js';
import { enforcedSsoProvider, verifiedDomain } from '../../accounts/testing/enterprise-identity.js';
import { createBrowser } from '../testing/browser.js';
import { startGitHubPeer, startOidcPeer, type GitHubPeer, type OidcPeer } from '../testing/peers.js';

const SERVICE = 'https://sentinel.example.test';
const RETURN_URL = 'https://dashboard.example.test/sign-in/complete';
const callbackOf = (provider: string) => `${SERVICE}/api/v1/auth/social/${provider}/callback`;
const GITHUB_USERS = [
  { login: 'octo-ada', name: 'Ada Octo', email: `ada-${randomUUID().slice(0, 8)}@github-people.example.test` },
  { login: 'octo-bo', name: 'Bo Octo', email: `bo-${randomUUID().slice(0, 8)}@github-people.example.test` },
];

describe.each(handlerTestProfiles)('social sign-in through the providers ($profile)', (profile) => {
  const peers: { google?: OidcPeer; github?: GitHubPeer } = {};
  beforeAll(async () => {
    peers.google = await startOidcPeer(callbackOf('google'));
    peers.github = await startGitHubPeer(callbackOf('github'), GITHUB_USERS);
  });
  afterAll(async () => {
    await peers.google?.close();
    await peers.github?.close();
  });
  const t = useTestApp(() => ({
    profile: profile.profile,
    socialLogin: {
      google: { clientId: peers.google!.clientId, clientSecret: peers.google!.clientSecret, issuer: peers.google!.issuer },
      github: { clientId: peers.github!.clientId, clientSecret: peers.github!.clientSecret, webUrl: peers.github!.url, apiUrl: peers.github!.url },
    },
  }));
  expectNeighbourUntouchedAfterEach(t);

  const atReturnPage = (url: URL) => url.href.startsWith(RETURN_URL);

  /** Signs in at Google (the OIDC peer) as this account; answers the return page's query. */
  async function signInWithGoogle(login: string): Promise<URLSearchParams> {
    const browser = createBrowser(t.current, SERVICE);
    let page = await browser.open(`${SERVICE}/api/v1/auth/social/google/start`, atReturnPage);
    page = await browser.submit(page, { fields: { login, password: 'whatever the provider asks' } }, atReturnPage);
    if (!atReturnPage(page.url)) page = await browser.submit(page, {}, atReturnPage); // consent
    expect(atReturnPage(page.url), `ended at ${page.url}: ${page.html.slice(0, 200)}`).toBe(true);
    return page.url.searchParams;
  }

  async function signInWithGitHub(login: string): Promise<URLSearchParams> {
    const browser = createBrowser(t.current, SERVICE);
    const page = await browser.submit(await browser.open(`${SERVICE}/api/v1/auth/social/github/start`, atReturnPage), { pick: (hidden) => hidden.login === login }, atReturnPage);
    expect(atReturnPage(page.url), `ended at ${page.url}`).toBe(true);
    return page.url.searchParams;
  }

  const googleAccount = (email: string, emailVerified = true): string => {
    const login = `g-${randomUUID()}`;
    peers.google!.accounts.set(login, { email, email_verified: emailVerified, name: 'Grace Google' });
    return login;
  };

  async function exchange(query: URLSearchParams): Promise<{ token: string; me: { id: string; email: string; email_verified: boolean; acting_organization: { id: string; personal: boolean } } }> {
    expect(query.get('error')).toBeNull();
    const response = await t.current.call('POST', '/api/v1/auth/exchange', { body: { code: query.get('code') } });
    expect(response.status).toBe(200);
    const me = await t.current.call('GET', '/api/v1/me', { token: response.body.access_token });
    return { token: response.body.access_token, me: me.body };
  }

  const trailOf = (orgId: OrgId, action: string) => listIdentityEvents(t.current.db, orgId, { action, limit: 20 });
  const accountsWith = async (email: string) => (await t.current.db.query('SELECT id FROM users WHERE email = $1', [email])).rowCount;

  it('creates an account with its personal organization for a new person, signs them in there, and audits it there', async () => {
    const email = `new-${randomUUID()}@example.test`;
    const login = googleAccount(email);
    const { me } = await exchange(await signInWithGoogle(login));
    expect(me).toMatchObject({ email, email_verified: true, acting_organization: { personal: true } });

    const personal = asOrgId(me.acting_organization.id);
    expect(await trailOf(personal, 'user.created')).toEqual([expect.objectContaining({ detail: { user_id: me.id, source: 'social', email_verified: true } })]);
    expect(await trailOf(personal, 'social_identity.linked')).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: me.id }, detail: { provider: 'google', subject: login, email, account: 'created' } }),
    ]);
    expect(await trailOf(personal, 'session.signed_in')).toEqual([expect.objectContaining({ actor: { kind: 'user', id: me.id }, detail: { method: 'social' } })]);

    // The second time the identity is linked: the same account, no second link.
    const again = await exchange(await signInWithGoogle(login));
    expect(again.me.id).toBe(me.id);
    expect(await trailOf(personal, 'social_identity.linked')).toHaveLength(1);
    expect(await trailOf(personal, 'session.signed_in')).toHaveLength(2);
  });

  it('links to the live account of the provider-verified address when that account has verified it', async () => {
    const person = await t.current.signup();
    await t.current.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [person.id]);
    const { me } = await exchange(await signInWithGoogle(googleAccount(person.email.toUpperCase())));
    expect(me.id).toBe(person.id);
    expect(await trailOf(person.personalOrgId, 'social_identity.linked')).toEqual([expect.objectContaining({ detail: expect.objectContaining({ account: 'existing' }) })]);
  });

  it('refuses to link to an account with a password whose address was never verified, audited in its personal organization', async () => {
    const person = await t.current.signup();
    const query = await signInWithGoogle(googleAccount(person.email));
    expect(query.get('error')).toBe('account_not_verified');
    expect(query.get('code')).toBeNull();
    expect(await trailOf(person.personalOrgId, 'session.sign_in_refused')).toEqual([
      expect.objectContaining({ actor: { kind: 'anonymous', id: null }, detail: expect.objectContaining({ method: 'social', provider: 'google' }) }),
    ]);
    expect((await t.current.db.query('SELECT 1 FROM social_identities WHERE user_id = $1', [person.id])).rowCount).toBe(0);
  });

  it('refuses an address the provider has not verified', async () => {
    const email = `unverified-${randomUUID()}@example.test`;
    const query = await signInWithGoogle(googleAccount(email, false));
    expect(query.get('error')).toBe('email_not_verified');
    expect(await accountsWith(email)).toBe(0);
  });

  it('refuses with sso_required an address whose organization enforces single sign-on, audited there, creating nothing', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const domain = await verifiedDomain(t.current.db, tenant.id);
    await enforcedSsoProvider(t.current.db, tenant.id);
    const email = `someone@${domain}`;
    const query = await signInWithGoogle(googleAccount(email));
    expect(query.get('error')).toBe('sso_required');
    expect(await accountsWith(email)).toBe(0);
    expect(await trailOf(tenant.id, 'sso_enforcement.sign_in_refused')).toEqual([
      expect.objectContaining({ actor: { kind: 'anonymous', id: null }, detail: expect.objectContaining({ method: 'social', provider: 'google', email, domain }) }),
    ]);
    expect(await trailOf(other.id, 'sso_enforcement.sign_in_refused')).toEqual([]);
  });

  it('refuses a linked identity once its account\'s address comes under enforcement', async () => {
    const tenant = await t.current.tenant();
    const domain = await verifiedDomain(t.current.db, tenant.id);
    const login = googleAccount(`linked-${randomUUID().slice(0, 8)}@${domain}`);
    const { me } = await exchange(await signInWithGoogle(login));
    await enforcedSsoProvider(t.current.db, tenant.id);
    expect((await signInWithGoogle(login)).get('error')).toBe('sso_required');
    expect(await trailOf(tenant.id, 'sso_enforcement.sign_in_refused')).toEqual([expect.objectContaining({ actor: { kind: 'user', id: me.id } })]);
  });

  it('does not resolve to a retired account: the identity moves to the person\'s fresh account', async () => {
    const email = `retiring-${randomUUID()}@example.test`;
    const login = googleAccount(email);
    const first = await exchange(await signInWithGoogle(login));
    await t.current.db.query('UPDATE users SET retired_at = now() WHERE id = $1', [first.me.id]);
    const second = await exchange(await signInWithGoogle(login));
    expect(second.me.id).not.toBe(first.me.id);
    expect(second.me.email).toBe(email);
    const links = await t.current.db.query<{ user_id: string }>('SELECT user_id FROM social_identities WHERE provider = $1 AND subject = $2', ['google', login]);
    expect(links.rows).toEqual([{ user_id: second.me.id }]);
  });

  it('signs a GitHub person in by their verified primary address, once linked always the same account', async () => {
    const [ada] = GITHUB_USERS as [(typeof GITHUB_USERS)[number]];
    const { me } = await exchange(await signInWithGitHub(ada.login));
    expect(me).toMatchObject({ email: ada.email, email_verified: true });
    const [link] = await trailOf(asOrgId(me.acting_organization.id), 'social_identity.linked');
    expect(link).toMatchObject({ detail: { provider: 'github', email: ada.email, account: 'created' } });
    expect((await t.current.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [me.id])).rows[0]!.name).toBe('Ada Octo');
    expect((await exchange(await signInWithGitHub(ada.login))).me.id).toBe(me.id);
  });

  it('refuses a callback without the flow cookie of the browser that started it', async () => {
    const victim = createBrowser(t.current, SERVICE);
    const started = await victim.open(`${SERVICE}/api/v1/auth/social/github/start`, (url) => url.origin !== SERVICE);
    const state = new URL(started.location!).searchParams.get('state')!;
    // Another browser (no cookie) presenting a code and the state: refused before any provider call.
    const stranger = createBrowser(t.current, SERVICE);
    const page = await stranger.open(`${callbackOf('github')}?code=stolen&state=${state}`, atReturnPage);
    expect(page.url.searchParams.get('error')).toBe('failed');
    // The right cookie with another state: refused too.
    const forged = await victim.open(`${callbackOf('github')}?code=stolen&state=not-${state}`, atReturnPage);
    expect(forged.url.searchParams.get('error')).toBe('failed');
  });

  it('ends at the return page whatever else a provider adds to the callback', async () => {
    const browser = createBrowser(t.current, SERVICE);
    const page = await browser.open(`${callbackOf('google')}?code=c&state=s&some_new_parameter=1`, atReturnPage);
    expect(page.url.searchParams.get('error')).toBe('failed');
  });

  it('passes on a refusal at the provider as access_denied', async () => {
    const browser = createBrowser(t.current, SERVICE);
    const started = await browser.open(`${SERVICE}/api/v1/auth/social/github/start`, (url) => url.origin !== SERVICE);
    const state = new URL(started.location!).searchParams.get('state')!;
    const page = await browser.open(`${callbackOf('github')}?error=access_denied&state=${state}`, atReturnPage);
    expect(page.url.searchParams.get('error')).toBe('access_denied');
  });

  it('answers 404 for a provider the deployment has not configured', async () => {
    expect((await t.current.call('GET', '/api/v1/auth/social/gitlab/start')).status).toBe(404);
    expect((await t.current.call('GET', '/api/v1/auth/social/gitlab/callback?code=x&state=y')).status).toBe(404);
  });
});

describe.each(handlerTestProfiles)('social sign-in with no provider configured ($profile)', (profile) => {
  const t = useTestApp({ profile: profile.profile });
  it('answers 404 for every provider', async () => {
    const check = async (app: TestApp) => {
      for (const provider of ['github', 'google']) {
        const start = await app.call('GET', `/api/v1/auth/social/${provider}/start`);
        expect(start.status).toBe(404);
        expect(start.raw).toBe('{"error":"not found","code":"not_found"}');
      }
    };
    await check(t.current);
  });
});
