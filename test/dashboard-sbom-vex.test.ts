// The dashboard's named software assets, SBOM download and VEX import and export, in
// Chromium against the service as `npm start` starts it (embedded profile, a fresh
// DATA_DIR). A person imports a real SBOM (CycloneDX's Laravel example BOM,
// test/fixtures/sboms) for named software through the import page, its name holding
// markup that must show as text; a pipeline imports Trivy's alpine-310 report carrying
// Log4Shell for the same software. The asset shows as software in the list (and its kind
// filter) and on its page; its SBOM downloads in both formats; CycloneDX's CISA VEX
// example suppresses Log4Shell, vexctl's OpenVEX sample about an nginx image comes back
// as warnings; the decisions download as OpenVEX and CycloneDX VEX. A second
// organization sees none of it. axe-core checks every page; no token is kept in storage.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trivyReportWith } from './support/findings.js';
import {
  BROWSER_STORY_TIMEOUT,
  apiOf,
  expectAccessible,
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

const fixtures = path.join(import.meta.dirname, 'fixtures');
const LARAVEL_SBOM = path.join(fixtures, 'sboms/cyclonedx/bom-examples-laravel-7.12.0.bom.1.4.json');
const CISA_NOT_AFFECTED = path.join(fixtures, 'vex/cyclonedx/cisa-case-1-vex-not_affected.json');
const VEXCTL_SAMPLE = path.join(fixtures, 'vex/openvex/vexctl-sample-2vulns.openvex.json');
// Markup in an API string must reach the page as text.
const SOFTWARE = { name: 'Acme <b>Billing</b>', version: '2.3.0' };
const SHOWN_NAME = `${SOFTWARE.name} ${SOFTWARE.version}`;

const person = { name: 'Sam Software', email: 'sam@software.example.test', password: 'correct horse battery' };
const neighbour = { name: 'Nora Neighbour', email: 'nora@software.example.test', password: 'another long passphrase' };

describe('named software assets, SBOM download and VEX in the dashboard', { timeout: BROWSER_STORY_TIMEOUT }, () => {
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;
  let page: Page;
  let refusals: string[];
  let session: ApiSession;
  let assetId = '';

  beforeAll(async () => {
    sentinel = await startDashboardService('embedded');
    call = apiOf(sentinel.base);
    browser = await launchChromium();
    ({ page, refusals } = await openPage(browser));
    session = await signUpThroughApi(call, person);
    await signInThroughPage(page, sentinel.base, person);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
  });

  const nav = (within: Page, name: string) => within.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  const followInApp = (within: Page, to: string) => within.evaluate((target) => window.history.pushState({}, '', target), to);
  const section = (name: string) => page.getByRole('region', { name });

  /** Clicks the button and answers the file the browser downloaded: its name and its text. */
  async function downloaded(button: ReturnType<Page['getByRole']>): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  }

  it('imports an SBOM for named software through the import page, and lists the asset as software', async () => {
    await nav(page, 'Scans').click();
    await page.getByRole('link', { name: 'Import a report' }).click();
    await page.getByLabel('Named software').check();
    await page.getByLabel('Software name').fill(SOFTWARE.name);
    await page.getByLabel('Version (optional)').fill(SOFTWARE.version);
    await page.getByLabel('Report file').setInputFiles(LARAVEL_SBOM);
    await page.getByLabel('Format').selectOption('cyclonedx');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/\/scans\/[0-9a-f-]{36}$/);
    await page.locator('.scan-state .state', { hasText: 'completed' }).waitFor();
    const scanId = page.url().split('/').pop()!;
    const scan = await call('GET', `/api/v1/scans/${scanId}`, session);
    assetId = scan.body.asset_id as string;
    expect(scan.body).toMatchObject({ state: 'completed', scanners: ['sentinel'], image: 'software:Acme%20%3Cb%3EBilling%3C%2Fb%3E@2.3.0' });
    expect((await call('GET', `/api/v1/assets/${assetId}`, session)).body).toMatchObject({ kind: 'software', ...SOFTWARE, registry: null });

    // A pipeline's Trivy report of the same software, with Log4Shell: the asset's findings.
    const imported = await call('POST', '/api/v1/scans/import', { ...session, body: { software: SOFTWARE, format: 'trivy', report: trivyReportWith(['CVE-2021-44228', 'CVE-2019-1549']) } });
    expect(imported.status).toBe(202);
    expect(imported.body.asset_id).toBe(assetId);
    await expect.poll(async () => (await call('GET', `/api/v1/scans/${imported.body.id as string}`, session)).body.state, { timeout: 30_000 }).toBe('completed');

    await nav(page, 'Assets').click();
    const row = page.getByRole('row', { name: new RegExp(SHOWN_NAME.replace(/[<>/]/g, '.')) });
    await row.getByRole('link', { name: SHOWN_NAME }).waitFor();
    expect(await row.locator('.tag').allTextContents()).toEqual(['software']);
    expect(await page.locator('table b').count()).toBe(0);
    await page.getByLabel('Kind').selectOption('software');
    await page.getByText('1 asset', { exact: true }).waitFor();
    expect(page.url()).toMatch(/kind=software/);
    await page.getByLabel('Kind').selectOption('image');
    await page.getByText('0 assets', { exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Kind').selectOption('');
    await page.getByRole('link', { name: SHOWN_NAME }).click();
    await page.getByRole('heading', { name: SHOWN_NAME, level: 1 }).waitFor();
    expect(await fact('Kind')).toBe('Software (known from imported SBOMs and reports)');
    expect(await fact('Name')).toBe(SOFTWARE.name);
    expect(await fact('Version')).toBe(SOFTWARE.version);
    await section('Findings').getByText('2 findings').waitFor();
    await section('Schedule').getByText('A software asset has no image to pull').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'software-asset');
  });

  it("downloads the asset's SBOM as CycloneDX JSON and as SPDX JSON", async () => {
    const laravel = JSON.parse(readFileSync(LARAVEL_SBOM, 'utf8')) as { components: unknown[] };
    const sbom = section('SBOM');
    const cycloneDx = await downloaded(sbom.getByRole('button', { name: 'Download CycloneDX JSON' }));
    expect(cycloneDx.name).toBe('software-Acme-20-3Cb-3EBilling-3C-2Fb-3E-2.3.0.cdx.json');
    const bom = JSON.parse(cycloneDx.text);
    expect(bom.metadata.component).toMatchObject({ type: 'application', name: SOFTWARE.name, version: SOFTWARE.version });
    expect(bom.components).toHaveLength(laravel.components.length);
    const spdx = await downloaded(sbom.getByRole('button', { name: 'Download SPDX JSON' }));
    expect(spdx.name).toMatch(/\.spdx\.json$/);
    const document = JSON.parse(spdx.text);
    expect(document.spdxVersion).toBe('SPDX-2.3');
    expect(document.packages[0]).toMatchObject({ name: SOFTWARE.name, versionInfo: SOFTWARE.version, primaryPackagePurpose: 'APPLICATION' });
    // The bytes the API serves.
    const served = await fetch(`${sentinel.base}/api/v1/assets/${assetId}/sbom?format=spdx`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(await served.text()).toBe(spdx.text);
  });

  it('imports VEX documents, showing what they did and their warnings as text, and exports the decisions', async () => {
    const vex = section('VEX');
    expect(await fact('Open findings')).toBe('2 medium');
    await vex.getByLabel('VEX document').setInputFiles(CISA_NOT_AFFECTED);
    await vex.getByRole('button', { name: 'Import VEX' }).click();
    const status = vex.getByRole('status');
    await status.getByText('CycloneDX VEX: 1 statement; 1 applied, 0 recorded, 0 unchanged, 0 left resolved, 0 in conflict.').waitFor();
    // Log4Shell suppressed: one finding left to deal with.
    await expect.poll(() => fact('Open findings')).toBe('1 medium');
    await expectAccessible(page);

    await vex.getByLabel('VEX document').setInputFiles(VEXCTL_SAMPLE);
    await vex.getByRole('button', { name: 'Import VEX' }).click();
    await status.getByText('OpenVEX: 2 statements; 0 applied, 0 recorded, 0 unchanged, 0 left resolved, 0 in conflict.').waitFor();
    const warnings = vex.getByRole('list', { name: 'VEX warnings' }).getByRole('listitem');
    expect(await warnings.allTextContents()).toEqual([
      expect.stringMatching(/^product_not_this_asset pkg:oci\/nginx@sha256%3A13d22ec6\S+ is not this asset's image at \/statements\/0$/),
      expect.stringMatching(/^product_not_this_asset .* at \/statements\/1$/),
    ]);
    await expectAccessible(page);
    await vex.scrollIntoViewIfNeeded();
    await screenshot(page, 'asset-vex');

    const openVex = await downloaded(vex.getByRole('button', { name: 'Download OpenVEX' }));
    expect(openVex.name).toMatch(/\.openvex\.json$/);
    const statements = JSON.parse(openVex.text).statements;
    expect(statements).toEqual([
      expect.objectContaining({
        vulnerability: { name: 'CVE-2021-44228' },
        products: [{ '@id': 'pkg:generic/Acme%20%3Cb%3EBilling%3C%2Fb%3E@2.3.0', subcomponents: [{ '@id': 'pkg:apk/alpine/libcrypto1.1@1.1.1c-r0' }] }],
        status: 'not_affected',
      }),
    ]);
    const cycloneDxVex = await downloaded(vex.getByRole('button', { name: 'Download CycloneDX VEX' }));
    expect(cycloneDxVex.name).toMatch(/\.vex\.cdx\.json$/);
    expect(JSON.parse(cycloneDxVex.text).vulnerabilities).toEqual([expect.objectContaining({ id: 'CVE-2021-44228', analysis: expect.objectContaining({ state: 'not_affected' }) })]);

    // A document that is not VEX: the API's words.
    await vex.getByLabel('VEX document').setInputFiles(LARAVEL_SBOM);
    await vex.getByRole('button', { name: 'Import VEX' }).click();
    const refusal = (await call('POST', `/api/v1/assets/${assetId}/vex`, { ...session, body: JSON.parse(readFileSync(LARAVEL_SBOM, 'utf8')) })).body.error as string;
    await vex.getByRole('alert').getByText(refusal, { exact: true }).waitFor();
    expect(await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }))).toEqual({ local: 0, session: 0, cookie: '' });
  });

  it('shows a second organization none of it, and the software asset as not found', async () => {
    const other = await signUpThroughApi(call, neighbour);
    const { page: second } = await openPage(browser, 390);
    await signInThroughPage(second, sentinel.base, neighbour);
    await nav(second, 'Assets').click();
    await second.getByText('No assets yet').waitFor();
    expect(await second.getByText(SOFTWARE.name).count()).toBe(0);
    await followInApp(second, `/assets/${assetId}`);
    await second.getByRole('heading', { name: 'Asset', exact: true }).waitFor();
    const notFound = (await call('GET', `/api/v1/assets/${assetId}`, other)).body.error as string;
    expect(notFound).toBe('not found');
    expect(await second.getByRole('alert').textContent()).toBe(notFound);
    expect((await call('GET', `/api/v1/assets/${assetId}/sbom`, other)).status).toBe(404);
    await expectAccessible(second);
    await second.context().close();
    expect(refusals).toEqual([]);
  });

  /** The value the asset page's facts list shows for a term. */
  async function fact(term: string): Promise<string | null> {
    return page.locator('dl.facts dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]').textContent();
  }
});
