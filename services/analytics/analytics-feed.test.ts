// The findings analytics feed on both profiles (PostgreSQL with ClickHouse, PGlite
// with the SQL store), two organizations each living through every kind of
// timeline entry: creation, resolution by absence, reopening (with a new
// severity), triage, suppression, its expiry, and a change of severity. The live
// feed (finding.* domain events through the sink) and the rebuild (the timeline
// in PostgreSQL) must build the same transitions, store each once whatever is
// delivered twice or rebuilt beside it, and forget a deleted asset's.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findingIdsByAdvisory, freshImage, importReport, moveFinding, trivyReportWith } from '../../test/support/findings.js';
import { usePipeline } from '../../test/support/pipeline.js';
import { scratchClickHouseAnalytics } from '../../test/support/scratch-clickhouse.js';
import { testProfiles, useTestApp, type TestApp, type TestTenant } from '../../test/support/test-app.js';
import type { Analytics } from './store/analytics.js';
import { chsql, identifier } from '../platform/clickhouse/clickhouse-sql.js';
import type { FindingTransition } from './store/finding-transitions.js';
import { createSqlAnalytics } from './store/sql-analytics.js';
import type { Database, OrgId } from '../platform/db/database.js';
import type { DomainEvent } from '../../streams/outbox.js';
import type { ConsumedRecord } from '../../streams/log/stream-log.js';
import { systemScope } from '../platform/tenancy.js';
import { expireDueSuppressions } from '../findings/workers/suppression-expiry.js';
import { analyticsSink } from './processors/analytics-sink.js';
import { rebuildAnalytics, timelineTransitions } from './rebuild.js';
import { analyticsEffectOf } from './transitions.js';
import { readVexFixture } from '../vex/testing/vex-documents.js';

/** A stored transition as both stores' raw tables hold it, times in whole UTC seconds. */
interface StoredTransition {
  id: string;
  asset_id: string;
  severity: string;
  from_severity: string | null;
  from_status: string | null;
  to_status: string;
}

interface Store {
  analytics: Analytics;
  /** Every stored row of the organization, read past the port: the SQL table as is, ClickHouse's with FINAL. */
  stored(orgId: OrgId): Promise<StoredTransition[]>;
  dispose(): Promise<void>;
}

