// The dashboard in a real browser: Debian's Chromium (infra/services.sh installs it)
// driven by playwright-core, against the service started as `npm start` starts it
// (embedded profile, a fresh DATA_DIR). One person's story, in order: sign up through
// the page, an empty inbox, reports imported through the API, the inbox with a title
// holding markup shown as characters, filters and pages in the URL, a second
// organization chosen elsewhere (409) that shows nothing of the first, the address
// verified from the mail's link, sign-out and a sign-in with the authenticator's code;
// then a social sign-in (an OpenID Connect provider in this process plays Google) finished
// at /sign-in/complete, on a phone-sized screen.
// axe-core checks every page the story passes; the main pages go to docs/screenshots/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcPeer, type OidcPeer } from '../services/identity/social-login/testing/peers.js';
import { DASHBOARD_CONTENT_SECURITY_POLICY, DASHBOARD_PATHS } from '../services/platform/http/dashboard.js';
import {
  apiOf,
  apiSessionOf,
  expectAccessible as expectPageAccessible,
  importReport as importInto,
  launchChromium,
  openPage,
  screenshot as screenshotOf,
  signInAtIdentityProvider,
  startDashboardService,
  type ApiCall,
  type ApiSession,
  type DashboardService,
} from './support/dashboard.js';
import { freePort } from './support/processes.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const reportsDir = path.join(repoRoot, 'test/fixtures/reports');

const person = { name: 'Ada Analyst', email: 'ada@dashboard.example.test', password: 'correct horse battery' };

// A real report (Trivy's Helm chart scan, test/fixtures/reports/README.md) whose titles
// already hold `<` ("Runs with UID <= 10000"), and one title changed to markup: what a
// scanner copies from an upstream advisory or a chart is text, and must show as such.
const MARKUP_TITLE = 'Runs as root user <img src=x onerror="window.__markupRan = true">';
function helmReportWithMarkup(): unknown {
  const report = JSON.parse(readFileSync(path.join(reportsDir, 'trivy/helm.json'), 'utf8')) as { Results: { Misconfigurations?: { ID: string; Title: string }[] }[] };
  const rootUser = report.Results.flatMap((result) => result.Misconfigurations ?? []).find((misconfiguration) => misconfiguration.ID === 'KSV-0012')!;
  rootUser.Title = MARKUP_TITLE;
  return report;
}
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(reportsDir, name), 'utf8'));

