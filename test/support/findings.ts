// Real findings for tests of the findings API: reports imported through POST
// /api/v1/scans/import and the pipeline (test/support/pipeline.ts), and findings
// brought into every status the way the product gets them there: resolved by a
// later report without them, reopened by one with them again, triaged and
// suppressed through PATCH /findings/{id}.
import { randomUUID } from 'node:crypto';
import type { FindingStatus } from '../../services/findings/findings.js';
import { readReportFixture } from '../../services/findings/testing/report-fixtures.js';
import type { TestPipeline } from './pipeline.js';
import type { TestApp, TestTenant } from './test-app.js';
import { actingAsSchemaOwner } from '../../services/platform/db/tenant-scope.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a Trivy report is walked field by field
type Json = Record<string, any>;

export const freshImage = (): string => `ghcr.io/acme/triage-${randomUUID().slice(0, 8)}:1.0`;

/**
 * Trivy's alpine-310 report with one vulnerability per advisory id, each a copy of
 * its first one under another id: as many distinct findings as a test needs.
 */
export function trivyReportWith(advisories: readonly string[]): Json {
  const report = structuredClone(readReportFixture('trivy/alpine-310.json')) as Json;
  const template = report.Results[0].Vulnerabilities[0];
  report.Results[0].Vulnerabilities = advisories.map((advisory) => ({ ...structuredClone(template), VulnerabilityID: advisory }));
  return report;
}

/** Imports the report as the tenant's owner and waits until its findings are recorded. */
export async function importReport(
  t: TestApp,
  pipeline: TestPipeline,
  tenant: TestTenant,
  report: unknown,
  image: string | { software: { name: string; version?: string } } = freshImage(),
  format: 'trivy' | 'grype' | 'sarif' = 'trivy',
): Promise<{ scanId: string; assetId: string }> {
  // An image reference, or a named software asset.
  const asset = typeof image === 'string' ? { image } : image;
  const response = await t.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { ...asset, format, report } });
  if (response.status !== 202) throw new Error(`import answered ${response.status}: ${response.raw}`);
  await pipeline.scanSettled(tenant.id, response.body.id);
  return { scanId: response.body.id, assetId: response.body.asset_id };
}

/** The ids of the asset's findings, by advisory id. */
export async function findingIdsByAdvisory(t: TestApp, tenant: TestTenant, assetId: string): Promise<Map<string, string>> {
  const found = await t.db.query<{ id: string; identifier: string }>('SELECT id, identifier FROM findings WHERE org_id = $1 AND asset_id = $2', [tenant.id, assetId]);
  return new Map(found.rows.map((row) => [row.identifier, row.id]));
}

export const inAWeek = (): string => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();

/** PATCH /findings/{id} as the tenant's owner, expecting success. */
export async function moveFinding(t: TestApp, tenant: TestTenant, findingId: string, body: Record<string, unknown>): Promise<void> {
  const response = await t.call('PATCH', `/api/v1/findings/${findingId}`, { token: tenant.owner.token, body });
  if (response.status !== 200) throw new Error(`PATCH ${JSON.stringify(body)} answered ${response.status}: ${response.raw}`);
}

export const suppression = (reason = 'accepted risk: not reachable') => ({ status: 'suppressed', reason, expires_at: inAWeek() });

