// The deletion sweep on an organization holding a row in (nearly) every tenant
// table, beside a second organization holding the same: after the grace period,
// driven by an injected clock, the first keeps only what must survive and the
// second keeps every row.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { criticalBlocks } from '../../policies/testing/fixtures.js';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { createLogger } from '../../platform/logger.js';
import { systemScope } from '../../platform/tenancy.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { startPipeline } from '../../../test/support/pipeline.js';
import { testProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { ACCESS_TABLES, createOrganizationDeletionSweep, DELETION_PLAN, deleteDueOrganizations, ERASED_THROUGH_ANALYTICS, SURVIVING_TABLES } from './deletion-sweep.js';
import { createSqlAnalytics } from '../../analytics/store/sql-analytics.js';
import { DELETION_GRACE_MS } from '../deletion.js';
import { setPlan } from '../../identity/invitations/testing/invitations.js';
import { verifiedDomain } from '../../identity/scim/testing/scim-client.js';
import { seedTool, seedUsedRole } from '../../nhi/findings/testing/api-fixtures.js';
import { exceptionRequests, grantRequests, requested } from '../../nhi/governance/testing/requests.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The test app's analytics store: SQL on both profiles (test/support/test-app.ts). */
const deletionDeps = (t: TestApp) => ({ db: t.db, analytics: createSqlAnalytics({ db: t.db }) });

/** Every table with an org_id column: the tenant tables. */
async function tenantTables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND c.column_name = 'org_id' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** The organization's row count in every tenant table. */
async function rowCounts(db: Database, orgId: OrgId): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tenantTables(db)) {
    counts[table] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE org_id = $1`, [orgId])).rows[0]!.n;
  }
  return counts;
}

/** Gives the tenant data in as many tables as its routes reach: scans, findings and their timeline, a verdict, a schedule, settings, keys, a webhook, members. */
async function populate(t: TestApp, tenant: TestTenant): Promise<{ apiKey: string }> {
  const pipeline = await startPipeline(t, t.db.kind === 'postgres' ? 'postgres' : 'embedded', { log: 'embedded' });
  const expectStatus = (response: { status: number; raw: string }, status: number) => expect(response.status, response.raw).toBe(status);
  try {
    const token = tenant.owner.token;
    await t.member(tenant, 'analyst');
    const { key } = await t.apiKey(tenant.owner, ['scans:read', 'findings:read']);
    const policy = await t.call('POST', '/api/v1/policies', { token, body: { name: 'gate', rules: criticalBlocks, enabled: true } });
    expectStatus(policy, 201);
    const image = `ghcr.io/acme/doomed-${randomUUID().slice(0, 8)}:1`;
    // Imported, settled and summarized (frozen) by the pipeline.
    const importSettled = async (image: string, format: 'trivy' | 'grype', fixture: string): Promise<{ id: string; asset_id: string }> => {
      const imported = await t.call('POST', '/api/v1/scans/import', { token, headers: { 'idempotency-key': randomUUID() }, body: { image, format, report: readReportFixture(fixture) } });
      expectStatus(imported, 202);
      await pipeline.scanSettled(tenant.id, imported.body.id);
      await pipeline.scanSummarized(tenant.id, imported.body.id);
      return imported.body;
    };
    const imported = await importSettled(image, 'trivy', 'trivy/npm.json');
    expectStatus(await t.call('POST', `/api/v1/scans/${imported.id}/verdict`, { token }), 201);
    // Grype names an advisory's related identifiers: the frozen summary's aliases. Another
    // image, so this complete scan resolves none of the first one's findings.
    await importSettled(image.replace(':1', '-related:1'), 'grype', 'grype/dd-issue_9618.json');
    const [finding] = (await t.db.query<{ id: string }>('SELECT id FROM findings WHERE org_id = $1 LIMIT 1', [tenant.id])).rows;
    expectStatus(await t.call('PATCH', `/api/v1/findings/${finding!.id}`, { token, body: { status: 'triaged' } }), 200);
    expectStatus(await t.call('PUT', `/api/v1/assets/${imported.asset_id}/schedule`, { token, body: { interval_hours: 24, scanners: ['trivy'] } }), 200);
    expectStatus(await t.call('PATCH', '/api/v1/settings/scanners', { token, body: { container_image: { secrets: true } } }), 200);
    expectStatus(await t.call('POST', '/api/v1/webhooks', { token, body: { url: `https://hooks.example.com/${randomUUID()}`, events: ['scan.completed'] } }), 201);
    // Teams: a pending invitation (on a plan with a seat for it), a workload and a registry credential.
    await setPlan(t, tenant, 'pro');
    expectStatus(await t.call('POST', '/api/v1/invitations', { token, body: { email: `invitee-${randomUUID().slice(0, 8)}@example.test`, role: 'viewer' } }), 201);
    const expiresAt = new Date(Date.now() + 30 * DAY_MS).toISOString();
    expectStatus(await t.call('POST', '/api/v1/workloads', { token, body: { name: 'pipeline', scopes: ['findings:read'], expires_at: expiresAt } }), 201);
    expectStatus(await t.call('POST', '/api/v1/registry-credentials', { token, body: { registry: 'registry.example.com', username: 'ci', secret: `rs-${randomUUID()}` } }), 201);
    // The directory: a token, a user standing for a person of the organization's verified domain, in a group.
    const directory = await t.call('POST', '/api/v1/identity/scim-tokens', { token, body: { name: 'directory' } });
    expectStatus(directory, 201);
    const domain = `directory-${randomUUID().slice(0, 8)}.example.test`;
    await verifiedDomain(t, tenant, domain);
    const scim = (method: string, path: string, body: unknown) => t.call(method, `/api/scim/v2${path}`, { token: directory.body.token, body });
    const user = await scim('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: `scim-${randomUUID().slice(0, 8)}@${domain}` });
    expectStatus(user, 201);
    expectStatus(await scim('POST', '/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Directory group', members: [{ value: user.body.id }] }), 201);
    // A queued scan: a scan row and its job.
    expectStatus(await t.call('POST', '/api/v1/scans', { token, body: { image: `ghcr.io/acme/queued-${randomUUID().slice(0, 8)}:2`, scanners: ['trivy'] } }), 202);
    // The NHI module's policies: a setting changed, a tool definition approved, findings opened by an evaluation.
    const tool = await seedTool(t, tenant);
    expectStatus(await t.call('PUT', `/nhi/api/v1/identities/${tool.id}/approval`, { token, body: { fingerprint: tool.fingerprint } }), 200);
    expectStatus(await t.call('PATCH', '/nhi/api/v1/policies', { token, body: { stale_identity: { thresholdDays: 60 } } }), 200);
    const role = await seedUsedRole(t, tenant, 400);
    expectStatus(await t.call('POST', '/nhi/api/v1/policies/evaluations', { token }), 200);
    // Governance: a grant and a policy exception asked for the role.
    await requested(t, tenant, tenant.owner, grantRequests, { identityId: role });
    await requested(t, tenant, tenant.owner, exceptionRequests, { identityId: role });
    // A runtime rule, and a logged (and audited) denial.
    expectStatus(await t.call('POST', '/nhi/api/v1/runtime/rules', { token, body: { name: 'no writes', effect: 'deny', enabled: true, match: { actions: ['write'] } } }), 201);
    expectStatus(await t.call('POST', '/nhi/api/v1/runtime/decisions', { token, body: { identity: { identityId: role }, action: 'write', resource: 'x' } }), 200);
    // What the analytics sink (not running here) would have recorded.
    await createSqlAnalytics({ db: t.db }).record([{ eventId: randomUUID(), orgId: tenant.id, type: 'scan.completed', occurredAt: new Date(), subjectId: null, severity: null }]);
    return { apiKey: key };
  } finally {
    await pipeline.stop();
  }
}

