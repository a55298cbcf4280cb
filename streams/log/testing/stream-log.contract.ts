// The one contract every StreamLog implementation satisfies. kafka-stream-log.test.ts
// runs it against real Kafka and the real registry; embedded-stream-log.test.ts runs
// it on PGlite and on PostgreSQL. Every test uses its own topics and groups, so runs
// never see each other's records.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../services/platform/errors.js';
import { systemScope } from '../../../services/platform/tenancy.js';
import type { SetAsideStore } from '../../set-aside.js';
import { partitionForKey, type StreamLogLogger } from '../shared.js';
import type { ConsumedRecord, OutgoingRecord, StreamLog, Subscription, TopicSpec } from '../stream-log.js';

export interface StreamLogHarness {
  /** Partition count the logs of this harness create topics with. */
  partitions: number;
  /** The store the logs of this harness set poison records aside in. */
  setAside: SetAsideStore;
  /** A log on the shared backend, as a freshly started process would open it. */
  open(logger?: StreamLogLogger): Promise<StreamLog>;
  /** A log whose backing services cannot be reached. */
  openUnreachable(): Promise<StreamLog>;
  dispose(): Promise<void>;
}

/** The shape of schemas/domain-event.avsc, which the contract topics use. */
interface TestEvent {
  event_id: string;
  org_id: string;
  type: string;
  occurred_at: number;
  subject_id: string | null;
  actor: { kind: 'user' | 'api_key' | 'workload' | 'system'; id: string | null };
  correlation_id: string | null;
  payload: string;
}

const DELIVERY_TIMEOUT = { timeout: 30_000, interval: 20 };

const unique = (prefix: string): string => `${prefix}-${randomBytes(5).toString('hex')}`;
const newTopic = (): TopicSpec => ({ name: unique('contract'), schema: 'domain-event' });

function event(orgId: string, sequence: number): TestEvent {
  return {
    event_id: randomUUID(),
    org_id: orgId,
    type: 'contract.sequenced',
    occurred_at: 1_700_000_000_000 + sequence,
    subject_id: sequence % 2 === 0 ? `subject-${sequence}` : null,
    actor: { kind: 'system', id: null },
    correlation_id: null,
    payload: JSON.stringify({ sequence }),
  };
}
const sequenceOf = (record: ConsumedRecord<TestEvent>): number => (JSON.parse(record.value.payload) as { sequence: number }).sequence;

/** Records every batch a subscription hands over. */
function collector() {
  const batches: ConsumedRecord<TestEvent>[][] = [];
  return {
    batches,
    records: () => batches.flat(),
    handle: async (batch: ConsumedRecord<TestEvent>[]) => {
      batches.push(batch);
    },
  };
}

function recordingLogger() {
  const entries: { level: keyof StreamLogLogger; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: keyof StreamLogLogger) => (fields: Record<string, unknown>, message: string) => {
    entries.push({ level, fields, message });
  };
  return { entries, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } satisfies StreamLogLogger };
}

