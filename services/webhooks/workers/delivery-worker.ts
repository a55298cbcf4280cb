// Sends due webhook deliveries (spec 3.2, 6.1). Each delivery goes through
// claim (lease, committed) → one HTTPS attempt with no transaction open →
// record the outcome, fenced by the claim. Any number of workers, in any number
// of processes, share the queue.
//
// A worker keeps up to `concurrency` attempts in flight and refills free slots as
// attempts finish, so a slow attempt holds one slot, never a whole batch; the
// claim caps each endpoint's in-flight deliveries, so one slow or failing
// endpoint cannot take every slot; every attempt ends within the sender's budget.
import { performance } from 'node:perf_hooks';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import { createPollingLoop } from '../../platform/polling-loop.js';
import type { WorkerRegistration } from '../../platform/worker-registry.js';
import { DEFAULT_AUTO_DISABLE, retryDelayMs, type AutoDisablePolicy } from '../delivery-schedule.js';
import { claimDueDeliveries, recordDelivered, recordFailedAttempt, releaseAbandonedLeases, type ClaimedDelivery, type DeliveredAttempt } from '../delivery-store.js';
import { recordEndpointFailure } from '../endpoints.js';
import type { AttemptOutcome, DeliverySender } from '../https-sender.js';
import { signDelivery } from '../signature.js';
import { createSigningKeyCache } from '../signing-secrets.js';
import { systemScope } from '../../platform/tenancy.js';

const DEFAULT_CONCURRENCY = 128;
const DEFAULT_PER_ENDPOINT_IN_FLIGHT = 32;
/**
 * Far longer than an attempt's budget, so only a worker that died loses its lease.
 * A dead worker's leases are normally released sooner, once its heartbeats stop;
 * the lease's expiry is the backstop.
 */
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_INTERVAL_MS = 250;
const LEASE_RELEASE_INTERVAL_MS = 1_000;

export interface DeliveryWorkerDeps {
  db: Database;
  secretBox: SecretBox;
  sender: DeliverySender;
  logger: Logger;
  /** The registered process the leases are recorded for. */
  worker: WorkerRegistration;
  /** The clock for scheduling, leases and signature timestamps; injected by tests. */
  now?: () => Date;
  /** Source of retry jitter. */
  random?: () => number;
  concurrency?: number;
  perEndpointInFlight?: number;
  leaseMs?: number;
  pollIntervalMs?: number;
  autoDisable?: AutoDisablePolicy;
}