describe.each(testProfiles)('organization deletion sweep ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });

  it('places every tenant table: deleted in the plan, or ending access, or surviving on purpose', async () => {
    const handled = new Set([...DELETION_PLAN.map((step) => step.table), ...ACCESS_TABLES, ...SURVIVING_TABLES, ...ERASED_THROUGH_ANALYTICS]);
    const tables = await tenantTables(t.current.db);
    expect(tables.filter((table) => !handled.has(table)), 'tenant tables the deletion does not handle: add them to DELETION_PLAN').toEqual([]);
    expect([...handled].filter((table) => !tables.includes(table)), 'tables the deletion names that do not exist').toEqual([]);
  });

  it("deletes the organization's data after the grace period in batches, keeps the trail and a tombstone, and leaves the other organization untouched", async () => {
    const [doomed, other] = await t.current.twoTenants();
    const colleague = await t.current.member(doomed, 'owner');
    const { apiKey } = await populate(t.current, doomed);
    await populate(t.current, other);

    const scheduled = await t.current.call('POST', '/api/v1/orgs/current/deletion', { token: doomed.owner.token, body: { confirm_name: (await orgName(t.current, doomed)) } });
    expect(scheduled.status, scheduled.raw).toBe(200);
    const deletesAt = new Date(scheduled.body.deletion.deletes_at);

    const before = { doomed: await rowCounts(t.current.db, doomed.id), other: await rowCounts(t.current.db, other.id) };
    for (const table of ['assets', 'scans', 'findings', 'finding_events', 'asset_licenses', 'asset_schedules', 'scan_summaries', 'scan_summary_findings', 'scan_summary_groups', 'scan_summary_aliases', 'verdicts', 'policies', 'policy_versions', 'scanner_settings', 'idempotency_records', 'jobs', 'webhook_endpoints', 'memberships', 'api_keys', 'identity_audit_events', 'analytics_events', 'invitations', 'workloads', 'registry_credentials', 'directory_tokens', 'scim_users', 'scim_group_members', 'directory_groups', 'directory_group_members', 'nhi_identities', 'nhi_findings', 'nhi_tool_approvals', 'nhi_policy_settings', 'nhi_access_grants', 'nhi_policy_exceptions', 'nhi_runtime_rules', 'nhi_runtime_decisions', 'nhi_runtime_denial_windows']) {
      expect(before.doomed[table], `the fixture puts rows in ${table}`).toBeGreaterThan(0);
    }

    const scope = systemScope('delete-organizations');
    expect(await deleteDueOrganizations(deletionDeps(t.current), scope, new Date(deletesAt.getTime() - 1_000))).toEqual([]);
    expect(await rowCounts(t.current.db, doomed.id)).toEqual(before.doomed);

    // Batches of two rows, so every table takes several.
    const when = new Date(deletesAt.getTime() + DAY_MS);
    expect(await deleteDueOrganizations(deletionDeps(t.current), scope, when, 2)).toEqual([doomed.id]);

    const after = await rowCounts(t.current.db, doomed.id);
    const emptied = Object.fromEntries(Object.keys(after).filter((table) => !SURVIVING_TABLES.includes(table)).map((table) => [table, after[table]]));
    expect(emptied).toEqual(Object.fromEntries(Object.keys(emptied).map((table) => [table, 0])));
    expect(await rowCounts(t.current.db, other.id), 'the other organization keeps every row').toEqual(before.other);

    // What survives: the trail (with the deletion's own steps), the keys it names (revoked), and a tombstone.
    expect(after.identity_audit_events).toBeGreaterThan(before.doomed.identity_audit_events!);
    expect(after.api_keys).toBe(before.doomed.api_keys);
    expect((await t.current.db.query('SELECT 1 FROM api_keys WHERE org_id = $1 AND revoked_at IS NULL', [doomed.id])).rowCount).toBe(0);
    expect(after.workloads).toBe(before.doomed.workloads);
    expect((await t.current.db.query('SELECT 1 FROM workloads WHERE org_id = $1 AND revoked_at IS NULL', [doomed.id])).rowCount).toBe(0);
    expect(after.directory_tokens).toBe(before.doomed.directory_tokens);
    expect((await t.current.db.query('SELECT 1 FROM directory_tokens WHERE org_id = $1 AND revoked_at IS NULL', [doomed.id])).rowCount).toBe(0);
    const trail = await t.current.db.query<{ action: string; actor_system: boolean; detail: Record<string, unknown> }>(
      "SELECT action, actor_system, detail FROM identity_audit_events WHERE org_id = $1 AND action LIKE 'organization.delet%' ORDER BY seq",
      [doomed.id],
    );
    expect(trail.rows.map((row) => [row.action, row.actor_system])).toEqual([
      ['organization.deletion_scheduled', false],
      ['organization.deletion_started', true],
      ['organization.deleted', true],
    ]);
    expect(trail.rows[2]!.detail).toMatchObject({ organization_id: doomed.id, scheduled_by: doomed.owner.id, deleted_at: when.toISOString() });
    const tombstone = await t.current.db.query<{ deleted_at: Date }>('SELECT deleted_at FROM organizations WHERE id = $1', [doomed.id]);
    expect(tombstone.rows[0]!.deleted_at).toEqual(when);
    const announced = await t.current.db.query<{ type: string; actor: unknown }>(
      "SELECT value->>'type' AS type, value->'actor' AS actor FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'organization.deleted'",
      [doomed.id],
    );
    expect(announced.rows).toEqual([{ type: 'organization.deleted', actor: { kind: 'system', id: null } }]);

    // Its people lost it at once: they act in their own organization now, and its key is refused.
    for (const person of [doomed.owner, colleague]) {
      const me = await t.current.call('GET', '/api/v1/me', { token: person.token });
      expect(me.status).toBe(200);
      expect(me.body.acting_organization.id).toBe(person.personalOrgId);
      expect((await t.current.call('GET', '/api/v1/orgs', { token: person.token })).body.organizations.map((o: { id: string }) => o.id)).not.toContain(doomed.id);
    }
    expect((await t.current.call('GET', '/api/v1/scans', { token: apiKey })).status).toBe(401);

    // Nothing is left to do.
    expect(await deleteDueOrganizations(deletionDeps(t.current), scope, new Date(when.getTime() + DAY_MS))).toEqual([]);
    await t.current.expectNeighbourUntouched();
  });

  it('runs as a worker on its injected clock', async () => {
    const [doomed, other] = await t.current.twoTenants();
    const scheduled = await t.current.call('POST', '/api/v1/orgs/current/deletion', { token: doomed.owner.token, body: { confirm_name: await orgName(t.current, doomed) } });
    expect(scheduled.status, scheduled.raw).toBe(200);
    let clock = new Date();
    const sweep = createOrganizationDeletionSweep({ ...deletionDeps(t.current), logger: createLogger('silent'), now: () => clock, intervalMs: 10 });
    sweep.start();
    try {
      clock = new Date(Date.now() + DELETION_GRACE_MS + DAY_MS);
      await vi.waitFor(async () => expect((await t.current.db.query('SELECT 1 FROM organizations WHERE id = $1 AND deleted_at IS NOT NULL', [doomed.id])).rowCount).toBe(1), {
        timeout: 10_000,
      });
      expect((await t.current.db.query('SELECT 1 FROM organizations WHERE id = $1 AND deleted_at IS NULL', [other.id])).rowCount).toBe(1);
    } finally {
      await sweep.stop();
    }
  });
});