describe('the dashboard in Chromium', () => {
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  // Google's part in social login, played by an OpenID Connect provider in this process.
  let google: OidcPeer;
  // What the page was refused under its Content-Security-Policy: the built app must need nothing it forbids.
  let refusals: string[];

  beforeAll(async () => {
    const port = await freePort();
    google = await startOidcPeer(`http://127.0.0.1:${port}/api/v1/auth/social/google/callback`);
    sentinel = await startDashboardService(
      'embedded',
      { SOCIAL_GOOGLE_CLIENT_ID: google.clientId, SOCIAL_GOOGLE_CLIENT_SECRET: google.clientSecret, SOCIAL_GOOGLE_ISSUER: google.issuer },
      port,
    );
    call = apiOf(sentinel.base);
    browser = await launchChromium();
    ({ page, refusals } = await openPage(browser));
    context = page.context();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
    await google?.close();
  });

  const expectAccessible = (target: Page = page) => expectPageAccessible(target);
  const screenshot = (name: string) => screenshotOf(page, name);
  const importReport = (session: ApiSession, image: string, format: string, report: unknown) => importInto(call, session, image, format, report);
  /**
   * Does what changes the inbox and waits until it shows the answer: the findings request
   * the change makes (one the test picks), then the inbox no longer busy (the previous
   * page stays on screen, busy, until the answer is in).
   */
  const inboxAfter = async (change: () => Promise<unknown>, request: (url: URL, organization: string | undefined) => boolean = () => true) => {
    await Promise.all([
      page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/v1/findings' && response.status() === 200 && request(url, response.request().headers()['x-expected-organization']);
      }),
      change(),
    ]);
    await page.locator('section[aria-busy="false"]').waitFor();
  };
  const totalShown = async () => (await page.locator('#findings-total').innerText()).trim();
  const rowTitles = () => page.locator('table.findings td.title').allInnerTexts();

  let apiSession: ApiSession;
  let secondOrg: string;

  it("answers the dashboard's paths with index.html under a strict policy, hashed assets for a year, and the API's JSON 404 elsewhere", async () => {
    // The server's list and the router's are the same pages.
    const routerSource = readFileSync(path.join(repoRoot, 'web/src/router.tsx'), 'utf8');
    // TanStack writes a path parameter `$findingId`, Fastify `:findingId`.
    const routerPaths = [...routerSource.matchAll(/\bpath: '([^']+)'/g)].map((match) => (match[1] === '/' ? '/' : `/${match[1]!.replace(/\$(\w+)/g, ':$1')}`));
    expect([...routerPaths].sort()).toEqual([...DASHBOARD_PATHS].sort());

    for (const urlPath of DASHBOARD_PATHS) {
      const response = await fetch(`${sentinel.base}${urlPath}?token=abc`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toBe(DASHBOARD_CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await response.text();
      // Scripts come from files only: no inline script for the policy to have to allow.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
    expect(DASHBOARD_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(DASHBOARD_CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(DASHBOARD_CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');

    const html = await (await fetch(`${sentinel.base}/`)).text();
    const scripts = [...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*(?:src|href)="(\/static\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    let firstLoadBytes = 0;
    for (const script of scripts) {
      const asset = await fetch(`${sentinel.base}${script}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-encoding')).toBe('gzip');
      firstLoadBytes += Number(asset.headers.get('content-length'));
    }
    expect((await fetch(`${sentinel.base}${scripts[0]!}`, { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBe('br');
    // The issue's budget for the first load: 300 KB of compressed JavaScript (gzip, the larger of the two served).
    expect(firstLoadBytes).toBeLessThan(300 * 1024);

    for (const urlPath of ['/api/v1/no-such-route', '/api/v1/findings/extra/segments', '/no-such-page', '/static/no-such-file.js']) {
      const missing = await fetch(`${sentinel.base}${urlPath}`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe('{"error":"not found","code":"not_found"}');
    }
  });

  it('signs a new person up through the page and shows the empty inbox', async () => {
    await page.goto(`${sentinel.base}/`);
    await page.waitForURL('**/sign-in');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectAccessible();
    await screenshot('sign-in');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await expectAccessible();
    await screenshot('sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/findings');
    await page.getByText('No findings yet').waitFor();
    expect(await totalShown()).toBe('0 findings');
    await expectAccessible();
    // The tokens are in the page's memory only.
    expect(await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }))).toEqual({ local: 0, session: 0, cookie: '' });
  });

  it('shows imported findings with markup as characters, filters and pages held in the URL', async () => {
    apiSession = await apiSessionOf(call, person);
    // The chart's findings are misconfigurations, which an organization records only once it asks to.
    expect((await call('PATCH', '/api/v1/settings/scanners', { ...apiSession, body: { container_image: { misconfigurations: true } } })).status).toBe(200);
    await importReport(apiSession, 'registry.example.test/charts/testchart:1', 'trivy', helmReportWithMarkup());
    await importReport(apiSession, 'registry.example.test/apps/many:1', 'grype', fixture('grype/dd-many_vulns3.json'));
    const all = await call('GET', '/api/v1/findings?limit=1', apiSession);
    const total = all.body.total as number;
    expect(total).toBeGreaterThan(50);

    await inboxAfter(() => page.getByRole('button', { name: 'Refresh' }).click());
    expect(await totalShown()).toBe(`${total.toLocaleString('en-US')} findings`);
    expect(await page.locator('table.findings tbody tr').count()).toBe(50);
    await expectAccessible();
    await screenshot('findings');

    // Medium misconfigurations (the markup title is one), the filters in the URL.
    const severity = page.getByRole('group', { name: 'Severity' });
    const kind = page.getByRole('group', { name: 'Kind' });
    await inboxAfter(() => kind.getByLabel('misconfiguration').check(), (url) => url.searchParams.get('kind') === 'misconfiguration');
    await inboxAfter(() => severity.getByLabel('medium').check(), (url) => url.searchParams.get('severity') === 'medium');
    expect(page.url()).toMatch(/kind=misconfiguration/);
    expect(page.url()).toMatch(/severity=medium/);
    await page.getByText(MARKUP_TITLE, { exact: true }).waitFor();
    const medium = await call('GET', '/api/v1/findings?severity=medium&kind=misconfiguration', apiSession);
    expect(await totalShown()).toBe(`${medium.body.total as number} findings`);
    expect(await rowTitles()).toEqual((medium.body.items as { title: string }[]).map((finding) => finding.title));
    // The title is characters on the page: no element was made of it, nothing of it ran.
    expect(await page.locator('table.findings img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __markupRan?: boolean }).__markupRan)).toBeUndefined();
    await screenshot('findings-filtered');

    // The report's own `<` (a real title), under another severity.
    await inboxAfter(() => severity.getByLabel('medium').uncheck(), (url) => !url.searchParams.has('severity'));
    await inboxAfter(() => severity.getByLabel('low').check(), (url) => url.searchParams.get('severity') === 'low');
    await page.getByText('Runs with UID <= 10000', { exact: true }).waitFor();

    // Cursor paging over every finding: the next page is another URL, the total stays.
    await inboxAfter(() => severity.getByLabel('low').uncheck(), (url) => !url.searchParams.has('severity'));
    await inboxAfter(() => kind.getByLabel('misconfiguration').uncheck(), (url) => !url.searchParams.has('kind'));
    const firstPage = await rowTitles();
    await inboxAfter(() => page.getByRole('link', { name: 'Next page' }).click(), (url) => url.searchParams.has('cursor'));
    expect(page.url()).toMatch(/cursor=/);
    expect(await totalShown()).toBe(`${total.toLocaleString('en-US')} findings`);
    const secondPage = await rowTitles();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage).not.toEqual(firstPage);
    // Back is the first page again.
    await inboxAfter(() => page.goBack(), (url) => !url.searchParams.has('cursor'));
    expect(await rowTitles()).toEqual(firstPage);
  });

  it('follows an organization switch made elsewhere (409), says so, and shows nothing of the other organization', async () => {
    const created = await call('POST', '/api/v1/orgs', { ...apiSession, body: { name: 'Second <b>Org</b>' } });
    expect(created.status).toBe(201);
    secondOrg = created.body.id as string;
    // Another device chooses the second organization for all the person's sessions, and imports there.
    expect((await call('PUT', '/api/v1/me/active-org', { ...apiSession, body: { org_id: secondOrg } })).status).toBe(200);
    const second = { token: apiSession.token, org: secondOrg };
    await importReport(second, 'registry.example.test/alpine:3.10', 'trivy', fixture('trivy/alpine-310.json'));
    const secondTitles = ((await call('GET', '/api/v1/findings', second)).body.items as { title: string | null; identifier: string }[]).map((finding) => finding.title ?? finding.identifier);
    expect(secondTitles.length).toBeGreaterThan(0);

    // The page still expects the first organization: its next request is answered 409.
    await inboxAfter(() => page.getByRole('button', { name: 'Refresh' }).click(), (_url, organization) => organization === secondOrg);
    await page.getByText('Your organization was changed in another tab or on another device. You are now working in Second <b>Org</b>.').waitFor();
    expect(await totalShown()).toBe(`${secondTitles.length} ${secondTitles.length === 1 ? 'finding' : 'findings'}`);
    expect((await rowTitles()).sort()).toEqual([...secondTitles].sort());
    expect(await page.getByText(MARKUP_TITLE).count()).toBe(0);
    expect(await page.getByLabel('Organization').inputValue()).toBe(secondOrg);
    await expectAccessible();
    await screenshot('organization-changed');

    // Back through the switcher: the first organization's inbox, none of the second's findings.
    await inboxAfter(() => page.getByLabel('Organization').selectOption(apiSession.org), (_url, organization) => organization === apiSession.org);
    const first = await call('GET', '/api/v1/findings', apiSession);
    expect(await totalShown()).toBe(`${(first.body.total as number).toLocaleString('en-US')} findings`);
    expect(await rowTitles()).toEqual((first.body.items as { title: string | null; identifier: string }[]).map((finding) => finding.title ?? finding.identifier));
    expect(refusals).toEqual([]);
  });

  it('sends the verification mail, verifies the address from its link, and shows the API error of a spent link', async () => {
    const session = { token: apiSession.token, org: apiSession.org };
    const banner = page.getByRole('region', { name: 'Email verification' });
    await banner.getByText(`Your address ${person.email} is not verified yet.`).waitFor();
    await banner.getByRole('button', { name: 'Send verification mail' }).click();
    await banner.getByText(`We sent a link to ${person.email}. Open it to verify your address.`).waitFor();
    let link: string | undefined;
    while (!link) {
      link = /(http:\/\/\S+\/verify-email\?token=\S+)/.exec(sentinel.output())?.[1];
      if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const mailPage = await context.newPage();
    await mailPage.goto(link);
    await mailPage.getByRole('button', { name: 'Verify my address' }).click();
    await mailPage.getByText(`${person.email} is verified.`).waitFor();
    expect((await call('GET', '/api/v1/me', session)).body.email_verified).toBe(true);

    // The link works once: opened again, the page shows the API's own error text.
    const spent = await call('POST', '/api/v1/auth/email-verification', { body: { token: new URL(link).searchParams.get('token') } });
    expect(spent.status).toBe(401);
    await mailPage.goto(link);
    await mailPage.getByRole('button', { name: 'Verify my address' }).click();
    await mailPage.getByRole('alert').getByText(spent.body.error as string, { exact: true }).waitFor();
    await mailPage.close();
  });

  it('signs out, and signs in again with the password and the authenticator code', async () => {
    const enrolment = await call('POST', '/api/v1/me/second-factor/totp', apiSession);
    expect(enrolment.status).toBe(201);
    const totp = new TOTP({ secret: Secret.fromBase32(enrolment.body.secret as string) });
    expect((await call('POST', '/api/v1/me/second-factor/totp/confirm', { ...apiSession, body: { code: totp.generate() } })).status).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/sign-in');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const codeField = page.getByLabel('Code from your authenticator app');
    await codeField.waitFor();
    await expectAccessible();
    // The next step's code: the current one was spent confirming the enrolment, and the server accepts one step ahead.
    await codeField.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/findings');
    await page.locator('table.findings').waitFor();
  });

  it('renews a lapsed access token once and retries, and sends the person to sign in when the session cannot be renewed', async () => {
    // The browser stands in for a lapse: the service answers the next findings request 401, as
    // it answers an expired token. Everything after that is the real refresh route.
    const findingsRequest = (url: URL) => url.pathname === '/api/v1/findings';
    let lapsed = false;
    await page.route(findingsRequest, async (route) => {
      if (lapsed) return route.continue();
      lapsed = true;
      return route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"unauthorized","code":"unauthorized"}' });
    });
    const renewed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/auth/refresh' && response.status() === 200);
    await inboxAfter(() => page.getByRole('button', { name: 'Refresh' }).click());
    await renewed;
    expect(lapsed).toBe(true);
    await page.locator('table.findings').waitFor();
    await page.unroute(findingsRequest);

    // A refresh the service refuses (the session ended elsewhere) ends the session here.
    await page.route((url) => url.pathname === '/api/v1/auth/refresh', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"unauthorized","code":"unauthorized"}' }));
    await page.route(findingsRequest, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":"unauthorized","code":"unauthorized"}' }));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForURL('**/sign-in');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.unrouteAll();
  });

  it('finishes a social sign-in at /sign-in/complete: a new person, an inbox of their own', async () => {
    google.accounts.set('grace', { email: 'grace@social.example.test', email_verified: true, name: 'Grace Google' });
    const { page: phone } = await openPage(browser, 390);
    // Where a "Continue with Google" button leads; the provider's own login and consent pages follow.
    await phone.goto(`${sentinel.base}/api/v1/auth/social/google/start`);
    await signInAtIdentityProvider(phone, 'grace', sentinel.base);
    // Back at the dashboard with a one-time code, which the page trades for a session.
    await phone.waitForURL('**/findings');
    await phone.getByText('No findings yet').waitFor();
    expect(await phone.locator('#findings-total').innerText()).toBe('0 findings');
    expect(await phone.getByLabel('Organization').locator('option').allInnerTexts()).toEqual(['Grace Google (personal)']);
    await expectAccessible(phone);
    await screenshotOf(phone, 'findings-narrow');
    await phone.context().close();
  });

  it('says why a social or single sign-on did not complete at /sign-in/complete', async () => {
    const landing = await context.newPage();
    await landing.goto(`${sentinel.base}/sign-in/complete?error=sign_in_expired`);
    await landing.getByText('The sign-in took too long or was already used. Start it again.').waitFor();
    const refused = await call('POST', '/api/v1/auth/exchange', { body: { code: 'not-a-code' } });
    expect(refused.status).toBe(401);
    await landing.goto(`${sentinel.base}/sign-in/complete?code=not-a-code`);
    await landing.getByRole('alert').getByText(refused.body.error as string, { exact: true }).waitFor();
    await expectAccessible(landing);
    await landing.close();
  });
});
