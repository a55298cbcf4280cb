// The analytics and webhooks pages in Chromium, against the service as `npm start` runs it
// (embedded profile: analytics are served from the SQL store the analytics sink fills).
// Two organizations with real reports (test/fixtures/reports): the first's image is scanned,
// scanned without one advisory (its findings resolved) and scanned whole again (reopened), so
// every view has something to draw. Each chart's table must hold exactly the API's numbers;
// nothing of one organization shows in the other's pages. Webhooks go to an HTTPS receiver on
// 127.0.0.1 whose certificate authority the service trusts (WEBHOOK_CA_FILE), with private
// destinations allowed as in development (WEBHOOK_ALLOW_PRIVATE_DESTINATIONS).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../services/platform/egress/testing/certificates.js';
import { startTestReceiver, type TestReceiver } from '../services/webhooks/testing/receiver.js';
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
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(reportsDir, name), 'utf8'));

interface TrivyReport {
  Results: { Vulnerabilities?: { VulnerabilityID: string }[] }[];
}
/** The Alpine report as a later scan would see it once CVE-2019-1551 is fixed: its findings resolve. */
function alpineWithout(advisory: string): unknown {
  const report = fixture('trivy/alpine-310.json') as TrivyReport;
  for (const result of report.Results) result.Vulnerabilities = result.Vulnerabilities?.filter((vulnerability) => vulnerability.VulnerabilityID !== advisory);
  return report;
}

const first = { name: 'Fiona First', email: 'fiona@analytics.example.test', password: 'correct horse battery' };
const second = { name: 'Sam Second', email: 'sam@analytics.example.test', password: 'correct horse battery' };

const SEVERITY_ORDER = ['critical', 'high', 'medium', 'unknown', 'low', 'none'];
// The page writes numbers in the browser's locale, en-US here.
const count = (value: number) => value.toLocaleString('en-US');
const days = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: 2 }));
const reported = (counts: Record<string, unknown>) => SEVERITY_ORDER.filter((severity) => counts[severity] !== undefined);

interface Point {
  bucket: string;
  total: number;
  by_severity: Record<string, number>;
}
interface FlowPoint {
  bucket: string;
  total: { discovered: number; resolved: number; reopened: number };
}
interface Mean {
  resolved: number;
  mean_days: number | null;
}
interface Ages {
  open: number;
  ages: Record<string, number>;
  sla_days: number | null;
  past_sla: number;
}
interface Delivery {
  id: string;
  status: string;
  attempts: number;
  max_attempts: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  event_id: string;
  redelivery_of: string | null;
}

// What each chart's table must hold, from the API's own answer.
const expectedRows = {
  openFindings: (body: Record<string, unknown>) => {
    const series = body.series as Point[];
    const severities = reported(series[0]!.by_severity);
    return series.map((point) => [point.bucket, ...severities.map((severity) => count(point.by_severity[severity]!)), count(point.total)]);
  },
  flow: (body: Record<string, unknown>) =>
    (body.series as FlowPoint[]).map((point) => [point.bucket, count(point.total.discovered), count(point.total.resolved), count(point.total.reopened)]),
  remediationBySeverity: (body: Record<string, unknown>) => {
    const overall = body.overall as { by_severity: Record<string, Mean>; all: Mean };
    return [
      ...reported(overall.by_severity).map((severity) => [severity, count(overall.by_severity[severity]!.resolved), days(overall.by_severity[severity]!.mean_days)]),
      ['all', count(overall.all.resolved), days(overall.all.mean_days)],
    ];
  },
  remediationTrend: (body: Record<string, unknown>) =>
    (body.series as { bucket: string; all: Mean }[]).map((point) => [point.bucket, count(point.all.resolved), days(point.all.mean_days)]),
  advisories: (body: Record<string, unknown>) =>
    (body.items as { advisory: string; assets: number; open_findings: number; worst_severity: string }[]).map((item) => [
      item.advisory,
      count(item.assets),
      count(item.open_findings),
      item.worst_severity,
      // Each row opens the advisory's assets.
      'Show the assets',
    ]),
  ages: (body: Record<string, unknown>) => {
    const bySeverity = body.by_severity as Record<string, Ages>;
    return reported(bySeverity).map((severity) => {
      const ages = bySeverity[severity]!;
      return [
        severity,
        count(ages.open),
        ...['days_0_7', 'days_8_30', 'days_31_90', 'days_91_180', 'days_over_180'].map((bucket) => count(ages.ages[bucket]!)),
        ages.sla_days === null ? 'none' : count(ages.sla_days),
        count(ages.past_sla),
      ];
    });
  },
};