export function describeStreamLogContract(name: string, createHarness: () => Promise<StreamLogHarness>): void {
  describe(`stream log contract: ${name}`, () => {
    let harness: StreamLogHarness;
    const openLogs: StreamLog[] = [];
    const subscriptions: Subscription[] = [];

    beforeAll(async () => {
      harness = await createHarness();
    });
    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      await Promise.all(openLogs.splice(0).map((log) => log.close()));
    });
    afterAll(async () => {
      await harness?.dispose();
    });

    async function open(logger?: StreamLogLogger): Promise<StreamLog> {
      const log = await harness.open(logger);
      openLogs.push(log);
      return log;
    }
    async function openWithTopic(logger?: StreamLogLogger): Promise<{ log: StreamLog; topic: TopicSpec }> {
      const log = await open(logger);
      const topic = newTopic();
      await log.ensureTopics([topic]);
      return { log, topic };
    }
    async function subscribe(
      log: StreamLog,
      group: string,
      topic: TopicSpec,
      handle: (batch: ConsumedRecord<TestEvent>[]) => Promise<void>,
      maxBatchSize?: number,
      onSetAside?: (record: ConsumedRecord<TestEvent>, error: unknown) => Promise<void>,
      maxBatchBytes?: number,
    ) {
      const subscription = await log.subscribe<TestEvent>({ group, topic, handle, maxBatchSize, onSetAside, maxBatchBytes });
      subscriptions.push(subscription);
      return subscription;
    }
    const setAsideOf = async (group: string) =>
      (await harness.setAside.list(systemScope('replay-set-aside-records'), { includeReplayed: true })).filter((record) => record.group === group);
    /**
     * Two keys whose records land in different partitions, the second in a later
     * one: a log that polls partitions in order and stops at a failing one would
     * never reach it.
     */
    const keysInTwoPartitions = (): [string, string] => {
      const first = 'org-stalled';
      const second = ['org-flowing-1', 'org-flowing-2', 'org-flowing-3', 'org-flowing-4', 'org-flowing-5'].find(
        (key) => partitionForKey(key, harness.partitions) > partitionForKey(first, harness.partitions),
      );
      if (!second) throw new Error('no key in a later partition');
      return [first, second];
    };

    /**
     * Publishes a marker record with `key`, subscribes `group` and answers what the
     * group received up to the marker. The marker follows every earlier record of
     * `key` in its partition, so any of them still uncommitted would come first.
     */
    async function deliveredUpToMarker(log: StreamLog, group: string, topic: TopicSpec, key: string) {
      const marker = event(key, 1_000);
      await log.publish(topic, [{ key, value: marker }]);
      const received = collector();
      await subscribe(log, group, topic, received.handle);
      await vi.waitFor(() => expect(received.records().map((r) => r.value.event_id)).toContain(marker.event_id), DELIVERY_TIMEOUT);
      return received.records();
    }

    it('delivers every published record with its key, value and headers, decoded', async () => {
      const { log, topic } = await openWithTopic();
      const published: OutgoingRecord<TestEvent>[] = [
        { key: 'org-alpha', value: event('org-alpha', 0), headers: { 'trace-id': 'abc123', 'content-kind': 'domain-event' } },
        { key: 'org-beta', value: event('org-beta', 1) },
        { key: 'org-alpha', value: event('org-alpha', 2), headers: { 'trace-id': 'def456' } },
      ];
      await log.publish(topic, published);

      const received = collector();
      await subscribe(log, unique('group'), topic, received.handle);
      await vi.waitFor(() => expect(received.records()).toHaveLength(published.length), DELIVERY_TIMEOUT);

      const byEventId = new Map(received.records().map((record) => [record.value.event_id, record]));
      for (const sent of published) {
        const record = byEventId.get(sent.value.event_id);
        expect(record).toMatchObject({ topic: topic.name, key: sent.key, headers: sent.headers ?? {} });
        expect(record?.value).toEqual(sent.value);
        expect(record?.partition).toBe(partitionForKey(sent.key, harness.partitions));
        expect(record?.offset).toMatch(/^\d+$/);
      }
    });

    it("keeps each key's records in order, in that key's partition, in batches of at most maxBatchSize", async () => {
      const { log, topic } = await openWithTopic();
      const keys = ['org-1', 'org-2', 'org-3', 'org-4', 'org-5', 'org-6'];
      const perKey = 20;
      const sequenceByKey = new Map(keys.map((key) => [key, 0]));
      // Four publish calls, each interleaving every key.
      for (let call = 0; call < 4; call++) {
        const records = [];
        for (let i = 0; i < (perKey * keys.length) / 4; i++) {
          const key = keys[i % keys.length] as string;
          const sequence = sequenceByKey.get(key) ?? 0;
          sequenceByKey.set(key, sequence + 1);
          records.push({ key, value: event(key, sequence) });
        }
        await log.publish(topic, records);
      }

      const received = collector();
      const maxBatchSize = 7;
      await subscribe(log, unique('group'), topic, received.handle, maxBatchSize);
      await vi.waitFor(() => expect(received.records()).toHaveLength(perKey * keys.length), DELIVERY_TIMEOUT);

      for (const batch of received.batches) {
        expect(batch.length).toBeLessThanOrEqual(maxBatchSize);
        expect(new Set(batch.map((r) => r.partition)).size).toBe(1);
        const offsets = batch.map((r) => BigInt(r.offset));
        expect(offsets).toEqual([...offsets].sort((a, b) => (a < b ? -1 : 1)));
      }
      for (const key of keys) {
        const ofKey = received.records().filter((r) => r.key === key);
        expect(ofKey.map(sequenceOf)).toEqual(Array.from({ length: perKey }, (_, i) => i));
        expect(new Set(ofKey.map((r) => r.partition))).toEqual(new Set([partitionForKey(key, harness.partitions)]));
      }
      expect(new Set(received.records().map((r) => r.partition)).size).toBeGreaterThan(1);
    });

    it('ends a batch with the record whose bytes reach maxBatchBytes, and hands a larger record over alone', async () => {
      const { log, topic } = await openWithTopic();
      const key = 'org-bytes';
      // Values of a little over 1 KiB, one of about 10 KiB, against a bound of 3 KiB.
      const sizes = [1, 1, 1, 10, 1, 1, 1, 1, 1, 1];
      const published = sizes.map((kib, sequence) => ({ ...event(key, sequence), payload: JSON.stringify({ sequence, padding: 'x'.repeat(kib * 1024) }) }));
      await log.publish(topic, published.map((value) => ({ key, value })));

      const received = collector();
      await subscribe(log, unique('group'), topic, received.handle, 100, undefined, 3 * 1024);
      await vi.waitFor(() => expect(received.records()).toHaveLength(sizes.length), DELIVERY_TIMEOUT);

      expect(received.records().map(sequenceOf)).toEqual(sizes.map((_, i) => i));
      // Three small records reach 3 KiB; the large one exceeds it alone; the last batch ends with the log.
      expect(received.batches.map((batch) => batch.map(sequenceOf))).toEqual([[0, 1, 2], [3], [4, 5, 6], [7, 8, 9]]);
    });

    it('redelivers a batch whose handler threw a retriable error after a back-off, logging the cause, and commits it only once the handler succeeded', async () => {
      const recorded = recordingLogger();
      const { log, topic } = await openWithTopic(recorded.logger);
      const key = 'org-retry';
      const published = [0, 1, 2, 3, 4].map((sequence) => event(key, sequence));
      await log.publish(topic, published.map((value) => ({ key, value })));

      const group = unique('group');
      const attempts: ConsumedRecord<TestEvent>[][] = [];
      const failures = [new AppError('unavailable', 'dependency down', { retriable: true }), Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })];
      const succeeded = collector();
      const subscription = await subscribe(log, group, topic, async (batch) => {
        attempts.push(batch);
        const failure = failures.shift();
        if (failure) throw failure;
        await succeeded.handle(batch);
      });
      await vi.waitFor(() => expect(succeeded.records()).toHaveLength(published.length), DELIVERY_TIMEOUT);

      // Both failed attempts and the successful one started at the same, first record.
      expect(attempts.slice(0, 3).map((batch) => batch[0]?.offset)).toEqual(Array(3).fill(attempts[0]?.[0]?.offset));
      expect(succeeded.records().map((r) => r.value.event_id)).toEqual(published.map((e) => e.event_id));
      const failureLogs = recorded.entries.filter((entry) => entry.message.startsWith('stream batch handler failed'));
      expect(failureLogs.map((entry) => entry.level)).toEqual(['warn', 'warn']);
      expect(failureLogs[0]?.fields).toMatchObject({ group, topic: topic.name, partition: partitionForKey(key, harness.partitions), firstOffset: attempts[0]?.[0]?.offset });
      expect(failureLogs.map((entry) => entry.fields.err)).toEqual([expect.objectContaining({ message: 'dependency down' }), expect.objectContaining({ code: 'ECONNREFUSED' })]);
      // The back-off doubles: the second wait is longer than the first.
      expect(failureLogs.map((entry) => entry.fields.retryInMs)).toEqual([100, 200]);
      expect(await setAsideOf(group)).toEqual([]);

      await subscription.stop();
      const afterRestart = await deliveredUpToMarker(log, group, topic, key);
      expect(afterRestart.map(sequenceOf)).toEqual([1_000]);
    });

    it('sets aside the one record whose handler fails with a non-retriable error, handles the rest of its batch and goes on', async () => {
      const recorded = recordingLogger();
      const { log, topic } = await openWithTopic(recorded.logger);
      const key = 'org-poison';
      const published = [0, 1, 2, 3, 4, 5, 6].map((sequence) => event(key, sequence));
      const poison = published[4]!;
      await log.publish(topic, published.map((value) => ({ key, value, headers: { 'trace-id': `t-${value.event_id}` } })));

      const group = unique('group');
      const handled = collector();
      const hooked: { record: ConsumedRecord<TestEvent>; error: unknown }[] = [];
      const subscription = await subscribe(
        log,
        group,
        topic,
        async (batch) => {
          if (batch.some((record) => record.value.event_id === poison.event_id)) throw new AppError('unprocessable', 'the record cannot be applied', { retriable: false });
          await handled.handle(batch);
        },
        undefined,
        async (record, error) => void hooked.push({ record, error }),
      );
      await vi.waitFor(() => expect(handled.records()).toHaveLength(published.length - 1), DELIVERY_TIMEOUT);

      expect(handled.records().map((r) => r.value.event_id)).toEqual(published.filter((e) => e !== poison).map((e) => e.event_id));
      const [setAside, ...others] = await setAsideOf(group);
      expect(others).toEqual([]);
      const poisonOffset = hooked[0]?.record.offset;
      expect(setAside).toMatchObject({
        topic: topic.name,
        partition: partitionForKey(key, harness.partitions),
        offset: poisonOffset,
        key,
        headers: { 'trace-id': `t-${poison.event_id}` },
        errorCode: 'unprocessable',
        errorMessage: 'the record cannot be applied',
        replayedAt: null,
      });
      expect(setAside?.value.length).toBeGreaterThan(0);
      expect(hooked).toHaveLength(1);
      expect(hooked[0]?.record.value).toEqual(poison);
      expect(hooked[0]?.error).toMatchObject({ code: 'unprocessable' });
      const setAsideLogs = recorded.entries.filter((entry) => entry.message.startsWith('stream record set aside'));
      expect(setAsideLogs.map((entry) => entry.level)).toEqual(['error']);
      expect(setAsideLogs[0]?.fields).toMatchObject({ group, topic: topic.name, partition: setAside?.partition, offset: poisonOffset });
      // Coordinates and the error, never the value.
      expect(JSON.stringify(recorded.entries.map((entry) => entry.fields), (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(poison.event_id);

      // Everything was committed: a restarted group sees only what comes after.
      await subscription.stop();
      expect((await deliveredUpToMarker(log, group, topic, key)).map(sequenceOf)).toEqual([1_000]);

      // Republished byte for byte, it comes again at the end of its partition.
      await log.republish(topic, { key: setAside!.key, value: setAside!.value, valueSchema: setAside!.valueSchema, headers: setAside!.headers });
      const replayed = collector();
      await subscribe(log, unique('group'), topic, replayed.handle);
      await vi.waitFor(() => expect(replayed.records().filter((r) => r.value.event_id === poison.event_id)).toHaveLength(2), DELIVERY_TIMEOUT);
      expect(replayed.records().at(-1)).toMatchObject({ key, value: poison, headers: { 'trace-id': `t-${poison.event_id}` } });
    });

    it('sets a record aside only once when its batch is redelivered after a retriable failure', async () => {
      const { log, topic } = await openWithTopic();
      const key = 'org-poison-twice';
      const published = [0, 1, 2].map((sequence) => event(key, sequence));
      await log.publish(topic, published.map((value) => ({ key, value })));
      const group = unique('group');
      let retriableFailures = 1;
      const handled = collector();
      await subscribe(log, group, topic, async (batch) => {
        if (batch.some((record) => sequenceOf(record) === 0)) throw new Error('a bug in the handler');
        // After the poison was set aside, the rest fails once with a retriable error: the batch comes again.
        if (retriableFailures-- > 0) throw new AppError('unavailable', 'dependency down');
        await handled.handle(batch);
      });
      await vi.waitFor(() => expect(handled.records()).toHaveLength(2), DELIVERY_TIMEOUT);
      expect(handled.records().map(sequenceOf)).toEqual([1, 2]);
      expect((await setAsideOf(group)).map((record) => [record.errorCode, record.errorMessage])).toEqual([['Error', 'a bug in the handler']]);
    });

    it('keeps another partition flowing while one partition backs off, and reports the stalled one', async () => {
      const { log, topic } = await openWithTopic();
      const [stalledKey, flowingKey] = keysInTwoPartitions();
      const group = unique('group');
      let healthy = false;
      const received = collector();
      await subscribe(log, group, topic, async (batch) => {
        if (!healthy && batch.some((record) => record.key === stalledKey)) throw new AppError('unavailable', 'dependency down');
        await received.handle(batch);
      });
      await log.publish(topic, [{ key: stalledKey, value: event(stalledKey, 0) }]);
      const stalledPartition = partitionForKey(stalledKey, harness.partitions);
      await vi.waitFor(() => expect(log.stalledPartitions(0).map((p) => [p.group, p.partition])).toEqual([[group, stalledPartition]]), DELIVERY_TIMEOUT);

      const flowing = [0, 1, 2].map((sequence) => event(flowingKey, sequence));
      await log.publish(topic, flowing.map((value) => ({ key: flowingKey, value })));
      await vi.waitFor(() => expect(received.records().map((r) => r.value.event_id)).toEqual(flowing.map((e) => e.event_id)), DELIVERY_TIMEOUT);
      // The flowing partition may be between its handler and its commit for a moment.
      await vi.waitFor(() => expect(log.stalledPartitions(0).map((p) => p.partition)).toEqual([stalledPartition]), DELIVERY_TIMEOUT);
      expect(log.stalledPartitions(3_600_000)).toEqual([]);

      healthy = true;
      await vi.waitFor(() => expect(received.records().filter((r) => r.key === stalledKey)).toHaveLength(1), DELIVERY_TIMEOUT);
      await vi.waitFor(() => expect(log.stalledPartitions(0)).toEqual([]), DELIVERY_TIMEOUT);
    });

    it('redelivers records whose handler was still running when the process went away', async () => {
      const key = 'org-crash';
      const { log: first, topic } = await openWithTopic();
      const published = [0, 1, 2, 3].map((sequence) => event(key, sequence));
      await first.publish(topic, published.map((value) => ({ key, value })));

      const group = unique('group');
      const seenBeforeCrash: ConsumedRecord<TestEvent>[] = [];
      await first.subscribe<TestEvent>({
        group,
        topic,
        handle: (batch) => {
          seenBeforeCrash.push(...batch);
          return new Promise<void>(() => undefined); // never finishes: the process dies first
        },
      });
      await vi.waitFor(() => expect(seenBeforeCrash.length).toBeGreaterThan(0), DELIVERY_TIMEOUT);
      await first.close();

      const restarted = await open();
      const received = collector();
      await subscribe(restarted, group, topic, received.handle);
      await vi.waitFor(() => expect(received.records()).toHaveLength(published.length), DELIVERY_TIMEOUT);
      expect(received.records().map((r) => r.value.event_id)).toEqual(published.map((e) => e.event_id));
      expect(received.records().map((r) => r.offset)).toEqual(expect.arrayContaining(seenBeforeCrash.map((r) => r.offset)));
    });

    it('lets the batch in flight finish and commit when a subscription stops', async () => {
      const key = 'org-drain';
      const { log, topic } = await openWithTopic();
      const published = [0, 1, 2].map((sequence) => event(key, sequence));
      await log.publish(topic, published.map((value) => ({ key, value })));

      const group = unique('group');
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const handled: ConsumedRecord<TestEvent>[] = [];
      let entered = false;
      const subscription = await log.subscribe<TestEvent>({
        group,
        topic,
        handle: async (batch) => {
          entered = true;
          await gate;
          handled.push(...batch);
        },
      });
      await vi.waitFor(() => expect(entered).toBe(true), DELIVERY_TIMEOUT);
      const stopped = subscription.stop();
      release();
      await stopped;
      expect(handled.map((r) => r.value.event_id)).toEqual(published.map((e) => e.event_id));

      const afterRestart = await deliveredUpToMarker(log, group, topic, key);
      expect(afterRestart.map(sequenceOf)).toEqual([1_000]);
    });

    it('delivers every record to each of two groups', async () => {
      const { log, topic } = await openWithTopic();
      const published = Array.from({ length: 12 }, (_, i) => event(`org-${i % 3}`, i));
      await log.publish(topic, published.map((value) => ({ key: value.org_id, value })));

      const first = collector();
      const second = collector();
      await subscribe(log, unique('group'), topic, first.handle);
      await subscribe(log, unique('group'), topic, second.handle);
      await vi.waitFor(() => {
        expect(first.records()).toHaveLength(published.length);
        expect(second.records()).toHaveLength(published.length);
      }, DELIVERY_TIMEOUT);
      const expected = published.map((e) => e.event_id).sort();
      expect(first.records().map((r) => r.value.event_id).sort()).toEqual(expected);
      expect(second.records().map((r) => r.value.event_id).sort()).toEqual(expected);
    });

    it('refuses a publish call with a value that does not match the schema, appending none of its records', async () => {
      const { log, topic } = await openWithTopic();
      const key = 'org-invalid';
      const valid = event(key, 0);
      const invalid = { ...event(key, 1), actor: { kind: 'robot', id: null }, occurred_at: 'yesterday' };

      const refusal = await log.publish<unknown>(topic, [{ key, value: valid }, { key, value: invalid }]).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: 'validation_failed', details: { topic: topic.name, invalid_records: [{ index: 1, fields: ['occurred_at', 'actor.kind'] }] } });

      const delivered = await deliveredUpToMarker(log, unique('group'), topic, key);
      expect(delivered.map(sequenceOf)).toEqual([1_000]);
    });

    it('publishes concurrent calls for one key with distinct offsets, each call in its own order', async () => {
      const { log, topic } = await openWithTopic();
      const key = 'org-concurrent';
      const calls = Array.from({ length: 8 }, (_, call) => Array.from({ length: 5 }, (_, i) => event(key, call * 100 + i)));
      await Promise.all(calls.map((values) => log.publish(topic, values.map((value) => ({ key, value })))));

      const received = collector();
      await subscribe(log, unique('group'), topic, received.handle);
      await vi.waitFor(() => expect(received.records()).toHaveLength(40), DELIVERY_TIMEOUT);
      const records = received.records();
      expect(new Set(records.map((r) => r.offset)).size).toBe(40);
      for (let call = 0; call < calls.length; call++) {
        const ofCall = records.map(sequenceOf).filter((sequence) => Math.floor(sequence / 100) === call);
        expect(ofCall).toEqual([0, 1, 2, 3, 4].map((i) => call * 100 + i));
      }
    });

    it('creates topics idempotently, also when asked concurrently', async () => {
      const log = await open();
      const [a, b] = [newTopic(), newTopic()];
      await log.ensureTopics([a, b]);
      await log.ensureTopics([a, b]);
      await Promise.all([log.ensureTopics([a]), log.ensureTopics([a, b])]);

      const other = await open();
      await other.ensureTopics([b]);
      const delivered = await deliveredUpToMarker(other, unique('group'), b, 'org-topics');
      expect(delivered.map(sequenceOf)).toEqual([1_000]);
    });

    it('answers ping when its services are up and refuses it promptly when they are unreachable', async () => {
      const log = await open();
      await expect(log.ping()).resolves.toBeUndefined();

      const unreachable = await harness.openUnreachable();
      openLogs.push(unreachable);
      const started = Date.now();
      await expect(unreachable.ping()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });
}