const orgName = async (t: TestApp, tenant: TestTenant): Promise<string> =>
  (await t.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.name;

// Two sweeps at once need a second connection, which the embedded profile does not have.
describe('organization deletion sweeps running side by side (postgres)', () => {
  const t = useTestApp({ profile: 'postgres', counters: 'redis' });

  it('delete everything between them and finish the organization exactly once', async () => {
    const [doomed, other] = await t.current.twoTenants();
    await populate(t.current, doomed);
    await populate(t.current, other);
    const scheduled = await t.current.call('POST', '/api/v1/orgs/current/deletion', { token: doomed.owner.token, body: { confirm_name: await orgName(t.current, doomed) } });
    expect(scheduled.status, scheduled.raw).toBe(200);
    const otherBefore = await rowCounts(t.current.db, other.id);
    const when = new Date(Date.parse(scheduled.body.deletion.deletes_at) + DAY_MS);
    const scope = systemScope('delete-organizations');

    const finished = await Promise.all([1, 2, 3].map(() => deleteDueOrganizations(deletionDeps(t.current), scope, when, 1)));
    // A sweep that came up short leaves the finish to the next run; one more makes sure it happens.
    const later = await deleteDueOrganizations(deletionDeps(t.current), scope, when);
    expect([...finished.flat(), ...later]).toEqual([doomed.id]);

    const after = await rowCounts(t.current.db, doomed.id);
    expect(Object.entries(after).filter(([table, count]) => !SURVIVING_TABLES.includes(table) && count > 0)).toEqual([]);
    const deletedEvents = await t.current.db.query("SELECT 1 FROM identity_audit_events WHERE org_id = $1 AND action = 'organization.deleted'", [doomed.id]);
    expect(deletedEvents.rowCount).toBe(1);
    expect(await rowCounts(t.current.db, other.id)).toEqual(otherBefore);
  });
});
