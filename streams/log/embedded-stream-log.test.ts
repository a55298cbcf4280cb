import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../services/platform/db/database.js';
import { createEmbeddedDatabase } from '../../services/platform/db/embedded.js';
import { createPostgresDatabase } from '../../services/platform/db/postgres.js';
import { freshEmbedded, freshPostgres, type TestDatabase } from '../../test/support/databases.js';
import { parseSchema } from '../avro.js';
import { systemScope } from '../../services/platform/tenancy.js';
import { createSetAsideStore } from '../set-aside.js';
import { createEmbeddedStreamLog } from './embedded-stream-log.js';
import { partitionForKey } from './shared.js';
import type { ConsumedRecord, TopicSpec } from './stream-log.js';
import { describeStreamLogContract, type StreamLogHarness } from './testing/stream-log.contract.js';

const PARTITIONS = 4;

const profiles = [
  {
    name: 'PGlite',
    create: freshEmbedded,
    // A closed embedded database refuses every statement.
    unreachable: async (): Promise<Database> => {
      const db = await createEmbeddedDatabase(undefined);
      await db.close();
      return db;
    },
  },
  {
    name: 'PostgreSQL',
    create: freshPostgres,
    // Nothing listens on port 1; the pool never connects, so it holds nothing to release.
    unreachable: async (): Promise<Database> => createPostgresDatabase({ connectionString: 'postgres://postgres@127.0.0.1:1/unreachable' }),
  },
];

