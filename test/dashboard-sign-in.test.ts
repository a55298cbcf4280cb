// Sign-in in a real browser (Debian's Chromium driven by playwright-core), against the
// service started as `npm start` starts it and, in the last block, as the full profile
// runs it. What a browser must be able to rely on: the session survives a reload with
// the refresh token in an HttpOnly cookie no script reads and no other page can spend;
// single sign-on found from the address's domain, through an OpenID Connect provider in
// this process; a button for the social provider the deployment configured; and an
// invitation's link, accepted by a person who signs up first and by one already signed in.
// Two organizations in each story: nothing of one shows in the other. axe-core checks
// every page; the main ones go to docs/screenshots/.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../services/identity/domains/testing/dns-server.js';
import { startOidcPeer, type OidcPeer } from '../services/identity/social-login/testing/peers.js';
import { startTestOidcIdp, type TestOidcIdp } from '../services/identity/sso/testing/oidc-idp.js';
import {
  BROWSER_STORY_TIMEOUT,
  apiOf,
  apiSessionOf,
  expectAccessible,
  importReport,
  launchChromium,
  openPage,
  organizationOf,
  screenshot,
  signInAtIdentityProvider,
  signInThroughPage,
  signUpThroughApi,
  startDashboardService,
  type ApiCall,
  type ApiSession,
  type DashboardService,
} from './support/dashboard.js';
import { freePort } from './support/processes.js';

const reportsDir = path.resolve(import.meta.dirname, 'fixtures/reports');
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(reportsDir, name), 'utf8'));
const PASSWORD = 'correct horse battery';

/** The titles the inbox shows (a finding without a title shows its identifier). */
const titlesOf = (items: unknown): string[] => (items as { title: string | null; identifier: string }[]).map((finding) => finding.title ?? finding.identifier);

/** What the page's own scripts can see of its storage: nothing, the refresh cookie being HttpOnly. */
const scriptVisibleStorage = (page: Page) => page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }));
const NOTHING_VISIBLE = { local: 0, session: 0, cookie: '' };

/** An invitation to the session's organization; its link as the dashboard takes it. */
async function invitationLink(call: ApiCall, base: string, session: ApiSession, email: string): Promise<string> {
  const invited = await call('POST', '/api/v1/invitations', { ...session, body: { email, role: 'analyst' } });
  expect(invited.status).toBe(201);
  return `${base}/accept-invitation?token=${invited.body.token as string}`;
}

