// Continuous matching through the whole pipeline on both database profiles (item
// 3): real SBOMs (test/fixtures/sboms) imported into two organizations, real OSV npm records
// (the built-in scanner's fixtures) synchronized from the local OSV archive server; then a
// synchronization adds one record (ws's GHSA-3h5v-q93c-6h6q), and later withdraws it. The
// planner requests exactly the assets holding ws (archived ones left out), the processor
// records a scan of each stored inventory, and findings, timeline entries and webhook
// deliveries appear, then resolve, in that organization alone, saying what caused them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryDataOf, createAdvisoryStore, syncAdvisories } from '../../advisories/index.js';
import { startOsvArchiveServer, type FixtureRecord, type OsvArchiveServer } from '../../advisories/testing/osv-archive-server.js';
import { readSbomFixture } from '../../findings/testing/report-fixtures.js';
import type { OrgId } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logger.js';
import type { Subscription } from '../../../streams/log/stream-log.js';
import { systemScope } from '../../platform/tenancy.js';
import { webhookDispatcher } from '../../webhooks/processors/webhook-dispatcher.js';
import { osvFixtureRecords } from '../../../test/fixtures/built-in-scan/image.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { planRematches } from '../workers/rematch-planner.js';
import { rematchProcessor } from './rematch-processor.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents and records are walked field by field
type Json = Record<string, any>;

const WS_ADVISORY = 'GHSA-3h5v-q93c-6h6q';
const npmRecords = osvFixtureRecords().filter((record) => record.ecosystem === 'npm');
const wsRecord = npmRecords.find((record) => record.id === WS_ADVISORY)!.json as Json;
const fixtureRecord = (json: Json): FixtureRecord => ({ id: json.id, modified: json.modified, text: JSON.stringify(json) });
// juice-shop holds ws 7.4.6 (affected: 7.0.0 to 7.5.10); Trivy's npm document holds no ws.
const juiceShop = readSbomFixture('cyclonedx/bom-examples-juice-shop-flat.bom.1.4.json');
const withoutWs = readSbomFixture('cyclonedx/trivy-npm-cyclonedx.json');

