// What every browser test of the dashboard shares: the service started on either profile
// (`npm start`'s embedded one, or the full profile's api, streams and workers processes),
// Debian's Chromium driven by playwright-core, axe-core on a page, screenshots for the
// README, and the person's own API calls (a pipeline's or another device's, not the
// browser's). web/ is built once per run by the global setup, so every file sees its sources.
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { startFullProfile, type FullProfile } from '../bench/full-profile.js';
import { freePort, startReady, stop, stopStragglers, type SentinelProcess } from './processes.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
export const screenshotsDir = path.join(repoRoot, 'docs/screenshots');

export type DashboardProfile = 'embedded' | 'full';

export interface DashboardService {
  profile: DashboardProfile;
  /** http://127.0.0.1:<port>, the dashboard and the API at once. */
  base: string;
  /** Everything the API process (the whole service on the embedded profile) wrote so far: the mail log among it. */
  output(): string;
  close(): Promise<void>;
}

/**
 * Starts the service as a deployment of the profile runs it. `port` is for a peer that must
 * know the address before the service starts (an identity provider's redirect URI).
 * The dashboard's stories sign in more often a minute from one address than the
 * authentication routes' default allows; the limit is raised for them.
 */
export async function startDashboardService(profile: DashboardProfile, env: Record<string, string> = {}, port?: number): Promise<DashboardService> {
  const chosenPort = String(port ?? (await freePort()));
  const settings = { MAIL_SINK: 'log', AUTH_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000', ...env, PORT: chosenPort };
  if (profile === 'embedded') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-dashboard-'));
    const sentinel: SentinelProcess = await startReady({ DATA_DIR: dataDir, ...settings });
    return {
      profile,
      base: sentinel.base,
      output: sentinel.output,
      async close() {
        await stop(sentinel);
        await stopStragglers();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const full: FullProfile = await startFullProfile(`dashboard_${Math.random().toString(36).slice(2, 8)}`, { NODE_ENV: 'test', ...settings });
  try {
    const [api] = await Promise.all([full.start('api'), full.start('streams'), full.start('workers')]);
    // PORT above chose the port, not the one the full profile picked for itself (full.base).
    return { profile, base: `http://127.0.0.1:${chosenPort}`, output: api.output, close: () => full.close() };
  } catch (error) {
    await full.close().catch(() => undefined);
    throw error;
  }
}

/** Debian's Chromium (infra/services.sh installs it; the registry's Playwright browsers cannot be downloaded here). */
/**
 * A browser story's time limit. A story is a person's whole flow through several pages; each
 * step already waits at most Playwright's 30 s, and on the two-core CI machine, with three
 * suites beside it, a six-second story was seen to take over a minute.
 */
export const BROWSER_STORY_TIMEOUT = 180_000;

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

/**
 * A page in a context of its own (axe-core runs only there), at 1280 pixels or a phone's 390,
 * collecting what the Content-Security-Policy refused: the built app must need nothing it forbids.
 */
export async function openPage(browser: Browser, width: 1280 | 390 = 1280): Promise<{ page: Page; refusals: string[] }> {
  const context = await browser.newContext({ viewport: width === 1280 ? { width: 1280, height: 800 } : { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) refusals.push(message.text());
  });
  return { page, refusals };
}

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Writes docs/screenshots/<name>.png, which the README shows. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}

/**
 * What a `datetime-local` field takes for the minute `offsetDays` from now, in this machine's
 * time zone (the browser's too): for time filters that must hold, or miss, what the test did.
 */
export function localMinute(offsetDays: number): string {
  const at = Date.now() + offsetDays * 24 * 3600 * 1000;
  return new Date(at - new Date(at).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export interface ApiSession {
  token: string;
  org: string;
}

export interface CallOptions {
  token?: string;
  org?: string;
  body?: unknown;
}

export type ApiCall = (method: string, urlPath: string, options?: CallOptions) => Promise<{ status: number; body: Record<string, unknown> }>;

/** A client of the service's API as a script would use it, outside the browser. */
export function apiOf(base: string): ApiCall {
  return async (method, urlPath, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.org) headers['x-expected-organization'] = options.org;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${urlPath}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}

/** Signs the person in through the API (a session of their own, not the browser's), acting in their current organization. */
export async function apiSessionOf(call: ApiCall, person: { email: string; password: string }): Promise<ApiSession> {
  const login = await call('POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password } });
  expect(login.status).toBe(200);
  const token = login.body.access_token as string;
  const me = await call('GET', '/api/v1/me', { token });
  return { token, org: (me.body.acting_organization as { id: string }).id };
}

/** Imports a report into the session's organization and waits until its findings are recorded. */
export async function importReport(call: ApiCall, session: ApiSession, image: string, format: string, report: unknown): Promise<string> {
  const imported = await call('POST', '/api/v1/scans/import', { ...session, body: { image, format, report } });
  expect(imported.status).toBe(202);
  const id = imported.body.id as string;
  for (;;) {
    const scan = await call('GET', `/api/v1/scans/${id}`, session);
    expect(scan.body.state).not.toBe('failed');
    if (scan.body.state === 'completed') return id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs a person up through the API; the browser then signs in through the page (its tokens live in its memory only). */
export async function signUpThroughApi(call: ApiCall, person: { name: string; email: string; password: string }): Promise<ApiSession> {
  const signup = await call('POST', '/api/v1/auth/signup', { body: person });
  expect(signup.status).toBe(201);
  return apiSessionOf(call, person);
}

/** Signs in through the sign-in page (no second factor) and waits for the inbox. */
export async function signInThroughPage(page: Page, base: string, person: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/findings');
}

/**
 * At an identity provider of the tests (oidc-provider's development pages: a login form, then
 * perhaps a consent form), signs in as `login` and waits until the browser is sent back to `base`.
 */
export async function signInAtIdentityProvider(page: Page, login: string, base: string): Promise<void> {
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any');
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => url.origin === base || url.pathname.includes('/interaction/'));
  if (new URL(page.url()).origin !== base) await page.locator('button[type=submit]').click();
}

/** The person creates an organization through the API and acts in it there (their API session follows). */
export async function organizationOf(call: ApiCall, session: ApiSession, name: string): Promise<ApiSession> {
  const created = await call('POST', '/api/v1/orgs', { ...session, body: { name } });
  expect(created.status).toBe(201);
  const org = created.body.id as string;
  expect((await call('PUT', '/api/v1/me/active-org', { ...session, body: { org_id: org } })).status).toBe(200);
  return { token: session.token, org };
}
