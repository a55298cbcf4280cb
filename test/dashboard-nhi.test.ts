// The non-human identity module's pages in Chromium, on both profiles (embedded as `npm start`
// runs it, and the full profile's api, streams and workers processes). The proof:
// a tool-server connector to the real reference MCP server (@modelcontextprotocol/server-everything,
// on 127.0.0.1 behind TLS from a throwaway CA) is created through the page and synchronizes,
// its identities and the server's relationship graph appear; another connector is edited and
// deleted from its page; a grant asked for by the owner is refused to her (separation of
// duties) and approved by an admin; requests are withdrawn, revoked and marked done by those
// the API lets, and offered to no one else; a campaign scoped to two identities is started,
// answered by its reviewer and closed; the audit trail's integrity check reports intact, and,
// on the full profile, after the test tampers with a row through PostgreSQL, the first break.
// The module's Viewer is offered neither the audit trail nor the actions of her role's lack,
// and the API refuses them still; a second organization sees none of it. axe-core checks
// every page; the embedded run writes the screenshots of docs/screenshots/.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../services/platform/egress/testing/certificates.js';
import { startReferenceServer, type ReferenceServer } from '../services/nhi/tool-servers/testing/reference-server.js';
import {
  BROWSER_STORY_TIMEOUT,
  apiOf,
  apiSessionOf,
  expectAccessible,
  launchChromium,
  localMinute,
  openPage,
  screenshot,
  signInThroughPage,
  signUpThroughApi,
  startDashboardService,
  type ApiCall,
  type ApiSession,
  type DashboardProfile,
  type DashboardService,
} from './support/dashboard.js';
import { runSentinel } from './support/processes.js';
import { databaseUrl, testServices } from './support/services.js';

const PASSWORD = 'correct horse battery staple';
const CREDENTIALS_REFERENCE = 'mcp-everything';
const SEPARATION_OF_DUTIES = 'Separation of duties: you asked for this, so another person must approve or reject it.';

interface Identity {
  id: string;
  name: string;
  kind: string;
}

/**
 * Follows a link to a dashboard path inside the signed-in tab, as a link in the page would
 * (the router follows the history), rather than loading the page anew.
 */
const follow = (page: Page, href: string) => page.evaluate((to) => window.history.pushState({}, '', to), href);

/** The service's database on the full profile: the one of this test process (test/bench/full-profile.ts names it) holding the organization. */
async function fullProfileDatabase(orgId: string): Promise<string> {
  const admin = new pg.Client({ connectionString: testServices.postgresAdminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'sentinel_bench_dashboard_%' AND datname LIKE $1", [`%\\_${process.pid}`]);
    for (const { datname } of rows) {
      const client = new pg.Client({ connectionString: databaseUrl(datname) });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM organizations WHERE id = $1', [orgId]).catch(() => ({ rowCount: 0 }));
        if (found.rowCount === 1) return databaseUrl(datname);
      } finally {
        await client.end();
      }
    }
  } finally {
    await admin.end();
  }
  throw new Error(`no database of this process holds organization ${orgId}`);
}