/** Every view's chart and the API request its table must equal (the page asks 15 advisories a page). */
const VIEWS = [
  { region: 'Open findings', path: '/api/v1/analytics/open-findings', rows: expectedRows.openFindings },
  { region: 'Discovered, resolved and reopened', path: '/api/v1/analytics/finding-flow', rows: expectedRows.flow },
  { region: 'Time to remediate', path: '/api/v1/analytics/remediation-time', rows: expectedRows.remediationBySeverity },
  { region: 'Time to remediate, trend', path: '/api/v1/analytics/remediation-time', rows: expectedRows.remediationTrend },
  { region: 'Exposure by advisory', path: '/api/v1/analytics/advisories?limit=15', rows: expectedRows.advisories },
  { region: 'Age and SLA breaches', path: '/api/v1/analytics/finding-age', rows: expectedRows.ages },
] as const;

describe('the analytics and webhooks pages in Chromium', { timeout: BROWSER_STORY_TIMEOUT }, () => {
  let sentinel: DashboardService;
  let call: ApiCall;
  let browser: Browser;
  let page: Page;
  let refusals: string[];
  let receiver: TestReceiver;
  let certificatesDir: string;
  let firstSession: ApiSession;
  let secondSession: ApiSession;
  // The finding whose status changes send the deliveries.
  let triaged: string;

  beforeAll(async () => {
    certificatesDir = await mkdtemp(path.join(tmpdir(), 'sentinel-dashboard-webhooks-'));
    const certificates = createTestCertificates();
    await writeFile(path.join(certificatesDir, 'receiver-ca.pem'), certificates.caPem);
    receiver = await startTestReceiver(certificates);
    sentinel = await startDashboardService('embedded', { WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true', WEBHOOK_CA_FILE: path.join(certificatesDir, 'receiver-ca.pem') });
    call = apiOf(sentinel.base);
    browser = await launchChromium();
    ({ page, refusals } = await openPage(browser));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sentinel.base });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
    await receiver?.close();
    if (certificatesDir) await rm(certificatesDir, { recursive: true, force: true });
  });

  /** Waits until the analytics store holds the organization's newest finding change. */
  const analyticsCaughtUp = async (session: ApiSession) => {
    for (;;) {
      const freshness = await call('GET', '/api/v1/analytics/freshness', session);
      expect(freshness.status).toBe(200);
      if (freshness.body.lag_seconds === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  /** A view's section once its answer is in, its table disclosed, read cell by cell. */
  const tableOf = async (target: Page, region: string): Promise<string[][]> => {
    const section = target.getByRole('region', { name: region, exact: true });
    await section.locator('table.numbers').waitFor({ state: 'attached' });
    await section.and(target.locator('[aria-busy="false"]')).waitFor();
    const disclosure = section.locator('details.numbers-disclosure');
    if ((await disclosure.getAttribute('open')) === null) await disclosure.locator('summary').click();
    return section.locator('table.numbers tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent!.trim())));
  };

  /** Does what changes the page's views and waits for the answer of the one the test looks at. */
  const viewAfter = async (target: Page, change: () => Promise<unknown>, pathname: string, request: (url: URL) => boolean) => {
    await Promise.all([
      target.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === pathname && response.status() === 200 && request(url);
      }),
      change(),
    ]);
  };

  it('draws every view of the first organization, each table holding the API’s numbers', async () => {
    firstSession = await signUpThroughApi(call, first);
    secondSession = await signUpThroughApi(call, second);
    // The first organization: one image scanned, rescanned once CVE-2019-1551 is fixed, and then the fix undone.
    await importReport(call, firstSession, 'registry.example.test/alpine:3.10', 'trivy', fixture('trivy/alpine-310.json'));
    await importReport(call, firstSession, 'registry.example.test/alpine:3.10', 'trivy', alpineWithout('CVE-2019-1551'));
    await importReport(call, firstSession, 'registry.example.test/alpine:3.10', 'trivy', fixture('trivy/alpine-310.json'));
    await importReport(call, firstSession, 'registry.example.test/apps/issue:1', 'grype', fixture('grype/dd-issue_9618.json'));
    await importReport(call, firstSession, 'registry.example.test/ubuntu:18.04', 'trivy', fixture('trivy/ubuntu-1804.json'));
    // The second organization: other images entirely.
    await importReport(call, secondSession, 'registry.example.test/debian:stretch', 'trivy', fixture('trivy/debian-stretch.json'));
    await importReport(call, secondSession, 'registry.example.test/centos:7', 'trivy', fixture('trivy/centos-7.json'));
    await analyticsCaughtUp(firstSession);
    await analyticsCaughtUp(secondSession);

    await signInThroughPage(page, sentinel.base, first);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL('**/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();

    // Each chart is drawn, with a caption that says what it shows.
    await page.locator('figure.chart').nth(VIEWS.length - 1).waitFor();
    expect(await page.locator('figure.chart svg.recharts-surface').count()).toBeGreaterThanOrEqual(VIEWS.length);
    expect(await page.locator('figure.chart figcaption').allInnerTexts()).toHaveLength(VIEWS.length);
    await page.getByRole('region', { name: 'Open findings', exact: true }).evaluate((section) => section.scrollIntoView());
    await screenshot(page, 'analytics');

    for (const view of VIEWS) {
      const answer = await call('GET', view.path, firstSession);
      expect(answer.status).toBe(200);
      const expected = view.rows(answer.body);
      expect(expected.length).toBeGreaterThan(0);
      expect(await tableOf(page, view.region), view.region).toEqual(expected);
    }
    // The next page of advisories, and back to the first.
    const firstPage = await call('GET', '/api/v1/analytics/advisories?limit=15', firstSession);
    expect(firstPage.body.has_more).toBe(true);
    const secondPage = await call('GET', `/api/v1/analytics/advisories?limit=15&cursor=${encodeURIComponent(firstPage.body.next_cursor as string)}`, firstSession);
    await viewAfter(page, () => page.getByRole('button', { name: 'Next advisories' }).click(), '/api/v1/analytics/advisories', (url) => url.searchParams.has('cursor'));
    expect(await tableOf(page, 'Exposure by advisory')).toEqual(expectedRows.advisories(secondPage.body));
    // The first page is still in the cache: shown again at once, without asking (and without the button to go back to it).
    const toFirst = page.getByRole('button', { name: 'First advisories' });
    await toFirst.click();
    await toFirst.waitFor({ state: 'detached' });
    expect(await tableOf(page, 'Exposure by advisory')).toEqual(expectedRows.advisories(firstPage.body));

    // An advisory's assets, named by their image reference.
    const exposure = page.getByRole('region', { name: 'Exposure by advisory', exact: true });
    await exposure.getByRole('button', { name: 'Show the assets of CVE-2019-1549' }).click();
    const drillDown = exposure.getByRole('region', { name: 'Assets of CVE-2019-1549' });
    await drillDown.and(page.locator('[aria-busy="false"]')).locator('table.numbers').waitFor();
    const affected = await call('GET', '/api/v1/analytics/advisories/CVE-2019-1549/assets', firstSession);
    const references = new Map(((await call('GET', '/api/v1/assets', firstSession)).body.items as { id: string; reference: string }[]).map((asset) => [asset.id, asset.reference]));
    const affectedRows = (affected.body.items as { asset_id: string; open_findings: number; worst_severity: string; first_seen_at: string }[]).map((item) => [
      references.get(item.asset_id),
      count(item.open_findings),
      item.worst_severity,
      new Date(item.first_seen_at).toLocaleString('en-US'),
    ]);
    expect(affectedRows.map((row) => row[0])).toContain('registry.example.test/alpine:3.10');
    expect(await drillDown.locator('table.numbers tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent!.trim())))).toEqual(affectedRows);
    await expectAccessible(page);
    await drillDown.getByRole('button', { name: 'Close' }).click();

    // The story is in the numbers: two findings resolved by the rescan and reopened by the next.
    const flow = (await call('GET', '/api/v1/analytics/finding-flow', firstSession)).body.series as FlowPoint[];
    expect(flow.reduce((sum, point) => sum + point.total.resolved, 0)).toBe(2);
    expect(flow.reduce((sum, point) => sum + point.total.reopened, 0)).toBe(2);
    const freshness = page.getByRole('region', { name: 'Freshness', exact: true });
    await freshness.getByText('Up to date: the analytics include the newest finding change.').waitFor();
    await expectAccessible(page);
    await page.getByRole('region', { name: 'Age and SLA breaches', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'analytics-age');
    // Seven imports and the analytics feed catching up take most of a minute on a loaded two-core machine.
  }, 180_000);

  it('asks the API again for the window and filters chosen, held in the URL', async () => {
    await viewAfter(page, () => page.getByRole('group', { name: 'Window' }).getByLabel('Bucket').selectOption('week'), '/api/v1/analytics/open-findings', (url) => url.searchParams.get('bucket') === 'week');
    expect(page.url()).toMatch(/bucket=week/);
    const weekly = await call('GET', '/api/v1/analytics/open-findings?bucket=week', firstSession);
    expect(await tableOf(page, 'Open findings')).toEqual(expectedRows.openFindings(weekly.body));

    await viewAfter(page, () => page.getByRole('group', { name: 'Window' }).getByLabel('From').fill('2025-01-01'), '/api/v1/analytics/finding-flow', (url) => url.searchParams.get('from') === '2025-01-01');
    const sinceJanuary = await call('GET', '/api/v1/analytics/finding-flow?bucket=week&from=2025-01-01', firstSession);
    expect(await tableOf(page, 'Discovered, resolved and reopened')).toEqual(expectedRows.flow(sinceJanuary.body));
    await page.getByRole('region', { name: 'Open findings', exact: true }).getByText(/moved to whole weeks/).waitFor();

    // One asset: the views count its findings only.
    const alpine = ((await call('GET', '/api/v1/assets', firstSession)).body.items as { id: string; reference: string }[]).find((asset) => asset.reference === 'registry.example.test/alpine:3.10')!;
    const assetFilter = page.getByRole('combobox', { name: /^Asset/ });
    await viewAfter(page, () => assetFilter.selectOption({ label: alpine.reference }), '/api/v1/analytics/finding-age', (url) => url.searchParams.get('asset_id') === alpine.id);
    expect(page.url()).toContain(`asset_id=${alpine.id}`);
    const alpineAges = await call('GET', `/api/v1/analytics/finding-age?asset_id=${alpine.id}`, firstSession);
    expect(await tableOf(page, 'Age and SLA breaches')).toEqual(expectedRows.ages(alpineAges.body));
    const alpineAdvisories = await call('GET', `/api/v1/analytics/advisories?limit=15&asset_id=${alpine.id}`, firstSession);
    expect((await tableOf(page, 'Exposure by advisory')).map((row) => row[0]).sort()).toEqual(['CVE-2019-1549', 'CVE-2019-1551']);
    expect(await tableOf(page, 'Exposure by advisory')).toEqual(expectedRows.advisories(alpineAdvisories.body));
    // Every asset again (answers the page may still hold in its cache, so no request is waited for).
    await assetFilter.selectOption({ label: 'every asset' });
    await page.waitForURL((url) => !url.searchParams.has('asset_id'));

    const severity = page.getByRole('group', { name: 'Severity' });
    await viewAfter(page, () => severity.getByLabel('high').check(), '/api/v1/analytics/finding-age', (url) => url.searchParams.get('severity') === 'high');
    const high = await call('GET', '/api/v1/analytics/finding-age?severity=high', firstSession);
    expect(await tableOf(page, 'Age and SLA breaches')).toEqual(expectedRows.ages(high.body));
    expect((await tableOf(page, 'Age and SLA breaches')).map((row) => row[0])).toEqual(['high']);

    // A day the API refuses shows its own error text in the views that take a window.
    const refused = await call('GET', '/api/v1/analytics/open-findings?from=2025-01-01&to=2024-01-01', firstSession);
    expect(refused.status).toBe(400);
    await page.getByRole('group', { name: 'Window' }).getByLabel('To (not included)').fill('2024-01-01');
    await page.getByRole('region', { name: 'Open findings', exact: true }).getByRole('alert').getByText(refused.body.error as string, { exact: true }).waitFor();
    await expectAccessible(page);
    expect(refusals).toEqual([]);
  });

  it('shows the second organization its own analytics and nothing of the first, on a phone-sized screen', async () => {
    const { page: phone } = await openPage(browser, 390);
    await signInThroughPage(phone, sentinel.base, second);
    await phone.getByRole('link', { name: 'Analytics' }).click();
    await phone.waitForURL('**/analytics');
    const own = await call('GET', '/api/v1/analytics/advisories?limit=15', secondSession);
    const shown = await tableOf(phone, 'Exposure by advisory');
    expect(shown).toEqual(expectedRows.advisories(own.body));
    const firstAdvisories = ((await call('GET', '/api/v1/analytics/advisories?limit=200', firstSession)).body.items as { advisory: string }[]).map((item) => item.advisory);
    const secondAdvisories = new Set(shown.map((row) => row[0]));
    const firstOnly = firstAdvisories.filter((advisory) => !secondAdvisories.has(advisory));
    expect(firstOnly.length).toBeGreaterThan(0);
    for (const advisory of firstOnly) expect(await phone.getByText(advisory, { exact: true }).count()).toBe(0);
    const ownAges = await call('GET', '/api/v1/analytics/finding-age', secondSession);
    expect(await tableOf(phone, 'Age and SLA breaches')).toEqual(expectedRows.ages(ownAges.body));
    const ownTrend = await call('GET', '/api/v1/analytics/open-findings', secondSession);
    expect(await tableOf(phone, 'Open findings')).toEqual(expectedRows.openFindings(ownTrend.body));
    await expectAccessible(phone);
    await screenshot(phone, 'analytics-narrow');
    await phone.context().close();
  });

  it('says so where an organization has nothing to draw yet', async () => {
    const newcomer = { name: 'Nina New', email: 'nina@analytics.example.test', password: 'correct horse battery' };
    await signUpThroughApi(call, newcomer);
    const { page: empty } = await openPage(browser);
    await signInThroughPage(empty, sentinel.base, newcomer);
    await empty.getByRole('link', { name: 'Analytics' }).click();
    const emptyTexts = {
      'Open findings': 'No finding was open in this window.',
      'Discovered, resolved and reopened': 'No finding was discovered, resolved or reopened in this window.',
      'Time to remediate': 'No finding was resolved in this window.',
      'Time to remediate, trend': 'No finding was resolved in this window.',
      'Exposure by advisory': 'No advisory has an open finding.',
      'Age and SLA breaches': 'No finding is open.',
      Freshness: 'There are no findings yet, so there is nothing to be behind on.',
    };
    for (const [region, text] of Object.entries(emptyTexts)) await empty.getByRole('region', { name: region, exact: true }).getByText(text, { exact: true }).waitFor();
    expect(await empty.locator('figure.chart').count()).toBe(0);
    await expectAccessible(empty);
    await empty.context().close();
  });

  it('creates an endpoint and shows its secret once, with a copy button, never after a reload', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL('**/webhooks');
    await page.getByText('No endpoints yet. Add one below to receive events.').waitFor();
    await page.getByText('No deliveries yet.', { exact: false }).waitFor();
    await expectAccessible(page);

    const url = receiver.url('/dashboard/first');
    await page.getByLabel('Endpoint URL (https)').fill(url);
    const events = page.getByRole('group', { name: 'Events to receive' });
    // Every event type the API's enum names is offered.
    expect(await events.getByRole('checkbox').count()).toBe(9);
    await events.getByLabel(/^finding\.status_changed/).check();
    const [created] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/webhooks' && response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Add endpoint' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const secret = ((await created.json()) as { secret: string }).secret;
    const reveal = page.getByRole('region', { name: `Signing secret for ${url}` });
    await reveal.getByText('Copy it now: you will not see it again.').waitFor();
    expect(await reveal.locator('code.secret').innerText()).toBe(secret);
    await reveal.getByRole('button', { name: 'Copy secret' }).click();
    await reveal.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const endpointRow = page.locator('table.endpoints tbody tr', { hasText: url });
    await endpointRow.getByText('enabled').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'webhooks-secret');
    receiver.trust('/dashboard/first', [secret]);

    // After a reload (the session comes back from its cookie) the endpoint is there and its secret is not.
    await page.reload();
    await endpointRow.waitFor();
    expect(await page.getByRole('region', { name: /^Signing secret/ }).count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
  });

  it('logs a delivery with its status, attempts and response, and redelivers it', async () => {
    const url = receiver.url('/dashboard/first');
    const [endpoint] = (await call('GET', '/api/v1/webhooks', firstSession)).body.endpoints as { id: string }[];
    // The receiver fails the attempt: the log shows its status, the error and the receiver's answer.
    // It fails every request until one was answered and logged: on a loaded machine an attempt can
    // end without a response (its 10 s budget spent), and the retry 30 s later is then the one logged.
    receiver.behave('/dashboard/first', 'error');
    triaged = ((await call('GET', '/api/v1/findings?limit=1', firstSession)).body.items as { id: string }[])[0]!.id;
    expect((await call('PATCH', `/api/v1/findings/${triaged}`, { ...firstSession, body: { status: 'triaged' } })).status).toBe(200);
    const deliveries = async () => (await call('GET', `/api/v1/webhooks/deliveries?endpoint_id=${endpoint!.id}`, firstSession)).body.deliveries as Delivery[];
    let attempted: Delivery | undefined;
    while (!attempted) {
      attempted = (await deliveries()).find((delivery) => delivery.attempts > 0 && delivery.response_status !== null);
      if (!attempted) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(attempted).toMatchObject({ response_status: 500, response_body: 'receiver failed' });
    receiver.behave('/dashboard/first', 'ok');

    await page.getByRole('button', { name: 'Refresh log' }).click();
    const failedRow = page.locator(`tr[data-delivery-id="${attempted.id}"]`);
    await failedRow.getByText('HTTP 500', { exact: false }).waitFor();
    const cells = await failedRow.locator('td').allInnerTexts();
    expect(cells[1]).toBe('finding.status_changed');
    expect(cells[2]).toBe(url);
    expect(cells[3]).toBe(attempted.status);
    expect(cells[4]).toBe(`${attempted.attempts} of ${attempted.max_attempts}`);
    expect(cells[5]).toContain(attempted.error!);
    // What the receiver answered, as text.
    expect(await failedRow.locator('pre.response-body').innerText()).toBe(attempted.response_body);

    // Redelivered from the page: a new delivery of the same event, which the receiver now takes.
    await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/webhooks/deliveries/${attempted.id}/redeliver` && response.status() === 202),
      failedRow.getByRole('button', { name: /^Redeliver/ }).click(),
    ]);
    await page.getByText('Redelivery queued as a new delivery.').waitFor();
    let redelivered: Delivery | undefined;
    while (redelivered?.status !== 'delivered') {
      redelivered = (await deliveries()).find((delivery) => delivery.redelivery_of === attempted.id);
      if (redelivered?.status !== 'delivered') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(redelivered.event_id).toBe(attempted.event_id);
    const redeliveredRow = page.locator(`tr[data-delivery-id="${redelivered.id}"]`);
    // The log asks again while a delivery is under way, until this one is delivered.
    await redeliveredRow.getByText('delivered', { exact: true }).waitFor();
    await redeliveredRow.getByText('redelivery').waitFor();
    await redeliveredRow.getByText('HTTP 204', { exact: false }).waitFor();
    const received = receiver.deliveries('/dashboard/first').get(redelivered.id);
    expect(received?.some((request) => request.verified)).toBe(true);
    await expectAccessible(page);
    await page.locator('table.deliveries').scrollIntoViewIfNeeded();
    await screenshot(page, 'webhooks');
  }, 120_000);

  it('rotates the secret (shown once), disables and enables, edits the events, and deletes after a confirmation', async () => {
    const url = receiver.url('/dashboard/first');
    const endpointRow = page.locator('table.endpoints tbody tr', { hasText: url });
    const [rotated] = await Promise.all([
      page.waitForResponse((response) => /\/api\/v1\/webhooks\/[^/]+\/rotate$/.test(new URL(response.url()).pathname)),
      endpointRow.getByRole('button', { name: `Rotate secret of ${url}` }).click(),
    ]);
    expect(rotated.status()).toBe(200);
    const rotatedBody = (await rotated.json()) as { secret: string; previous_secret_expires_at: string };
    const reveal = page.getByRole('region', { name: `Signing secret for ${url}` });
    expect(await reveal.locator('code.secret').innerText()).toBe(rotatedBody.secret);
    await reveal.getByText('Copy it now: you will not see it again.').waitFor();
    await endpointRow.getByText(new Date(rotatedBody.previous_secret_expires_at).toLocaleString('en-US')).waitFor();
    await reveal.getByRole('button', { name: 'I have stored it' }).click();
    expect(await reveal.count()).toBe(0);

    // Disabled, the endpoint refuses a redelivery: the page shows the API's own words.
    await endpointRow.getByRole('button', { name: `Disable ${url}` }).click();
    await endpointRow.getByText('disabled', { exact: true }).waitFor();
    const delivery = ((await call('GET', '/api/v1/webhooks/deliveries', firstSession)).body.deliveries as Delivery[])[0]!;
    const refused = await call('POST', `/api/v1/webhooks/deliveries/${delivery.id}/redeliver`, firstSession);
    expect(refused.status).toBe(409);
    await page.locator(`tr[data-delivery-id="${delivery.id}"]`).getByRole('button', { name: /^Redeliver/ }).click();
    await page.getByRole('alert').getByText(refused.body.error as string, { exact: true }).waitFor();
    await endpointRow.getByRole('button', { name: `Enable ${url}` }).click();
    await endpointRow.getByText('enabled', { exact: true }).waitFor();

    // Edited: one more event type, the URL kept.
    await endpointRow.getByRole('button', { name: `Edit ${url}` }).click();
    const editForm = page.getByRole('form', { name: `Edit ${url}` });
    expect(await editForm.getByLabel('Endpoint URL (https)').inputValue()).toBe(url);
    expect(await editForm.getByLabel(/^finding\.status_changed/).isChecked()).toBe(true);
    await editForm.getByLabel(/^scan\.completed/).check();
    await expectAccessible(page);
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await endpointRow.getByText('scan.completed', { exact: true }).waitFor();
    expect(await editForm.count()).toBe(0);
    const [edited] = (await call('GET', '/api/v1/webhooks', firstSession)).body.endpoints as { url: string; events: string[] }[];
    expect(edited).toMatchObject({ url, events: ['finding.status_changed', 'scan.completed'] });

    await endpointRow.getByRole('button', { name: `Delete ${url}` }).click();
    await endpointRow.getByText('Delete this endpoint and its delivery history?').waitFor();
    await expectAccessible(page);
    await endpointRow.getByRole('button', { name: `Delete ${url}: confirmed` }).click();
    await page.getByText('No endpoints yet. Add one below to receive events.').waitFor();
    expect((await call('GET', '/api/v1/webhooks', firstSession)).body.endpoints).toEqual([]);
    expect(refusals).toEqual([]);
  });

  it("shows the second organization none of the first's endpoints or deliveries, on a phone-sized screen", async () => {
    // The first organization registers an endpoint again, and a delivery reaches it.
    const url = receiver.url('/dashboard/first-again');
    const created = await call('POST', '/api/v1/webhooks', { ...firstSession, body: { url, events: ['finding.status_changed'] } });
    expect(created.status).toBe(201);
    expect((await call('PATCH', `/api/v1/findings/${triaged}`, { ...firstSession, body: { status: 'open' } })).status).toBe(200);
    while (((await call('GET', '/api/v1/webhooks/deliveries', firstSession)).body.deliveries as Delivery[]).every((delivery) => delivery.attempts === 0)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // On a phone-sized screen.
    const { page: other } = await openPage(browser, 390);
    await signInThroughPage(other, sentinel.base, second);
    await other.getByRole('link', { name: 'Webhooks' }).click();
    await other.getByText('No endpoints yet. Add one below to receive events.').waitFor();
    await other.getByText('No deliveries yet.', { exact: false }).waitFor();
    expect(await other.getByText(url).count()).toBe(0);
    // And through the API: the first organization's endpoint is a 404 here, as a missing one is.
    expect((await call('GET', `/api/v1/webhooks/${created.body.id as string}`, secondSession)).status).toBe(404);
    expect((await call('GET', '/api/v1/webhooks/deliveries', secondSession)).body.deliveries).toEqual([]);
    await expectAccessible(other);
    await other.context().close();
  });
});