describe.each(testProfiles)('continuous matching ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);
  const planning = systemScope('plan-advisory-rematches');
  let advisories: OsvArchiveServer;
  let subscriptions: Subscription[] = [];

  beforeAll(async () => {
    // Every npm record but ws's: the one a later synchronization adds.
    advisories = await startOsvArchiveServer(new Map([['npm', npmRecords.filter((record) => record.id !== WS_ADVISORY).map((record) => fixtureRecord(record.json as Json))]]));
    const synced = await syncAdvisories({ db: t.current.db, source: advisories.url, ecosystems: ['npm'] });
    expect(synced.ecosystems.map((result) => result.error)).toEqual([null]);
    // The first load's changes match nothing yet (no inventory is held): planned away here.
    await planRematches(t.current.db, planning);
    const logger = createLogger('silent');
    const group = `cmatch-${randomUUID().slice(0, 8)}`;
    subscriptions = await Promise.all([
      pipeline.current.log.subscribe({ ...rematchProcessor({ db: t.current.db, logger, advisories: advisoryDataOf(createAdvisoryStore(t.current.db)) }), group: `${group}-rematch` }),
      pipeline.current.log.subscribe({ ...webhookDispatcher({ db: t.current.db }), group: `${group}-webhooks` }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await advisories?.close();
  });

  const image = (name: string) => `ghcr.io/acme/${name}-${randomUUID().slice(0, 8)}:1.0`;
  async function imported(tenant: TestTenant, report: string) {
    const response = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image: image('app'), format: 'cyclonedx', report } });
    expect(response.status, response.raw).toBe(202);
    await pipeline.current.scanSettled(tenant.id, response.body.id);
    return response.body as Json;
  }
  const count = async (sql: string, params: unknown[]) => (await t.current.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${sql}`, params)).rows[0]!.n;
  const rematchScans = async (orgId: OrgId) =>
    (await t.current.db.query<{ id: string; asset_id: string; state: string }>("SELECT id, asset_id, state FROM scans WHERE org_id = $1 AND source = 'advisory_update' ORDER BY created_at", [orgId])).rows;
  /** Waits until the organization has `expected` re-match scans, all final, and the webhook dispatcher has had time to see their events. */
  async function rematched(tenant: TestTenant, expected: number) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const scans = await rematchScans(tenant.id);
      if (scans.length === expected && scans.every((scan) => scan.state === 'completed')) break;
      if (Date.now() > deadline) throw new Error(`re-match scans of ${tenant.id}: ${JSON.stringify(scans)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const scans = await rematchScans(tenant.id);
    return (await t.current.call('GET', `/api/v1/scans/${scans[scans.length - 1]!.id}`, { token: tenant.owner.token })).body as Json;
  }
  async function deliveries(orgId: OrgId, type: string, expected: number) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = (await t.current.db.query<{ payload: string }>('SELECT payload FROM webhook_deliveries WHERE org_id = $1 AND event_type = $2', [orgId, type])).rows;
      if (rows.length >= expected || Date.now() > deadline) return rows.map((row) => JSON.parse(row.payload) as Json);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('matches again exactly the assets holding a package an added advisory names, and resolves their findings when it is withdrawn', async () => {
    const [first, second] = await t.current.twoTenants();
    for (const tenant of [first, second]) {
      const endpoint = await t.current.call('POST', '/api/v1/webhooks', {
        token: tenant.owner.token,
        body: { url: `https://hooks.example.com/${randomUUID()}`, events: ['finding.created', 'finding.status_changed'] },
      });
      expect(endpoint.status, endpoint.raw).toBe(201);
    }
    const holder = await imported(first, juiceShop);
    const notHolder = await imported(first, withoutWs);
    const archived = await imported(first, juiceShop);
    expect((await t.current.call('POST', `/api/v1/assets/${archived.asset_id}/archive`, { token: first.owner.token, body: { reason: 'retired' } })).status).toBe(200);
    await imported(second, withoutWs);
    const findingsOf = (tenant: TestTenant, assetId?: string) =>
      assetId === undefined ? count('findings WHERE org_id = $1', [tenant.id]) : count('findings WHERE org_id = $1 AND asset_id = $2', [tenant.id, assetId]);
    const findingsBefore = { first: await findingsOf(first), second: await findingsOf(second), notHolder: await findingsOf(first, notHolder.asset_id), archived: await findingsOf(first, archived.asset_id) };
    // Every finding the imports created has its delivery before anything changes.
    const createdBefore = (await deliveries(first.id, 'finding.created', findingsBefore.first)).length;
    expect(createdBefore).toBe(findingsBefore.first);
    expect((await deliveries(second.id, 'finding.created', findingsBefore.second)).length).toBe(findingsBefore.second);
    const secondDeliveries = await count('webhook_deliveries WHERE org_id = $1', [second.id]);

    // A synchronization that changes nothing plans nothing.
    await syncAdvisories({ db: t.current.db, source: advisories.url, ecosystems: ['npm'] });
    expect(await planRematches(t.current.db, planning)).toEqual({ changes: 0, assets: 0, organizations: 0 });

    // ws's advisory is published (as modified after the newest record held, which an incremental run reads down to):
    // one asset of the first organization holds ws, the archived one is left out.
    advisories.put('npm', JSON.stringify({ ...wsRecord, modified: '2025-01-01T00:00:00Z' }));
    const added = await syncAdvisories({ db: t.current.db, source: advisories.url, ecosystems: ['npm'] });
    expect(added.ecosystems.map((result) => [result.mode, result.written])).toEqual([['incremental', 1]]);
    expect(await planRematches(t.current.db, planning)).toEqual({ changes: 1, assets: 1, organizations: 1 });

    const scan = await rematched(first, 1);
    const cause = { trigger: 'advisory_update', advisories: [WS_ADVISORY] };
    expect(scan).toMatchObject({ asset_id: holder.asset_id, source: 'advisory_update', scanners: ['sentinel'], state: 'completed', cause, new_findings: 1, resolved_findings: 0 });
    expect(scan.requested_by).toEqual({ kind: 'system', id: null });
    const found = await t.current.call('GET', `/api/v1/findings?asset_id=${holder.asset_id}&q=ws`, { token: first.owner.token });
    const ws = (found.body.items as Json[]).filter((finding) => finding.component_name === 'ws');
    expect(ws.map((finding) => [finding.identifier, finding.component_version, finding.status])).toEqual([['CVE-2024-37890', '7.4.6', 'open']]);
    const detail = await t.current.call('GET', `/api/v1/findings/${ws[0]!.id}`, { token: first.owner.token });
    expect(detail.body.events.map((event: Json) => [event.type, event.scan_id, event.cause])).toEqual([['created', scan.id, cause]]);
    // The other assets: no re-match, nothing new.
    expect((await rematchScans(first.id)).map((row) => row.asset_id)).toEqual([holder.asset_id]);
    expect([await findingsOf(first, notHolder.asset_id), await findingsOf(first, archived.asset_id)]).toEqual([findingsBefore.notHolder, findingsBefore.archived]);
    expect(await findingsOf(first)).toBe(findingsBefore.first + 1);
    const created = await deliveries(first.id, 'finding.created', createdBefore + 1);
    expect(created.length).toBe(createdBefore + 1);
    expect(created.filter((body) => body.data.cause !== null).map((body) => [body.data.identifier, body.data.scan_id, body.data.cause])).toEqual([['CVE-2024-37890', scan.id, cause]]);

    // Withdrawn: the holder is matched again without it, and the finding resolves by absence.
    advisories.put('npm', JSON.stringify({ ...wsRecord, modified: '2025-01-02T00:00:00Z', withdrawn: '2025-01-02T00:00:00Z' }));
    await syncAdvisories({ db: t.current.db, source: advisories.url, ecosystems: ['npm'] });
    expect(await planRematches(t.current.db, planning)).toEqual({ changes: 1, assets: 1, organizations: 1 });
    const withdrawn = await rematched(first, 2);
    expect(withdrawn).toMatchObject({ asset_id: holder.asset_id, cause, new_findings: 0, resolved_findings: 1 });
    const resolved = await t.current.call('GET', `/api/v1/findings/${ws[0]!.id}`, { token: first.owner.token });
    expect(resolved.body.status).toBe('resolved');
    expect(resolved.body.events[0]).toMatchObject({ type: 'status_changed', to_status: 'resolved', scan_id: withdrawn.id, cause });
    const changed = await deliveries(first.id, 'finding.status_changed', 1);
    expect(changed.map((body) => [body.data.to, body.data.cause])).toEqual([['resolved', cause]]);

    // The second organization holds no ws: no scan, finding or delivery came of either change.
    expect(await rematchScans(second.id)).toEqual([]);
    expect(await findingsOf(second)).toBe(findingsBefore.second);
    expect(await count('webhook_deliveries WHERE org_id = $1', [second.id])).toBe(secondDeliveries);
    expect(await count('advisory_package_changes', [])).toBe(0);
  }, 300_000);

  it('applies a request once however often the log delivers it, leaves out an asset archived since it was planned, and resolves only findings of its advisories', async () => {
    const [tenant] = await t.current.twoTenants();
    const held = await imported(tenant, juiceShop);
    const archivedSince = await imported(tenant, juiceShop);
    expect((await t.current.call('POST', `/api/v1/assets/${archivedSince.asset_id}/archive`, { token: tenant.owner.token, body: { reason: 'retired' } })).status).toBe(200);
    // Trivy's document reports jquery's CVE-2019-11358 itself (no npm record held names jquery): the re-match does not see it, and must not resolve it.
    const documented = await imported(tenant, withoutWs);
    const request = {
      request_id: randomUUID(),
      org_id: tenant.id,
      requested_at: Date.now(),
      assets: [held.asset_id, archivedSince.asset_id, documented.asset_id].map((assetId) => ({ asset_id: assetId, advisories: [WS_ADVISORY] })),
    };
    const record = { key: tenant.id, value: request, headers: {}, topic: 'advisory-rematch', partition: 0, offset: '0' };
    const processor = rematchProcessor({ db: t.current.db, logger: createLogger('silent'), advisories: advisoryDataOf(createAdvisoryStore(t.current.db)) });
    // Delivered twice in one batch, then again after a crash before the commit.
    await processor.handle([record, record]);
    await processor.handle([record]);
    await rematched(tenant, 2);
    const scans = (await t.current.call('GET', '/api/v1/scans', { token: tenant.owner.token })).body.items.filter((scan: Json) => scan.source === 'advisory_update');
    expect(scans.map((scan: Json) => [scan.asset_id, scan.state, scan.completed_kinds, scan.resolved_findings, scan.cause]).sort()).toEqual(
      [held.asset_id, documented.asset_id].map((assetId) => [assetId, 'completed', ['vulnerability'], 0, { trigger: 'advisory_update', advisories: [WS_ADVISORY] }]).sort(),
    );
    const jquery = await t.current.db.query<{ identifier: string; status: string }>('SELECT identifier, status FROM findings WHERE org_id = $1 AND asset_id = $2', [tenant.id, documented.asset_id]);
    expect(jquery.rows).toEqual([{ identifier: 'CVE-2019-11358', status: 'open' }]);
  }, 300_000);
});
