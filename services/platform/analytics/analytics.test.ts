import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshEmbedded, freshPostgres, type TestDatabase } from '../../../test/support/databases.js';
import { testServices } from '../../../test/support/services.js';
import type { OrgId } from '../db/database.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import type { Analytics, AnalyticsEvent } from './analytics.js';
import { createClickHouseAnalytics } from './clickhouse-analytics.js';
import { connectClickHouse } from './clickhouse-client.js';
import { chsql, identifier } from './clickhouse-sql.js';
import { createSqlAnalytics } from './sql-analytics.js';

interface Store {
  analytics: Analytics;
  dispose(): Promise<void>;
}

async function sqlStore(create: () => Promise<TestDatabase>): Promise<Store> {
  const database = await create();
  const analytics = createSqlAnalytics({ db: database.db });
  await analytics.ensureSchema();
  return {
    analytics,
    async dispose() {
      await analytics.close();
      await database.drop();
    },
  };
}

/** A database of its own, dropped afterwards, so test files never share ClickHouse state. */
async function clickHouseStore(): Promise<Store> {
  const database = `sentinel_t_${randomBytes(6).toString('hex')}`;
  const analytics = createClickHouseAnalytics({ url: testServices.clickhouseUrl, database });
  await analytics.ensureSchema();
  return {
    analytics,
    async dispose() {
      await analytics.close();
      const admin = connectClickHouse({ url: testServices.clickhouseUrl });
      try {
        await admin.command(chsql`DROP DATABASE IF EXISTS ${identifier(database)}`);
      } finally {
        await admin.close();
      }
    },
  };
}

const stores = [
  { name: 'clickhouse', open: clickHouseStore },
  { name: 'sql on postgres', open: () => sqlStore(freshPostgres) },
  { name: 'sql on pglite', open: () => sqlStore(freshEmbedded) },
] as const;

const at = (iso: string): Date => new Date(iso);
const newOrg = (): OrgId => asOrgId(randomUUID());
const event = (orgId: OrgId, type: string, occurredAt: string, eventId: string = randomUUID()): AnalyticsEvent => ({
  eventId,
  orgId,
  type,
  occurredAt: at(occurredAt),
  subjectId: null,
  severity: null,
});
const march = { since: at('2024-03-01T00:00:00Z'), until: at('2024-04-01T00:00:00Z') };

