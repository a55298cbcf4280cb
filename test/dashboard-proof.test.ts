// The dashboard's proof, on both profiles: a new person opens the address, signs up,
// imports the README's report by uploading its file, triages a finding, writes a policy
// and sees the scan's verdict, then the charts, with no call of their own to the API. On
// `npm start`'s embedded profile and on the full profile (api, streams and workers
// processes, Kafka between them, ClickHouse behind the charts). A second organization's
// person sees none of it. The other dashboard files test each page in depth, on the
// embedded profile; this one is the path through them that every deployment must hold.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_STORY_TIMEOUT,
  apiOf,
  apiSessionOf,
  expectAccessible,
  launchChromium,
  openPage,
  signUpThroughApi,
  signInThroughPage,
  startDashboardService,
  type ApiCall,
  type DashboardProfile,
  type DashboardService,
} from './support/dashboard.js';

// The README's import example: this report, for this image (four medium findings).
const README_REPORT = path.join(import.meta.dirname, 'fixtures/reports/trivy/alpine-310.json');
const README_IMAGE = 'ghcr.io/acme/app:1.4';

describe.each<DashboardProfile>(['embedded', 'full'])('the dashboard without curl, %s profile', { timeout: BROWSER_STORY_TIMEOUT }, (profile) => {
  const person = { name: 'Pia Proof', email: `pia-${profile}@proof.example.test`, password: 'correct horse battery' };
  const neighbour = { name: 'Nico Neighbour', email: `nico-${profile}@proof.example.test`, password: 'another long passphrase' };
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;
  let page: Page;
  let refusals: string[];
  let scanPath: string;

  beforeAll(async () => {
    sentinel = await startDashboardService(profile);
    call = apiOf(sentinel.base);
    browser = await launchChromium();
    ({ page, refusals } = await openPage(browser));
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
  });

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

  it('signs up at the address and uploads the README’s report, whose scan completes with its findings', async () => {
    await page.goto(`${sentinel.base}/`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/findings');

    await nav('Scans').click();
    await page.getByRole('link', { name: 'Import a report' }).click();
    await page.getByLabel('Image').fill(README_IMAGE);
    await page.getByLabel('Report file').setInputFiles(README_REPORT);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/);
    scanPath = new URL(page.url()).pathname;
    // On the full profile the findings travel through Kafka to the streams role first.
    await page.locator('.scan-state .state', { hasText: 'completed' }).waitFor({ timeout: 60_000 });

    await nav('Findings').click();
    await page.locator('#findings-total', { hasText: '4 findings' }).waitFor();
    expect(await page.locator('table.findings tbody tr').count()).toBe(4);
    await expectAccessible(page);
  });

  it('triages a finding on its page, and the timeline says so', async () => {
    const first = page.locator('table.findings td.title a').first();
    const title = await first.innerText();
    await first.click();
    await page.waitForURL(/\/findings\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Mark triaged' }).click();
    await page.getByText(/open → triaged/).waitFor();
    const own = await apiSessionOf(call, person);
    const triaged = await call('GET', '/api/v1/findings?status=triaged', own);
    expect((triaged.body.items as { title: string | null; identifier: string }[]).map((finding) => finding.title ?? finding.identifier)).toEqual([title]);
  });

  it('writes a policy and sees the scan’s verdict block on it', async () => {
    await nav('Policies').click();
    await page.getByRole('button', { name: 'New policy' }).click();
    const form = page.getByRole('form', { name: 'New policy' });
    await form.getByLabel('Policy name').fill('Release gate');
    const rule = form.getByRole('group', { name: 'Rule 1', exact: true });
    await rule.getByLabel('Name').fill('medium or worse');
    await rule.getByLabel('Rule 1, condition 1: value').selectOption('medium');
    await form.getByRole('button', { name: 'Create the policy' }).click();
    await page.getByText('Enabled: verdicts use its latest version.').waitFor();

    // A page load: the session comes back from its cookie.
    await page.goto(`${sentinel.base}${scanPath}`);
    const verdict = page.getByRole('region', { name: 'Verdict' });
    await verdict.getByRole('button', { name: 'Evaluate against the enabled policy' }).click();
    await verdict.getByText('Blocking: a block rule matched').waitFor();
    // The triaged finding still counts: triage is not suppression.
    expect(await verdict.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)))).toEqual([
      ['medium or worse', 'block', '4', 'Blocks'],
    ]);
    await expectAccessible(page);
  });

  it('draws the charts from the organization’s own numbers', async () => {
    const own = await apiSessionOf(call, person);
    // The analytics store is fed from the same events, a little later (ClickHouse on the full profile).
    for (;;) {
      const freshness = await call('GET', '/api/v1/analytics/freshness', own);
      if (freshness.body.lag_seconds === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await nav('Analytics').click();
    const open = page.getByRole('region', { name: 'Open findings', exact: true });
    await open.locator('figure.chart figcaption').waitFor();
    await open.locator('details.numbers-disclosure summary').click();
    const rows = await open.locator('table.numbers tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent!.trim())));
    const answer = await call('GET', '/api/v1/analytics/open-findings', own);
    const series = answer.body.series as { bucket: string; total: number }[];
    expect(series.at(-1)!.total).toBeGreaterThan(0);
    // The last bucket is today's: its row ends with the total the API counts.
    expect(rows.at(-1)![0]).toBe(series.at(-1)!.bucket);
    expect(rows.at(-1)!.at(-1)).toBe(String(series.at(-1)!.total));
    await expectAccessible(page);
    expect(refusals).toEqual([]);
  });

  it('shows another organization’s person none of it', async () => {
    await signUpThroughApi(call, neighbour);
    const { page: other } = await openPage(browser);
    await signInThroughPage(other, sentinel.base, neighbour);
    await other.getByText('No findings yet').waitFor();
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scans', exact: true }).click();
    await other.getByText('No scans yet').waitFor();
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Policies', exact: true }).click();
    await other.getByText('No policies yet').waitFor();
    expect(await other.getByText(README_IMAGE).count()).toBe(0);
    await other.context().close();
  });
});
