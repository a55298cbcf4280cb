// The assets, scans, policies and verdicts pages in Chromium, against the service started
// as `npm start` starts it (embedded profile, a fresh DATA_DIR). The proof without
// curl, in order: a person signs up through the page, uploads the README's report
// (test/fixtures/reports/trivy/alpine-310.json for ghcr.io/acme/app:1.4) and a large real
// one with the upload's progress, sees the scans complete and the asset's findings, writes
// a policy (two versions), sees the verdict with each rule's match count and whether it
// blocks, archives the asset with a reason; a refused upload and a refused image show the
// API's words, and a scan whose registry cannot be reached shows its failure reason. A
// second organization's person sees none of it, and the first's ids are not found there.
// axe-core checks every page; the main ones go to docs/screenshots/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_STORY_TIMEOUT,
  apiOf,
  apiSessionOf,
  expectAccessible,
  importReport,
  launchChromium,
  openPage,
  screenshot,
  signInThroughPage,
  signUpThroughApi,
  startDashboardService,
  type ApiCall,
  type ApiSession,
  type DashboardService,
} from './support/dashboard.js';

const reportsDir = path.join(import.meta.dirname, 'fixtures/reports');
// The README's import example: this report, for this image.
const README_REPORT = path.join(reportsDir, 'trivy/alpine-310.json');
const README_IMAGE = 'ghcr.io/acme/app:1.4';
// The largest real report of the fixtures (821 KB of Grype JSON).
const LARGE_REPORT = path.join(reportsDir, 'grype/dd-many_vulns3.json');

const person = { name: 'Ada Assets', email: 'ada@assets.example.test', password: 'correct horse battery' };
const neighbour = { name: 'Nils Neighbour', email: 'nils@assets.example.test', password: 'another long passphrase' };