describe.each(stores)('Analytics contract ($name)', ({ open }) => {
  let store: Store;
  let analytics: Analytics;
  // Two organizations per test, fresh each time, so tests share the store but never each other's data.
  let orgA: OrgId;
  let orgB: OrgId;

  beforeAll(async () => {
    store = await open();
    analytics = store.analytics;
  });
  afterAll(async () => {
    await store?.dispose();
  });
  beforeEach(() => {
    orgA = newOrg();
    orgB = newOrg();
  });

  it('answers ping, and ensureSchema can run again', async () => {
    await expect(analytics.ping()).resolves.toBeUndefined();
    await expect(analytics.ensureSchema()).resolves.toBeUndefined();
  });

  it('counts events per UTC day and type, ordered by day then type', async () => {
    await analytics.record([
      { ...event(orgA, 'finding.created', '2024-03-02T10:00:00Z'), subjectId: 'asset-1', severity: 'high' },
      event(orgA, 'finding.created', '2024-03-02T23:59:59Z'),
      event(orgA, 'finding.resolved', '2024-03-02T00:00:00Z'),
      event(orgA, 'finding.created', '2024-03-03T00:00:00Z'),
      event(orgA, 'Finding.Created', '2024-03-03T12:00:00Z'),
      event(orgB, 'finding.created', '2024-03-02T11:00:00Z'),
    ]);
    expect(await analytics.dailyCounts(orgA, march)).toEqual([
      { day: '2024-03-02', type: 'finding.created', count: 2 },
      { day: '2024-03-02', type: 'finding.resolved', count: 1 },
      // code point order: upper case before lower case, whatever the database collation
      { day: '2024-03-03', type: 'Finding.Created', count: 1 },
      { day: '2024-03-03', type: 'finding.created', count: 1 },
    ]);
  });

  it("never shows one organization another's events", async () => {
    await analytics.record([event(orgA, 'scan.completed', '2024-03-05T08:00:00Z'), event(orgA, 'scan.completed', '2024-03-05T09:00:00Z')]);
    await analytics.record([event(orgB, 'scan.completed', '2024-03-05T08:30:00Z')]);
    expect(await analytics.dailyCounts(orgA, march)).toEqual([{ day: '2024-03-05', type: 'scan.completed', count: 2 }]);
    expect(await analytics.dailyCounts(orgB, march)).toEqual([{ day: '2024-03-05', type: 'scan.completed', count: 1 }]);
    expect(await analytics.dailyCounts(newOrg(), march)).toEqual([]);
  });

  it('counts a redelivered event id once, within a batch and across batches', async () => {
    const first = event(orgA, 'finding.created', '2024-03-07T10:00:00Z');
    const second = event(orgA, 'finding.created', '2024-03-07T11:00:00Z');
    await analytics.record([first, first, second]);
    await analytics.record([first]);
    await analytics.record([second, first]);
    await analytics.record([event(orgB, 'finding.created', '2024-03-07T10:00:00Z')]);
    expect(await analytics.dailyCounts(orgA, march)).toEqual([{ day: '2024-03-07', type: 'finding.created', count: 2 }]);
    expect(await analytics.dailyCounts(orgB, march)).toEqual([{ day: '2024-03-07', type: 'finding.created', count: 1 }]);
  });

  it('compares event and organization ids without regard to case, as uuids', async () => {
    const id = randomUUID();
    await analytics.record([event(orgA, 'finding.created', '2024-03-08T10:00:00Z', id)]);
    await analytics.record([event(asOrgId(orgA.toUpperCase()), 'finding.created', '2024-03-08T10:00:00Z', id.toUpperCase())]);
    await analytics.record([event(orgB, 'finding.created', '2024-03-08T10:00:00Z')]);
    const expected = [{ day: '2024-03-08', type: 'finding.created', count: 1 }];
    expect(await analytics.dailyCounts(orgA, march)).toEqual(expected);
    expect(await analytics.dailyCounts(asOrgId(orgA.toUpperCase()), march)).toEqual(expected);
  });

  it('includes since and excludes until', async () => {
    await analytics.record([
      event(orgA, 'before', '2024-03-09T23:59:59Z'),
      event(orgA, 'at-since', '2024-03-10T00:00:00Z'),
      event(orgA, 'last-second', '2024-03-11T23:59:59Z'),
      event(orgA, 'at-until', '2024-03-12T00:00:00Z'),
      event(orgB, 'at-since', '2024-03-10T00:00:00Z'),
    ]);
    const range = { since: at('2024-03-10T00:00:00Z'), until: at('2024-03-12T00:00:00Z') };
    expect(await analytics.dailyCounts(orgA, range)).toEqual([
      { day: '2024-03-10', type: 'at-since', count: 1 },
      { day: '2024-03-11', type: 'last-second', count: 1 },
    ]);
    expect(await analytics.dailyCounts(orgA, { since: range.since, until: range.since })).toEqual([]);
  });

  it('keeps times to the whole second, bounds included', async () => {
    await analytics.record([event(orgA, 'fraction', '2024-03-13T10:00:00.700Z'), event(orgB, 'fraction', '2024-03-13T10:00:00.700Z')]);
    // Both bounds fall to 10:00:00: the event is in [10:00:00, 10:00:01) but not in [10:00:00, 10:00:00).
    expect(await analytics.dailyCounts(orgA, { since: at('2024-03-13T10:00:00.900Z'), until: at('2024-03-13T10:00:01.100Z') })).toEqual([
      { day: '2024-03-13', type: 'fraction', count: 1 },
    ]);
    expect(await analytics.dailyCounts(orgA, { since: at('2024-03-13T09:00:00Z'), until: at('2024-03-13T10:00:00.900Z') })).toEqual([]);
  });

  it('answers a range wider than the stores can hold', async () => {
    await analytics.record([event(orgA, 'wide', '2024-03-14T10:00:00Z'), event(orgB, 'wide', '2024-03-14T10:00:00Z')]);
    expect(await analytics.dailyCounts(orgA, { since: at('1900-01-01T00:00:00Z'), until: at('2200-01-01T00:00:00Z') })).toEqual([
      { day: '2024-03-14', type: 'wide', count: 1 },
    ]);
  });

  it('filters by type; an empty list matches nothing', async () => {
    await analytics.record([
      event(orgA, 'finding.created', '2024-03-15T10:00:00Z'),
      event(orgA, 'finding.resolved', '2024-03-15T10:00:00Z'),
      event(orgA, 'scan.completed', '2024-03-16T10:00:00Z'),
      event(orgB, 'finding.created', '2024-03-15T10:00:00Z'),
    ]);
    expect(await analytics.dailyCounts(orgA, march, ['finding.created', 'scan.completed'])).toEqual([
      { day: '2024-03-15', type: 'finding.created', count: 1 },
      { day: '2024-03-16', type: 'scan.completed', count: 1 },
    ]);
    expect(await analytics.dailyCounts(orgA, march, ['no.such.type'])).toEqual([]);
    expect(await analytics.dailyCounts(orgA, march, [])).toEqual([]);
  });

  it('stores hostile type strings as data', async () => {
    const hostile = ["x'); DROP TABLE domain_events; --", 'back\\slash', 'new\nline', 'ünï🚀'];
    await analytics.record([...hostile.map((type) => event(orgA, type, '2024-03-17T10:00:00Z')), event(orgB, hostile[0]!, '2024-03-17T10:00:00Z')]);
    const counts = await analytics.dailyCounts(orgA, march, hostile);
    expect(counts.map((c) => c.type).sort()).toEqual([...hostile].sort());
    expect(counts.every((c) => c.count === 1)).toBe(true);
  });

  it('answers an empty list for an organization without events', async () => {
    await analytics.record([event(orgB, 'finding.created', '2024-03-18T10:00:00Z')]);
    expect(await analytics.dailyCounts(orgA, march)).toEqual([]);
    await expect(analytics.record([])).resolves.toBeUndefined();
  });

  it('refuses events every store could not hold alike', async () => {
    await expect(analytics.record([event(orgA, 't', '2024-03-19T10:00:00Z', 'not-a-uuid')])).rejects.toThrow(TypeError);
    await expect(analytics.record([event(asOrgId('not-a-uuid'), 't', '2024-03-19T10:00:00Z')])).rejects.toThrow(TypeError);
    await expect(analytics.record([event(orgA, 't', '1960-01-01T00:00:00Z')])).rejects.toThrow(RangeError);
    expect(await analytics.dailyCounts(orgA, march)).toEqual([]);
  });
});

describe('ClickHouse analytics without a server', () => {
  it('rejects ping for a dead URL', async () => {
    const analytics = createClickHouseAnalytics({ url: 'http://127.0.0.1:1', database: 'unused' });
    try {
      await expect(analytics.ping()).rejects.toThrow();
    } finally {
      await analytics.close();
    }
  });
});
