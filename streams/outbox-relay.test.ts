import { randomBytes, randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../services/platform/db/database.js';
import { asOrgId } from '../test/support/org-ids.js';
import { createLogger } from '../services/platform/logger.js';
import { freshEmbedded, freshPostgres, type TestDatabase } from '../test/support/databases.js';
import { testServices } from '../test/support/services.js';
import { claimFirstDeliveries } from './consumed-events.js';
import { createEmbeddedStreamLog } from './log/embedded-stream-log.js';
import { createKafkaStreamLog } from './log/kafka-stream-log.js';
import { createSetAsideStore } from './set-aside.js';
import type { StreamLog, Subscription } from './log/stream-log.js';
import { appendToOutbox, type DomainEvent } from './outbox.js';
import { createOutboxRelay } from './outbox-relay.js';
import { allTopics, topics } from './topics.js';
import { systemScope } from '../services/platform/tenancy.js';
import { actingAsSchemaOwner } from '../services/platform/db/tenant-scope.js';

const logger = createLogger('silent');
const kafkaPrefix = `sentinel-outbox-test-${randomBytes(4).toString('hex')}.`;

const until = async (condition: () => Promise<boolean> | boolean, deadlineMs = 30_000) => {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met before deadline');
    await new Promise((r) => setTimeout(r, 25));
  }
};

const profiles = [
  { name: 'embedded database and embedded log', database: freshEmbedded, log: (db: Database): StreamLog => createEmbeddedStreamLog({ db, partitions: 4, pollIntervalMs: 10 }) },
  {
    name: 'PostgreSQL and Kafka',
    database: freshPostgres,
    log: (db: Database): StreamLog =>
      createKafkaStreamLog({
        brokers: testServices.kafkaBrokers,
        schemaRegistryUrl: testServices.schemaRegistryUrl,
        partitions: 4,
        topicPrefix: kafkaPrefix,
        clientId: 'outbox-test',
        setAside: createSetAsideStore({ db }),
      }),
  },
];