for (const profile of profiles) {
  describeStreamLogContract(`embedded on ${profile.name}`, async (): Promise<StreamLogHarness> => {
    const [database, unreachableDb] = await Promise.all([profile.create(), profile.unreachable()]);
    const setAside = createSetAsideStore({ db: database.db });
    return {
      partitions: PARTITIONS,
      setAside,
      open: async (logger) => createEmbeddedStreamLog({ db: database.db, partitions: PARTITIONS, pollIntervalMs: 10, logger, setAside }),
      openUnreachable: async () => createEmbeddedStreamLog({ db: unreachableDb, partitions: PARTITIONS }),
      dispose: () => database.drop(),
    };
  });

  // The embedded profile's bound (composition.ts) changes how much one transaction
  // holds, not what the log promises: here appends (and batches) end at 4 KiB, a few records.
  describeStreamLogContract(`embedded on ${profile.name}, transactions of 4 KiB`, async (): Promise<StreamLogHarness> => {
    const [database, unreachableDb] = await Promise.all([profile.create(), profile.unreachable()]);
    const setAside = createSetAsideStore({ db: database.db });
    return {
      partitions: PARTITIONS,
      setAside,
      open: async (logger) => createEmbeddedStreamLog({ db: database.db, partitions: PARTITIONS, pollIntervalMs: 10, logger, setAside, bytesPerTransaction: 4_096 }),
      openUnreachable: async () => createEmbeddedStreamLog({ db: unreachableDb, partitions: PARTITIONS, bytesPerTransaction: 4_096 }),
      dispose: () => database.drop(),
    };
  });

  describe(`embedded stream log on ${profile.name}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await profile.create();
    });
    afterAll(async () => {
      await database?.drop();
    });
    const newTopic = (): TopicSpec => ({ name: `embedded-${randomBytes(5).toString('hex')}`, schema: 'domain-event' });

    it('creates a topic with the configured partition count and never changes it afterwards', async () => {
      const topic = newTopic();
      await createEmbeddedStreamLog({ db: database.db, partitions: 3 }).ensureTopics([topic]);
      await createEmbeddedStreamLog({ db: database.db, partitions: 5 }).ensureTopics([topic]);
      const { rows } = await database.db.query<{ partition: number }>('SELECT partition FROM stream_partitions WHERE topic = $1 ORDER BY partition', [topic.name]);
      expect(rows.map((r) => r.partition)).toEqual([0, 1, 2]);
    });

    it('refuses a second subscription of one group to one topic while the first runs', async () => {
      const log = createEmbeddedStreamLog({ db: database.db, partitions: PARTITIONS });
      const topic = newTopic();
      await log.ensureTopics([topic]);
      const options = { group: 'only-one', topic, handle: async () => undefined };
      const first = await log.subscribe(options);
      await expect(createEmbeddedStreamLog({ db: database.db, partitions: PARTITIONS }).subscribe(options)).rejects.toThrow(/already consumes/);
      await first.stop();
      const second = await log.subscribe(options);
      await second.stop();
      await log.close();
    });

    it('sets aside a record whose bytes do not decode, without handing it to the handler, and hands over the rest', async () => {
      const setAside = createSetAsideStore({ db: database.db });
      const log = createEmbeddedStreamLog({ db: database.db, partitions: PARTITIONS, pollIntervalMs: 10, setAside });
      const topic = newTopic();
      await log.ensureTopics([topic]);
      const key = 'org-garbled';
      const good = { event_id: randomUUID(), org_id: key, type: 'fine', occurred_at: 1, subject_id: null, actor: { kind: 'system', id: null }, correlation_id: null, payload: '{}' };
      await log.publish(topic, [{ key, value: good }]);
      const partition = partitionForKey(key, PARTITIONS);
      // A producer writing bytes the schema cannot read: a truncated value at the next offset.
      await database.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ fingerprint: string }>('SELECT value_schema AS fingerprint FROM stream_records WHERE topic = $1 LIMIT 1', [topic.name]);
        await tx.query('UPDATE stream_partitions SET next_offset = 2 WHERE topic = $1 AND partition = $2', [topic.name, partition]);
        await tx.query('INSERT INTO stream_records (topic, partition, record_offset, key, value, value_schema) VALUES ($1, $2, 1, $3, $4, $5)', [
          topic.name,
          partition,
          key,
          Buffer.from([2, 0x61]),
          rows[0]!.fingerprint,
        ]);
      });
      await log.publish(topic, [{ key, value: { ...good, event_id: randomUUID() } }]);

      const received: ConsumedRecord<typeof good>[] = [];
      const hooked: unknown[] = [];
      const group = `garbled-${randomBytes(4).toString('hex')}`;
      const subscription = await log.subscribe<typeof good>({ group, topic, handle: async (batch) => void received.push(...batch), onSetAside: async (record) => void hooked.push(record) });
      await vi.waitFor(() => expect(received.map((r) => r.offset)).toEqual(['0', '2']), { timeout: 10_000, interval: 20 });
      await subscription.stop();
      await log.close();
      const [garbled, ...others] = (await setAside.list(systemScope('replay-set-aside-records'))).filter((record) => record.group === group);
      expect(others).toEqual([]);
      expect(garbled).toMatchObject({ topic: topic.name, partition, offset: '1', key, value: Buffer.from([2, 0x61]) });
      expect(garbled?.errorCode).not.toBe('unavailable');
      // Nothing decoded, so nothing for the processor's hook.
      expect(hooked).toEqual([]);
    });

    it('decodes records written with an earlier version of the schema, filling the new fields with their defaults', async () => {
      const log = createEmbeddedStreamLog({ db: database.db, partitions: PARTITIONS, pollIntervalMs: 10 });
      const topic = newTopic();
      await log.ensureTopics([topic]);
      // Stands in for a record appended before the schema gained subject_id and correlation_id.
      const definition = readFileSync(new URL('./testdata/domain-event-v0.avsc', import.meta.url), 'utf8');
      const olderSchema = parseSchema(definition);
      const fingerprint = olderSchema.fingerprint('sha256').toString('hex');
      const written = { event_id: randomUUID(), org_id: 'org-old', type: 'legacy.event', occurred_at: 1_600_000_000_000, actor: { kind: 'user', id: 'u-1' }, payload: '{}' };
      const partition = partitionForKey('org-old', PARTITIONS);
      await database.db.transaction(async (tx) => {
        await tx.query('INSERT INTO stream_value_schemas (fingerprint, definition) VALUES ($1, $2) ON CONFLICT DO NOTHING', [fingerprint, definition]);
        await tx.query('UPDATE stream_partitions SET next_offset = 1 WHERE topic = $1 AND partition = $2', [topic.name, partition]);
        await tx.query('INSERT INTO stream_records (topic, partition, record_offset, key, value, value_schema) VALUES ($1, $2, 0, $3, $4, $5)', [
          topic.name,
          partition,
          'org-old',
          olderSchema.toBuffer(written),
          fingerprint,
        ]);
      });

      const received: ConsumedRecord<unknown>[] = [];
      const subscription = await log.subscribe({ group: 'evolution', topic, handle: async (batch) => void received.push(...batch) });
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000, interval: 20 });
      await subscription.stop();
      await log.close();
      expect(received[0]).toMatchObject({ key: 'org-old', partition, offset: '0', headers: {} });
      expect(received[0]?.value).toEqual({ ...written, subject_id: null, correlation_id: null });
    });
  });
}
