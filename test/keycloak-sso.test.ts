// Keycloak 26 as a real identity provider for both protocols, end to end through
// real HTTP redirects. Keycloak runs once for the file (test/support/keycloak.ts) and
// our service listens on a loopback port, so every hop is a real request a browser
// would make: our start route's redirect, Keycloak's own login form (fetched and
// posted with the person's password), Keycloak's redirect to our OIDC callback or its
// auto-submitting form to our SAML assertion consumer, and our redirect to the return
// address with a one-time code, traded at POST /api/v1/auth/exchange for a session.
//
// The realm has a group, an OIDC confidential client (PKCE S256 required) and a SAML
// client whose responses and assertions Keycloak signs, each configured with what
// our provider answer says to give the identity provider (redirect URI, ACS URL, SP
// entity id). The organization's owner configures the providers through our API, with
// just-in-time provisioning, for a domain the organization has verified.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedDomain } from '../services/identity/accounts/testing/enterprise-identity.js';
import { exchange, outcomeOf, type Outcome, type SsoProvider } from '../services/identity/sso/testing/sign-in.js';
import { Browser, formsOf, type Page } from './support/browser.js';
import { startKeycloak, type Keycloak, type KeycloakUser } from './support/keycloak.js';
import { freePort } from './support/processes.js';
import { createTestApp, TEST_SIGN_IN_RETURN_URL, type TestApp, type TestTenant } from './support/test-app.js';

const REALM = 'acme';
const GROUP = 'security-engineers';
// The deployment's sign-in return address (SIGN_IN_RETURN_URL): nobody listens there, the browser stops at the redirect.
const returnsHome = (location: string) => location.startsWith(TEST_SIGN_IN_RETURN_URL);