describe.each(['embedded', 'full'] as DashboardProfile[])('the identity module pages in Chromium (%s profile)', { timeout: BROWSER_STORY_TIMEOUT }, (profile) => {
  const certificates = createTestCertificates();
  const scratch = mkdtempSync(path.join(tmpdir(), 'sentinel-dashboard-nhi-'));
  const caFile = path.join(scratch, 'ca.pem');
  const credentialsDir = path.join(scratch, 'credentials');
  const suffix = `${profile}-${Math.random().toString(36).slice(2, 8)}`;
  const olivia = { name: 'Olivia Owner', email: `olivia-${suffix}@acme.example.test`, password: PASSWORD };
  const adam = { name: 'Adam Admin', email: `adam-${suffix}@acme.example.test`, password: PASSWORD };
  const vera = { name: 'Vera Viewer', email: `vera-${suffix}@acme.example.test`, password: PASSWORD };
  const nils = { name: 'Nils Neighbour', email: `nils-${suffix}@neighbour.example.test`, password: PASSWORD };

  let sentinel: DashboardService;
  let mcp: ReferenceServer;
  let call: ApiCall;
  let browser: Browser;
  let page: Page;
  let refusals: string[];
  let acme: ApiSession;
  let adamApi: ApiSession;
  let connectorId: string;
  let server: Identity;
  let tool: Identity;

  /** Joins the person to Acme with the role, through an invitation, and makes Acme where they act. */
  async function joinAcme(person: typeof adam, role: 'admin' | 'viewer'): Promise<ApiSession> {
    const own = await signUpThroughApi(call, person);
    const invited = await call('POST', '/api/v1/invitations', { ...acme, body: { email: person.email, role } });
    expect(invited.status).toBe(201);
    expect((await call('POST', '/api/v1/invitations/accept', { token: own.token, body: { token: invited.body.token } })).status).toBe(200);
    expect((await call('PUT', '/api/v1/me/active-org', { token: own.token, body: { org_id: acme.org } })).status).toBe(200);
    return { token: own.token, org: acme.org };
  }

  async function signedIn(person: { email: string; password: string }): Promise<Page> {
    const opened = await openPage(browser);
    await signInThroughPage(opened.page, sentinel.base, person);
    return opened.page;
  }

  const identitiesOf = async (query: string): Promise<Identity[]> => {
    const listed = await call('GET', `/nhi/api/v1/identities?${query}`, acme);
    expect(listed.status).toBe(200);
    return listed.body.items as Identity[];
  };

  beforeAll(async () => {
    writeFileSync(caFile, certificates.caPem);
    mcp = await startReferenceServer(certificates);
    // The test switch lets the loopback peer in (refused in production); the host must still be allowed.
    sentinel = await startDashboardService(profile, {
      CONNECTOR_ALLOW_PRIVATE_ENDPOINTS: 'true',
      CONNECTOR_ALLOWED_HOSTS: '127.0.0.1',
      CONNECTOR_CA_FILE: caFile,
      CONNECTOR_CREDENTIALS_DIR: credentialsDir,
    });
    call = apiOf(sentinel.base);
    const own = await signUpThroughApi(call, olivia);
    const created = await call('POST', '/api/v1/orgs', { ...own, body: { name: 'Acme Robotics' } });
    expect(created.status).toBe(201);
    acme = { token: own.token, org: created.body.id as string };
    expect((await call('PUT', '/api/v1/me/active-org', { ...own, body: { org_id: acme.org } })).status).toBe(200);
    adamApi = await joinAcme(adam, 'admin');
    await joinAcme(vera, 'viewer');
    await signUpThroughApi(call, nils);
    // The entry the connector names: the deployment holds it, the dashboard only names it.
    mkdirSync(path.join(credentialsDir, acme.org), { recursive: true });
    writeFileSync(path.join(credentialsDir, acme.org, CREDENTIALS_REFERENCE), 'reference-bearer-value\n');

    browser = await launchChromium();
    ({ page, refusals } = await openPage(browser));
    await signInThroughPage(page, sentinel.base, olivia);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await sentinel?.close();
    await mcp?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('creates a tool-server connector, synchronizes it, and shows its identities, the server page and its graph', async () => {
    await page.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Connectors' }).click();
    await page.getByRole('heading', { name: 'Connectors', level: 1 }).waitFor();
    await page.getByText('No connectors yet.').waitFor();
    await page.getByRole('button', { name: 'New connector' }).click();
    const form = page.getByRole('form', { name: 'New connector' });
    await expect(form.getByLabel('Kind').inputValue()).resolves.toBe('tool_server');
    // The kind's capabilities, all of them to begin with; no settings apply to a tool server.
    const capabilities = form.getByRole('group', { name: 'Capabilities' }).getByRole('checkbox');
    await expect(capabilities.count()).resolves.toBe(3);
    await expect(form.getByRole('group', { name: 'Settings' }).count()).resolves.toBe(0);
    // A cloud account asks for its account and offers its own capabilities and settings.
    await form.getByLabel('Kind').selectOption('cloud_account');
    await form.getByLabel('AWS account ID').waitFor();
    await expect(form.getByRole('group', { name: 'Capabilities' }).getByRole('checkbox').count()).resolves.toBe(5);
    await form.getByLabel('Include IAM users').waitFor();
    await form.getByLabel('Kind').selectOption('tool_server');
    await form.getByLabel('Name', { exact: true }).fill('Everything server');
    await form.getByLabel('Endpoint').fill(mcp.endpoint);
    await form.getByLabel('Credentials reference').fill(CREDENTIALS_REFERENCE);
    if (profile === 'embedded') await expectAccessible(page);
    await form.getByRole('button', { name: 'Create connector' }).click();

    await page.getByRole('heading', { name: 'Everything server', level: 1 }).waitFor();
    connectorId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText('No synchronization yet.').waitFor();
    await page.getByRole('button', { name: 'Synchronize now' }).click();
    const run = page.locator('table.findings tbody tr').first();
    await run.locator('.state-completed, .state-partial, .state-failed').waitFor({ timeout: 60_000 });
    await expect(run.locator('.state').innerText()).resolves.toBe('completed');
    await page.getByText('applying…').waitFor({ state: 'hidden', timeout: 60_000 });

    const collected = await identitiesOf(`connectorId=${connectorId}&limit=200`);
    const servers = collected.filter((identity) => identity.kind === 'mcp_server');
    expect(servers).toHaveLength(1);
    server = servers[0]!;
    tool = collected.find((identity) => identity.kind === 'mcp_tool' && identity.name === 'echo')!;
    expect(tool).toBeDefined();
    // The run's counts as the page shows them: every identity seen, all new.
    await expect(run.locator('td[data-label="Identities seen"]').innerText()).resolves.toBe(String(collected.length));
    await expect(run.locator('td[data-label="New"]').innerText()).resolves.toBe(String(collected.length));
    await expect(run.locator('td[data-label="Error"]').innerText()).resolves.toBe('—');
    if (profile === 'embedded') {
      await expectAccessible(page);
      await screenshot(page, 'nhi-connector');
    }

    await page.getByRole('link', { name: 'Its identities' }).click();
    await page.getByText(`${collected.length} identities`).waitFor();
    await page.getByRole('link', { name: 'echo', exact: true }).waitFor();
    // Tool servers report no use: said as such, never as a time.
    await expect(page.locator('td[data-label="Last use"]').first().innerText()).resolves.toBe('not reported');
    if (profile === 'embedded') {
      await page.getByLabel('Kind').fill('mcp_server');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('1 identities').waitFor();
      await expectAccessible(page);
      await page.getByLabel('Kind').fill('');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText(`${collected.length} identities`).waitFor();
      await screenshot(page, 'nhi-inventory');
    }

    await page.getByRole('link', { name: server.name, exact: true }).click();
    await page.getByRole('heading', { name: server.name, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Relationships' }).waitFor();
    await page.getByRole('cell', { name: 'BELONGS_TO', exact: false }).first().waitFor();
    await expect(page.locator('dl.facts').innerText()).resolves.toContain('not reported');
    await page.getByText('No finding for this identity.').waitFor();
    await page.getByText('No grant asked for this identity.').waitFor();
    if (profile === 'embedded') {
      await expectAccessible(page);
      await screenshot(page, 'nhi-identity');
    }

    await page.getByRole('link', { name: 'Show as a graph' }).click();
    await page.getByRole('heading', { name: `Relationship graph of ${server.name}` }).waitFor();
    await page.locator('.react-flow__node').first().waitFor();
    const relationships = await call('GET', `/nhi/api/v1/identities/${server.id}/relationships?limit=200`, acme);
    const neighbours = new Set((relationships.body.items as { direction: string; fromExternalId: string; toExternalId: string }[]).map((edge) => (edge.direction === 'outgoing' ? edge.toExternalId : edge.fromExternalId)));
    // Bounded to what fits on a screen: the identity and at most 24 neighbours.
    await expect(page.locator('.react-flow__node').count()).resolves.toBe(1 + Math.min(neighbours.size, 24));
    await expect(page.locator('.graph-list li').count()).resolves.toBeGreaterThan(0);
    if (profile === 'embedded') {
      await expectAccessible(page);
      await screenshot(page, 'nhi-graph');
    }
    // A neighbour the inventory holds leads to its own graph.
    await page.locator('.react-flow__node').getByRole('link', { name: /^tool:echo,/ }).click();
    await page.getByRole('heading', { name: 'Relationship graph of echo' }).waitFor();
    await page.locator('.react-flow__node').first().waitFor();
    await expect(page.locator('.react-flow__node').count()).resolves.toBe(2);
    expect(refusals).toEqual([]);
  });

  it('edits a connector from its page and deletes it; the identities it found stay, and another organization can change none of it', async () => {
    const spare = await call('POST', '/nhi/api/v1/connectors', {
      ...acme,
      body: { kind: 'tool_server', name: 'Spare server', enabledCapabilities: ['tool_discovery', 'resource_discovery', 'relationship_discovery'], endpoint: mcp.endpoint, credentialsReference: CREDENTIALS_REFERENCE },
    });
    expect(spare.status).toBe(201);
    const spareId = spare.body.id as string;
    await follow(page, `/nhi/connectors/${spareId}`);
    await page.getByRole('heading', { name: 'Spare server', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit Spare server' });
    // Nothing changed yet: nothing to save.
    await expect(form.getByRole('button', { name: 'Save the changes' }).isDisabled()).resolves.toBe(true);
    await form.getByLabel('Name', { exact: true }).fill('Spare tools');
    await form.getByRole('group', { name: 'Capabilities' }).getByLabel('resource discovery').uncheck();
    await form.getByLabel('Credentials reference').fill('mcp-spare');
    if (profile === 'embedded') await expectAccessible(page);
    await form.getByRole('button', { name: 'Save the changes' }).click();
    await page.getByRole('heading', { name: 'Spare tools', level: 1 }).waitFor();
    await expect(page.locator('dl.facts').innerText()).resolves.toContain('mcp-spare');
    const stored = (await call('GET', `/nhi/api/v1/connectors/${spareId}`, acme)).body as { name: string; enabledCapabilities: string[]; credentialsReference: string; endpoint: string };
    expect(stored).toMatchObject({ name: 'Spare tools', enabledCapabilities: ['tool_discovery', 'relationship_discovery'], credentialsReference: 'mcp-spare', endpoint: mcp.endpoint });
    // Only what changed was sent, and recorded.
    const [updated] = (await call('GET', '/nhi/api/v1/audit/records?action=connector.updated', acme)).body.items as { detail: { changed: string[] } }[];
    expect(updated!.detail.changed.sort()).toEqual(['credentialsReference', 'enabledCapabilities', 'name']);

    // Another organization can neither change nor delete it: the same 404 as a missing one.
    const neighbour = await apiSessionOf(call, nils);
    expect((await call('PATCH', `/nhi/api/v1/connectors/${spareId}`, { ...neighbour, body: { name: 'Taken' } })).status).toBe(404);
    expect((await call('DELETE', `/nhi/api/v1/connectors/${spareId}`, neighbour)).status).toBe(404);

    // Deleting asks in the page first; keeping it changes nothing.
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('button', { name: 'Keep it' }).click();
    await page.getByRole('button', { name: 'Delete…' }).click();
    const confirm = page.getByRole('group', { name: 'Delete Spare tools' });
    await confirm.getByText('the identities it found stay in the inventory', { exact: false }).waitFor();
    if (profile === 'embedded') await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete the connector' }).click();
    await page.getByRole('heading', { name: 'Connectors', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Everything server' }).waitFor();
    await expect(page.getByRole('link', { name: 'Spare tools' }).count()).resolves.toBe(0);
    expect((await call('GET', `/nhi/api/v1/connectors/${spareId}`, acme)).status).toBe(404);
    expect(refusals).toEqual([]);
  });

  it("refuses a grant to the one who asked for it, with separation of duties' words, and lets another person approve it", async () => {
    await page.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Requests' }).click();
    await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Ask for a grant' }).click();
    const form = page.getByRole('form', { name: 'Ask for a grant' });
    await form.getByLabel('Identity').selectOption({ label: 'echo (mcp_tool)' });
    await form.getByLabel('Actions').fill('tools/call');
    await form.getByLabel('Resources').fill('echo');
    await form.getByLabel('Justification').fill('The support agent echoes customer messages during the migration.');
    await form.getByRole('button', { name: 'Ask for the grant' }).click();
    const grants = page.getByRole('table', { name: 'Grants, newest first' });
    await grants.getByRole('cell', { name: 'pending' }).waitFor();

    await grants.getByRole('button', { name: 'Approve grant request' }).click();
    await page.getByRole('alert').filter({ hasText: SEPARATION_OF_DUTIES }).waitFor();
    if (profile === 'embedded') {
      await expectAccessible(page);
      await screenshot(page, 'nhi-requests');
    }

    const adamPage = await signedIn(adam);
    await adamPage.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Requests' }).click();
    const adamGrants = adamPage.getByRole('table', { name: 'Grants, newest first' });
    await adamGrants.getByRole('button', { name: 'Approve grant request' }).click();
    await adamGrants.getByRole('cell', { name: 'approved' }).waitFor();
    await adamPage.context().close();

    const [grant] = (await call('GET', '/nhi/api/v1/grants', acme)).body.items as { status: string; inForce: boolean; approvals: string[] }[];
    expect(grant).toMatchObject({ status: 'approved', inForce: true });
    expect(grant!.approvals).toHaveLength(1);
  });

  it('offers withdrawing, revoking and marking done to those the API lets, and no one else', async () => {
    const identityId = tool.id;
    const inAWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const asked = async (path: string, body: Record<string, unknown>) => {
      const response = await call('POST', path, { ...acme, body });
      expect(response.status).toBe(201);
      return response.body.id as string;
    };
    const approved = async (path: string) => expect((await call('POST', path, adamApi)).status).toBe(200);
    // Olivia asks for all of them; Adam approves the exception and the manual remediation.
    await asked('/nhi/api/v1/grants', { identityId, actions: ['tools/call'], resources: ['echo'], justification: 'Pending grant to withdraw', endsAt: inAWeek });
    const exceptionId = await asked('/nhi/api/v1/exceptions', { identityId, policy: 'stale_identity', reason: 'Exception to revoke', endsAt: inAWeek });
    await approved(`/nhi/api/v1/exceptions/${exceptionId}/approve`);
    const manualId = await asked('/nhi/api/v1/remediations', { identityId, action: 'manual', reason: 'Remove the tool from the agent by hand', dryRun: false });
    await approved(`/nhi/api/v1/remediations/${manualId}/approve`);
    await asked('/nhi/api/v1/remediations', { identityId, action: 'manual', reason: 'Remediation to withdraw', dryRun: false });
    // A manual remediation goes to a person once the worker plane has taken it.
    await expect
      .poll(async () => (await call('GET', `/nhi/api/v1/remediations/${manualId}`, acme)).body.status, { timeout: 60_000, interval: 250 })
      .toBe('manual_required');

    const rowOf = (on: Page, table: string, text: string) => on.getByRole('table', { name: `${table}, newest first` }).getByRole('row').filter({ hasText: text });
    // Adam, an Organization Admin, may revoke and mark done, decide what Olivia asked, but not withdraw it.
    const adamPage = await signedIn(adam);
    await adamPage.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Requests' }).click();
    const pendingGrant = rowOf(adamPage, 'Grants', 'Pending grant to withdraw');
    await pendingGrant.getByRole('button', { name: 'Approve grant request' }).waitFor();
    await expect(pendingGrant.getByRole('button', { name: 'Withdraw grant request' }).count()).resolves.toBe(0);
    await rowOf(adamPage, 'Policy exceptions', 'Exception to revoke').getByRole('button', { name: 'Revoke exception request' }).waitFor();
    await rowOf(adamPage, 'Remediations', 'Remove the tool from the agent by hand').getByRole('button', { name: 'Mark done remediation request' }).waitFor();
    await expect(rowOf(adamPage, 'Remediations', 'Remediation to withdraw').getByRole('button', { name: 'Withdraw remediation request' }).count()).resolves.toBe(0);
    await adamPage.context().close();

    // Olivia's tab still shows the requests page of the story before: it is read anew.
    await page.reload();
    await rowOf(page, 'Grants', 'Pending grant to withdraw').getByRole('button', { name: 'Withdraw grant request' }).waitFor();
    if (profile === 'embedded') {
      await expectAccessible(page);
      await page.getByRole('heading', { name: 'Grants', level: 2 }).evaluate((heading) => heading.scrollIntoView());
      await screenshot(page, 'nhi-requests-actions');
    }
    await rowOf(page, 'Grants', 'Pending grant to withdraw').getByRole('button', { name: 'Withdraw grant request' }).click();
    await rowOf(page, 'Grants', 'Pending grant to withdraw').getByRole('cell', { name: 'withdrawn' }).waitFor();
    await rowOf(page, 'Policy exceptions', 'Exception to revoke').getByRole('button', { name: 'Revoke exception request' }).click();
    await rowOf(page, 'Policy exceptions', 'Exception to revoke').getByRole('cell', { name: 'revoked' }).waitFor();
    await rowOf(page, 'Remediations', 'Remediation to withdraw').getByRole('button', { name: 'Withdraw remediation request' }).click();
    await rowOf(page, 'Remediations', 'Remediation to withdraw').getByRole('cell', { name: 'cancelled' }).waitFor();
    // Marking done asks what was done, and is kept from an empty note.
    const manual = rowOf(page, 'Remediations', 'Remove the tool from the agent by hand');
    await manual.getByRole('button', { name: 'Mark done remediation request' }).click();
    const note = manual.getByRole('form', { name: 'Mark done remediation request' });
    await expect(note.getByRole('button', { name: 'Mark done' }).isDisabled()).resolves.toBe(true);
    await note.getByLabel('What was done').fill('Removed echo from the agent configuration');
    if (profile === 'embedded') await expectAccessible(page);
    await note.getByRole('button', { name: 'Mark done' }).click();
    await manual.getByRole('cell', { name: 'executed' }).waitFor();
    // The approved grant of the story before is still Olivia's to revoke.
    await rowOf(page, 'Grants', 'The support agent echoes').getByRole('button', { name: 'Revoke grant request' }).click();
    await rowOf(page, 'Grants', 'The support agent echoes').getByRole('cell', { name: 'revoked' }).waitFor();
    if (profile === 'embedded') await expectAccessible(page);

    const statuses = async (path: string) => ((await call('GET', path, acme)).body.items as { status: string }[]).map((item) => item.status).sort();
    expect(await statuses('/nhi/api/v1/grants')).toEqual(['revoked', 'withdrawn']);
    expect(await statuses('/nhi/api/v1/exceptions')).toEqual(['revoked']);
    expect(await statuses('/nhi/api/v1/remediations')).toEqual(['cancelled', 'executed']);
    expect(refusals).toEqual([]);
  });

  it("starts a campaign, answers it in the reviewer's queue and closes it", async () => {
    await page.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.getByText('No campaigns yet.').waitFor();
    await page.getByRole('button', { name: 'New campaign' }).click();
    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Name').fill('Tool server review');
    await form.getByRole('group', { name: 'Connectors in scope' }).getByLabel('Everything server').check();
    await form.getByLabel('Identity kinds in scope (optional)').fill('mcp_tool');
    // Two of the server's tools, echo and another: every criterion narrows the scope.
    const other = (await identitiesOf(`connectorId=${connectorId}&kind=mcp_tool&limit=200`)).find((identity) => identity.id !== tool.id)!;
    await form.getByLabel('Identities in scope (optional)').selectOption([{ label: 'echo (mcp_tool)' }, { label: `${other.name} (mcp_tool)` }]);
    // The one opening a campaign never reviews it: she is not offered.
    await expect(form.getByRole('group', { name: 'Reviewers' }).getByRole('checkbox').count()).resolves.toBe(2);
    await form.getByRole('group', { name: 'Reviewers' }).getByLabel('Adam Admin').check();
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Tool server review', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Start the review' }).click();
    await page.getByRole('heading', { name: 'State: in review' }).waitFor();
    const tools = 2;
    const created = (await call('GET', '/nhi/api/v1/certification/campaigns', acme)).body.items as { name: string; scope: { identityIds: string[] } }[];
    expect(created.find((campaign) => campaign.name === 'Tool server review')!.scope.identityIds.sort()).toEqual([tool.id, other.id].sort());
    await page.getByText(`0 of ${tools} answered`).waitFor();
    const campaignUrl = new URL(page.url()).pathname;

    const adamPage = await signedIn(adam);
    await follow(adamPage, campaignUrl);
    await adamPage.getByRole('heading', { name: 'Your review queue' }).waitFor();
    await adamPage.getByLabel('Comment on echo').fill('Needed by the support agent');
    await adamPage.getByRole('button', { name: 'Keep echo' }).click();
    await adamPage.getByText(`1 of ${tools} answered: 1 kept, 0 revoked`).waitFor();
    if (profile === 'embedded') await expectAccessible(adamPage);
    await adamPage.context().close();

    // Back to the campaign, as Olivia would come back to it: it is read again.
    await page.getByRole('link', { name: 'Access campaigns' }).click();
    await page.getByRole('link', { name: 'Tool server review' }).click();
    await page.getByText(`1 of ${tools} answered`).waitFor();
    await page.getByRole('button', { name: 'Close the campaign' }).click();
    // Nobody answered the others: the campaign keeps them (its default) and closes.
    await page.getByRole('heading', { name: 'State: closed' }).waitFor();
    await page.getByText(`${tools} of ${tools} answered: ${tools} kept, 0 revoked, 0 remaining`).waitFor();
    await page.getByLabel('Only items waiting for an answer').uncheck();
    await page.getByText('(nobody answered)').first().waitFor();
    if (profile === 'embedded') {
      await expectAccessible(page);
      await screenshot(page, 'nhi-campaign');
    }
  });

  it('checks the audit trail intact and exports evidence as a file that verifies offline; a tampered row shows the first break', async () => {
    await page.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    // Two connectors were created: the one kept and the one deleted.
    await page.getByRole('cell', { name: 'connector.created' }).nth(1).waitFor();
    await page.getByLabel('Action').fill('grant.approved');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('cell', { name: 'connector.created' }).first().waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'grant.approved' }).waitFor();
    await expect(page.locator('td[data-label="Action"]').allInnerTexts()).resolves.toEqual(['grant.approved']);
    const approvedRow = page.getByRole('row').filter({ hasText: 'grant.approved' });
    expect(await approvedRow.locator('td[data-label="Source address"]').innerText()).toMatch(/127\.0\.0\.1/);
    // A window that starts tomorrow holds nothing; one around now holds the record again.
    await page.getByLabel('From').fill(localMinute(1));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No record matches.').waitFor();
    await page.getByLabel('From').fill(localMinute(-1));
    await page.getByLabel('Until').fill(localMinute(1));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('cell', { name: 'grant.approved' }).waitFor();
    await page.getByLabel('Action').fill('');
    await page.getByLabel('From').fill('');
    await page.getByLabel('Until').fill('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('cell', { name: 'connector.created' }).first().waitFor();

    await page.getByRole('button', { name: 'Check integrity' }).click();
    await page.getByRole('status').filter({ hasText: 'Intact:' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export evidence' }).click()]);
    const file = path.join(scratch, download.suggestedFilename());
    await download.saveAs(file);
    await page.getByText(`sentinel audit verify ${download.suggestedFilename()}`).waitFor();
    const evidence = JSON.parse(readFileSync(file, 'utf8')) as { manifest: { organization: string; verified_at_export: boolean; record_count: number } };
    expect(evidence.manifest).toMatchObject({ organization: acme.org, verified_at_export: true });
    expect(evidence.manifest.record_count).toBeGreaterThan(0);
    if (profile === 'embedded') {
      const verified = await runSentinel(['audit', 'verify', file], {});
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
      await expectAccessible(page);
      await screenshot(page, 'nhi-audit');
      return;
    }

    // As a database superuser could: one record's content changed, the trail's guard triggers off for the transaction.
    const db = new pg.Client({ connectionString: await fullProfileDatabase(acme.org) });
    await db.connect();
    let tampered: string;
    try {
      await db.query('BEGIN');
      await db.query('SET LOCAL session_replication_role = replica');
      const { rows } = await db.query<{ id: string }>(
        `UPDATE nhi_audit_records SET detail = '{"tampered": true}' WHERE org_id = $1 AND sequence = 2 RETURNING id`,
        [acme.org],
      );
      await db.query('COMMIT');
      tampered = rows[0]!.id;
    } finally {
      await db.end();
    }
    await page.getByRole('button', { name: 'Check integrity' }).click();
    const broken = page.getByRole('status').filter({ hasText: 'Broken:' });
    await broken.waitFor();
    await expect(broken.innerText()).resolves.toContain(`the first break is at record ${tampered}: record's own digest does not match its content. 2 records checked`);
  });

  it("offers the Viewer neither the audit trail nor what her role cannot do, and the API refuses them all the same", async () => {
    const veraPage = await signedIn(vera);
    const identities = veraPage.getByRole('navigation', { name: 'Identities' });
    // The audit page answers once her permissions are known: from then on the header has shown them too.
    await follow(veraPage, '/nhi/audit');
    await veraPage.getByText('your role does not include reading it').waitFor();
    await expect(veraPage.getByRole('button', { name: 'Check integrity' }).count()).resolves.toBe(0);
    await expect(identities.getByRole('link', { name: 'Audit' }).count()).resolves.toBe(0);
    await identities.getByRole('link', { name: 'Connectors' }).click();
    await veraPage.getByRole('link', { name: 'Everything server' }).waitFor();
    await expect(veraPage.getByRole('button', { name: 'New connector' }).count()).resolves.toBe(0);
    await veraPage.getByRole('link', { name: 'Everything server' }).click();
    await veraPage.getByRole('heading', { name: 'Synchronizations' }).waitFor();
    await expect(veraPage.getByRole('button', { name: 'Synchronize now' }).count()).resolves.toBe(0);
    await expect(veraPage.getByRole('button', { name: /^(Edit|Delete|Disable)/ }).count()).resolves.toBe(0);
    await identities.getByRole('link', { name: 'Requests' }).click();
    await veraPage.getByRole('table', { name: 'Grants, newest first' }).getByRole('cell', { name: 'revoked' }).first().waitFor();
    await expect(veraPage.getByRole('button', { name: 'Ask for a grant' }).count()).resolves.toBe(0);
    // Nothing to do to a request: no decision, withdrawal, revocation or completion.
    await expect(veraPage.locator('main table').getByRole('button').count()).resolves.toBe(0);
    if (profile === 'embedded') await expectAccessible(veraPage);
    await veraPage.context().close();

    const veraApi = await apiSessionOf(call, vera);
    expect(veraApi.org).toBe(acme.org);
    for (const url of ['/nhi/api/v1/audit/records', '/nhi/api/v1/audit/integrity']) expect((await call('GET', url, veraApi)).status).toBe(403);
    expect((await call('POST', '/nhi/api/v1/connectors', { ...veraApi, body: { kind: 'tool_server', name: 'x', enabledCapabilities: ['tool_discovery'], endpoint: mcp.endpoint, credentialsReference: 'x' } })).status).toBe(403);
    expect((await call('POST', `/nhi/api/v1/connectors/${connectorId}/synchronizations`, veraApi)).status).toBe(403);
    expect((await call('PATCH', `/nhi/api/v1/connectors/${connectorId}`, { ...veraApi, body: { name: 'Renamed by a viewer' } })).status).toBe(403);
    expect((await call('DELETE', `/nhi/api/v1/connectors/${connectorId}`, veraApi)).status).toBe(403);
    const [grant] = (await call('GET', '/nhi/api/v1/grants', veraApi)).body.items as { id: string }[];
    expect((await call('POST', `/nhi/api/v1/grants/${grant!.id}/revoke`, { ...veraApi, body: {} })).status).toBe(403);
  });

  it("shows another organization none of Acme's connectors and identities, and Acme's identity as not found", async () => {
    const nilsPage = await signedIn(nils);
    const identities = nilsPage.getByRole('navigation', { name: 'Identities' });
    await identities.getByRole('link', { name: 'Connectors' }).click();
    await nilsPage.getByText('No connectors yet.').waitFor();
    await identities.getByRole('link', { name: 'Inventory' }).click();
    await nilsPage.getByText('0 identities').waitFor();
    await identities.getByRole('link', { name: 'Requests' }).click();
    await nilsPage.getByText('None yet.').nth(2).waitFor();
    await expect(nilsPage.getByRole('table').count()).resolves.toBe(0);
    await follow(nilsPage, `/nhi/identities/${tool.id}`);
    await nilsPage.getByRole('alert').waitFor();
    await expect(nilsPage.getByText('echo').count()).resolves.toBe(0);
    if (profile === 'embedded') {
      await follow(nilsPage, '/nhi/stale-identities');
      await nilsPage.getByText('No active identity matches.').waitFor();
      await expectAccessible(nilsPage);
    }
    await nilsPage.context().close();
  });

  // The embedded profile's run goes on to the other pages; the full profile's keeps to the main flows.
  if (profile === 'embedded')
    it('shows the stale-identity report, the module findings, delegations and runtime pages, and the graph at phone width', async () => {
      await page.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Stale identities' }).click();
      await page.getByRole('heading', { name: 'Stale identities', level: 1 }).waitFor();
      // A tool server reports no use: every one of its identities is not assessable, said as such.
      await page.getByLabel('Answer').selectOption('not_assessable');
      await page.getByRole('link', { name: 'echo', exact: true }).waitFor();
      await expect(page.locator('td[data-label="Answer"]').first().innerText()).resolves.toBe('Not assessable');
      await expectAccessible(page);
      await screenshot(page, 'nhi-stale-identities');

      await page.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Identity findings' }).click();
      await page.getByRole('heading', { name: 'Identity findings', level: 1 }).waitFor();
      // Whether the policies found anything about the tools, the page has settled on an answer.
      await page.locator('.empty, table.findings').first().waitFor();
      await expectAccessible(page);

      await page.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Delegations' }).click();
      await page.getByText('No delegations.').waitFor();
      await page.getByRole('button', { name: 'New delegation' }).click();
      const delegation = page.getByRole('form', { name: 'New delegation' });
      await delegation.getByLabel('Delegate').selectOption({ label: `Adam Admin (${adam.email})` });
      await delegation.getByLabel('approving').check();
      await delegation.getByRole('button', { name: 'Delegate' }).click();
      await page.getByRole('cell', { name: /approving/ }).waitFor();
      await expectAccessible(page);

      await page.getByRole('navigation', { name: 'Identities' }).getByRole('link', { name: 'Runtime' }).click();
      await page.getByText('No decision logged.').waitFor();
      await page.getByRole('button', { name: 'New rule' }).click();
      const rule = page.getByRole('form', { name: 'New runtime rule' });
      await rule.getByLabel('Name').fill('No payroll for tools');
      await rule.getByLabel('MCP').check();
      await rule.getByLabel('Resources (optional)').fill('payroll/*');
      await rule.getByRole('button', { name: 'Create rule' }).click();
      await page.getByRole('cell', { name: 'No payroll for tools', exact: true }).waitFor();
      await expectAccessible(page);
      await screenshot(page, 'nhi-runtime');

      const phone = await openPage(browser, 390);
      await signInThroughPage(phone.page, sentinel.base, olivia);
      await follow(phone.page, `/nhi/identities/${server.id}/graph`);
      await phone.page.locator('.react-flow__node').first().waitFor();
      await expectAccessible(phone.page);
      expect(phone.refusals).toEqual([]);
      await phone.page.context().close();
    });
});