describe('sign-in in Chromium (embedded profile)', { timeout: BROWSER_STORY_TIMEOUT }, () => {
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;
  // Google's part in social login, and an organization's identity provider for single sign-on, both in this process.
  let google: OidcPeer;
  let idp: TestOidcIdp;
  // Domain verification's DNS, on loopback.
  let dns: TestDnsServer;
  // A page of another origin on the same site (127.0.0.1, another port), which tries to spend the refresh cookie.
  let attacker: Server;
  let attackerOrigin: string;

  const acmeDomain = `acme-${Math.random().toString(36).slice(2, 10)}.com`;
  const owner = { name: 'Olga Owner', email: `olga@${acmeDomain}`, password: PASSWORD };
  let acme: ApiSession;
  let acmeTitles: string[];

  beforeAll(async () => {
    const port = await freePort();
    [google, idp, dns] = await Promise.all([startOidcPeer(`http://127.0.0.1:${port}/api/v1/auth/social/google/callback`), startTestOidcIdp(), startTestDnsServer()]);
    attacker = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Another page</title>'));
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    sentinel = await startDashboardService(
      'embedded',
      {
        SOCIAL_GOOGLE_CLIENT_ID: google.clientId,
        SOCIAL_GOOGLE_CLIENT_SECRET: google.clientSecret,
        SOCIAL_GOOGLE_ISSUER: google.issuer,
        DOMAIN_VERIFICATION_DNS_SERVERS: dns.address,
        SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      },
      port,
    );
    call = apiOf(sentinel.base);
    browser = await launchChromium();

    // Acme: an organization with findings, its domain verified and single sign-on through its identity provider.
    acme = await organizationOf(call, await signUpThroughApi(call, owner), 'Acme Security');
    await importReport(call, acme, 'registry.example.test/alpine:3.10', 'trivy', fixture('trivy/alpine-310.json'));
    acmeTitles = titlesOf((await call('GET', '/api/v1/findings', acme)).body.items);
    expect(acmeTitles.length).toBeGreaterThan(0);
    const claimed = await call('POST', '/api/v1/identity/domains', { ...acme, body: { domain: acmeDomain } });
    expect(claimed.status).toBe(201);
    const verification = claimed.body.verification as { name: string; value: string };
    dns.set(verification.name, [[verification.value]]);
    expect((await call('POST', `/api/v1/identity/domains/${claimed.body.id as string}/verify`, acme)).status).toBe(200);
    const client = { clientId: 'acme-sentinel', clientSecret: 'acme-sentinel-client-secret-0123456789' };
    const provider = await call('POST', '/api/v1/identity/sso/providers', {
      ...acme,
      body: {
        protocol: 'oidc',
        name: 'Acme Login',
        jit_provisioning: true,
        default_role: 'viewer',
        oidc: { issuer: idp.issuer, client_id: client.clientId, client_secret: client.clientSecret, scopes: ['openid', 'email', 'profile'] },
      },
    });
    expect(provider.status).toBe(201);
    idp.addClient({ ...client, redirectUri: (provider.body.service_provider as { redirect_uri: string }).redirect_uri });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
    await Promise.all([google?.close(), idp?.close(), dns?.close(), new Promise((resolve) => (attacker ? attacker.close(resolve) : resolve(undefined)))]);
  });

  it('keeps the session over a reload and in a new tab, with nothing a script can read; sign-out ends it everywhere', async () => {
    const { page } = await openPage(browser);
    const context = page.context();
    await page.goto(`${sentinel.base}/sign-up`);
    await page.getByLabel('Name').fill('Rita Reload');
    await page.getByLabel('Email').fill('rita@reload.example.test');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('No findings yet').waitFor();

    // The refresh token is in a cookie only the refresh route receives, and no script sees it.
    const [cookie, ...others] = await context.cookies();
    expect(others).toEqual([]);
    expect(cookie).toMatchObject({ name: 'sentinel_refresh', path: '/api/v1/auth/refresh', httpOnly: true, sameSite: 'Strict' });
    expect(cookie!.value).toMatch(/^snr_/);
    expect(await scriptVisibleStorage(page)).toEqual(NOTHING_VISIBLE);

    // A reload restores the session with one refresh, which rotates the cookie.
    const restored = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/auth/refresh' && response.status() === 200);
    await page.reload();
    await restored;
    await page.getByText('No findings yet').waitFor();
    expect(new URL(page.url()).pathname).toBe('/findings');
    expect((await context.cookies())[0]!.value).not.toBe(cookie!.value);
    expect(await scriptVisibleStorage(page)).toEqual(NOTHING_VISIBLE);

    // A new tab of the same browser is signed in too.
    const tab = await context.newPage();
    await tab.goto(`${sentinel.base}/`);
    await tab.waitForURL('**/findings');
    await tab.getByText('No findings yet').waitFor();
    await tab.close();

    // Signed out, the cookie is gone: a reload, or the inbox's address, lands at sign-in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    expect(await context.cookies()).toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto(`${sentinel.base}/findings`);
    await page.waitForURL('**/sign-in');
    await context.close();
  });

  it('refuses to renew the session for a page of another origin, which cannot read the answer either', async () => {
    const { page } = await openPage(browser);
    await signInThroughPage(page, sentinel.base, owner);
    const target = `${sentinel.base}/api/v1/auth/refresh`;
    const other = await page.context().newPage();
    await other.goto(attackerOrigin);
    // The same site (127.0.0.1), so the browser does send the SameSite=Strict cookie: the Origin check refuses it.
    const refused = other.waitForResponse((response) => response.url() === target);
    await other.evaluate((url) => fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include' }).then(() => undefined), target);
    expect((await refused).status()).toBe(403);
    // With the dashboard's header the browser must ask first (CORS preflight), and the service never allows it.
    const outcome = await other.evaluate((url) =>
      fetch(url, { method: 'POST', credentials: 'include', headers: { 'X-Sentinel-Refresh': 'cookie' } }).then(
        (response) => `answered ${response.status}`,
        () => 'blocked',
      ),
    target);
    expect(outcome).toBe('blocked');
    await other.close();

    // Nothing was spent: the dashboard's own reload still restores the session.
    await page.reload();
    await page.locator('table.findings').waitFor();
    await page.context().close();
  });

  it("signs in through the organization's identity provider, found from the address's domain", async () => {
    idp.accounts.set('sam', { email: `sam@${acmeDomain}`, email_verified: true, name: 'Sam Single' });
    const { page, refusals } = await openPage(browser);
    await page.goto(`${sentinel.base}/sign-in`);
    await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'sign-in-options');

    // Without an address the page asks for one; an address whose domain has no single sign-on is told so.
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByText('Enter your work email address above, then choose Continue with SSO.').waitFor();
    await page.getByLabel('Email').fill('someone@elsewhere.example.test');
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByText('No single sign-on is set up for elsewhere.example.test. Sign in with your password or another way.').waitFor();
    await expectAccessible(page);

    // Acme's address: its one provider, at once.
    await page.getByLabel('Email').fill(`sam@${acmeDomain}`);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await signInAtIdentityProvider(page, 'sam', sentinel.base);
    await page.waitForURL('**/findings');
    // Just-in-time provisioned into Acme, whose findings it shows once chosen; the personal organization shows none of them.
    await page.getByLabel('Organization').locator('option', { hasText: 'Acme Security' }).waitFor({ state: 'attached' });
    await page.getByLabel('Organization').selectOption({ label: 'Acme Security' });
    await page.getByText(acmeTitles[0]!, { exact: true }).first().waitFor();
    await expectAccessible(page);
    const personal = await page.getByLabel('Organization').locator('option').allInnerTexts();
    expect(personal).toHaveLength(2);
    await page.getByLabel('Organization').selectOption({ label: personal.find((name) => name !== 'Acme Security')! });
    await page.getByText('No findings yet').waitFor();
    for (const title of acmeTitles.slice(0, 5)) expect(await page.getByText(title, { exact: true }).count()).toBe(0);
    // A single sign-on session is kept over a reload like any other.
    await page.reload();
    await page.locator('#findings-total').waitFor();
    expect(await scriptVisibleStorage(page)).toEqual(NOTHING_VISIBLE);
    expect(refusals).toEqual([]);
    await page.context().close();
  });

  it("finds the provider on its own when the password sign-in is answered sso_required", async () => {
    // Acme enforces single sign-on now: Olga's password is refused, and the page goes on to Acme's provider.
    const providers = (await call('GET', '/api/v1/identity/sso/providers', acme)).body.providers as { id: string }[];
    expect((await call('PATCH', `/api/v1/identity/sso/providers/${providers[0]!.id}`, { ...acme, body: { enforced: true } })).status).toBe(200);
    try {
      const { page } = await openPage(browser);
      await page.goto(`${sentinel.base}/sign-in`);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.origin === idp.issuer);
      await page.context().close();
    } finally {
      expect((await call('PATCH', `/api/v1/identity/sso/providers/${providers[0]!.id}`, { ...acme, body: { enforced: false } })).status).toBe(200);
    }
  });

  it('signs in with the social provider the deployment configured, from its button', async () => {
    google.accounts.set('gus', { email: 'gus@social.example.test', email_verified: true, name: 'Gus Google' });
    const { page } = await openPage(browser, 390);
    await page.goto(`${sentinel.base}/sign-in`);
    // Only Google is configured: no GitHub button.
    await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue with GitHub' }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtIdentityProvider(page, 'gus', sentinel.base);
    await page.waitForURL('**/findings');
    await page.getByText('No findings yet').waitFor();
    expect(await page.getByLabel('Organization').locator('option').allInnerTexts()).toEqual(['Gus Google (personal)']);
    await page.reload();
    await page.getByText('No findings yet').waitFor();
    await page.context().close();
  });

  it("accepts an invitation for a new person, who creates an account first, and shows the organization's findings only there", async () => {
    const ivy = { name: 'Ivy Invited', email: 'ivy@invited.example.test', password: PASSWORD };
    const link = await invitationLink(call, sentinel.base, acme, ivy.email);
    const { page } = await openPage(browser);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Accept an invitation' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'accept-invitation');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Name').fill(ivy.name);
    await page.getByLabel('Email').fill(ivy.email);
    await page.getByLabel(/^Password/).fill(ivy.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Back at the invitation, signed in: accepting it joins Acme.
    await page.getByText(`You are signed in as ${ivy.email}.`, { exact: false }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByText('You joined Acme Security as analyst.').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Open Acme Security' }).click();
    await page.waitForURL('**/findings');
    await page.getByText(acmeTitles[0]!, { exact: true }).first().waitFor();
    expect(await page.getByLabel('Organization').inputValue()).toBe(acme.org);

    // Her own organization shows nothing of Acme's.
    await page.getByLabel('Organization').selectOption({ label: 'Ivy Invited (personal)' });
    await page.getByText('No findings yet').waitFor();
    for (const title of acmeTitles.slice(0, 5)) expect(await page.getByText(title, { exact: true }).count()).toBe(0);

    // The link works once: opened again, the page shows the API's own refusal.
    await page.goto(link);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByRole('alert').waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it('accepts an invitation for a person already signed in, and one who signs in from the link', async () => {
    // Beta: another organization of Olga's, with findings of its own, and seats for two more.
    const olga = await apiSessionOf(call, owner);
    const beta = await organizationOf(call, olga, 'Beta Labs');
    await importReport(call, beta, 'registry.example.test/debian:stretch', 'trivy', fixture('trivy/debian-stretch.json'));
    const betaTitles = titlesOf((await call('GET', '/api/v1/findings', beta)).body.items);

    const pat = { name: 'Pat Present', email: 'pat@present.example.test', password: PASSWORD };
    const quinn = { name: 'Quinn Later', email: 'quinn@later.example.test', password: PASSWORD };
    await signUpThroughApi(call, pat);
    await signUpThroughApi(call, quinn);

    // Pat is signed in when the link is opened.
    const { page } = await openPage(browser);
    await signInThroughPage(page, sentinel.base, pat);
    await page.goto(await invitationLink(call, sentinel.base, beta, pat.email));
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByRole('button', { name: 'Open Beta Labs' }).click();
    await page.waitForURL('**/findings');
    await page.getByText(betaTitles[0]!, { exact: true }).first().waitFor();
    // Beta shows none of Acme's findings.
    for (const title of acmeTitles.filter((title) => !betaTitles.includes(title)).slice(0, 5)) expect(await page.getByText(title, { exact: true }).count()).toBe(0);
    await page.context().close();

    // Quinn opens the link signed out, signs in from it, and lands back at the invitation.
    const { page: second } = await openPage(browser, 390);
    await second.goto(await invitationLink(call, sentinel.base, beta, quinn.email));
    await second.getByRole('link', { name: 'Sign in to accept' }).click();
    await second.getByLabel('Email').fill(quinn.email);
    await second.getByLabel('Password').fill(quinn.password);
    await second.getByRole('button', { name: 'Sign in', exact: true }).click();
    await second.getByRole('button', { name: 'Accept invitation' }).click();
    await second.getByText('You joined Beta Labs as analyst.').waitFor();
    await expectAccessible(second);
    await second.context().close();
  });
});

describe('sign-in in Chromium (full profile: api, streams and workers processes)', { timeout: BROWSER_STORY_TIMEOUT }, () => {
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;

  beforeAll(async () => {
    sentinel = await startDashboardService('full');
    call = apiOf(sentinel.base);
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
  });

  it("signs up, keeps the session over a reload, and shows an import in the inbox, none of another organization's", async () => {
    const person = { name: 'Fay Full', email: `fay-${Date.now()}@full.example.test`, password: PASSWORD };
    const { page, refusals } = await openPage(browser);
    await page.goto(`${sentinel.base}/sign-up`);
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('No findings yet').waitFor();
    await page.reload();
    await page.getByText('No findings yet').waitFor();
    expect(await scriptVisibleStorage(page)).toEqual(NOTHING_VISIBLE);
    await expectAccessible(page);

    // Her import, through the streams and workers processes, and another person's in another organization.
    const session = await apiSessionOf(call, person);
    await importReport(call, session, 'registry.example.test/alpine:3.10', 'trivy', fixture('trivy/alpine-310.json'));
    const stranger = await signUpThroughApi(call, { name: 'Stan Stranger', email: `stan-${Date.now()}@full.example.test`, password: PASSWORD });
    await importReport(call, stranger, 'registry.example.test/centos:7', 'trivy', fixture('trivy/centos-7.json'));
    const mine = await call('GET', '/api/v1/findings', session);
    const theirs = titlesOf((await call('GET', '/api/v1/findings', stranger)).body.items);
    const ownTitles = titlesOf(mine.body.items);

    await page.reload();
    await page.locator('section[aria-busy="false"]').waitFor();
    const total = (mine.body.total as number).toLocaleString('en-US');
    expect((await page.locator('#findings-total').innerText()).trim()).toBe(`${total} ${mine.body.total === 1 ? 'finding' : 'findings'}`);
    expect(await page.locator('table.findings td.title').allInnerTexts()).toEqual(ownTitles);
    for (const title of theirs.filter((title) => !ownTitles.includes(title)).slice(0, 5)) expect(await page.getByText(title, { exact: true }).count()).toBe(0);
    expect(refusals).toEqual([]);
    await page.context().close();
  });
});
