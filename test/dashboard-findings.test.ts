// The findings pages in Chromium (embedded profile, test/support/dashboard.ts): the inbox's
// search, asset filter and order held in the URL (a shared URL shows the same view in
// another browser), bulk triage and suppression with each finding's outcome, a refused one
// among them, and the finding's page with its fields, CVSS, timeline (paged), triage and
// the other assets with the same advisory. Two organizations: Ada's pages show nothing of
// Bea's, and Bea's finding id is the same "not found" as an id that does not exist.
// Real reports from test/fixtures/reports; one package name changed to markup.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_STORY_TIMEOUT,
  apiOf,
  expectAccessible,
  importReport,
  launchChromium,
  openPage,
  screenshot,
  signInThroughPage,
  signUpThroughApi,
  type ApiCall,
  type ApiSession,
  type DashboardService,
  startDashboardService,
} from './support/dashboard.js';

const reportsDir = path.resolve(import.meta.dirname, 'fixtures/reports');
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(reportsDir, name), 'utf8')) as Record<string, unknown>;

const ada = { name: 'Ada Analyst', email: 'ada@findings.example.test', password: 'correct horse battery' };
const bea = { name: 'Bea Builder', email: 'bea@findings.example.test', password: 'battery staple horse' };

const ADVISORY = 'CVE-2019-1549';
const BASE_IMAGE = 'registry.example.test/alpine:3.10';
const PROXY_IMAGE = 'registry.example.test/edge-proxy:2';
const UBUNTU_IMAGE = 'registry.example.test/ubuntu:18.04';
const BEA_IMAGE = 'registry.example.test/bea/alpine:3.10';

// Trivy's alpine-310 scan (CVE-2019-1549 and -1551 on libcrypto1.1 and libssl1.1) with
// libssl's name changed to markup: a package name is the scanner's text, and shows as such.
const MARKUP_PACKAGE = 'libssl1.1<img src=x onerror="window.__markupRan = true">';
function alpineWithMarkupPackage(): unknown {
  const report = fixture('trivy/alpine-310.json') as { Results: { Vulnerabilities?: { PkgName: string }[] }[] };
  for (const vulnerability of report.Results.flatMap((result) => result.Vulnerabilities ?? [])) {
    if (vulnerability.PkgName === 'libssl1.1') vulnerability.PkgName = MARKUP_PACKAGE;
  }
  return report;
}

interface Finding {
  id: string;
  asset_id: string;
  identifier: string;
  title: string | null;
  status: string;
  component_name: string | null;
  detail: Record<string, unknown>;
  suppression: { reason: string; expires_at: string | null } | null;
}

