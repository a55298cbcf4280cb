import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import { listIdentityEvents } from '../../platform/audit/testing/identity-events.js';
import type { OrgId } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logger.js';
import { MAX_DELIVERY_ATTEMPTS, nominalRetryDelayMs, RETRY_JITTER } from '../delivery-schedule.js';
import { claimDueDeliveries, LEASE_EXPIRED_ERROR, type DeliveryStatus } from '../delivery-store.js';
import { createDeliveryWorker, type DeliveryWorkerDeps } from './delivery-worker.js';
import type { ResolveAll } from '../../platform/egress/destination-policy.js';
import { createWebhookEndpoints, type CreateEndpointInput, type EndpointManager, type WebhookEndpoints } from '../endpoints.js';
import { createHttpsSender, type DeliverySender } from '../https-sender.js';
import { ROTATION_OVERLAP_MS } from '../signing-secrets.js';
import { createTestCertificates, type TestCertificates } from '../../platform/egress/testing/certificates.js';
import { createManager, createOrganization, createTestClock, dispatch, domainEvent, testSecretBox } from '../testing/fixtures.js';
import { startTestReceiver, type TestReceiver } from '../testing/receiver.js';
import { systemScope } from '../../platform/tenancy.js';
import { DEAD_AFTER_MS, registerWorker, type WorkerRegistry } from '../../platform/worker-registry.js';

const logger = createLogger('silent');
const HOUR = 3_600_000;
const toLoopback: ResolveAll = async () => [{ address: '127.0.0.1', family: 4 }];
const toPublic: ResolveAll = async () => [{ address: '93.184.216.34', family: 4 }];

interface DeliveryRow {
  id: string;
  event_id: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  updated_at: Date;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error: string | null;
}

let certificates: TestCertificates;
beforeAll(() => {
  certificates = createTestCertificates();
});