/** `perStatus` findings of one asset in each of the five statuses. */
export async function findingsInEveryStatus(t: TestApp, pipeline: TestPipeline, tenant: TestTenant, perStatus: number): Promise<Record<FindingStatus, string[]>> {
  const statuses: FindingStatus[] = ['open', 'triaged', 'suppressed', 'resolved', 'reopened'];
  const advisories = Object.fromEntries(statuses.map((status) => [status, Array.from({ length: perStatus }, (_, i) => `CVE-2099-${status}-${i}`)])) as Record<FindingStatus, string[]>;
  const all = statuses.flatMap((status) => advisories[status]);
  const without = (...gone: FindingStatus[]) => trivyReportWith(all.filter((advisory) => !gone.some((status) => advisories[status].includes(advisory))));

  const image = freshImage();
  const { assetId } = await importReport(t, pipeline, tenant, trivyReportWith(all), image);
  await importReport(t, pipeline, tenant, without('resolved', 'reopened'), image);
  await importReport(t, pipeline, tenant, without('resolved'), image);
  const ids = await findingIdsByAdvisory(t, tenant, assetId);
  const byStatus = Object.fromEntries(statuses.map((status) => [status, advisories[status].map((advisory) => ids.get(advisory)!)])) as Record<FindingStatus, string[]>;
  for (const id of byStatus.triaged) await moveFinding(t, tenant, id, { status: 'triaged' });
  for (const id of byStatus.suppressed) await moveFinding(t, tenant, id, suppression());
  return byStatus;
}

export interface StoredFindingEvent {
  org_id: string;
  finding_id: string;
  from_status: string | null;
  to_status: string;
  actor_kind: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  suppressed_by: string | null;
  reason: string | null;
  suppressed_until: Date | null;
  request_id: string | null;
}

/** The status-change events of the given findings, as stored, oldest first (across organizations, to show where each was filed). */
export async function statusEventsOf(t: TestApp, findingIds: readonly string[]): Promise<StoredFindingEvent[]> {
  const found = await t.db.query<StoredFindingEvent>(
    `SELECT org_id, finding_id, from_status, to_status, actor_kind, actor_user_id, actor_api_key_id, suppressed_by, reason, suppressed_until, request_id
       FROM finding_events WHERE finding_id = ANY ($1::uuid[]) AND type = 'status_changed' ORDER BY seq`,
    [findingIds],
  );
  return found.rows;
}

/** The finding.status_changed domain events recorded in the organization's outbox, oldest first, payload parsed. */
export async function statusChangedDomainEvents(t: TestApp, orgId: string): Promise<Json[]> {
  const found = await t.db.query<{ value: Json }>(
    `SELECT value FROM outbox_records WHERE org_id = $1 AND topic = 'domain-events' AND value->>'type' = 'finding.status_changed' ORDER BY seq, position`,
    [orgId],
  );
  return found.rows.map(({ value }) => ({ ...value, payload: JSON.parse(value.payload) }));
}

/** The status of each of the tenant's findings among these, by id. */
export async function statusesOf(t: TestApp, tenant: TestTenant, findingIds: readonly string[]): Promise<Record<string, string>> {
  const found = await t.db.query<{ id: string; status: string }>('SELECT id, status FROM findings WHERE org_id = $1 AND id = ANY ($2::uuid[])', [tenant.id, findingIds]);
  return Object.fromEntries(found.rows.map((row) => [row.id, row.status]));
}

/**
 * PostgreSQL only (PGlite has one connection, so nothing interleaves): moves the
 * finding to `status` in a transaction of its own, starts `request` while that
 * transaction holds the row, waits until the request blocks on it, then commits.
 * The request read the finding before the move and writes after it: a concurrent
 * writer, deterministic.
 */
export async function underConcurrentMove<T>(t: TestApp, tenant: TestTenant, findingId: string, status: FindingStatus, request: () => Promise<T>): Promise<T> {
  let pending!: Promise<T>;
  await t.db.transaction(async (tx) => {
    await tx.query('UPDATE findings SET status = $3 WHERE org_id = $1 AND id = $2', [tenant.id, findingId, status]);
    let settled = false;
    pending = request().finally(() => (settled = true));
    // A request that never blocks (it failed first) ends the wait too, and the caller's assertions say what happened.
    const deadline = Date.now() + 20_000;
    while (!settled) {
      // As the owner (the tests' superuser): the service's roles see no other session's wait events.
      const waiting = await actingAsSchemaOwner(() =>
        t.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"),
      );
      if (waiting.rows[0]!.n > 0) break;
      // Throwing rolls the move back, which lets the request go on.
      if (Date.now() > deadline) throw new Error('the request neither finished nor blocked on the moved finding within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return pending;
}