export function createDeliveryWorker(deps: DeliveryWorkerDeps) {
  const { db, secretBox, sender, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const delivering = systemScope('deliver-webhooks');
  const random = deps.random ?? Math.random;
  const concurrency = deps.concurrency ?? DEFAULT_CONCURRENCY;
  const perEndpointInFlight = deps.perEndpointInFlight ?? DEFAULT_PER_ENDPOINT_IN_FLIGHT;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const pollIntervalMs = deps.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const autoDisable = deps.autoDisable ?? DEFAULT_AUTO_DISABLE;
  // A lease that could run out during a live attempt would let a second worker send the same delivery.
  if (leaseMs < 2 * sender.budgetMs) throw new TypeError(`the lease (${leaseMs} ms) must be at least twice the attempt budget (${sender.budgetMs} ms)`);

  const claim = (limit: number) => claimDueDeliveries(db, delivering, { now: now(), workerId: deps.worker.workerId, limit, leaseMs, perEndpointInFlight });
  const signingKeysOf = createSigningKeyCache(secretBox);
  const recordSuccess = groupCommitted((attempts: DeliveredAttempt[]) => recordDelivered(db, attempts, now()));

  /** One attempt of a claimed delivery. Never rejects: if recording fails, the lease runs out and the delivery is tried again. */
  async function attempt(claimed: ClaimedDelivery): Promise<void> {
    try {
      const signedAt = now();
      const body = Buffer.from(claimed.payload, 'utf8');
      const headers = signDelivery({
        secrets: signingKeysOf(claimed.secrets, signedAt),
        deliveryId: claimed.id,
        timestamp: Math.floor(signedAt.getTime() / 1000),
        body,
      });
      const outcome = await sender.send({ url: claimed.url, body, headers });
      if (outcome.ok) await recordSuccess({ claimed, responseStatus: outcome.responseStatus, responseBody: outcome.responseBody, durationMs: outcome.durationMs });
      else await recordFailure(claimed, outcome);
    } catch (error) {
      logger.error({ err: error, delivery_id: claimed.id, org_id: claimed.orgId }, 'webhook delivery attempt not recorded; it is retried after its lease');
    }
  }

  async function recordFailure(claimed: ClaimedDelivery, outcome: Extract<AttemptOutcome, { ok: false }>): Promise<void> {
    const at = now();
    const nextAttemptAt = claimed.attempts >= claimed.maxAttempts ? null : new Date(at.getTime() + retryDelayMs(claimed.attempts, random));
    const disabled = await db.transaction(async (tx) => {
      if (!(await recordFailedAttempt(tx, claimed, outcome, nextAttemptAt, at))) return false;
      return recordEndpointFailure(tx, claimed.orgId, claimed.endpointId, at, autoDisable);
    });
    if (disabled) logger.warn({ org_id: claimed.orgId, endpoint_id: claimed.endpointId }, 'webhook endpoint disabled after consecutive failures');
  }

  /**
   * One round: returns abandoned leases to the queue, claims up to `concurrency`
   * due deliveries and attempts them all. Resolves with how many were attempted.
   * For tests and tools that step time with an injected clock.
   */
  async function deliverDue(): Promise<number> {
    await releaseAbandonedLeases(db, delivering, now());
    const claimed = await claim(concurrency);
    await Promise.all(claimed.map(attempt));
    return claimed.length;
  }

  // ---- the continuous loop -------------------------------------------------
  const inFlight = new Set<Promise<void>>();
  // Claims in batches: the loop is poked once a quarter of the attempts in flight
  // have finished (or wakes after the poll interval, for new work), not for every single one.
  let completedSinceClaim = 0;
  let refillAfter = 1;
  let lastLeaseRelease = Number.NEGATIVE_INFINITY;

  const loop = createPollingLoop({ tick: fillFreeSlots, pollIntervalMs, logger, failureMessage: 'webhook delivery claim failed; retrying' });

  function track(claimed: ClaimedDelivery): void {
    const inProgress = attempt(claimed).finally(() => {
      inFlight.delete(inProgress);
      completedSinceClaim++;
      if (completedSinceClaim >= refillAfter) loop.poke();
    });
    inFlight.add(inProgress);
  }

  async function fillFreeSlots(): Promise<'idle'> {
    completedSinceClaim = 0;
    // No poke while claiming: the threshold is set for what this pass leaves in flight.
    refillAfter = Number.POSITIVE_INFINITY;
    try {
      if (performance.now() - lastLeaseRelease >= LEASE_RELEASE_INTERVAL_MS) {
        await releaseAbandonedLeases(db, delivering, now());
        lastLeaseRelease = performance.now();
      }
      const free = concurrency - inFlight.size;
      if (free > 0) for (const claimed of await claim(free)) track(claimed);
    } finally {
      refillAfter = Math.max(1, Math.floor(inFlight.size / 4));
      if (completedSinceClaim >= refillAfter) loop.poke();
    }
    return 'idle';
  }

  return {
    deliverDue,
    start: () => loop.start(),
    /** Stops claiming and lets the attempts in flight finish and be recorded. */
    async stop(): Promise<void> {
      await loop.stop();
      await Promise.all(inFlight);
    },
  };
}

/**
 * Group commit: items arriving while a write is in flight wait and go together
 * in the next write. Idle, an item is written at once; busy, one commit carries
 * many, so throughput is not capped by the database's commit latency.
 */
function groupCommitted<Item>(write: (items: Item[]) => Promise<unknown>): (item: Item) => Promise<void> {
  let waiting: { item: Item; written: () => void; failed: (error: unknown) => void }[] = [];
  let writing = false;
  async function writeWaiting(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.written();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    writing = false;
  }
  return (item) =>
    new Promise<void>((written, failed) => {
      waiting.push({ item, written, failed });
      if (!writing) void writeWaiting();
    });
}
