// Organization administration and enterprise identity in a real browser (Debian's Chromium
// driven by playwright-core), on the embedded profile and, for the main flows, the full one.
// Two organizations throughout: Acme, administered through the pages, and Beta, whose
// members, keys, credentials, domains and events must never show in Acme's pages. An owner
// invites a teammate, who accepts in a second browser context; roles change within the
// rules and the API's refusals show as its own text; what a role cannot use is not offered
// (and the API refuses it all the same); secrets are shown once; an owner verifies a domain
// and configures single sign-on against an OpenID Connect provider in this process, and a
// member signs in through it; a SAML provider shows the values its administrator needs; the
// identity audit trail pages by cursor within its filters. axe-core checks every page; the
// main ones go to docs/screenshots/.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../services/identity/domains/testing/dns-server.js';
import { startTestOidcIdp, type TestOidcIdp } from '../services/identity/sso/testing/oidc-idp.js';
import { newSigningKey } from '../services/identity/sso/testing/saml-idp.js';
import {
  BROWSER_STORY_TIMEOUT,
  apiOf,
  apiSessionOf,
  expectAccessible,
  launchChromium,
  localMinute,
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

const PASSWORD = 'correct horse battery';
const unique = () => Math.random().toString(36).slice(2, 10);

interface Person {
  name: string;
  email: string;
  password: string;
}

/** The value of a read-only field the page shows to copy (a secret shown once, a record to publish). */
const copyable = (page: Page, label: string | RegExp) => page.getByRole('textbox', { name: label, exact: typeof label === 'string' }).inputValue();

/** A screenshot of the page from its top (a form that closed may have left it scrolled). */
async function topScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Dismisses a secret shown once, and waits until the page no longer holds it. */
async function dismissSecret(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('textbox', { name: label, exact: true }).waitFor({ state: 'detached' });
}

/** The settings navigation's links, as the person's role gets them. */
const settingsLinks = (page: Page) => page.getByRole('navigation', { name: 'Settings' }).getByRole('link').allInnerTexts();

/** Opens a settings page from the settings navigation, as a person would. */
async function openSettings(page: Page, base: string, link: string): Promise<void> {
  await page.goto(`${base}/settings`);
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: link }).waitFor();
}

/**
 * The owner's page invites `teammate` as an analyst; the link, shown once, is opened in a
 * second browser context where the teammate signs in and accepts, then opens the organization.
 * The owner's roster then shows them, arrived by invitation. Answers the teammate's page.
 */
async function inviteAndAccept(browser: Browser, owner: Page, base: string, teammate: Person, organization: string): Promise<Page> {
  await openSettings(owner, base, 'Members');
  await owner.getByLabel('Email address to invite').fill(teammate.email);
  await owner.getByLabel('Invited role').selectOption('analyst');
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await copyable(owner, 'Invitation link');
  expect(link).toMatch(new RegExp(`^${base}/accept-invitation\\?token=sni_`));
  // Shown once: gone from the page, the invitation listed without it.
  await dismissSecret(owner, 'Invitation link');
  await owner.getByRole('cell', { name: teammate.email, exact: true }).waitFor();
  expect(await owner.content()).not.toContain(new URL(link).searchParams.get('token'));

  const { page } = await openPage(browser);
  await signInThroughPage(page, base, teammate);
  await page.goto(link);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await page.getByText(`You joined ${organization} as analyst.`).waitFor();
  await page.getByRole('button', { name: `Open ${organization}` }).click();
  await page.waitForURL('**/findings');

  await owner.reload();
  const row = owner.getByRole('row').filter({ hasText: teammate.email });
  await row.getByText('Accepted an invitation').first().waitFor();
  return page;
}

/**
 * The owner's pages claim the domain and verify it from its TXT record (published in the
 * test's DNS), then configure an OpenID Connect provider with just-in-time admission; the
 * provider learns the redirect URI the page shows. A member of the domain then signs in
 * through it from the sign-in page, in a context of their own, and lands in the organization.
 */
