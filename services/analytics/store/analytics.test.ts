import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshEmbedded, freshPostgres, type TestDatabase } from '../../../test/support/databases.js';
import { scratchClickHouseAnalytics } from '../../../test/support/scratch-clickhouse.js';
import type { OrgId } from '../../platform/db/database.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import type { Analytics, AnalyticsEvent } from './analytics.js';
import { createClickHouseAnalytics } from './clickhouse-analytics.js';
import { chsql, identifier } from '../../platform/clickhouse/clickhouse-sql.js';
import { createSqlAnalytics } from './sql-analytics.js';

/** An event as the store holds it; occurredAt is 'YYYY-MM-DD hh:mm:ss' in UTC. */
interface StoredEvent {
  eventId: string;
  type: string;
  occurredAt: string;
  subjectId: string | null;
  severity: string | null;
}

interface Store {
  analytics: Analytics;
  /**
   * What the store holds for one organization, read past the Analytics port (which
   * has no read), one row per stored event, in code point order of event id then type.
   */
  stored(orgId: OrgId): Promise<StoredEvent[]>;
  dispose(): Promise<void>;
}

const inCodePointOrder = (rows: StoredEvent[]): StoredEvent[] =>
  rows.sort((a, b) => (a.eventId === b.eventId ? (a.type < b.type ? -1 : a.type > b.type ? 1 : 0) : a.eventId < b.eventId ? -1 : 1));

async function sqlStore(create: () => Promise<TestDatabase>): Promise<Store> {
  const database = await create();
  const analytics = createSqlAnalytics({ db: database.db });
  await analytics.ensureSchema();
  return {
    analytics,
    async stored(orgId) {
      // Every row, no DISTINCT: a redelivered event stored twice shows twice.
      const { rows } = await database.db.query<StoredEvent>(
        `SELECT event_id::text AS "eventId", type, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS "occurredAt",
                subject_id AS "subjectId", severity
           FROM analytics_events WHERE org_id = $1`,
        [orgId],
      );
      return inCodePointOrder(rows);
    },
    async dispose() {
      await analytics.close();
      await database.drop();
    },
  };
}