describe('single sign-on through Keycloak 26 (postgres)', () => {
  let keycloakStarting: Promise<Keycloak> | undefined;
  let keycloak: Keycloak;
  let app: TestApp;
  let base = '';
  let tenant: TestTenant;
  let other: TestTenant;
  let domain = '';

  beforeAll(async () => {
    // Keycloak takes the longest to start: it starts first, while our side is set up.
    const startedAt = Date.now();
    keycloakStarting = startKeycloak();
    keycloakStarting.catch(() => undefined);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await createTestApp({ profile: 'postgres', allowPrivateSsoIssuers: true, publicUrl: base });
    await app.app.fastify.listen({ host: '127.0.0.1', port });
    [tenant, other] = await app.twoTenants();
    await app.db.query("UPDATE organizations SET plan_code = 'enterprise' WHERE id = $1", [tenant.id]);
    domain = await verifiedDomain(app.db, tenant.id);
    const started = Date.now();
    keycloak = await keycloakStarting;
    console.log(`Keycloak answered ${((Date.now() - startedAt) / 1000).toFixed(0)} s after its start (our side was ready ${((started - startedAt) / 1000).toFixed(0)} s after it)`);
    await keycloak.admin.createRealm(REALM);
    await keycloak.admin.createGroup(REALM, GROUP);
  }, 360_000);
  afterAll(async () => {
    await app?.close();
    await (await keycloakStarting?.catch(() => undefined))?.stop();
  });

  const person = (name: string): KeycloakUser => ({
    username: `${name}-${randomUUID().slice(0, 8)}`,
    email: `${name}-${randomUUID().slice(0, 8)}@${domain}`,
    firstName: name[0]!.toUpperCase() + name.slice(1),
    lastName: 'Example',
    password: `pw-${randomBytes(12).toString('hex')}`,
  });

  const createProvider = async (body: Record<string, unknown>): Promise<SsoProvider> => {
    const response = await app.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body });
    expect(response.status, response.raw).toBe(201);
    return response.body;
  };

  /** Our start route, then Keycloak's login page: the browser is at Keycloak's form. */
  const atKeycloakLogin = async (browser: Browser, provider: SsoProvider): Promise<Page> => {
    const login = await browser.follow(provider.service_provider.start_url);
    expect(login.url.startsWith(`${keycloak.base}/realms/${REALM}/`), login.url).toBe(true);
    expect(login.status).toBe(200);
    return login;
  };

  const loginForm = (page: Page) => {
    const form = formsOf(page).find((candidate) => candidate.id === 'kc-form-login');
    if (!form) throw new Error(`no Keycloak login form at ${page.url}:\n${page.html.slice(0, 2000)}`);
    return form;
  };

  /** Posts Keycloak's SAML auto-submit form to our assertion consumer, optionally with another SAMLResponse; answers the outcome. */
  const postToAcs = async (browser: Browser, page: Page, provider: SsoProvider, samlResponse?: string): Promise<Outcome> => {
    const form = formsOf(page).find((candidate) => 'SAMLResponse' in candidate.fields);
    if (!form) throw new Error(`Keycloak answered no SAML form (${page.status} at ${page.url}):\n${page.html.slice(0, 2000)}`);
    expect(form.action).toBe(provider.service_provider.acs_url);
    const back = await browser.submit(form, samlResponse === undefined ? {} : { SAMLResponse: samlResponse }, returnsHome);
    expect(back.status).toBe(302);
    return outcomeOf(back.location!);
  };

  const signedInAs = async (outcome: Outcome) => {
    expect(outcome.error, `the sign-in ended in error ${outcome.error}`).toBeUndefined();
    expect(outcome.returnedTo).toBe(TEST_SIGN_IN_RETURN_URL);
    const token = await exchange(app, outcome.code!);
    const me = await app.call('GET', '/api/v1/me', { token });
    expect(me.status).toBe(200);
    return me.body as { id: string; email: string; acting_organization: { id: string } };
  };

  const rosterEntry = async (userId: string) => {
    const roster = await app.call('GET', '/api/v1/members', { token: tenant.owner.token });
    return roster.body.members.find((member: { user_id: string }) => member.user_id === userId);
  };

  const groupsOf = async (of: TestTenant) => {
    const response = await app.call('GET', '/api/v1/identity/groups', { token: of.owner.token });
    expect(response.status, response.raw).toBe(200);
    return response.body.items as { name: string; source: string; sso_provider_id: string | null; member_count: number }[];
  };

  it('signs a new person in through Keycloak over OpenID Connect (code flow, PKCE S256), provisioning them just in time with their group named', async () => {
    const secret = randomBytes(24).toString('base64url');
    const provider = await createProvider({
      protocol: 'oidc',
      name: 'Keycloak (OIDC)',
      jit_provisioning: true,
      default_role: 'analyst',
      oidc: { issuer: keycloak.admin.issuer(REALM), client_id: 'sentinel', client_secret: secret, groups_claim: 'groups' },
    });
    expect(provider.service_provider.redirect_uri).toBe(`${base}/api/v1/auth/sso/oidc/callback`);
    await keycloak.admin.createOidcClient(REALM, { clientId: 'sentinel', secret, redirectUri: provider.service_provider.redirect_uri!, groupClaim: 'groups' });
    const alice = person('alice');
    await keycloak.admin.createUser(REALM, alice, [GROUP]);

    const browser = new Browser();
    const login = await atKeycloakLogin(browser, provider);
    const authorization = new URL(login.url);
    expect(authorization.pathname).toBe(`/realms/${REALM}/protocol/openid-connect/auth`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    const back = await browser.submit(loginForm(login), { username: alice.username, password: alice.password }, returnsHome);
    const me = await signedInAs(outcomeOf(back.location!));

    expect(me.email).toBe(alice.email);
    expect(me.acting_organization.id).toBe(tenant.id);
    expect(await rosterEntry(me.id)).toMatchObject({ role: 'analyst', arrival: 'jit' });
    expect((await groupsOf(tenant)).filter((group) => group.sso_provider_id === provider.id)).toMatchObject([{ name: GROUP, source: 'sso', member_count: 1 }]);
    expect(await groupsOf(other)).toEqual([]);
    await app.expectNeighbourUntouched(alice.email, me.id);
  });

  it('signs a new person in through Keycloak over SAML 2.0 (signed response and assertion posted to our ACS), provisioning them just in time with their group named', async () => {
    const metadata = await keycloak.admin.samlIdpMetadata(REALM);
    const provider = await createProvider({
      protocol: 'saml',
      name: 'Keycloak (SAML)',
      jit_provisioning: true,
      default_role: 'viewer',
      saml: { idp_entity_id: metadata.entityId, sso_url: metadata.ssoUrl, certificates: [metadata.signingCertificate], groups_attribute: 'groups', email_attribute: 'email' },
    });
    expect(provider.service_provider.acs_url).toBe(`${base}/api/v1/auth/sso/${provider.id}/saml/acs`);
    await keycloak.admin.createSamlClient(REALM, { entityId: provider.service_provider.entity_id!, acsUrl: provider.service_provider.acs_url!, groupAttribute: 'groups', emailAttribute: 'email' });
    const bob = person('bob');
    await keycloak.admin.createUser(REALM, bob, [GROUP]);

    const browser = new Browser();
    const login = await atKeycloakLogin(browser, provider);
    expect(new URL(login.url).pathname).toBe(`/realms/${REALM}/protocol/saml`);
    const posting = await browser.submit(loginForm(login), { username: bob.username, password: bob.password });
    const me = await signedInAs(await postToAcs(browser, posting, provider));

    expect(me.email).toBe(bob.email);
    expect(await rosterEntry(me.id)).toMatchObject({ role: 'viewer', arrival: 'jit' });
    expect((await groupsOf(tenant)).filter((group) => group.sso_provider_id === provider.id)).toMatchObject([{ name: GROUP, source: 'sso', member_count: 1 }]);
    expect(await groupsOf(other)).toEqual([]);
    await app.expectNeighbourUntouched(bob.email, me.id);
  });

  /** A SAML provider (just-in-time provisioning, address from the email attribute) and its client in the realm. */
  const keycloakSamlProvider = async (name: string): Promise<SsoProvider> => {
    const metadata = await keycloak.admin.samlIdpMetadata(REALM);
    const provider = await createProvider({
      protocol: 'saml',
      name,
      jit_provisioning: true,
      saml: { idp_entity_id: metadata.entityId, sso_url: metadata.ssoUrl, certificates: [metadata.signingCertificate], email_attribute: 'email' },
    });
    await keycloak.admin.createSamlClient(REALM, { entityId: provider.service_provider.entity_id!, acsUrl: provider.service_provider.acs_url!, groupAttribute: 'groups', emailAttribute: 'email' });
    return provider;
  };

  /** A new Keycloak user signing in from our start route in the browser: the page with Keycloak's form for our assertion consumer. */
  const signInAtKeycloakOverSaml = async (browser: Browser, provider: SsoProvider, user: KeycloakUser): Promise<Page> => {
    await keycloak.admin.createUser(REALM, user);
    const login = await atKeycloakLogin(browser, provider);
    return browser.submit(loginForm(login), { username: user.username, password: user.password });
  };

  const unboundOf = async (providerId: string) =>
    (await app.call('GET', '/api/v1/identity/audit?action=sso.sign_in_unbound', { token: tenant.owner.token })).body.events
      .filter((event: { detail: { sso_provider_id: string } }) => event.detail.sso_provider_id === providerId)
      .map((event: { detail: unknown }) => event.detail);

  it('binds an OpenID Connect sign-in through Keycloak to the browser that started it: its callback opened by another client is refused, then completes in the right browser', async () => {
    const secret = randomBytes(24).toString('base64url');
    const provider = await createProvider({
      protocol: 'oidc',
      name: 'Keycloak (OIDC, bound)',
      jit_provisioning: true,
      oidc: { issuer: keycloak.admin.issuer(REALM), client_id: 'sentinel-bound', client_secret: secret },
    });
    await keycloak.admin.createOidcClient(REALM, { clientId: 'sentinel-bound', secret, redirectUri: provider.service_provider.redirect_uri!, groupClaim: 'groups' });
    const dana = person('dana');
    await keycloak.admin.createUser(REALM, dana);

    const browser = new Browser();
    const login = await atKeycloakLogin(browser, provider);
    const atCallback = (location: string) => location.startsWith(provider.service_provider.redirect_uri!);
    const callback = (await browser.submit(loginForm(login), { username: dana.username, password: dana.password }, atCallback)).location!;
    expect(new URL(callback).searchParams.get('code')).toBeTruthy();

    // Another client with no cookies, and another browser in the middle of its own sign-in, open the completed callback first.
    const stranger = await new Browser().follow(callback, returnsHome);
    expect(outcomeOf(stranger.location!)).toEqual({ returnedTo: TEST_SIGN_IN_RETURN_URL, error: 'sign_in_expired' });
    const busy = new Browser();
    await atKeycloakLogin(busy, provider);
    expect(outcomeOf((await busy.follow(callback, returnsHome)).location!)).toEqual({ returnedTo: TEST_SIGN_IN_RETURN_URL, error: 'sign_in_expired' });
    expect((await app.db.query('SELECT 1 FROM users WHERE email = $1', [dana.email])).rows).toEqual([]);
    // One refusal window each: the trail groups refusals by what they say (identity-trail.ts).
    const unbound = await unboundOf(provider.id);
    expect(unbound).toHaveLength(2);
    expect(unbound).toEqual(
      expect.arrayContaining([expect.objectContaining({ protocol: 'oidc', binding: 'no_cookie' }), expect.objectContaining({ protocol: 'oidc', binding: 'another_sign_in' })]),
    );

    const me = await signedInAs(outcomeOf((await browser.follow(callback, returnsHome)).location!));
    expect(me.email).toBe(dana.email);
    // Replayed once used, from anywhere: refused.
    expect(outcomeOf((await new Browser().follow(callback, returnsHome)).location!).error).toBe('sign_in_expired');
  });

  it('binds a SAML sign-in through Keycloak to the browser that started it: its response posted by another client is relayed once and refused, then accepted from the right browser', async () => {
    const provider = await keycloakSamlProvider('Keycloak (SAML, bound)');
    const erin = person('erin');
    const browser = new Browser();
    const posting = await signInAtKeycloakOverSaml(browser, provider, erin);
    const keycloakForm = formsOf(posting).find((form) => 'SAMLResponse' in form.fields)!;

    // Another client posts Keycloak's form: our relay page posts it again, and without the cookie it is refused.
    const stranger = new Browser();
    const relay = await stranger.submit(keycloakForm, {}, returnsHome);
    expect(relay.status).toBe(200);
    const relayForm = formsOf(relay)[0]!;
    expect(relayForm).toMatchObject({ action: provider.service_provider.acs_url, method: 'post', fields: { ...keycloakForm.fields, relayed: 'true' } });
    const refused = await stranger.submit(relayForm, {}, returnsHome);
    expect(outcomeOf(refused.location!)).toEqual({ returnedTo: TEST_SIGN_IN_RETURN_URL, error: 'sign_in_expired' });
    expect((await app.db.query('SELECT 1 FROM users WHERE email = $1', [erin.email])).rows).toEqual([]);
    expect(await unboundOf(provider.id)).toEqual([expect.objectContaining({ protocol: 'saml', binding: 'no_cookie' })]);

    const me = await signedInAs(await postToAcs(browser, posting, provider));
    expect(me.email).toBe(erin.email);
  });

  it("refuses a SAML response from Keycloak whose address was changed after Keycloak signed it, and admits nobody", async () => {
    const provider = await keycloakSamlProvider('Keycloak (SAML, tampered)');
    const carol = person('carol');
    const mallory = `mallory-${randomUUID().slice(0, 8)}@${domain}`;
    const browser = new Browser();
    const posting = await signInAtKeycloakOverSaml(browser, provider, carol);
    const signed = Buffer.from(formsOf(posting).find((form) => 'SAMLResponse' in form.fields)!.fields.SAMLResponse!, 'base64').toString('utf8');
    expect(signed).toContain(carol.email);
    const tampered = Buffer.from(signed.replaceAll(carol.email, mallory)).toString('base64');
    const outcome = await postToAcs(browser, posting, provider, tampered);

    expect(outcome).toEqual({ returnedTo: TEST_SIGN_IN_RETURN_URL, error: 'sign_in_failed' });
    const failures = await app.call('GET', '/api/v1/identity/audit?action=sso.sign_in_failed', { token: tenant.owner.token });
    expect(failures.body.events.map((event: { detail: { sso_provider_id: string } }) => event.detail.sso_provider_id)).toContain(provider.id);
    const people = await app.db.query('SELECT 1 FROM users WHERE email = ANY($1)', [[mallory, carol.email]]);
    expect(people.rows).toEqual([]);
  });
});