describe.each(databaseProfiles)('webhook delivery on $name', ({ create }) => {
  let test: TestDatabase;
  let orgA: OrgId;
  let orgB: OrgId;
  const clock = createTestClock();
  const secretBox = testSecretBox();
  let receiver: TestReceiver;
  let endpoints: WebhookEndpoints;
  let manager: EndpointManager;
  let sender: DeliverySender;
  const senders: DeliverySender[] = [];
  let registration: WorkerRegistry;

  const newSender = (options: Partial<Parameters<typeof createHttpsSender>[0]> = {}) => {
    const created = createHttpsSender({ policy: { allowPrivate: true }, trustedCaPem: certificates.caPem, budgetMs: 300, ...options });
    senders.push(created);
    return created;
  };
  const newWorker = (deps: Partial<DeliveryWorkerDeps> = {}) => createDeliveryWorker({ db: test.db, secretBox, sender, logger, worker: registration, now: clock.now, ...deps });

  /** An endpoint at a fresh receiver path, which verifies with the endpoint's secret. */
  async function endpointAt(orgId: OrgId, path: string, eventTypes: CreateEndpointInput['events'], service = endpoints, host?: string) {
    const created = await service.create(orgId, manager, { url: receiver.url(path, host), events: eventTypes });
    receiver.trust(path, [created.secret]);
    return created;
  }
  const deliveriesOf = async (endpointId: string) =>
    (await test.db.query<DeliveryRow>(
      'SELECT id, event_id, status, attempts, next_attempt_at, updated_at, response_status, response_body, duration_ms, error FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at, id',
      [endpointId],
    )).rows;
  const onlyDeliveryOf = async (endpointId: string) => {
    const rows = await deliveriesOf(endpointId);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const until = async (condition: () => Promise<boolean>, deadlineMs = 20_000) => {
    const deadline = Date.now() + deadlineMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not met before deadline');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    test = await create();
    orgA = await createOrganization(test.db, 'Org A');
    orgB = await createOrganization(test.db, 'Org B');
    manager = await createManager(test.db);
    receiver = await startTestReceiver(certificates, { now: clock.now });
    endpoints = createWebhookEndpoints({ db: test.db, secretBox, destinationPolicy: { allowPrivate: true }, now: clock.now });
    sender = newSender();
    registration = await registerWorker({ db: test.db, logger, role: 'workers' });
    registration.start();
  });
  // The queue is shared by every organization: each test leaves none of its deliveries behind.
  afterEach(async () => {
    await test.db.query('DELETE FROM webhook_endpoints');
  });
  afterAll(async () => {
    for (const created of senders) created.close();
    await registration.stop();
    await receiver.close();
    await test.drop();
  });

  it('sends each event once to every subscribed endpoint of its organization, signed and verifiable', async () => {
    const a1 = await endpointAt(orgA, '/fanout/a1', ['scan.completed']);
    const a2 = await endpointAt(orgA, '/fanout/a2', ['scan.completed', 'verdict.recorded']);
    const a3 = await endpointAt(orgA, '/fanout/a3', ['verdict.recorded']);
    const b1 = await endpointAt(orgB, '/fanout/b1', ['scan.completed']);
    const event = domainEvent(orgA, 'scan.completed', { scan_id: 's-1', findings: 3 });
    await dispatch(test.db, clock.now, [event]);

    expect(await newWorker().deliverDue()).toBe(2);
    const [toA1] = receiver.requests('/fanout/a1');
    const [toA2] = receiver.requests('/fanout/a2');
    expect(toA1?.verified && toA2?.verified).toBe(true);
    expect(toA1?.deliveryId).not.toBe(toA2?.deliveryId);
    expect(JSON.parse(toA1!.body.toString())).toEqual({
      id: event.event_id,
      type: 'scan.completed',
      occurred_at: '2030-01-01T00:00:00.000Z',
      organization_id: orgA,
      data: { scan_id: 's-1', findings: 3 },
    });
    expect(toA2?.body.equals(toA1!.body)).toBe(true);
    expect(receiver.requests('/fanout/a3')).toHaveLength(0);
    expect(receiver.requests('/fanout/b1')).toHaveLength(0);

    for (const endpoint of [a1, a2]) {
      expect(await onlyDeliveryOf(endpoint.id)).toMatchObject({ event_id: event.event_id, status: 'delivered', attempts: 1, response_status: 204, response_body: '', error: null, next_attempt_at: null });
    }
    expect(await deliveriesOf(a3.id)).toEqual([]);
    expect(await deliveriesOf(b1.id)).toEqual([]);
    expect((await endpoints.listDeliveries(orgB)).deliveries).toEqual([]);
  });

  it('retries a 500 on the backoff schedule and delivers the same bytes once the receiver recovers', async () => {
    const endpoint = await endpointAt(orgA, '/recovers', ['scan.completed']);
    await endpointAt(orgB, '/recovers-b', ['scan.completed']);
    receiver.behave('/recovers', (n) => (n < 2 ? 'error' : 'ok'));
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'scan.completed')]);
    const worker = newWorker();

    for (const attempt of [1, 2]) {
      const failedAt = clock.now().getTime();
      await worker.deliverDue();
      const row = await onlyDeliveryOf(endpoint.id);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, response_status: 500, response_body: 'receiver failed', error: 'receiver responded HTTP 500' });
      const delay = row.next_attempt_at!.getTime() - failedAt;
      expect(delay).toBeGreaterThanOrEqual(nominalRetryDelayMs(attempt) * (1 - RETRY_JITTER));
      expect(delay).toBeLessThanOrEqual(nominalRetryDelayMs(attempt) * (1 + RETRY_JITTER));
      // Not due yet: nothing is sent early.
      clock.set(new Date(row.next_attempt_at!.getTime() - 1));
      expect(await worker.deliverDue()).toBe(0);
      clock.set(row.next_attempt_at!);
    }
    await worker.deliverDue();
    expect(await onlyDeliveryOf(endpoint.id)).toMatchObject({ status: 'delivered', attempts: 3, response_status: 204, error: null });
    expect((await endpoints.get(orgA, endpoint.id)).consecutive_failures).toBe(0);

    const requests = receiver.requests('/recovers');
    expect(requests).toHaveLength(3);
    expect(requests.every((r) => r.verified)).toBe(true);
    expect(receiver.deliveries('/recovers').size).toBe(1);
    expect(requests.every((r) => r.body.equals(requests[0]!.body))).toBe(true);
    expect(receiver.requests('/recovers-b')).toHaveLength(0);
  });

  it(`spaces attempts 30 s doubling up to 2 h with jitter, and abandons the delivery after ${MAX_DELIVERY_ATTEMPTS} attempts`, async () => {
    const endpoint = await endpointAt(orgA, '/always-fails', ['verdict.recorded']);
    receiver.behave('/always-fails', 'error');
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'verdict.recorded')]);
    const worker = newWorker();

    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      expect(await worker.deliverDue()).toBe(1);
      const row = await onlyDeliveryOf(endpoint.id);
      expect(row.attempts).toBe(attempt);
      if (attempt === MAX_DELIVERY_ATTEMPTS) {
        expect(row).toMatchObject({ status: 'failed', next_attempt_at: null, error: 'receiver responded HTTP 500' });
        break;
      }
      const nominal = Math.min(30_000 * 2 ** (attempt - 1), 2 * HOUR);
      const delay = row.next_attempt_at!.getTime() - row.updated_at.getTime();
      expect(delay).toBeGreaterThanOrEqual(nominal * 0.8);
      expect(delay).toBeLessThanOrEqual(nominal * 1.2);
      clock.set(row.next_attempt_at!);
    }
    clock.advance(24 * HOUR);
    expect(await worker.deliverDue()).toBe(0);
    expect(receiver.requests('/always-fails')).toHaveLength(MAX_DELIVERY_ATTEMPTS);
  });

  it('fails an attempt whose receiver hangs at the budget, then delivers on retry', async () => {
    const endpoint = await endpointAt(orgA, '/hangs', ['scan.completed']);
    receiver.behave('/hangs', (n) => (n === 0 ? 'hang' : 'ok'));
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'scan.completed')]);
    const worker = newWorker();

    await worker.deliverDue();
    const failed = await onlyDeliveryOf(endpoint.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, response_status: null, response_body: null, error: 'no complete response within 300 ms' });
    expect(failed.duration_ms).toBeGreaterThanOrEqual(290);
    clock.set(failed.next_attempt_at!);
    await worker.deliverDue();
    expect(await onlyDeliveryOf(endpoint.id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('fails an attempt whose receiver closes the connection mid-request, then delivers on retry', async () => {
    const endpoint = await endpointAt(orgA, '/resets', ['scan.completed']);
    receiver.behave('/resets', (n) => (n === 0 ? 'reset' : 'ok'));
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'scan.completed')]);
    const worker = newWorker();

    await worker.deliverDue();
    const failed = await onlyDeliveryOf(endpoint.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(failed.error).toMatch(/^connection failed: /);
    clock.set(failed.next_attempt_at!);
    await worker.deliverDue();
    expect(await onlyDeliveryOf(endpoint.id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.deliveries('/resets').size).toBe(1);
  });

  it('retries, after its lease, a delivery whose worker died mid-attempt; a lost final attempt fails it', async () => {
    const endpoint = await endpointAt(orgA, '/worker-died', ['scan.completed', 'verdict.recorded']);
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'scan.completed'), domainEvent(orgA, 'verdict.recorded')]);
    const [retried, lastChance] = await deliveriesOf(endpoint.id);
    await test.db.query('UPDATE webhook_deliveries SET max_attempts = 1 WHERE id = $1', [lastChance!.id]);

    // The dying worker claims both and is never heard from again (its registration, here still fresh, is not what releases them).
    const abandoned = await claimDueDeliveries(test.db, systemScope('deliver-webhooks'), { now: clock.now(), workerId: registration.workerId, limit: 10, leaseMs: 60_000, perEndpointInFlight: 16 });
    expect(abandoned.map((c) => c.id).sort()).toEqual([retried!.id, lastChance!.id].sort());

    const restarted = newWorker();
    clock.advance(30_000);
    expect(await restarted.deliverDue()).toBe(0);
    expect(receiver.requests('/worker-died')).toHaveLength(0);

    clock.advance(31_000);
    expect(await restarted.deliverDue()).toBe(1);
    const [delivered, failed] = await deliveriesOf(endpoint.id);
    expect(delivered).toMatchObject({ id: retried!.id, status: 'delivered', attempts: 2, error: null });
    expect(failed).toMatchObject({ id: lastChance!.id, status: 'failed', attempts: 1, error: LEASE_EXPIRED_ERROR });
    expect([...receiver.deliveries('/worker-died').keys()]).toEqual([retried!.id]);
    // The worker's death is not the endpoint's failure.
    expect((await endpoints.get(orgA, endpoint.id)).consecutive_failures).toBe(0);
  });

  it('releases the leases of a worker whose heartbeats stopped within the threshold, freeing its endpoint\'s in-flight budget', async () => {
    const endpoint = await endpointAt(orgA, '/heartbeats-stopped', ['finding.created']);
    await endpointAt(orgB, '/heartbeats-stopped-b', ['finding.created']);
    await dispatch(test.db, clock.now, [1, 2, 3].map((n) => domainEvent(orgA, 'finding.created', { n })));
    const dying = await registerWorker({ db: test.db, logger, role: 'workers' });
    const held = await claimDueDeliveries(test.db, systemScope('deliver-webhooks'), { now: clock.now(), workerId: dying.workerId, limit: 2, leaseMs: 60_000, perEndpointInFlight: 2 });
    expect(held).toHaveLength(2);
    const heartbeatAgo = (ms: number) =>
      test.db.query('UPDATE workers SET heartbeat_at = now() - make_interval(secs => $2::double precision / 1000) WHERE id = $1', [dying.workerId, ms]);
    // The clock stays still: the 60 s lease never expires here; only the heartbeats tell.
    const survivor = newWorker({ perEndpointInFlight: 2 });

    await heartbeatAgo(DEAD_AFTER_MS / 2);
    await registration.beat();
    expect(await survivor.deliverDue()).toBe(0);

    await heartbeatAgo(DEAD_AFTER_MS + 1_000);
    await registration.beat();
    expect(await survivor.deliverDue()).toBe(2);
    expect(await survivor.deliverDue()).toBe(1);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
    // The released deliveries went out under their own ids, their second attempt.
    for (const claimed of held) expect(rows.find((row) => row.id === claimed.id)).toMatchObject({ attempts: 2 });
    expect(new Set(receiver.deliveries('/heartbeats-stopped').keys())).toEqual(new Set(rows.map((row) => row.id)));
    expect(receiver.requests('/heartbeats-stopped-b')).toHaveLength(0);
  });

  it('releases at once, when the sole process on the database starts again, what its previous run held', async () => {
    const endpoint = await endpointAt(orgA, '/restarted', ['finding.created']);
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'finding.created')]);
    const previousRun = await registerWorker({ db: test.db, logger, role: 'workers' });
    const held = await claimDueDeliveries(test.db, systemScope('deliver-webhooks'), { now: clock.now(), workerId: previousRun.workerId, limit: 10, leaseMs: 60_000, perEndpointInFlight: 16 });
    expect(held).toHaveLength(1);
    // Its heartbeat is still fresh; only knowing that no other process shares the database releases its lease.
    const restarted = await registerWorker({ db: test.db, logger, role: 'workers', soleProcess: true });
    expect(await newWorker({ worker: restarted }).deliverDue()).toBe(1);
    expect(await onlyDeliveryOf(endpoint.id)).toMatchObject({ id: held[0]!.id, status: 'delivered', attempts: 2 });
    await restarted.stop();
    // The suite's own registration was swept out with the previous run: it registers again.
    await registration.beat();
  });

  it('disables an endpoint after the failure threshold, sends it nothing while disabled, and resumes after re-enabling', async () => {
    const endpoint = await endpointAt(orgA, '/disabled', ['finding.created']);
    await endpointAt(orgB, '/disabled-b', ['finding.created']);
    receiver.behave('/disabled', 'error');
    const worker = newWorker();
    const startedFailing = clock.now().getTime();
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'finding.created', { n: 1 })]);

    let round = 0;
    while ((await endpoints.get(orgA, endpoint.id)).enabled) {
      if (++round === 10) await dispatch(test.db, clock.now, [domainEvent(orgA, 'finding.created', { n: 2 })]);
      expect(round).toBeLessThan(60);
      await worker.deliverDue();
      clock.advance(2.5 * HOUR);
    }
    const disabled = await endpoints.get(orgA, endpoint.id);
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'consecutive_failures' });
    expect(disabled.consecutive_failures).toBeGreaterThanOrEqual(20);
    expect(clock.now().getTime() - startedFailing).toBeGreaterThanOrEqual(24 * HOUR);
    const announced = await test.db.query<{ value: { type: string; actor: { kind: string }; payload: string } }>(
      "SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'webhook_endpoint.disabled' AND value->>'subject_id' = $2",
      [orgA, endpoint.id],
    );
    expect(announced.rows).toHaveLength(1);
    expect(announced.rows[0]!.value.actor.kind).toBe('system');
    expect(JSON.parse(announced.rows[0]!.value.payload)).toMatchObject({ endpoint_id: endpoint.id, reason: 'consecutive_failures' });
    const audited = (await listIdentityEvents(test.db, orgA, { action: 'webhook_endpoint.disabled', limit: 200 })).filter((e) => e.detail.endpoint_id === endpoint.id);
    expect(audited).toEqual([expect.objectContaining({ actor: { kind: 'system', id: null }, request_id: null, detail: expect.objectContaining({ reason: 'consecutive_failures' }) })]);

    // Disabled: the receiver has recovered, but nothing is sent and new events make no deliveries.
    receiver.behave('/disabled', 'ok');
    const sentBefore = receiver.requests('/disabled').length;
    const stillPending = (await deliveriesOf(endpoint.id)).filter((d) => d.status === 'pending');
    expect(stillPending.length).toBeGreaterThan(0);
    const whileDisabled = domainEvent(orgA, 'finding.created', { n: 3 });
    await dispatch(test.db, clock.now, [whileDisabled]);
    clock.advance(3 * HOUR);
    expect(await worker.deliverDue()).toBe(0);
    expect(receiver.requests('/disabled')).toHaveLength(sentBefore);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.event_id)).not.toContain(whileDisabled.event_id);

    expect(await endpoints.enable(orgA, manager, endpoint.id)).toMatchObject({ enabled: true, consecutive_failures: 0 });
    await worker.deliverDue();
    const afterEnable = await deliveriesOf(endpoint.id);
    for (const pending of stillPending) expect(afterEnable.find((d) => d.id === pending.id)?.status).toBe('delivered');
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'finding.created', { n: 4 })]);
    await worker.deliverDue();
    expect((await deliveriesOf(endpoint.id)).at(-1)?.status).toBe('delivered');
    expect(receiver.requests('/disabled-b')).toHaveLength(0);
  });

  it('refuses at delivery a name that now resolves to loopback, without connecting', async () => {
    const strictEndpoints = createWebhookEndpoints({ db: test.db, secretBox, destinationPolicy: { allowPrivate: false }, resolve: toPublic, now: clock.now });
    const endpoint = await endpointAt(orgA, '/rebound', ['scan.completed'], strictEndpoints, 'receiver.example.com');
    const rebinding = newSender({ policy: { allowPrivate: false }, resolve: toLoopback });
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'scan.completed')]);

    await newWorker({ sender: rebinding }).deliverDue();
    expect(await onlyDeliveryOf(endpoint.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: null,
      error: 'destination refused: destination address class loopback is not allowed',
    });
    expect(receiver.requests('/rebound')).toHaveLength(0);
  });

  it('signs with both secrets during the rotation overlap, new first, and with the new one only afterwards', async () => {
    const endpoint = await endpointAt(orgA, '/rotated', ['scan.completed']);
    const rotated = await endpoints.rotateSecret(orgA, manager, endpoint.id);
    receiver.trust('/rotated', [endpoint.secret, rotated.secret]);
    const worker = newWorker();

    await dispatch(test.db, clock.now, [domainEvent(orgA, 'scan.completed')]);
    await worker.deliverDue();
    const [during] = receiver.requests('/rotated');
    expect(during?.signatures).toHaveLength(2);
    expect(during?.verifiedWith).toEqual([endpoint.secret, rotated.secret]);

    clock.advance(ROTATION_OVERLAP_MS + 1_000);
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'scan.completed')]);
    await worker.deliverDue();
    const after = receiver.requests('/rotated')[1];
    expect(after?.signatures).toHaveLength(1);
    expect(after?.verifiedWith).toEqual([rotated.secret]);
  });

  it('shares the queue between running workers: every delivery sent exactly once, none lost', async () => {
    const paths = ['/shared/a1', '/shared/a2', '/shared/b1'];
    await endpointAt(orgA, paths[0]!, ['scan.completed']);
    await endpointAt(orgA, paths[1]!, ['scan.completed']);
    await endpointAt(orgB, paths[2]!, ['scan.completed']);
    await dispatch(test.db, clock.now, [
      ...Array.from({ length: 30 }, () => domainEvent(orgA, 'scan.completed')),
      ...Array.from({ length: 20 }, () => domainEvent(orgB, 'scan.completed')),
    ]);
    // A roomy budget: the receiver and the embedded database share this process's event loop.
    const roomy = newSender({ budgetMs: 5_000 });
    const workers = Array.from({ length: 3 }, () => newWorker({ sender: roomy, concurrency: 4, pollIntervalMs: 20 }));
    for (const worker of workers) worker.start();
    await until(async () => (await test.db.query("SELECT 1 FROM webhook_deliveries WHERE status <> 'delivered'")).rows.length === 0);
    await Promise.all(workers.map((worker) => worker.stop()));

    const requests = paths.flatMap((path) => receiver.requests(path));
    expect(requests).toHaveLength(30 + 30 + 20);
    expect(new Set(requests.map((r) => r.deliveryId)).size).toBe(80);
    expect(requests.every((r) => r.verified)).toBe(true);
    const organizationsSeenAt = (path: string) => [...new Set(receiver.requests(path).map((r) => (JSON.parse(r.body.toString()) as { organization_id: string }).organization_id))];
    expect(paths.map(organizationsSeenAt)).toEqual([[orgA], [orgA], [orgB]]);
  });

  it('does not let a slow endpoint delay the others', async () => {
    const slow = await endpointAt(orgA, '/slow', ['scan.completed']);
    const fast = await endpointAt(orgA, '/fast', ['scan.completed']);
    receiver.behave('/slow', 'hang');
    await dispatch(test.db, clock.now, Array.from({ length: 30 }, () => domainEvent(orgA, 'scan.completed')));
    // The slow endpoint's attempts cannot end on their own before the fast endpoint is done,
    // whatever the machine's load: their budget is far beyond the test's own deadline.
    const worker = newWorker({ sender: newSender({ budgetMs: 600_000 }), leaseMs: 1_200_000, concurrency: 8, perEndpointInFlight: 2, pollIntervalMs: 20 });

    worker.start();
    await until(async () => (await deliveriesOf(fast.id)).every((d) => d.status === 'delivered'));
    const slowWhenFastDone = await deliveriesOf(slow.id);
    receiver.dropHanging();
    await worker.stop();

    expect(receiver.requests('/fast')).toHaveLength(30);
    // Every fast delivery completed while the slow endpoint still held its first attempts open,
    // and those never took more than the endpoint's two in-flight slots.
    expect(slowWhenFastDone.filter((d) => d.status === 'delivering')).toHaveLength(2);
    expect(slowWhenFastDone.every((d) => d.status === 'delivering' || (d.status === 'pending' && d.attempts === 0))).toBe(true);
  });
});