describe('the assets, scans, policies and verdicts pages in Chromium', { timeout: BROWSER_STORY_TIMEOUT }, () => {
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;
  let page: Page;
  let refusals: string[];
  let session: ApiSession;
  // What the first organization holds, for the second one's view of it.
  const first = { assetId: '', scanId: '', policyId: '' };

  beforeAll(async () => {
    sentinel = await startDashboardService('embedded');
    call = apiOf(sentinel.base);
    browser = await launchChromium();
    ({ page, refusals } = await openPage(browser));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
  });

  /** Follows a link inside the app (a page load would end the session, whose tokens live in the tab's memory). */
  const followInApp = (page: Page, to: string) => page.evaluate((target) => window.history.pushState({}, '', target), to);
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  const alert = (within: Page = page) => within.getByRole('alert');

  it('signs up through the page and finds no assets, scans or policies yet', async () => {
    await page.goto(`${sentinel.base}/sign-up`);
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/findings');
    session = await apiSessionOf(call, person);

    await nav('Assets').click();
    await page.getByText('No assets yet').waitFor();
    await expectAccessible(page);
    await nav('Scans').click();
    await page.getByText('No scans yet').waitFor();
    await nav('Policies').click();
    await page.getByText('No policies yet').waitFor();
    await expectAccessible(page);
  });

  it("uploads the README's report and sees the scan complete, then the asset's findings", async () => {
    await nav('Scans').click();
    await page.getByRole('link', { name: 'Import a report' }).click();
    await page.waitForURL('**/scans/import');
    await page.getByLabel('Image').fill(README_IMAGE);
    await page.getByLabel('Report file').setInputFiles(README_REPORT);
    expect(await page.getByLabel('Format').inputValue()).toBe('trivy');
    await expectAccessible(page);
    await screenshot(page, 'import-report');
    await page.getByRole('button', { name: 'Import' }).click();

    await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/);
    first.scanId = page.url().split('/').pop()!;
    // The page asks again while the scan runs, until its findings are recorded.
    await page.locator('.scan-state .state', { hasText: 'completed' }).waitFor();
    const scan = await call('GET', `/api/v1/scans/${first.scanId}`, session);
    expect(scan.body).toMatchObject({ state: 'completed', new_findings: 4, image: README_IMAGE });
    first.assetId = scan.body.asset_id as string;
    expect(await fact('New findings')).toBe('4');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Open the asset' }).click();
    await page.getByRole('heading', { name: README_IMAGE }).waitFor();
    const findings = page.getByRole('region', { name: 'Findings' });
    await findings.getByText('4 findings').waitFor();
    expect(await findings.locator('tbody tr').count()).toBe(4);
    expect(await findings.locator('tbody td:nth-child(4)').allTextContents()).toEqual(expect.arrayContaining(['libssl1.1 1.1.1c-r0', 'libcrypto1.1 1.1.1c-r0']));
    expect(await fact('Open findings')).toBe('4 medium');
    await page.getByRole('region', { name: 'Scans' }).getByRole('link', { name: README_IMAGE }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'asset');
  });

  it('shows the progress of a large upload, and the API refusing a report in its own words', async () => {
    await nav('Scans').click();
    await page.getByRole('link', { name: 'Import a report' }).click();
    // A slow uplink, so the upload lasts long enough to be watched.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await page.getByLabel('Image').fill('registry.example.test/apps/many:1');
    await page.getByLabel('Report file').setInputFiles(LARGE_REPORT);
    await page.getByLabel('Format').selectOption('grype');
    await page.getByRole('button', { name: 'Import' }).click();
    const progress = page.getByRole('progressbar', { name: /Uploading dd-many_vulns3\.json/ });
    await progress.waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector('progress');
      return bar !== null && bar.value > 0 && bar.value < bar.max;
    });
    await expectAccessible(page);
    await screenshot(page, 'import-progress');
    await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.locator('.scan-state .state', { hasText: 'completed' }).waitFor({ timeout: 60_000 });
    await page.getByRole('region', { name: 'Warnings' }).waitFor();

    // The SARIF report sent as Trivy JSON: the page shows what the API answers to that request.
    const sarif = path.join(reportsDir, 'sarif/trivy-alpine-310.sarif');
    const refused = await call('POST', '/api/v1/scans/import', {
      ...session,
      body: { image: README_IMAGE, format: 'trivy', report: JSON.parse(readFileSync(sarif, 'utf8')) as unknown },
    });
    expect(refused.status).toBe(400);
    await nav('Scans').click();
    await page.getByRole('link', { name: 'Import a report' }).click();
    await page.getByLabel('Image').fill(README_IMAGE);
    await page.getByLabel('Report file').setInputFiles(sarif);
    expect(await page.getByLabel('Format').inputValue()).toBe('sarif');
    await page.getByLabel('Format').selectOption('trivy');
    await page.getByRole('button', { name: 'Import' }).click();
    await alert().waitFor();
    expect(await alert().textContent()).toBe(refused.body.error);
    expect(page.url()).toMatch(/\/scans\/import$/);
    await expectAccessible(page);
  });

  it("starts a scan with the built-in scanner by default; a refused image and an unreachable registry show the API's words", async () => {
    await nav('Scans').click();
    const form = page.getByRole('form', { name: 'Start a scan' });
    expect(await form.getByLabel('sentinel (built in)').isChecked()).toBe(true);
    await form.getByLabel('Image').fill('127.0.0.1:5000/acme/app:1');
    await form.getByRole('button', { name: 'Start the scan' }).click();
    await alert().waitFor();
    const refused = await call('POST', '/api/v1/scans', { ...session, body: { image: '127.0.0.1:5000/acme/app:1' } });
    expect(refused.status).toBe(400);
    expect(await alert().textContent()).toBe(refused.body.error);
    await expectAccessible(page);

    // .invalid never resolves (RFC 6761): the built-in scanner cannot pull the image.
    await form.getByLabel('Image').fill('registry.invalid/acme/app:1.0');
    await form.getByRole('button', { name: 'Start the scan' }).click();
    await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/);
    const scanId = page.url().split('/').pop()!;
    await page.locator('.scan-state .state', { hasText: 'failed' }).waitFor({ timeout: 60_000 });
    const failed = await call('GET', `/api/v1/scans/${scanId}`, session);
    expect(failed.body).toMatchObject({ state: 'failed', scanners: ['sentinel'], source: 'scan' });
    expect(await page.locator('p.error').textContent()).toBe(`Failed: ${failed.body.failure_reason as string}`);
    expect(await page.getByText('A verdict is evaluated once the scan has completed.').isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'scan-failed');

    await nav('Scans').click();
    await page.getByText('3 scans').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'scans');
  });

  it('writes a policy with two versions, its validation errors in the API’s words, and shows the verdict with match counts and blocking', async () => {
    await nav('Policies').click();
    await page.getByRole('button', { name: 'New policy' }).click();
    const form = page.getByRole('form', { name: 'New policy' });
    await form.getByLabel('Policy name').fill('Release gate');
    const rule1 = form.getByRole('group', { name: 'Rule 1', exact: true });
    await rule1.getByLabel('Name').fill('high or worse');
    await rule1.getByLabel('Rule 1, condition 1: value').selectOption('high');
    await form.getByRole('button', { name: 'Add a rule' }).click();
    const rule2 = form.getByRole('group', { name: 'Rule 2', exact: true });
    await rule2.getByLabel('Name').fill('libssl watch');
    await rule2.getByLabel('Effect').selectOption('warn');
    await rule2.getByLabel('Rule 2, condition 1: test').selectOption('component');
    // An empty package list: the API refuses it and the page says what it said.
    await form.getByRole('button', { name: 'Create the policy' }).click();
    await alert().waitFor();
    const refused = await call('POST', '/api/v1/policies', {
      ...session,
      body: {
        name: 'Release gate',
        description: null,
        enabled: true,
        rules: [
          { name: 'high or worse', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'high' }] },
          { name: 'libssl watch', effect: 'warn', when: [{ field: 'component', op: 'in', value: [] }] },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(await alert().textContent()).toBe(refused.body.error);
    await expectAccessible(page);
    await rule2.getByLabel('Rule 2, condition 1: value').fill('libssl1.1');
    await expectAccessible(page);
    await screenshot(page, 'policy-new');
    await form.getByRole('button', { name: 'Create the policy' }).click();

    await page.waitForURL(/\/policies\/[0-9a-f-]{36}$/);
    first.policyId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Release gate' }).waitFor();
    await page.getByText('Enabled: verdicts use its latest version.').waitFor();
    // Version 2: the block rule's threshold lowered to medium.
    await page.getByRole('button', { name: 'Edit the rules (new version)' }).click();
    await page.getByRole('group', { name: 'Rule 1', exact: true }).getByLabel('Rule 1, condition 1: value').selectOption('medium');
    await page.getByRole('button', { name: 'Save as version 2' }).click();
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByRole('heading', { name: /^Version 2/ }).waitFor();
    expect(await versions.locator('.rules-summary li').filter({ hasText: 'high or worse (block)' }).allTextContents()).toEqual([
      expect.stringContaining('severity at least medium'),
      expect.stringContaining('severity at least high'),
    ]);
    await expectAccessible(page);
    await screenshot(page, 'policy');

    // Disabling leaves no enabled policy: the verdict is refused with the API's words.
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Disabled.').waitFor();
    await followInApp(page, `/scans/${first.scanId}`);
    const verdict = page.getByRole('region', { name: 'Verdict' });
    await verdict.getByText('No verdict recorded for this scan.').waitFor();
    await verdict.getByRole('button', { name: 'Evaluate against the enabled policy' }).click();
    await verdict.getByRole('alert').waitFor();
    await verdict.getByRole('link', { name: 'Create or enable a policy' }).click();
    await page.getByRole('link', { name: 'Release gate' }).click();
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Enabled: verdicts use its latest version.').waitFor();

    await followInApp(page, `/scans/${first.scanId}`);
    await verdict.getByRole('button', { name: 'Evaluate against the enabled policy' }).click();
    await verdict.getByText('Blocking: a block rule matched').waitFor();
    const recorded = await call('GET', `/api/v1/verdicts?scan_id=${first.scanId}`, session);
    const [latest] = recorded.body.verdicts as { blocking: boolean; policy: { version: number }; rules: { name: string; match_count: number; blocking: boolean }[] }[];
    expect(latest).toMatchObject({
      blocking: true,
      policy: { version: 2 },
      rules: [
        { name: 'high or worse', effect: 'block', match_count: 4, blocking: true },
        { name: 'libssl watch', effect: 'warn', match_count: 2, blocking: false },
      ],
    });
    const rows = await verdict.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([
      ['high or worse', 'block', '4', 'Blocks'],
      ['libssl watch', 'warn', '2', 'No'],
    ]);
    await expectAccessible(page);
    await verdict.evaluate((region) => region.scrollIntoView());
    await screenshot(page, 'verdict');
  });

  it('lists the assets by creation with their last scan and open findings per severity, and archives one with a reason', async () => {
    await nav('Assets').click();
    await page.getByText('3 assets').waitFor();
    const row = page.locator('tbody tr', { has: page.getByRole('link', { name: README_IMAGE }) });
    expect(await row.locator('td').nth(1).textContent()).toBe('4 medium');
    expect(await row.locator('td').nth(2).textContent()).not.toBe('Never');
    const listed = await call('GET', '/api/v1/assets', session);
    expect(await page.locator('tbody tr td:first-child a').allTextContents()).toEqual((listed.body.items as { reference: string }[]).map((asset) => asset.reference));
    await expectAccessible(page);
    await screenshot(page, 'assets');

    await row.getByRole('link', { name: README_IMAGE }).click();
    await page.getByLabel('Reason for archiving').fill('replaced by app 1.5');
    await page.getByRole('button', { name: 'Archive this asset' }).click();
    await page.getByRole('heading', { name: 'Archived' }).waitFor();
    expect(await page.locator('q.reason').textContent()).toBe('replaced by app 1.5');
    expect((await call('GET', `/api/v1/assets/${first.assetId}`, session)).body).toMatchObject({ archive_reason: 'replaced by app 1.5' });
    await expectAccessible(page);

    await nav('Assets').click();
    await page.getByText('2 assets').waitFor();
    expect(await page.getByRole('link', { name: README_IMAGE }).count()).toBe(0);
    await page.getByLabel('Show').selectOption('only');
    await page.getByText('1 asset', { exact: true }).waitFor();
    await page.getByRole('link', { name: README_IMAGE }).waitFor();
    expect(page.url()).toMatch(/archived=only/);
  });

  it("shows a second organization none of the first's assets, scans and policies, and the first's ids as not found", async () => {
    const other = await signUpThroughApi(call, neighbour);
    await importReport(call, other, 'registry.example.test/neighbour/api:2', 'trivy', JSON.parse(readFileSync(path.join(reportsDir, 'trivy/npm.json'), 'utf8')));
    const { page: second } = await openPage(browser, 390);
    await signInThroughPage(second, sentinel.base, neighbour);
    const secondNav = (name: string) => second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

    await secondNav('Assets').click();
    await second.getByText('1 asset', { exact: true }).waitFor();
    await second.getByRole('link', { name: 'registry.example.test/neighbour/api:2' }).waitFor();
    await second.getByLabel('Show').selectOption('include');
    await second.getByText('1 asset', { exact: true }).waitFor();
    expect(await second.getByText(README_IMAGE).count()).toBe(0);
    await expectAccessible(second);
    await screenshot(second, 'assets-narrow');

    await secondNav('Scans').click();
    await second.getByText('1 scan', { exact: true }).waitFor();
    expect(await second.getByText(README_IMAGE).count()).toBe(0);
    await secondNav('Policies').click();
    await second.getByText('No policies yet').waitFor();
    await expectAccessible(second);

    const notFound = (await call('GET', `/api/v1/assets/${first.assetId}`, other)).body.error as string;
    for (const [to, heading] of [
      [`/assets/${first.assetId}`, 'Asset'],
      [`/scans/${first.scanId}`, 'Scan'],
      [`/policies/${first.policyId}`, 'Policy'],
    ] as const) {
      await followInApp(second, to);
      await second.getByRole('heading', { name: heading, exact: true }).waitFor();
      expect(await alert(second).textContent()).toBe(notFound);
      await expectAccessible(second);
    }
    expect(notFound).toBe('not found');
    await second.context().close();
    expect(refusals).toEqual([]);
  });

  /** The value the page's facts list shows for a term (the asset's and the scan's details). */
  async function fact(term: string): Promise<string | null> {
    return page.locator('dl.facts dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]').textContent();
  }
});