afterAll(async () => {
  const admin = new Kafka({ clientId: 'outbox-test-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const ours = (await admin.listTopics()).filter((t) => t.startsWith(kafkaPrefix));
  if (ours.length) await admin.deleteTopics({ topics: ours });
  await admin.disconnect();
});

describe.each(profiles)('transactional outbox on $name', (profile) => {
  /**
   * A consumer group whose effect is a row per event, applied exactly once by
   * recording the event id in the same transaction. `deliveries` counts raw
   * deliveries, so redeliveries are visible.
   */
  async function startConsumer(db: Database, log: StreamLog, group: string, orgId: string) {
    const deliveries: string[] = [];
    const subscription: Subscription = await log.subscribe<DomainEvent>({
      group,
      topic: topics.domainEvents,
      handle: async (batch) => {
        for (const record of batch) {
          if (record.value.org_id !== orgId) continue;
          deliveries.push(record.value.event_id);
          await db.transaction(async (tx) => {
            if ((await claimFirstDeliveries(tx, group, [record.value.event_id])).has(record.value.event_id)) {
              await tx.query('INSERT INTO test_effects (consumer_group, event_id) VALUES ($1, $2)', [group, record.value.event_id]);
            }
          });
        }
      },
    });
    const effects = async () => (await db.query<{ event_id: string }>('SELECT event_id FROM test_effects WHERE consumer_group = $1', [group])).rows.map((r) => r.event_id);
    return { deliveries, subscription, effects };
  }

  async function setUp(): Promise<{ test: TestDatabase; log: StreamLog }> {
    const test = await profile.database();
    await actingAsSchemaOwner(async () => {
      await test.db.query('CREATE TABLE test_effects (consumer_group text NOT NULL, event_id uuid NOT NULL)');
      await test.db.query('CREATE TABLE test_state (id uuid PRIMARY KEY, org_id uuid NOT NULL)');
    });
    const log = profile.log(test.db);
    await log.ensureTopics(allTopics);
    return { test, log };
  }

  /** The state change and its event, in one transaction. */
  async function changeState(db: Database, orgId: string, options: { rollBack?: boolean } = {}): Promise<string> {
    let eventId = '';
    await db
      .transaction(async (tx) => {
        const id = randomUUID();
        await tx.query('INSERT INTO test_state (id, org_id) VALUES ($1, $2)', [id, orgId]);
        eventId = (await appendToOutbox(tx, asOrgId(orgId), { type: 'test.changed', subjectId: id, actor: { kind: 'system', id: null }, payload: { id } })).event_id;
        if (options.rollBack) throw new Error('roll back');
      })
      .catch((error: Error) => {
        if (!options.rollBack) throw error;
      });
    return eventId;
  }

  it('delivers an event committed while the relay was stopped, exactly once per consumer group, after restart', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    const otherOrg = randomUUID();
    // The relay is stopped: the change commits, nothing is published yet.
    const committed = await changeState(test.db, orgId);
    await changeState(test.db, otherOrg);
    const pending = await test.db.query('SELECT 1 FROM outbox_events WHERE event_id = $1 AND published_at IS NULL', [committed]);
    expect(pending.rowCount).toBe(1);

    const groupA = await startConsumer(test.db, log, `a-${randomUUID()}`, orgId);
    const groupB = await startConsumer(test.db, log, `b-${randomUUID()}`, orgId);
    const relay = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger, pollIntervalMs: 10 });
    relay.start();
    await until(async () => (await groupA.effects()).length === 1 && (await groupB.effects()).length === 1);
    await relay.stop();

    expect(await groupA.effects()).toEqual([committed]);
    expect(await groupB.effects()).toEqual([committed]);
    await Promise.all([groupA.subscription.stop(), groupB.subscription.stop()]);
    await log.close();
    await test.drop();
  });

  it('never publishes the event of a rolled-back change', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    const rolledBack = await changeState(test.db, orgId, { rollBack: true });
    const kept = await changeState(test.db, orgId);
    const relay = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger });
    expect(await relay.runOnce()).toBe(1);
    const consumer = await startConsumer(test.db, log, `c-${randomUUID()}`, orgId);
    await until(async () => consumer.deliveries.length >= 1);
    expect(consumer.deliveries).toEqual([kept]);
    expect(consumer.deliveries).not.toContain(rolledBack);
    await consumer.subscription.stop();
    await log.close();
    await test.drop();
  });

  it('republishes a batch whose publish succeeded but was never marked, and consumers apply it once', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    const eventId = await changeState(test.db, orgId);
    // The broker accepted the batch, then the relay died before recording that it had.
    const dyingLog: StreamLog = {
      ...log,
      publish: async (topic, records) => {
        await log.publish(topic, records);
        throw new Error('relay process killed after publishing');
      },
    };
    const dying = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log: dyingLog, logger, leaseMs: 50 });
    await expect(dying.runOnce()).rejects.toThrow('killed');
    expect((await test.db.query('SELECT 1 FROM outbox_events WHERE event_id = $1 AND published_at IS NULL', [eventId])).rowCount).toBe(1);

    const consumer = await startConsumer(test.db, log, `d-${randomUUID()}`, orgId);
    const restarted = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger, leaseMs: 50, pollIntervalMs: 10 });
    restarted.start();
    await until(async () => consumer.deliveries.length === 2);
    await restarted.stop();

    expect(consumer.deliveries).toEqual([eventId, eventId]);
    expect(await consumer.effects()).toEqual([eventId]);
    expect((await test.db.query('SELECT 1 FROM outbox_events WHERE event_id = $1 AND published_at IS NOT NULL', [eventId])).rowCount).toBe(1);
    await consumer.subscription.stop();
    await log.close();
    await test.drop();
  });

  it('publishes through one relay at a time, so the events of one organization arrive in the order they were written', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    const written: string[] = [];
    for (let i = 0; i < 40; i++) written.push(await changeState(test.db, orgId));
    const consumer = await startConsumer(test.db, log, `order-${randomUUID()}`, orgId);
    const relays = [1, 2, 3].map(() => createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger, batchSize: 5, pollIntervalMs: 5 }));
    const perRelay = await Promise.all(relays.map((relay) => relay.runOnce()));
    expect(perRelay.filter((published) => published > 0)).toHaveLength(1);
    for (const relay of relays) relay.start();
    await until(async () => consumer.deliveries.length >= written.length);
    await Promise.all(relays.map((relay) => relay.stop()));
    expect(consumer.deliveries).toEqual(written);
    await consumer.subscription.stop();
    await log.close();
    await test.drop();
  });

  it('publishes a packed row record by record, in order among the rows around it, and counts records against the batch size', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    const before = await changeState(test.db, orgId);
    const packed = [randomUUID(), randomUUID(), randomUUID()];
    const envelope = (eventId: string): DomainEvent => ({
      event_id: eventId, org_id: orgId, type: 'test.changed', occurred_at: Date.now(), subject_id: null,
      actor: { kind: 'system', id: null }, correlation_id: null, payload: '{}',
    });
    await test.db.query(
      `INSERT INTO outbox_events (event_id, org_id, topic, value, packed, record_count) VALUES ($1, $2, $3, $4::json, true, 3)`,
      [randomUUID(), orgId, topics.domainEvents.name, JSON.stringify(packed.map(envelope))],
    );
    const after = await changeState(test.db, orgId);
    const inspected = await test.db.query<{ event_id: string }>("SELECT value->>'event_id' AS event_id FROM outbox_records WHERE org_id = $1 ORDER BY seq, position", [orgId]);
    expect(inspected.rows.map((r) => r.event_id)).toEqual([before, ...packed, after]);

    const consumer = await startConsumer(test.db, log, `packed-${randomUUID()}`, orgId);
    const relay = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger, batchSize: 2 });
    // A batch of two records takes the single row, then the packed row whole (never split), then the last.
    expect(await relay.runOnce()).toBe(1);
    expect(await relay.runOnce()).toBe(3);
    expect(await relay.runOnce()).toBe(1);
    expect(await relay.runOnce()).toBe(0);
    await until(async () => consumer.deliveries.length >= 5);
    expect(consumer.deliveries).toEqual([before, ...packed, after]);
    await consumer.subscription.stop();
    await log.close();
    await test.drop();
  });

  it('ends a batch at batchBytes of stored values, taking a first row larger than that whole', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    // Rows of about 1.2 KiB, 4.2 KiB, 1.2 KiB, 1.2 KiB and 1.2 KiB against a bound of 3 KiB.
    const padded = [1, 4, 1, 1, 1].map((kib): DomainEvent => ({
      event_id: randomUUID(), org_id: orgId, type: 'test.changed', occurred_at: Date.now(), subject_id: null,
      actor: { kind: 'system', id: null }, correlation_id: null, payload: JSON.stringify({ padding: 'x'.repeat(kib * 1024) }),
    }));
    for (const event of padded) {
      await test.db.query(`INSERT INTO outbox_events (event_id, org_id, topic, value, packed, record_count) VALUES ($1, $2, $3, $4::json, false, 1)`, [
        event.event_id, orgId, topics.domainEvents.name, JSON.stringify(event),
      ]);
    }
    const consumer = await startConsumer(test.db, log, `bytes-${randomUUID()}`, orgId);
    const relay = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger, batchSize: 100, batchBytes: 3 * 1024 });
    // The first row alone (the next would pass the bound), the large row alone as the first of its batch, then two, then one.
    expect(await relay.runOnce()).toBe(1);
    expect(await relay.runOnce()).toBe(1);
    expect(await relay.runOnce()).toBe(2);
    expect(await relay.runOnce()).toBe(1);
    expect(await relay.runOnce()).toBe(0);
    await until(async () => consumer.deliveries.length >= padded.length);
    expect(consumer.deliveries).toEqual(padded.map((event) => event.event_id));
    await consumer.subscription.stop();
    await log.close();
    await test.drop();
  });

  it('relays a backlog of packed rows batch after batch, without sleeping after a batch that packed rows left short of the batch size', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    const eventIds = [0, 1, 2].map(() => [randomUUID(), randomUUID(), randomUUID()]);
    for (const packed of eventIds) {
      const envelopes = packed.map((eventId): DomainEvent => ({
        event_id: eventId, org_id: orgId, type: 'test.changed', occurred_at: Date.now(), subject_id: null,
        actor: { kind: 'system', id: null }, correlation_id: null, payload: '{}',
      }));
      await test.db.query(`INSERT INTO outbox_events (event_id, org_id, topic, value, packed, record_count) VALUES ($1, $2, $3, $4::json, true, 3)`, [
        randomUUID(), orgId, topics.domainEvents.name, JSON.stringify(envelopes),
      ]);
    }
    const consumer = await startConsumer(test.db, log, `backlog-${randomUUID()}`, orgId);
    // Each batch of at most 5 records holds one row of 3; a relay sleeping its poll interval (an hour) after one would never finish here.
    const relay = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger, batchSize: 5, pollIntervalMs: 3_600_000 });
    relay.start();
    await until(async () => consumer.deliveries.length >= 9);
    expect(consumer.deliveries).toEqual(eventIds.flat());
    await relay.stop();
    await consumer.subscription.stop();
    await log.close();
    await test.drop();
  });

  it('sleeps its poll interval after a batch that took every pending row, so a trickle goes out in batches, not a record at a time', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    const consumer = await startConsumer(test.db, log, `trickle-${randomUUID()}`, orgId);
    // The first publish waits until a second event is committed: it arrives while a batch is in flight.
    let releaseFirstPublish = () => {};
    const firstPublishHeld = new Promise<void>((resolve) => (releaseFirstPublish = resolve));
    let publishes = 0;
    const heldLog: StreamLog = {
      ...log,
      publish: async (topic, records) => {
        if (++publishes === 1) await firstPublishHeld;
        return log.publish(topic, records);
      },
    };
    const first = await changeState(test.db, orgId);
    const relay = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log: heldLog, logger, pollIntervalMs: 3_600_000 });
    relay.start();
    await until(() => publishes === 1);
    const second = await changeState(test.db, orgId);
    releaseFirstPublish();
    await until(() => consumer.deliveries.includes(first));
    // The batch took the only pending row: the relay sleeps (an hour here) instead of claiming again at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pending = await test.db.query<{ event_id: string }>('SELECT event_id FROM outbox_events WHERE published_at IS NULL');
    expect(pending.rows.map((row) => row.event_id)).toEqual([second]);
    expect(publishes).toBe(1);
    await relay.stop();
    // The next batch takes it.
    expect(await createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger }).runOnce()).toBe(1);
    await until(() => consumer.deliveries.includes(second));
    await consumer.subscription.stop();
    await log.close();
    await test.drop();
  });

  it('a standby relay takes over once the leader stops', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    const leader = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger, pollIntervalMs: 5 });
    const standby = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger, pollIntervalMs: 5 });
    await changeState(test.db, orgId);
    expect(await leader.runOnce()).toBe(1);
    await changeState(test.db, orgId);
    expect(await standby.runOnce()).toBe(0);
    leader.start();
    await leader.stop();
    await changeState(test.db, orgId);
    expect(await standby.runOnce()).toBeGreaterThanOrEqual(1);
    await log.close();
    await test.drop();
  });

  it('parks a row the log refuses and publishes the rows around it', async () => {
    const { test, log } = await setUp();
    const orgId = randomUUID();
    const before = await changeState(test.db, orgId);
    await test.db.query("INSERT INTO outbox_events (event_id, org_id, topic, value) VALUES ($1, $2, 'domain-events', '{\"not\": \"a domain event\"}')", [
      randomUUID(),
      orgId,
    ]);
    const after = await changeState(test.db, orgId);
    const consumer = await startConsumer(test.db, log, `poison-${randomUUID()}`, orgId);
    const relay = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger });
    expect(await relay.runOnce()).toBe(2);
    await until(async () => consumer.deliveries.length >= 2);
    expect(consumer.deliveries).toEqual([before, after]);
    const parked = await test.db.query<{ last_error: string }>('SELECT last_error FROM outbox_events WHERE failed_at IS NOT NULL');
    expect(parked.rows).toHaveLength(1);
    expect(parked.rows[0]!.last_error).toMatch(/schema|match|invalid/i);
    expect(await relay.runOnce()).toBe(0);
    await consumer.subscription.stop();
    await log.close();
    await test.drop();
  });
});