async function configureSsoAndSignIn(
  browser: Browser,
  owner: Page,
  base: string,
  peers: { dns: TestDnsServer; idp: TestOidcIdp },
  domain: string,
  member: { login: string; email: string; name: string; groups: string[] },
): Promise<Page> {
  await openSettings(owner, base, 'Domains');
  await owner.getByLabel('Domain to claim').fill(domain);
  await owner.getByRole('button', { name: 'Claim', exact: true }).click();
  await owner.getByRole('heading', { name: new RegExp(domain) }).waitFor();
  const recordName = await copyable(owner, `TXT record name for ${domain}`);
  const recordValue = await copyable(owner, `TXT record value for ${domain}`);
  expect(recordName).toBe(`_sentinel-challenge.${domain}`);
  expect(recordValue).toMatch(/^sentinel-domain-verification=/);
  peers.dns.set(recordName, [[recordValue]]);
  await owner.getByRole('button', { name: `Verify ${domain}` }).click();
  await owner.getByRole('heading', { name: new RegExp(domain) }).getByText('Verified').waitFor();

  const client = { clientId: `sentinel-${unique()}`, clientSecret: `secret-${unique()}-${unique()}-${unique()}` };
  await openSettings(owner, base, 'Single sign-on');
  await owner.getByRole('button', { name: 'Add an identity provider' }).click();
  await owner.getByLabel('Provider name (shown on the sign-in page)').fill('Company Login');
  await owner.getByLabel('Issuer').fill(peers.idp.issuer);
  await owner.getByLabel('Client id').fill(client.clientId);
  await owner.getByLabel(/^Client secret/).fill(client.clientSecret);
  await owner.getByLabel('Scopes').fill('openid email profile groups');
  await owner.getByLabel('Groups claim (optional)').fill('groups');
  await owner.getByLabel(/just-in-time/).check();
  await owner.getByLabel('Role they join with').selectOption('viewer');
  await owner.getByRole('button', { name: 'Add the provider' }).click();
  const redirectUri = await copyable(owner, 'Redirect URI of Company Login');
  expect(redirectUri).toBe(`${base}/api/v1/auth/sso/oidc/callback`);
  expect(await copyable(owner, 'Test sign-in address of Company Login')).toMatch(new RegExp(`^${base}/api/v1/auth/sso/[0-9a-f-]+/start`));
  // The secret went in; it never comes back.
  await owner.getByText('Set (never shown)').waitFor();
  expect(await owner.content()).not.toContain(client.clientSecret);
  peers.idp.addClient({ ...client, redirectUri });

  peers.idp.accounts.set(member.login, { email: member.email, email_verified: true, name: member.name, groups: member.groups });
  const { page } = await openPage(browser);
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await page.waitForURL((url) => url.origin === peers.idp.issuer);
  await signInAtIdentityProvider(page, member.login, base);
  await page.waitForURL('**/findings');
  return page;
}