const byId = <T extends { id: string }>(rows: T[]): T[] => [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

function sqlStore(db: Database): Store {
  return {
    analytics: createSqlAnalytics({ db }),
    async stored(orgId) {
      const { rows } = await db.query<StoredTransition>(
        'SELECT id::text AS id, asset_id::text AS asset_id, severity, from_severity, from_status, to_status FROM analytics_finding_transitions WHERE org_id = $1',
        [orgId],
      );
      return byId(rows);
    },
    async dispose() {},
  };
}

async function clickHouseStore(): Promise<Store> {
  const { analytics, database, reader, dispose } = await scratchClickHouseAnalytics();
  return {
    analytics,
    async stored(orgId) {
      // FINAL folds what a merge would fold (the same org_id, asset_id, id) and nothing else.
      return byId(
        await reader.rows<StoredTransition>(chsql`
          SELECT id, asset_id, severity, from_severity, from_status, to_status
          FROM ${identifier(database, 'finding_transitions')} FINAL
          WHERE org_id = ${orgId.toLowerCase()}`),
      );
    },
    dispose,
  };
}

/** The organization's domain events as the relay publishes them, oldest first, as the sink consumes them. */
async function domainEventsOf(t: TestApp, orgId: OrgId, types: readonly string[]): Promise<ConsumedRecord<DomainEvent>[]> {
  const found = await t.db.query<{ value: DomainEvent }>(
    `SELECT value FROM outbox_records WHERE org_id = $1 AND topic = 'domain-events' AND value->>'type' = ANY ($2::text[]) ORDER BY seq, position`,
    [orgId, types],
  );
  return found.rows.map(({ value }, offset) => ({ topic: 'domain-events', partition: 0, offset: String(offset), key: orgId, value, headers: {} }));
}

const findingEventTypes = ['finding.created', 'finding.status_changed', 'finding.severity_changed'];

/** The transitions the live feed builds from the organization's finding.* events. */
async function liveTransitions(t: TestApp, orgId: OrgId): Promise<FindingTransition[]> {
  const records = await domainEventsOf(t, orgId, findingEventTypes);
  return byId(records.map(({ value }) => analyticsEffectOf(value, orgId)).map((effect) => (effect && 'transition' in effect ? effect.transition : undefined)).filter((x) => x !== undefined));
}

/** The transitions the rebuild builds from the organization's whole timeline. */
async function rebuiltTransitions(db: Database, orgId: OrgId): Promise<FindingTransition[]> {
  return byId(await timelineTransitions(db, orgId, { after: 0, through: Number.MAX_SAFE_INTEGER, limit: 100_000 }));
}

/** A Trivy report of these advisories, each with its severity. */
function reportWith(severities: Record<string, 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL'>) {
  const report = trivyReportWith(Object.keys(severities));
  for (const vulnerability of report.Results[0].Vulnerabilities) vulnerability.Severity = severities[vulnerability.VulnerabilityID];
  return report;
}

interface Lived {
  assetId: string;
  ids: Map<string, string>;
  /** The scan that reopened one finding and changed another's severity. */
  rescoringScanId: string;
}

/**
 * One asset living through every kind of entry: five findings created (all HIGH);
 * A2 resolved by absence; A2 reopened as LOW (one entry) and A1 rated CRITICAL
 * (a severity change); A3 triaged; A4 suppressed, then expired by the sweep;
 * then the same report again, which changes nothing; and a VEX statement that A3
 * is fixed, a timeline entry that changes nothing of the finding (no transition).
 */
async function liveThroughEverything(t: TestApp, pipeline: Parameters<typeof importReport>[1], tenant: TestTenant): Promise<Lived> {
  const image = freshImage();
  const all = { 'CVE-2099-0001': 'HIGH', 'CVE-2099-0002': 'HIGH', 'CVE-2099-0003': 'HIGH', 'CVE-2099-0004': 'HIGH', 'CVE-2099-0005': 'HIGH' } as const;
  const { assetId } = await importReport(t, pipeline, tenant, reportWith(all), image);
  const { 'CVE-2099-0002': _gone, ...withoutA2 } = all;
  await importReport(t, pipeline, tenant, reportWith(withoutA2), image);
  const rescored = { ...all, 'CVE-2099-0001': 'CRITICAL', 'CVE-2099-0002': 'LOW' } as const;
  const { scanId: rescoringScanId } = await importReport(t, pipeline, tenant, reportWith(rescored), image);
  const ids = await findingIdsByAdvisory(t, tenant, assetId);
  await moveFinding(t, tenant, ids.get('CVE-2099-0003')!, { status: 'triaged' });
  const soon = new Date(Date.now() + 60 * 60 * 1000);
  await moveFinding(t, tenant, ids.get('CVE-2099-0004')!, { status: 'suppressed', reason: 'accepted for an hour', expires_at: soon.toISOString() });
  await importReport(t, pipeline, tenant, reportWith(rescored), image);
  // vexctl's sample statement that a vulnerability is fixed, about A3 and this asset as a whole.
  const vex = readVexFixture('openvex/vexctl-sample-2vulns.openvex.json');
  vex.statements = [{ ...vex.statements[1], vulnerability: { name: 'CVE-2099-0003' }, products: undefined }];
  const recorded = await t.call('POST', `/api/v1/assets/${assetId}/vex`, { token: tenant.owner.token, body: vex });
  if (recorded.body.counts.recorded !== 1) throw new Error(`the VEX import answered ${recorded.raw}`);
  return { assetId, ids, rescoringScanId };
}

describe.each(testProfiles)('findings analytics feed ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);
  let store: Store;
  let tenants: [TestTenant, TestTenant];
  let lived: [Lived, Lived];
  beforeAll(async () => {
    store = profile === 'postgres' ? await clickHouseStore() : sqlStore(t.current.db);
    tenants = await t.current.twoTenants();
    lived = [await liveThroughEverything(t.current, pipeline.current, tenants[0]), await liveThroughEverything(t.current, pipeline.current, tenants[1])];
    // The sweep runs across organizations: both suppressions end here.
    await expireDueSuppressions(t.current.db, systemScope('expire-suppressions'), new Date(Date.now() + 2 * 60 * 60 * 1000));
  }, 300_000);
  afterAll(async () => {
    await store?.dispose();
  });

  const timelineOf = async (tenant: TestTenant, findingId: string) =>
    (
      await t.current.db.query<{ type: string; from_status: string | null; to_status: string; severity: string | null; from_severity: string | null }>(
        'SELECT type, from_status, to_status, severity, from_severity FROM finding_events WHERE org_id = $1 AND finding_id = $2 ORDER BY seq',
        [tenant.id, findingId],
      )
    ).rows;

  it('records a change of severity as its own timeline entry, a reopening with a new severity as one entry, and the same severity as none', async () => {
    const [tenant] = tenants;
    const { ids } = lived[0];
    expect(await timelineOf(tenant, ids.get('CVE-2099-0001')!)).toEqual([
      { type: 'created', from_status: null, to_status: 'open', severity: 'high', from_severity: null },
      { type: 'severity_changed', from_status: 'open', to_status: 'open', severity: 'critical', from_severity: 'high' },
    ]);
    expect(await timelineOf(tenant, ids.get('CVE-2099-0002')!)).toEqual([
      { type: 'created', from_status: null, to_status: 'open', severity: 'high', from_severity: null },
      { type: 'status_changed', from_status: 'open', to_status: 'resolved', severity: 'high', from_severity: null },
      { type: 'status_changed', from_status: 'resolved', to_status: 'reopened', severity: 'low', from_severity: null },
    ]);
    expect(await timelineOf(tenant, ids.get('CVE-2099-0004')!)).toEqual([
      { type: 'created', from_status: null, to_status: 'open', severity: 'high', from_severity: null },
      { type: 'status_changed', from_status: 'open', to_status: 'suppressed', severity: 'high', from_severity: null },
      { type: 'status_changed', from_status: 'suppressed', to_status: 'open', severity: 'high', from_severity: null },
    ]);
    expect(await timelineOf(tenant, ids.get('CVE-2099-0005')!)).toEqual([{ type: 'created', from_status: null, to_status: 'open', severity: 'high', from_severity: null }]);

    const listed = await t.current.call('GET', `/api/v1/findings/${ids.get('CVE-2099-0001')!}/events`, { token: tenant.owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.items[0]).toMatchObject({ type: 'severity_changed', from_status: 'open', to_status: 'open', severity: 'critical', from_severity: 'high', actor: { kind: 'system', id: null } });
    // The second organization's timeline is its own: the same advisories, other findings.
    const foreign = await t.current.call('GET', `/api/v1/findings/${ids.get('CVE-2099-0001')!}/events`, { token: tenants[1].owner.token });
    expect(foreign.status).toBe(404);
  });

  it('leaves the scan counts as they were: the rescoring scan reopened one finding, created and resolved none', async () => {
    const scan = await t.current.db.query('SELECT state, new_count, reopened_count, resolved_count FROM scans WHERE org_id = $1 AND id = $2', [tenants[0].id, lived[0].rescoringScanId]);
    expect(scan.rows[0]).toEqual({ state: 'completed', new_count: 0, reopened_count: 1, resolved_count: 0 });
  });

  it('announces finding.severity_changed with the whole timeline entry, and endpoints may subscribe to it', async () => {
    const [tenant] = tenants;
    const findingId = lived[0].ids.get('CVE-2099-0001')!;
    const events = (await domainEventsOf(t.current, tenant.id, ['finding.severity_changed'])).map(({ value }) => ({ ...value, payload: JSON.parse(value.payload) }));
    expect(events).toHaveLength(1);
    const entry = await t.current.db.query<{ id: string; seq: string; occurred_at: Date }>(
      "SELECT id, seq::text AS seq, occurred_at FROM finding_events WHERE org_id = $1 AND finding_id = $2 AND type = 'severity_changed'",
      [tenant.id, findingId],
    );
    const finding = await t.current.db.query<{ first_seen_at: Date }>('SELECT first_seen_at FROM findings WHERE org_id = $1 AND id = $2', [tenant.id, findingId]);
    expect(events[0]).toMatchObject({
      org_id: tenant.id,
      subject_id: findingId,
      payload: {
        finding_id: findingId,
        asset_id: lived[0].assetId,
        timeline_event_id: entry.rows[0]!.id,
        sequence: Number(entry.rows[0]!.seq),
        kind: 'vulnerability',
        identifier: 'CVE-2099-0001',
        severity: 'critical',
        from_severity: 'high',
        first_seen_at: finding.rows[0]!.first_seen_at.toISOString(),
        occurred_at: entry.rows[0]!.occurred_at.toISOString(),
        from: 'open',
        to: 'open',
        scan_id: lived[0].rescoringScanId,
      },
    });
    const subscribed = await t.current.call('POST', '/api/v1/webhooks', {
      token: tenant.owner.token,
      body: { url: 'https://hooks.example.com/sentinel', events: ['finding.severity_changed'] },
    });
    expect(subscribed.status, subscribed.raw).toBe(201);
  });

  it('builds, field by field, the same transition from the live feed as from the rebuild, for every kind of entry', async () => {
    for (const tenant of tenants) {
      const live = await liveTransitions(t.current, tenant.id);
      const rebuilt = await rebuiltTransitions(t.current.db, tenant.id);
      expect(live).toEqual(rebuilt);
      // Every kind of entry is among them: creation, resolution, reopening, triage, suppression, its expiry, a change of severity.
      const kinds = new Set(live.map((x) => `${x.fromStatus ?? 'new'}>${x.toStatus}${x.fromSeverity ? ` ${x.fromSeverity}>${x.severity}` : ''}`));
      expect([...kinds].sort()).toEqual(['new>open', 'open>open high>critical', 'open>resolved', 'open>suppressed', 'open>triaged', 'resolved>reopened', 'suppressed>open'].sort());
      expect(live.every((x) => x.orgId === tenant.id)).toBe(true);
    }
  });

  it('stores each transition once however often it is delivered and whatever the rebuild records beside it', async () => {
    const sink = analyticsSink({ analytics: store.analytics });
    const scope = systemScope('rebuild-analytics');
    for (const tenant of tenants) {
      const records = await domainEventsOf(t.current, tenant.id, findingEventTypes);
      await sink.handle(records);
      await rebuildAnalytics({ db: t.current.db, analytics: store.analytics, scope, progress: () => {}, pageSize: 4 }, tenant.id);
      // Redelivered whole, and in halves as the log hands a failing batch over again.
      await sink.handle(records);
      await sink.handle(records.slice(0, Math.floor(records.length / 2)));
      await rebuildAnalytics({ db: t.current.db, analytics: store.analytics, scope, progress: () => {} }, tenant.id);
    }
    for (const tenant of tenants) {
      const timeline = await rebuiltTransitions(t.current.db, tenant.id);
      const stored = await store.stored(tenant.id);
      expect(stored.map((row) => row.id)).toEqual(timeline.map((x) => x.id));
      expect(stored).toEqual(
        timeline.map((x) => ({ id: x.id, asset_id: x.assetId, severity: x.severity, from_severity: x.fromSeverity, from_status: x.fromStatus, to_status: x.toStatus })),
      );
    }
  });

  it("forgets a deleted asset's transitions, and nothing of the other organization", async () => {
    const [mine, theirs] = tenants;
    const sink = analyticsSink({ analytics: store.analytics });
    await rebuildAnalytics({ db: t.current.db, analytics: store.analytics, scope: systemScope('rebuild-analytics'), progress: () => {} }, null);
    const theirsBefore = await store.stored(theirs.id);
    expect(theirsBefore.length).toBeGreaterThan(0);
    expect((await store.stored(mine.id)).some((row) => row.asset_id === lived[0].assetId)).toBe(true);

    const deleted = await t.current.call('DELETE', `/api/v1/assets/${lived[0].assetId}`, { token: mine.owner.token });
    expect(deleted.status).toBe(204);
    const announced = await domainEventsOf(t.current, mine.id, ['asset.deleted']);
    expect(announced.map(({ value }) => JSON.parse(value.payload).asset_id)).toEqual([lived[0].assetId]);
    await sink.handle(announced);
    // ClickHouse applies the deletion as a mutation in the background; the SQL store before answering.
    await vi.waitFor(async () => expect(await store.stored(mine.id)).toEqual([]), { timeout: 30_000, interval: 100 });
    expect(await store.stored(theirs.id)).toEqual(theirsBefore);
    // A rebuild afterwards finds nothing of the asset to record again.
    await rebuildAnalytics({ db: t.current.db, analytics: store.analytics, scope: systemScope('rebuild-analytics'), progress: () => {} }, null);
    expect(await store.stored(mine.id)).toEqual([]);
    expect(await store.stored(theirs.id)).toEqual(theirsBefore);
  });
});