/** A database of its own, dropped afterwards, so test files never share ClickHouse state. */
async function clickHouseStore(): Promise<Store> {
  const { analytics, database, reader, dispose } = await scratchClickHouseAnalytics();
  return {
    analytics,
    async stored(orgId) {
      // FINAL folds rows of the same (org_id, event_id) as a merge would, and nothing else:
      // a redelivered event whose ids were stored in another spelling shows twice.
      const rows = await reader.rows<StoredEvent>(chsql`
        SELECT event_id AS eventId, type, toString(occurred_at) AS occurredAt, subject_id AS subjectId, severity
        FROM ${identifier(database, 'domain_events')} FINAL
        WHERE org_id = ${orgId.toLowerCase()}`);
      return inCodePointOrder(rows);
    },
    dispose,
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
/** The stored form of an event recorded with event(). */
const stored = ({ eventId, type, occurredAt, subjectId, severity }: AnalyticsEvent): StoredEvent => ({
  eventId: eventId.toLowerCase(),
  type,
  occurredAt: new Date(Math.floor(occurredAt.getTime() / 1000) * 1000).toISOString().slice(0, 19).replace('T', ' '),
  subjectId,
  severity,
});

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

  it('stores every field of each event, the time to the whole second below it', async () => {
    const events = [
      { ...event(orgA, 'finding.created', '2024-03-02T10:00:00.700Z'), subjectId: 'asset-1', severity: 'high' },
      event(orgA, 'finding.created', '2024-03-02T23:59:59Z'),
      event(orgA, 'Finding.Created', '2024-03-03T12:00:00.999Z'),
    ];
    await analytics.record(events);
    const expected = inCodePointOrder(events.map(stored));
    expect(expected.map((e) => e.occurredAt).sort()).toEqual(['2024-03-02 10:00:00', '2024-03-02 23:59:59', '2024-03-03 12:00:00']);
    expect(await store.stored(orgA)).toEqual(expected);
  });

  it("never shows one organization another's events", async () => {
    const ofA = [event(orgA, 'scan.completed', '2024-03-05T08:00:00Z'), event(orgA, 'scan.completed', '2024-03-05T09:00:00Z')];
    const ofB = [event(orgB, 'scan.completed', '2024-03-05T08:30:00Z')];
    await analytics.record(ofA);
    await analytics.record(ofB);
    expect(await store.stored(orgA)).toEqual(inCodePointOrder(ofA.map(stored)));
    expect(await store.stored(orgB)).toEqual(ofB.map(stored));
    expect(await store.stored(newOrg())).toEqual([]);
  });

  it("forgets one organization's events, in two spellings of its id, and keeps the other's", async () => {
    const ofA = [event(orgA, 'scan.completed', '2024-03-06T08:00:00Z'), event(asOrgId(orgA.toUpperCase()), 'finding.created', '2024-04-06T08:00:00Z')];
    const ofB = [event(orgB, 'scan.completed', '2024-03-06T08:30:00Z')];
    await analytics.record([...ofA, ...ofB]);
    expect(await store.stored(orgA)).toHaveLength(2);
    await analytics.forget(orgA);
    // ClickHouse applies the mutation in the background once it has accepted it.
    await vi.waitFor(async () => expect(await store.stored(orgA)).toEqual([]), { timeout: 30_000, interval: 100 });
    expect(await store.stored(orgB)).toEqual(ofB.map(stored));
  });

  it('stores a redelivered event id once, within a batch and across batches', async () => {
    const first = event(orgA, 'finding.created', '2024-03-07T10:00:00Z');
    const second = event(orgA, 'finding.created', '2024-03-07T11:00:00Z');
    const ofB = event(orgB, 'finding.created', '2024-03-07T10:00:00Z');
    await analytics.record([first, first, second]);
    await analytics.record([first]);
    await analytics.record([second, first]);
    await analytics.record([ofB]);
    expect(await store.stored(orgA)).toEqual(inCodePointOrder([first, second].map(stored)));
    expect(await store.stored(orgB)).toEqual([stored(ofB)]);
  });

  it('compares event and organization ids without regard to case, as uuids', async () => {
    const id = randomUUID();
    const lower = event(orgA, 'finding.created', '2024-03-08T10:00:00Z', id);
    await analytics.record([lower]);
    await analytics.record([event(asOrgId(orgA.toUpperCase()), 'finding.created', '2024-03-08T10:00:00Z', id.toUpperCase())]);
    await analytics.record([event(orgB, 'finding.created', '2024-03-08T10:00:00Z')]);
    expect(await store.stored(orgA)).toEqual([stored(lower)]);
    expect(await store.stored(asOrgId(orgA.toUpperCase()))).toEqual([stored(lower)]);
  });

  it('stores hostile type strings as data', async () => {
    const hostile = ["x'); DROP TABLE domain_events; --", 'back\\slash', 'new\nline', 'ünï🚀'];
    await analytics.record([...hostile.map((type) => event(orgA, type, '2024-03-17T10:00:00Z')), event(orgB, hostile[0]!, '2024-03-17T10:00:00Z')]);
    const types = (await store.stored(orgA)).map((e) => e.type);
    expect(types.sort()).toEqual([...hostile].sort());
  });

  it('stores nothing for an empty batch', async () => {
    await analytics.record([event(orgB, 'finding.created', '2024-03-18T10:00:00Z')]);
    await expect(analytics.record([])).resolves.toBeUndefined();
    expect(await store.stored(orgA)).toEqual([]);
  });

  it('refuses events every store could not hold alike', async () => {
    await expect(analytics.record([event(orgA, 't', '2024-03-19T10:00:00Z', 'not-a-uuid')])).rejects.toThrow(TypeError);
    await expect(analytics.record([event(asOrgId('not-a-uuid'), 't', '2024-03-19T10:00:00Z')])).rejects.toThrow(TypeError);
    await expect(analytics.record([event(orgA, 't', '1960-01-01T00:00:00Z')])).rejects.toThrow(RangeError);
    expect(await store.stored(orgA)).toEqual([]);
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