describe('organization administration and enterprise identity in Chromium (embedded profile)', { timeout: BROWSER_STORY_TIMEOUT }, () => {
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;
  let idp: TestOidcIdp;
  let dns: TestDnsServer;
  // Olga's page, signed in from the first story on, acting in Acme.
  let owner: Page;
  // Tess's page once she joined Acme.
  let teammatePage: Page;

  const acmeDomain = `acme-${unique()}.com`;
  const olga = { name: 'Olga Owner', email: `olga@${acmeDomain}`, password: PASSWORD };
  const tess = { name: 'Tess Teammate', email: `tess-${unique()}@teammate.example.test`, password: PASSWORD };
  let acme: ApiSession;
  let beta: ApiSession;
  // What Beta holds, which none of Acme's pages may show.
  const betaNames = { member: 'Bert Beta', key: 'Beta pipeline key', registry: 'registry.beta.example.test', domain: `beta-${unique()}.com` };

  beforeAll(async () => {
    [idp, dns] = await Promise.all([startTestOidcIdp(), startTestDnsServer()]);
    sentinel = await startDashboardService('embedded', { DOMAIN_VERIFICATION_DNS_SERVERS: dns.address, SSO_ALLOW_PRIVATE_ISSUERS: 'true' });
    call = apiOf(sentinel.base);
    browser = await launchChromium();

    acme = await organizationOf(call, await signUpThroughApi(call, olga), 'Acme Security');
    await signUpThroughApi(call, tess);
    const bert = { name: betaNames.member, email: `bert-${unique()}@beta.example.test`, password: PASSWORD };
    beta = await organizationOf(call, await signUpThroughApi(call, bert), 'Beta Labs');
    const future = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    for (const [path, body] of [
      ['/api/v1/api-keys', { name: betaNames.key, scopes: ['findings:read'], expires_at: future }],
      ['/api/v1/registry-credentials', { registry: betaNames.registry, username: 'beta-robot', secret: 'beta-registry-secret' }],
      ['/api/v1/identity/domains', { domain: betaNames.domain }],
      ['/api/v1/invitations', { email: `someone-${unique()}@beta.example.test`, role: 'viewer' }],
    ] as const) {
      expect((await call('POST', path, { ...beta, body })).status).toBe(201);
    }

    ({ page: owner } = await openPage(browser));
    await signInThroughPage(owner, sentinel.base, olga);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
    await Promise.all([idp?.close(), dns?.close()]);
  });

  /** None of Beta's names on the owner's page as it is now. */
  const expectNothingOfBeta = async (page: Page) => {
    const text = await page.locator('main').innerText();
    for (const name of Object.values(betaNames)) expect(text).not.toContain(name);
  };

  it('an owner invites a teammate, who accepts in a second browser context; roles change within the rules', async () => {
    await openSettings(owner, sentinel.base, 'Members');
    await owner.getByText('1 of 3 seats used, 2 left on the Free plan.').waitFor();
    const olgaRow = owner.getByRole('row').filter({ hasText: olga.email });
    await olgaRow.getByText('Created the organization or added directly').waitFor();
    await expectAccessible(owner);

    teammatePage = await inviteAndAccept(browser, owner, sentinel.base, tess, 'Acme Security');
    await owner.getByText('2 of 3 seats used, 1 left on the Free plan.').waitFor();
    await owner.getByRole('row').filter({ hasText: tess.email }).getByRole('cell', { name: 'redeemed' }).waitFor();
    await expectNothingOfBeta(owner);
    await expectAccessible(owner);
    await topScreenshot(owner, 'settings-members');

    // Tess becomes a viewer; the roster and the API agree.
    await owner.getByLabel(`Role of ${tess.name}`).selectOption('viewer');
    await expect.poll(async () => ((await call('GET', '/api/v1/members', acme)).body.members as { email: string; role: string }[]).find((m) => m.email === tess.email)?.role).toBe('viewer');
    // The last owner cannot be demoted: the page shows the API's refusal, and the role stays.
    await owner.getByLabel(`Role of ${olga.name}`).selectOption('admin');
    await owner.getByRole('alert').filter({ hasText: 'the last owner cannot be demoted' }).waitFor();
    await expect.poll(() => owner.getByLabel(`Role of ${olga.name}`).inputValue()).toBe('owner');
    await expectAccessible(owner);
  });

  it("offers a viewer read-only pages and nothing her role cannot use, which the API refuses all the same", async () => {
    await teammatePage.setViewportSize({ width: 390, height: 844 });
    await teammatePage.getByRole('link', { name: 'Settings', exact: true }).click();
    await teammatePage.getByText('You are a viewer of Acme Security').waitFor();
    expect(await settingsLinks(teammatePage)).toEqual(['Members', 'Organization', 'Scanner settings', 'Your security']);
    await expectAccessible(teammatePage);

    await openSettings(teammatePage, sentinel.base, 'Members');
    await teammatePage.getByRole('cell', { name: olga.email }).waitFor();
    expect(await teammatePage.locator('main').getByRole('combobox').count()).toBe(0);
    expect(await teammatePage.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await teammatePage.getByRole('heading', { name: 'Invitations' }).count()).toBe(0);
    await expectAccessible(teammatePage);
    await topScreenshot(teammatePage, 'settings-viewer');

    await openSettings(teammatePage, sentinel.base, 'Scanner settings');
    expect(await teammatePage.getByRole('checkbox', { name: /secret findings/ }).isDisabled()).toBe(true);
    await openSettings(teammatePage, sentinel.base, 'Organization');
    await teammatePage.getByText('Free (3 seats', { exact: false }).waitFor();
    expect(await teammatePage.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    expect(await teammatePage.getByRole('button', { name: 'Schedule the deletion' }).count()).toBe(0);
    await expectAccessible(teammatePage);

    // A page the role cannot use, reached by its address, says so and loads nothing.
    await teammatePage.goto(`${sentinel.base}/settings/api-keys`);
    await teammatePage.getByText('Your role in Acme Security (viewer) cannot use this page.', { exact: false }).waitFor();
    // The API refuses what the pages do not offer.
    const asTess = await apiSessionOf(call, tess);
    expect(asTess.org).toBe(acme.org);
    expect((await call('POST', '/api/v1/invitations', { ...asTess, body: { email: 'nobody@example.test', role: 'viewer' } })).status).toBe(403);
    expect((await call('PATCH', '/api/v1/orgs/current', { ...asTess, body: { name: 'Not Acme' } })).status).toBe(403);
    expect((await call('GET', '/api/v1/api-keys', asTess)).status).toBe(403);
  });

  it('issues an API key and a workload shown once, and stores a registry credential whose secret never comes back', async () => {
    await openSettings(owner, sentinel.base, 'API keys');
    await owner.getByLabel('Key name').fill('CI pipeline');
    await owner.getByRole('checkbox', { name: /scans:create/ }).check();
    await owner.getByRole('checkbox', { name: /findings:read/ }).check();
    await owner.getByRole('button', { name: 'Issue the key' }).click();
    const key = await copyable(owner, 'API key');
    expect(key).toMatch(/^snk_live_/);
    expect((await call('GET', '/api/v1/findings', { token: key })).status).toBe(200);
    await dismissSecret(owner, 'API key');
    await owner.getByRole('cell', { name: 'CI pipeline', exact: true }).waitFor();
    expect(await owner.content()).not.toContain(key);
    await expectNothingOfBeta(owner);
    await expectAccessible(owner);
    await topScreenshot(owner, 'settings-api-keys');
    await owner.getByRole('button', { name: 'Revoke CI pipeline' }).click();
    await owner.getByRole('row').filter({ hasText: 'CI pipeline' }).getByText('Revoked').waitFor();
    expect((await call('GET', '/api/v1/findings', { token: key })).status).toBe(401);

    await openSettings(owner, sentinel.base, 'Workloads');
    await owner.getByLabel('Workload name').fill('Deploy bot');
    await owner.getByRole('checkbox', { name: /scans:read/ }).check();
    await owner.getByRole('button', { name: 'Create the workload' }).click();
    const credential = await copyable(owner, 'Workload credential');
    expect(credential).toMatch(/^snw_live_/);
    await dismissSecret(owner, 'Workload credential');
    await owner.getByRole('row').filter({ hasText: 'Deploy bot' }).getByText('Active: may do all it was granted').waitFor();
    expect(await owner.content()).not.toContain(credential);
    await expectAccessible(owner);
    await topScreenshot(owner, 'settings-workloads');

    await openSettings(owner, sentinel.base, 'Registry credentials');
    const secret = `acme-registry-secret-${unique()}`;
    await owner.getByLabel(/^Registry/).fill('registry.acme.example.test');
    await owner.getByLabel('Username').fill('acme-robot');
    await owner.getByLabel('Password or access token').fill(secret);
    await owner.getByRole('button', { name: 'Save the credential' }).click();
    await owner.getByRole('row').filter({ hasText: 'registry.acme.example.test' }).getByText('Not used yet').waitFor();
    expect(await owner.content()).not.toContain(secret);
    await expectNothingOfBeta(owner);
    await expectAccessible(owner);
    await topScreenshot(owner, 'settings-registry-credentials');

    await openSettings(owner, sentinel.base, 'Scanner settings');
    // The box shows what the API answered, so it turns checked once the change is stored.
    await owner.getByRole('checkbox', { name: /secret findings/ }).click();
    await expect.poll(() => owner.getByRole('checkbox', { name: /secret findings/ }).isChecked()).toBe(true);
    await expect
      .poll(async () => ((await call('GET', '/api/v1/settings/scanners', acme)).body.target_kinds as { secrets: boolean }[])[0]!.secrets)
      .toBe(true);
    await expectAccessible(owner);
  });

  it('enrols a second factor with an authenticator app, the recovery codes shown once', async () => {
    const sid = { name: 'Sid Second', email: `sid-${unique()}@second.example.test`, password: PASSWORD };
    await signUpThroughApi(call, sid);
    const { page } = await openPage(browser);
    await signInThroughPage(page, sentinel.base, sid);
    await openSettings(page, sentinel.base, 'Your security');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const setupKey = await copyable(page, 'Setup key');
    expect(await copyable(page, 'Setup address (otpauth)')).toMatch(/^otpauth:\/\/totp\//);
    await expectAccessible(page);
    await page.getByLabel('Code from the app').fill(new TOTP({ secret: Secret.fromBase32(setupKey) }).generate());
    await page.getByRole('button', { name: 'Turn on the second factor' }).click();
    const codes = (await copyable(page, 'Recovery codes')).split(' ');
    expect(codes).toHaveLength(10);
    expect(await page.locator('.recovery-codes li').count()).toBe(10);
    await expectAccessible(page);
    await topScreenshot(page, 'settings-security');
    await dismissSecret(page, 'Recovery codes');
    await page.getByText('Your second factor is on').waitFor();
    expect(await page.content()).not.toContain(codes[0]);
    // The password alone no longer signs Sid in.
    const login = await call('POST', '/api/v1/auth/login', { body: { email: sid.email, password: sid.password } });
    expect(login).toMatchObject({ status: 401, body: { rule: 'second_factor_required' } });
    await page.context().close();
  });

  it('verifies a domain and configures OIDC, through which a member signs in; groups map to roles, SCIM tokens, and the audit trail', async () => {
    const sam = { login: 'sam', email: `sam@${acmeDomain}`, name: 'Sam Single', groups: ['acme-engineers'] };
    const samPage = await configureSsoAndSignIn(browser, owner, sentinel.base, { dns, idp }, acmeDomain, sam);
    await expectAccessible(owner);
    await topScreenshot(owner, 'settings-sso');
    await samPage.context().close();

    // Sam arrived by single sign-on, as the provider's default role.
    await openSettings(owner, sentinel.base, 'Members');
    const samRow = owner.getByRole('row').filter({ hasText: sam.email });
    await samRow.getByText('Single sign-on, first sign-in').waitFor();
    expect(await samRow.getByRole('combobox').inputValue()).toBe('viewer');

    await openSettings(owner, sentinel.base, 'Domains');
    await owner.getByRole('heading', { name: new RegExp(acmeDomain) }).getByText('Verified').waitFor();
    await expectNothingOfBeta(owner);
    await expectAccessible(owner);
    await topScreenshot(owner, 'settings-domains');

    // The group the assertion named, mapped to analyst: Sam, whom SSO brought, becomes one.
    await openSettings(owner, sentinel.base, 'Directory groups');
    const group = owner.getByRole('row').filter({ hasText: 'acme-engineers' });
    await group.getByText('Single sign-on').waitFor();
    await owner.getByLabel('Role the group acme-engineers confers').selectOption('analyst');
    await expect.poll(async () => ((await call('GET', '/api/v1/members', acme)).body.members as { email: string; role: string }[]).find((m) => m.email === sam.email)?.role).toBe('analyst');
    await expectAccessible(owner);
    await topScreenshot(owner, 'settings-groups');

    await openSettings(owner, sentinel.base, 'Directory (SCIM)');
    expect(await copyable(owner, 'SCIM base URL')).toBe(`${sentinel.base}/api/scim/v2`);
    await owner.getByLabel('Token name').fill('Entra ID');
    await owner.getByRole('button', { name: 'Issue a token' }).click();
    const scimToken = await copyable(owner, 'SCIM token');
    expect(scimToken).toMatch(/^snd_live_/);
    const users = await fetch(`${sentinel.base}/api/scim/v2/Users`, { headers: { authorization: `Bearer ${scimToken}` } });
    expect(users.status).toBe(200);
    await dismissSecret(owner, 'SCIM token');
    await owner.getByRole('cell', { name: 'Entra ID', exact: true }).waitFor();
    expect(await owner.content()).not.toContain(scimToken);
    await expectAccessible(owner);

    // The trail: Acme's verification, with where it came from; Beta's claim is not Acme's.
    await openSettings(owner, sentinel.base, 'Identity audit');
    await owner.getByLabel('Action').fill('domain.verified');
    await owner.getByRole('button', { name: 'Apply' }).click();
    await owner.getByText('Showing the latest 1 event', { exact: false }).waitFor();
    const verified = owner.getByRole('row').filter({ hasText: 'domain.verified' });
    expect(await verified.locator('td[data-label="Source address"]').innerText()).toMatch(/127\.0\.0\.1/);
    expect(await verified.locator('td[data-label="Request id"]').innerText()).not.toBe('—');
    // One claim: Beta's, in the same service, is not in Acme's trail (a second cell would break the single match).
    await owner.getByLabel('Action').fill('domain.claimed');
    await owner.getByRole('button', { name: 'Apply' }).click();
    await owner.getByRole('cell', { name: 'domain.claimed' }).waitFor();
    await expectNothingOfBeta(owner);
    // An actor's id narrows the trail to them.
    await owner.getByRole('button', { name: 'Clear' }).click();
    await owner.getByRole('button', { name: /^Only the events of / }).first().click();
    expect(await owner.getByLabel('Actor id').inputValue()).toMatch(/^[0-9a-f-]{36}$/);
    await expectAccessible(owner);
  });

  it("configures a SAML provider and shows its administrator the assertion consumer service, entity id and metadata to download", async () => {
    const idpKey = newSigningKey('Acme ADFS signing');
    const idpEntityId = `http://adfs.${acmeDomain}/adfs/services/trust`;
    await openSettings(owner, sentinel.base, 'Single sign-on');
    await owner.getByRole('button', { name: 'Add an identity provider' }).click();
    await owner.getByRole('radio', { name: 'SAML 2.0' }).check();
    await owner.getByLabel('Provider name (shown on the sign-in page)').fill('Acme ADFS');
    await owner.getByLabel('Identity provider entity id').fill(idpEntityId);
    await owner.getByLabel('Single sign-on URL (HTTP-Redirect binding)').fill(`https://adfs.${acmeDomain}/adfs/ls/`);
    await owner.getByLabel(/^Signing certificates/).fill(idpKey.certificatePem);
    await owner.getByLabel('Groups attribute (optional)').fill('http://schemas.xmlsoap.org/claims/Group');
    await expectAccessible(owner);
    await owner.getByRole('button', { name: 'Add the provider' }).click();

    const acs = await copyable(owner, 'Assertion consumer service URL of Acme ADFS');
    const [, providerId] = /^.*\/api\/v1\/auth\/sso\/([0-9a-f-]{36})\/saml\/acs$/.exec(acs) ?? [];
    expect(acs).toBe(`${sentinel.base}/api/v1/auth/sso/${providerId}/saml/acs`);
    const entityId = await copyable(owner, 'Service provider entity id of Acme ADFS');
    expect(entityId).toBe(`${sentinel.base}/api/v1/auth/sso/${providerId}/saml/metadata`);
    expect(await copyable(owner, 'Test sign-in address of Acme ADFS')).toBe(`${sentinel.base}/api/v1/auth/sso/${providerId}/start`);
    // The certificate as the API read it.
    await owner.getByText('CN=Acme ADFS signing', { exact: false }).waitFor();

    // The metadata downloads as a file naming this service's entity id and assertion consumer service.
    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('link', { name: 'Download the service provider metadata of Acme ADFS' }).click()]);
    const metadata = readFileSync(await download.path(), 'utf8');
    expect(metadata).toContain(`entityID="${entityId}"`);
    expect(metadata).toContain(`Location="${acs}"`);
    await expectNothingOfBeta(owner);
    await expectAccessible(owner);
    // The provider's card at the top of the screen.
    await owner.getByRole('heading', { name: /^Acme ADFS/ }).evaluate((heading) => heading.scrollIntoView());
    await screenshot(owner, 'settings-sso-saml');

    // Beta's providers are not Acme's, and Acme's provider is not Beta's to read or change.
    expect((await call('GET', '/api/v1/identity/sso/providers', beta)).body.providers).toEqual([]);
    expect((await call('GET', `/api/v1/identity/sso/providers/${providerId}`, beta)).status).toBe(404);
    expect((await call('PATCH', `/api/v1/identity/sso/providers/${providerId}`, { ...beta, body: { enabled: false } })).status).toBe(404);
  });

  it('pages the identity audit trail within its action and time filters; the other organization adds nothing to it', async () => {
    // 51 renames in Acme and one in Beta, from the API: one page of 50 and one of 1.
    expect((await call('PATCH', '/api/v1/orgs/current', { ...beta, body: { name: 'Beta Labs Renamed' } })).status).toBe(200);
    for (let n = 1; n <= 50; n += 1) expect((await call('PATCH', '/api/v1/orgs/current', { ...acme, body: { name: `Acme Security ${n}` } })).status).toBe(200);
    expect((await call('PATCH', '/api/v1/orgs/current', { ...acme, body: { name: 'Acme Security' } })).status).toBe(200);

    await openSettings(owner, sentinel.base, 'Identity audit');
    await owner.getByLabel('Action').fill('organization.renamed');
    await owner.getByLabel('From').fill(localMinute(-1));
    await owner.getByLabel('Until').fill(localMinute(1));
    await owner.getByRole('button', { name: 'Apply' }).click();
    await owner.getByText('Showing the latest 50 events, newest first.').waitFor();
    const rows = owner.locator('table.audit tbody tr');
    expect(await rows.count()).toBe(50);
    const firstPageRequests = await owner.locator('td[data-label="Request id"]').allInnerTexts();
    await expectAccessible(owner);
    await owner.getByRole('heading', { level: 1, name: 'Identity audit' }).evaluate((heading) => heading.scrollIntoView());
    await screenshot(owner, 'settings-identity-audit');
    // The next page, by keyboard: the oldest rename, which no other page held.
    const next = owner.getByRole('navigation', { name: 'Event pages' }).getByRole('button', { name: 'Next page' });
    await next.focus();
    await owner.keyboard.press('Enter');
    await owner.getByText('Showing 1 earlier event, newest first.').waitFor();
    const [oldest] = await owner.locator('td[data-label="Request id"]').allInnerTexts();
    expect(firstPageRequests).not.toContain(oldest);
    expect(await next.count()).toBe(0);
    const renames = (await call('GET', '/api/v1/identity/audit?action=organization.renamed&limit=200', acme)).body.events as { request_id: string }[];
    expect(renames).toHaveLength(51);
    expect(renames.at(-1)!.request_id).toBe(oldest);
    // Back to the first page; a window that starts tomorrow holds nothing.
    await owner.getByRole('button', { name: 'First page' }).click();
    await owner.getByText('Showing the latest 50 events, newest first.').waitFor();
    await owner.getByLabel('From').fill(localMinute(1));
    await owner.getByLabel('Until').fill(localMinute(2));
    await owner.getByRole('button', { name: 'Apply' }).click();
    await owner.getByText('No events match.').waitFor();
    await expectNothingOfBeta(owner);
    expect(await owner.locator('main').innerText()).not.toContain('Beta Labs Renamed');
    await expectAccessible(owner);
  });

  it('renames the organization and schedules its deletion by its typed name; writes are refused in the grace period, and another owner cancels', async () => {
    // Only an owner confers owner: Olga makes Tess one.
    await openSettings(owner, sentinel.base, 'Members');
    await owner.getByLabel(`Role of ${tess.name}`).selectOption('owner');
    await expect.poll(async () => ((await call('GET', '/api/v1/members', acme)).body.members as { email: string; role: string }[]).find((m) => m.email === tess.email)?.role).toBe('owner');

    await openSettings(owner, sentinel.base, 'Organization');
    await owner.getByLabel('Organization name').fill('Acme Security Ltd');
    await owner.getByRole('button', { name: 'Rename' }).click();
    await owner.getByLabel('Organization', { exact: true }).locator('option', { hasText: 'Acme Security Ltd' }).waitFor({ state: 'attached' });
    await expectAccessible(owner);
    await topScreenshot(owner, 'settings-organization');

    // The name must be typed exactly before the deletion can be scheduled.
    const schedule = owner.getByRole('button', { name: 'Schedule the deletion' });
    await owner.getByLabel(/Type the organization's name/).fill('Acme Security');
    await expect.poll(() => schedule.isDisabled()).toBe(true);
    await owner.getByLabel(/Type the organization's name/).fill('Acme Security Ltd');
    await schedule.click();
    await owner.getByRole('heading', { name: 'Deletion scheduled' }).waitFor();
    await owner.getByText('Until then it is read-only, and any owner can cancel the deletion.', { exact: false }).waitFor();
    await expectAccessible(owner);

    // Read-only meanwhile: a rename is refused with the API's own 409 text.
    await owner.getByLabel('Organization name').fill('Acme Renamed Too Late');
    await owner.getByRole('button', { name: 'Rename' }).click();
    await owner.getByRole('alert').filter({ hasText: 'organization is scheduled for deletion' }).waitFor();

    // Tess, the other owner, cancels it from her own browser.
    await teammatePage.setViewportSize({ width: 1280, height: 800 });
    await openSettings(teammatePage, sentinel.base, 'Organization');
    await teammatePage.getByRole('button', { name: 'Cancel the deletion' }).click();
    await teammatePage.getByRole('heading', { name: 'Delete the organization' }).waitFor();
    await owner.reload();
    await owner.getByRole('heading', { name: 'Delete the organization' }).waitFor();
    expect((await call('GET', '/api/v1/me', acme)).body.acting_organization).toMatchObject({ name: 'Acme Security Ltd', deletion: null });
  });
});

// The main flows on the full profile (api, streams and workers processes): an invitation
// accepted in a second context, and single sign-on configured and used.
describe('organization administration main flows in Chromium (full profile)', { timeout: BROWSER_STORY_TIMEOUT }, () => {
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;
  let idp: TestOidcIdp;
  let dns: TestDnsServer;

  beforeAll(async () => {
    [idp, dns] = await Promise.all([startTestOidcIdp(), startTestDnsServer()]);
    sentinel = await startDashboardService('full', { DOMAIN_VERIFICATION_DNS_SERVERS: dns.address, SSO_ALLOW_PRIVATE_ISSUERS: 'true' });
    call = apiOf(sentinel.base);
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
    await Promise.all([idp?.close(), dns?.close()]);
  });

  it('an owner invites a teammate who accepts; configures OIDC, through which a member signs in; the other organization sees none of it', async () => {
    const domain = `full-${unique()}.com`;
    const owner = { name: 'Fiona Full', email: `fiona@${domain}`, password: PASSWORD };
    const teammate = { name: 'Finn Full', email: `finn-${unique()}@full.example.test`, password: PASSWORD };
    await organizationOf(call, await signUpThroughApi(call, owner), 'Full Acme');
    await signUpThroughApi(call, teammate);
    const other = await organizationOf(call, await signUpThroughApi(call, { name: 'Otto Other', email: `otto-${unique()}@other.example.test`, password: PASSWORD }), 'Other Org');

    const { page, refusals } = await openPage(browser);
    await signInThroughPage(page, sentinel.base, owner);
    const teammatePage = await inviteAndAccept(browser, page, sentinel.base, teammate, 'Full Acme');
    await teammatePage.context().close();
    expect(await page.locator('main').innerText()).not.toContain('Otto Other');

    const member = { login: 'mia', email: `mia@${domain}`, name: 'Mia Member', groups: [] };
    const memberPage = await configureSsoAndSignIn(browser, page, sentinel.base, { dns, idp }, domain, member);
    await memberPage.getByLabel('Organization').locator('option', { hasText: 'Full Acme' }).waitFor({ state: 'attached' });
    await memberPage.context().close();
    await expectAccessible(page);

    // The other organization's roster and providers hold none of it.
    const roster = ((await call('GET', '/api/v1/members', other)).body.members as { email: string }[]).map((m) => m.email);
    expect(roster).not.toContain(member.email);
    expect(roster).not.toContain(teammate.email);
    expect((await call('GET', '/api/v1/identity/sso/providers', other)).body.providers).toEqual([]);
    expect(refusals).toEqual([]);
    await page.context().close();
  });
});