describe('the findings pages in Chromium', { timeout: BROWSER_STORY_TIMEOUT }, () => {
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;
  let page: Page;
  let refusals: string[];
  let adaApi: ApiSession;
  let beaApi: ApiSession;
  const assets: Record<string, string> = {};

  const findings = async (query: string, session: ApiSession = adaApi) => {
    const answer = await call('GET', `/api/v1/findings?${query}`, session);
    expect(answer.status).toBe(200);
    return answer.body as { items: Finding[]; total: number };
  };
  const assetOf = async (session: ApiSession, image: string, format: string, report: unknown) => {
    const scan = await importReport(call, session, image, format, report);
    return ((await call('GET', `/api/v1/scans/${scan}`, session)).body as { asset_id: string }).asset_id;
  };
  /** Does what changes the inbox and waits for the findings request it makes (one the test picks), then the inbox no longer busy. */
  const inboxAfter = async (change: () => Promise<unknown>, request: (url: URL) => boolean, target: Page = page) => {
    await Promise.all([
      target.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/v1/findings' && response.status() === 200 && request(url);
      }),
      change(),
    ]);
    await target.locator('section[aria-busy="false"]').first().waitFor();
  };
  /**
   * Follows a link to a dashboard path inside the signed-in tab, as a link in the page
   * would (the router follows the history), without the page load a reload would cost.
   */
  const follow = (target: Page, href: string) => target.evaluate((to) => window.history.pushState({}, '', to), href);
  const rowTitles = (target: Page = page) => target.locator('table.findings td.title').allInnerTexts();

  beforeAll(async () => {
    sentinel = await startDashboardService('embedded');
    call = apiOf(sentinel.base);
    adaApi = await signUpThroughApi(call, ada);
    beaApi = await signUpThroughApi(call, bea);
    assets.base = await assetOf(adaApi, BASE_IMAGE, 'trivy', fixture('trivy/alpine-310.json'));
    assets.proxy = await assetOf(adaApi, PROXY_IMAGE, 'trivy', alpineWithMarkupPackage());
    assets.ubuntu = await assetOf(adaApi, UBUNTU_IMAGE, 'trivy', fixture('trivy/ubuntu-1804.json'));
    assets.bea = await assetOf(beaApi, BEA_IMAGE, 'trivy', fixture('trivy/alpine-310.json'));
    browser = await launchChromium();
    ({ page, refusals } = await openPage(browser));
    await signInThroughPage(page, sentinel.base, ada);
    await page.locator('table.findings').waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
  });

  it('searches, filters by asset and orders, all in the URL; the shared URL shows the same view in another browser', async () => {
    await expectAccessible(page);
    // Ada's three assets are offered, Bea's is not.
    const assetChoices = await page.getByLabel('Asset').locator('option').allInnerTexts();
    expect(assetChoices.sort()).toEqual(['All assets', BASE_IMAGE, PROXY_IMAGE, UBUNTU_IMAGE].sort());

    await page.getByLabel('Search advisory or package').fill(ADVISORY);
    await inboxAfter(() => page.getByRole('button', { name: 'Search' }).click(), (url) => url.searchParams.get('q') === ADVISORY);
    await inboxAfter(() => page.getByLabel('Asset').selectOption({ label: PROXY_IMAGE }), (url) => url.searchParams.get('asset_id') === assets.proxy);
    await inboxAfter(() => page.getByLabel('Order').selectOption({ label: 'Newest first' }), (url) => url.searchParams.get('order') === 'recent');
    const shared = new URL(page.url());
    expect(Object.fromEntries(shared.searchParams)).toEqual({ q: ADVISORY, asset_id: assets.proxy, order: 'recent' });

    const expected = await findings(`q=${ADVISORY}&asset_id=${assets.proxy}&order=recent`);
    expect(expected.items.map((finding) => finding.component_name).sort()).toEqual(['libcrypto1.1', MARKUP_PACKAGE].sort());
    await expect.poll(() => rowTitles()).toEqual(expected.items.map((finding) => finding.title ?? finding.identifier));
    expect(await page.locator('#findings-total').innerText()).toBe('2 findings');

    // The package name holding markup is characters in the row: no element was made of it, nothing of it ran.
    await page.locator('table.findings').getByText(`${MARKUP_PACKAGE} 1.1.1c-r0`, { exact: true }).waitFor();
    expect(await page.locator('table.findings img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __markupRan?: boolean }).__markupRan)).toBeUndefined();
    await expectAccessible(page);

    // Another browser (another person's, signed in as Ada) follows the shared link: the same view.
    const { page: other } = await openPage(browser);
    await signInThroughPage(other, sentinel.base, ada);
    await inboxAfter(
      () => follow(other, `${shared.pathname}${shared.search}`),
      (url) => url.searchParams.get('q') === ADVISORY && url.searchParams.get('asset_id') === assets.proxy && url.searchParams.get('order') === 'recent',
      other,
    );
    await expect.poll(() => rowTitles(other)).toEqual(await rowTitles());
    expect(await other.getByLabel('Search advisory or package').inputValue()).toBe(ADVISORY);
    expect(await other.getByLabel('Asset').inputValue()).toBe(assets.proxy);
    expect(await other.getByLabel('Order').inputValue()).toBe('recent');
    await other.context().close();
  });

  it('triages a selection in bulk and shows each finding’s outcome, a refused one among them', async () => {
    await inboxAfter(() => follow(page, `/findings?asset_id=${assets.base}`), (url) => url.searchParams.get('asset_id') === assets.base);
    const base = await findings(`asset_id=${assets.base}`);
    expect(base.items).toHaveLength(4);
    await expect.poll(() => rowTitles()).toEqual(base.items.map((finding) => finding.title ?? finding.identifier));
    // Suppressed meanwhile elsewhere: a suppressed finding cannot be triaged (only returned to open).
    const suppressedElsewhere = base.items[0]!;
    const suppressed = await call('PATCH', `/api/v1/findings/${suppressedElsewhere.id}`, {
      ...adaApi,
      body: { status: 'suppressed', reason: 'Not reachable in this image', expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    });
    expect(suppressed.status).toBe(200);

    await page.getByLabel('Select every finding on this page').check();
    await page.getByText('4 selected').waitFor();
    const bulkAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/findings/bulk');
    await page.getByRole('button', { name: 'Triage selected' }).click();
    const result = (await (await bulkAnswer).json()) as { counts: Record<string, number>; results: { finding_id: string; outcome: string }[] };
    expect(result.counts).toEqual({ applied: 3, already_applied: 0, not_found: 0, invalid_transition: 1, conflict: 0 });

    const outcomes = page.getByRole('list', { name: 'Outcome per finding' });
    await page.getByRole('heading', { name: 'Triage: 3 of 4 done, 1 refused' }).waitFor();
    const lines = await outcomes.locator('li').allInnerTexts();
    expect(lines).toHaveLength(4);
    // In request order, which is the page's: each finding named, with what became of it.
    for (const [index, item] of result.results.entries()) {
      const finding = base.items.find((candidate) => candidate.id === item.finding_id)!;
      const wasRefused = finding.id === suppressedElsewhere.id;
      expect(item.outcome).toBe(wasRefused ? 'invalid_transition' : 'applied');
      expect(lines[index]).toBe(
        `${finding.title ?? finding.identifier} (${finding.component_name}): ${wasRefused ? 'Refused (invalid transition): a suppressed finding cannot be triaged' : 'Applied: now triaged'}`,
      );
    }
    expect((await findings(`asset_id=${assets.base}&status=triaged`)).total).toBe(3);
    // The inbox shows the new statuses, and nothing stays selected.
    await page.getByText('Select findings to triage or suppress them together.').waitFor();
    await expect.poll(() => page.locator('table.findings td', { hasText: /^triaged$/ }).count()).toBe(3);
    await expectAccessible(page);
    await screenshot(page, 'findings-bulk-result');
  });

  it('suppresses a selection, chosen with the keyboard, with a reason and an expiry', async () => {
    await inboxAfter(() => follow(page, `/findings?asset_id=${assets.ubuntu}`), (url) => url.searchParams.get('asset_id') === assets.ubuntu);
    const ubuntu = await findings(`asset_id=${assets.ubuntu}`);
    await expect.poll(() => rowTitles()).toEqual(ubuntu.items.map((finding) => finding.title ?? finding.identifier));
    const chosen = ubuntu.items.slice(0, 2);
    for (const finding of chosen) {
      const box = page.getByRole('checkbox', { name: `Select ${finding.title ?? finding.identifier} (${finding.component_name})` });
      await box.focus();
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
    }
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Suppress selected…' }).click();
    const form = page.getByRole('form', { name: 'Suppress the selected findings' });
    await form.getByLabel('Reason for suppressing').fill('Base image upgrade scheduled <next sprint>');
    // Ten days ahead in the browser's own calendar; the suppression ends with that day there.
    const { day, end } = await page.evaluate(() => {
      const date = new Date();
      date.setDate(date.getDate() + 10);
      const pad = (value: number) => String(value).padStart(2, '0');
      return { day: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`, end: new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).toISOString() };
    });
    await form.getByLabel('Suppressed until (end of day)').fill(day);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Suppress 2 findings' }).click();
    await page.getByRole('heading', { name: 'Suppression: 2 of 2 done' }).waitFor();
    expect(await page.getByRole('list', { name: 'Outcome per finding' }).locator('li').allInnerTexts()).toEqual(
      chosen.map((finding) => `${finding.title ?? finding.identifier} (${finding.component_name}): Applied: now suppressed`),
    );
    for (const finding of chosen) {
      const stored = (await call('GET', `/api/v1/findings/${finding.id}`, adaApi)).body as unknown as Finding;
      expect(stored.status).toBe('suppressed');
      expect(stored.suppression!.reason).toBe('Base image upgrade scheduled <next sprint>');
      expect(new Date(stored.suppression!.expires_at!).toISOString()).toBe(end);
    }
  });

  it('shows a finding: its fields, CVSS, timeline a page at a time, triage with the API’s refusal, and the other assets with its advisory', async () => {
    const [finding] = (await findings(`q=${ADVISORY}&asset_id=${assets.base}`)).items.filter((item) => item.component_name === 'libcrypto1.1');
    // A history longer than a page of the timeline: returned to open and triaged again, eleven times.
    for (let round = 0; round < 11; round++) {
      expect((await call('PATCH', `/api/v1/findings/${finding!.id}`, { ...adaApi, body: { status: 'open' } })).status).toBe(200);
      expect((await call('PATCH', `/api/v1/findings/${finding!.id}`, { ...adaApi, body: { status: 'triaged', reason: `Round ${round}` } })).status).toBe(200);
    }
    const events = (await call('GET', `/api/v1/findings/${finding!.id}/events?limit=200`, adaApi)).body.items as { id: string }[];
    expect(events.length).toBeGreaterThan(20);
    // The fleet view runs a little behind the findings: wait until it counts Ada's other alpine asset.
    await expect
      .poll(async () => ((await call('GET', `/api/v1/analytics/advisories/${ADVISORY}/assets`, adaApi)).body.items as { asset_id: string }[]).map((item) => item.asset_id), { timeout: 30_000 })
      .toContain(assets.proxy);

    await inboxAfter(() => follow(page, `/findings?q=${ADVISORY}&asset_id=${assets.base}`), (url) => url.searchParams.get('asset_id') === assets.base && url.searchParams.get('q') === ADVISORY);
    await page.locator('tr', { hasText: 'libcrypto1.1' }).getByRole('link').click();
    await page.waitForURL(`**/findings/${finding!.id}`);
    await page.getByRole('heading', { level: 1, name: finding!.title ?? finding!.identifier }).waitFor();

    const fields = page.locator('section[aria-labelledby="finding-fields"]');
    const field = async (term: string) => (await fields.locator('.field', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd').innerText()).trim();
    expect(await field('Identifier')).toBe(ADVISORY);
    expect(await field('Package')).toBe('libcrypto1.1');
    expect(await field('Fixed version')).toBe(finding!.detail.fixed_version);
    expect(await field('Fixability')).toBe('Fixable: a fixed version is recorded');
    expect(await field('Installed version')).toBe(finding!.detail.installed_version);
    expect(await field('Status')).toBe('triaged');
    await expect.poll(() => field('Asset')).toBe(BASE_IMAGE);
    const cvss = page.locator('section[aria-labelledby="finding-cvss"]');
    await cvss.getByText(finding!.detail.cvss_vector as string, { exact: true }).waitFor();
    await cvss.getByText(new RegExp(`^${(finding!.detail.cvss_score as number).toFixed(1)} \\(`)).waitFor();
    await cvss.getByRole('row', { name: 'Attack vector Network' }).waitFor();

    // The timeline: a page of 20, then the older ones, in the API's order.
    const timeline = page.locator('section[aria-labelledby="finding-timeline"]');
    await expect.poll(() => timeline.locator('li').count()).toBe(20);
    await timeline.getByRole('button', { name: 'Show older events' }).click();
    await expect.poll(() => timeline.locator('li').count()).toBe(events.length);
    expect(await timeline.getByRole('button', { name: 'Show older events' }).count()).toBe(0);
    const entries = await timeline.locator('li').allInnerTexts();
    expect(entries[0]).toMatch(/open → triaged, by you.*: Round 10/);
    expect(entries.at(-1)).toMatch(/First seen, open, by Sentinel/);

    // The other assets with the advisory: Ada's proxy image, never this asset nor Bea's.
    const others = page.locator('section[aria-labelledby="same-advisory"]');
    await others.getByRole('link', { name: PROXY_IMAGE }).waitFor();
    expect(await others.locator('li').count()).toBe(1);
    expect(await page.getByText(BEA_IMAGE).count()).toBe(0);
    await expectAccessible(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'finding');

    // Returned to open on the page, with a note; the timeline shows it.
    await page.getByLabel('Note (optional)').fill('Needs a second look');
    await page.getByRole('button', { name: 'Return to open' }).click();
    await page.getByRole('status').getByText('Now open.').waitFor();
    await timeline.getByText(/triaged → open, by you.*: Needs a second look/).waitFor();
    // Suppressed elsewhere meanwhile: triaging from the page is refused, with the API's own words.
    const expiry = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await call('PATCH', `/api/v1/findings/${finding!.id}`, { ...adaApi, body: { status: 'suppressed', reason: 'Accepted risk', expires_at: expiry } })).status).toBe(200);
    const refused = await call('PATCH', `/api/v1/findings/${finding!.id}`, { ...adaApi, body: { status: 'triaged' } });
    expect(refused.status).toBe(400);
    await page.getByRole('button', { name: 'Mark triaged' }).click();
    await page.getByRole('alert').getByText(refused.body.error as string, { exact: true }).waitFor();
    // The page then shows the finding as it is: suppressed, which it may lift.
    await page.getByRole('button', { name: 'Lift suppression' }).waitFor();
    expect(await field('Suppression')).toContain('Accepted risk');
    expect(refusals).toEqual([]);
  });

  it('shows the markup package name as characters on its finding page', async () => {
    const [markup] = (await findings(`asset_id=${assets.proxy}&q=${ADVISORY}`)).items.filter((item) => item.component_name === MARKUP_PACKAGE);
    await follow(page, `/findings/${markup!.id}`);
    await page.locator('section[aria-labelledby="finding-fields"]').getByText(MARKUP_PACKAGE, { exact: true }).waitFor();
    expect(await page.locator('article img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __markupRan?: boolean }).__markupRan)).toBeUndefined();
  });

  it("answers another organization's finding id as not found, the same as a missing one", async () => {
    const beaFinding = (await findings('limit=1', beaApi)).items[0]!;
    expect((await call('GET', `/api/v1/findings/${beaFinding.id}`, adaApi)).status).toBe(404);
    const shown = async (id: string) => {
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/findings/${id}`);
      await follow(page, `/findings/${id}`);
      expect((await answer).status()).toBe(404);
      await page.getByRole('heading', { name: 'Finding not found' }).waitFor();
      return page.locator('main').innerText();
    };
    const foreign = await shown(beaFinding.id);
    const missing = await shown('00000000-0000-4000-8000-000000000000');
    expect(foreign).toBe(missing);
    expect(foreign).not.toContain(beaFinding.identifier);
    await expectAccessible(page);
    // Not a finding id at all: the same page, without asking.
    await follow(page, '/findings/not-a-finding');
    await page.getByRole('heading', { name: 'Finding not found' }).waitFor();
    expect(await page.locator('main').innerText()).toBe(missing);
  });

  it('shows the finding page on a phone-sized screen', async () => {
    const { page: phone } = await openPage(browser, 390);
    await signInThroughPage(phone, sentinel.base, ada);
    const [finding] = (await findings(`asset_id=${assets.proxy}`)).items;
    await follow(phone, `/findings/${finding!.id}`);
    await phone.locator('section[aria-labelledby="finding-timeline"] li').first().waitFor();
    await expectAccessible(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context().close();
  });
});
