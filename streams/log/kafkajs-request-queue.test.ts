// kafkajs's request queue, as patched by kafkajs-request-queue.ts, against the real
// broker: idle connections schedule nothing, and requests still flow after idling.
import { Kafka, logLevel } from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testServices } from '../../test/support/services.js';
import { fixKafkaRequestQueueScheduling } from './kafkajs-request-queue.js';

describe('kafkajs request queue scheduling', () => {
  const kafka = new Kafka({ clientId: 'request-queue-test', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  const producer = kafka.producer();
  afterAll(async () => {
    vi.restoreAllMocks();
    await producer.disconnect();
    await admin.disconnect();
  });

  it('schedules no check while nothing is pending, and still answers requests after a while idle', async () => {
    fixKafkaRequestQueueScheduling();
    await admin.connect();
    await producer.connect();
    await admin.listTopics();

    // Unpatched, each connection sets a 1 ms timer again and again: hundreds in this second.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await sleep(1_000);
    const scheduledWhileIdle = timers.mock.calls.filter(([, delay]) => delay !== 1_000).length;
    timers.mockRestore();

    expect(scheduledWhileIdle).toBeLessThan(20);
    expect(Array.isArray(await admin.listTopics())).toBe(true);
  });
});
