// The delivery queue in PostgreSQL (030_webhooks.sql). Creation (dispatcher,
// manual redelivery), listing, and the worker's claim → outcome cycle. Every
// statement names the organization, except the claim and the lease release,
// which are queue mechanics across tenants like the job claim: each claimed row
// carries its organization, and everything after the claim uses it.
import type { components } from '../../api/openapi.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import { inQueueClaimTransaction } from '../platform/db/queue-claim.js';
import { MAX_DELIVERY_ATTEMPTS } from './delivery-schedule.js';
import type { StoredSecrets } from './signing-secrets.js';
import { tenantOfClaim, type SystemScope } from '../platform/tenancy.js';

export const deliveryStatuses = ['pending', 'delivering', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** A delivery as the API shows it (spec 2.8): the document's WebhookDelivery. The event's body (payload) is not included. */
export type WebhookDelivery = components['schemas']['WebhookDelivery'];

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  max_attempts: number;
  next_attempt_at: Date | null;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error: string | null;
  redelivery_of: string | null;
  created_at: Date;
  updated_at: Date;
}

const viewColumns = `id, endpoint_id, event_id, event_type, status, attempts, max_attempts, next_attempt_at,
  response_status, response_body, duration_ms, error, redelivery_of, created_at, updated_at`;

const toView = (row: DeliveryRow): WebhookDelivery => ({
  ...row,
  next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

// ---------------------------------------------------------------------------
// Creation

export interface EventToDeliver {
  orgId: OrgId;
  eventId: string;
  eventType: string;
  /** The rendered body (event-types.ts renderDeliveryBody). */
  body: string;
}

/**
 * The event types each organization's enabled endpoints subscribe to, for the
 * organizations given: what a batch of events must be rendered for.
 */
export async function subscribedEventTypes(tx: Queryable, scope: SystemScope, orgIds: readonly string[]): Promise<Map<OrgId, Set<string>>> {
  const subscribed = new Map<OrgId, Set<string>>();
  if (orgIds.length === 0) return subscribed;
  const found = await tx.query<{ org_id: string; event_type: string }>(
    'SELECT DISTINCT e.org_id, t.event_type FROM webhook_endpoints e CROSS JOIN unnest(e.event_types) AS t (event_type) WHERE e.org_id = ANY ($1::uuid[]) AND e.enabled',
    [[...new Set(orgIds)]],
  );
  for (const row of found.rows) {
    const orgId = tenantOfClaim(scope, row.org_id);
    const types = subscribed.get(orgId) ?? new Set<string>();
    types.add(row.event_type);
    subscribed.set(orgId, types);
  }
  return subscribed;
}

/**
 * One pending delivery per enabled endpoint of each event's organization
 * subscribed to the event's type, each with its own id, for a batch of events
 * in one statement; an endpoint is only ever paired with events of its own
 * organization. Returns how many were created; an endpoint that already has an
 * event (a replayed batch) gets no second delivery of it.
 */
export async function insertDeliveriesForEvents(tx: Queryable, events: readonly EventToDeliver[], now: Date): Promise<number> {
  if (events.length === 0) return 0;
  const result = await tx.query(
    `INSERT INTO webhook_deliveries
            (id, org_id, endpoint_id, event_id, event_type, payload, status, max_attempts, next_attempt_at, created_at, updated_at)
     SELECT gen_random_uuid(), e.org_id, e.id, ev.event_id, ev.event_type, ev.body, 'pending', $5, $6, $6, $6
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) WITH ORDINALITY AS ev (org_id, event_id, event_type, body, position)
       JOIN webhook_endpoints e ON e.org_id = ev.org_id AND e.enabled AND ev.event_type = ANY (e.event_types)
      ORDER BY ev.position, e.id
     ON CONFLICT (endpoint_id, event_id) WHERE redelivery_of IS NULL DO NOTHING`,
    [events.map((e) => e.orgId), events.map((e) => e.eventId), events.map((e) => e.eventType), events.map((e) => e.body), MAX_DELIVERY_ATTEMPTS, now],
  );
  return result.rowCount;
}

/**
 * A new delivery of the same event, with the same body, to the same endpoint
 * (spec: manual redelivery): new id, same event_id, attempts from zero.
 */
export async function insertRedelivery(
  tx: Queryable,
  orgId: OrgId,
  deliveryId: string,
  now: Date,
): Promise<WebhookDelivery | 'not_found' | 'endpoint_disabled'> {
  const source = await tx.query<{ enabled: boolean }>(
    `SELECT e.enabled FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id
      WHERE d.org_id = $1 AND d.id = $2`,
    [orgId, deliveryId],
  );
  const endpoint = source.rows[0];
  if (endpoint === undefined) return 'not_found';
  if (!endpoint.enabled) return 'endpoint_disabled';
  const inserted = await tx.query<DeliveryRow>(
    `INSERT INTO webhook_deliveries
            (id, org_id, endpoint_id, event_id, event_type, payload, redelivery_of, status, max_attempts, next_attempt_at, created_at, updated_at)
     SELECT gen_random_uuid(), org_id, endpoint_id, event_id, event_type, payload, id, 'pending', $3, $4, $4, $4
       FROM webhook_deliveries WHERE org_id = $1 AND id = $2
     RETURNING ${viewColumns}`,
    [orgId, deliveryId, MAX_DELIVERY_ATTEMPTS, now],
  );
  return toView(inserted.rows[0]!);
}

/** Makes the pending deliveries of a re-enabled endpoint due now instead of at their backed-off time. */
export async function makePendingDeliveriesDue(tx: Queryable, orgId: OrgId, endpointId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries SET next_attempt_at = $3, updated_at = $3
      WHERE org_id = $1 AND endpoint_id = $2 AND status = 'pending' AND next_attempt_at > $3`,
    [orgId, endpointId, now],
  );
}

// ---------------------------------------------------------------------------
// Listing

interface DeliveryFilter {
  endpointId?: string;
  status?: DeliveryStatus;
  limit: number;
}

/** Newest first, bounded by limit (spec 4.9: not paginated). */
export async function listDeliveries(q: Queryable, orgId: OrgId, filter: DeliveryFilter): Promise<WebhookDelivery[]> {
  const conditions = ['org_id = $1'];
  const params: unknown[] = [orgId];
  if (filter.endpointId !== undefined) {
    params.push(filter.endpointId);
    conditions.push(`endpoint_id = $${params.length}`);
  }
  if (filter.status !== undefined) {
    params.push(filter.status);
    conditions.push(`status = $${params.length}`);
  }
  params.push(filter.limit);
  const result = await q.query<DeliveryRow>(
    `SELECT ${viewColumns} FROM webhook_deliveries WHERE ${conditions.join(' AND ')}
      ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  return result.rows.map(toView);
}

// ---------------------------------------------------------------------------
// The worker's cycle: claim (commit) → attempt over the network → record outcome.

/**
 * Claims and successes commit without waiting for the disk flush: they are the
 * hot path, and a flush per commit caps throughput at the disk's latency. A
 * database crash can forget the last fraction of a second of them; a forgotten
 * claim or success only means the delivery is sent again, which at-least-once
 * delivery already allows. Creation of deliveries, failures, disables and
 * endpoint changes stay fully durable.
 */
function withoutWaitingForFlush<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL synchronous_commit = off');
    return work(tx);
  });
}

/** A delivery a worker holds the lease on, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  orgId: OrgId;
  endpointId: string;
  payload: string;
  /** Including the attempt this claim is for; also the fencing token of the claim. */
  attempts: number;
  maxAttempts: number;
  url: string;
  secrets: StoredSecrets;
}

interface ClaimedRow {
  id: string;
  org_id: string;
  endpoint_id: string;
  payload: string;
  attempts: number;
  max_attempts: number;
  url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
}

interface ClaimOptions {
  now: Date;
  /** The registered worker the leases are recorded for. */
  workerId: string;
  limit: number;
  leaseMs: number;
  /** Most deliveries of one endpoint in flight at once, across all workers. */
  perEndpointInFlight: number;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints, oldest due first,
 * with FOR UPDATE SKIP LOCKED so any number of workers share the queue. An
 * endpoint already at its in-flight cap is skipped, and no endpoint gets more
 * than the cap from one claim, so one slow endpoint cannot take every slot.
 * The cap is soft across workers (two claims may each see room for the last
 * slot); within one worker it holds. The attempt is counted at claim time, so an
 * attempt whose worker died still counts.
 */
export async function claimDueDeliveries(db: Database, scope: SystemScope, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  const { now, workerId, limit, leaseMs, perEndpointInFlight } = options;
  // The window looked at: enough rows that a burst for one endpoint at the head
  // of the queue does not hide every other endpoint's work from this claim.
  const window = limit * 4;
  // The candidates are the due index read in order and filtered, with no join: joined to
  // the endpoints (for `enabled`), the planner hashed the join and sorted every pending
  // delivery to keep the oldest few. Excluding disabled and full endpoints by id lets the
  // scan stop after `window` rows.
  // The chosen ids reach the update as one array, computed once: as `d.id IN (chosen)`,
  // with the queue's statistics stale after a burst (migration 070), the planner could
  // scan every delivery once per chosen row: 2 s a claim at 20,000 pending.
  const result = await inQueueClaimTransaction(db, (tx) =>
    tx.query<ClaimedRow>(
      `WITH in_flight AS (
         SELECT endpoint_id, count(*) AS deliveries FROM webhook_deliveries
          WHERE status = 'delivering' GROUP BY endpoint_id
       ), candidates AS (
         SELECT d.id, d.endpoint_id, d.next_attempt_at
           FROM webhook_deliveries d
          WHERE d.status = 'pending' AND d.next_attempt_at <= $1
            AND d.endpoint_id NOT IN (SELECT endpoint_id FROM in_flight WHERE deliveries >= $4
                                      UNION ALL SELECT id FROM webhook_endpoints WHERE NOT enabled)
          ORDER BY d.next_attempt_at
          LIMIT $5
          FOR UPDATE OF d SKIP LOCKED
       ), chosen AS (
         SELECT ranked.id FROM (
           SELECT c.id, c.next_attempt_at, c.endpoint_id,
                  row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_attempt_at) AS position
             FROM candidates c) ranked
           LEFT JOIN in_flight f ON f.endpoint_id = ranked.endpoint_id
          WHERE ranked.position + coalesce(f.deliveries, 0) <= $4
          ORDER BY ranked.next_attempt_at
          LIMIT $2
       )
       UPDATE webhook_deliveries d
          SET status = 'delivering', attempts = d.attempts + 1, next_attempt_at = NULL, updated_at = $1, worker_id = $6,
              locked_until = $1::timestamptz + make_interval(secs => $3::double precision / 1000)
         FROM webhook_endpoints e
        WHERE d.id = ANY (ARRAY(SELECT id FROM chosen)) AND e.org_id = d.org_id AND e.id = d.endpoint_id
       RETURNING d.id, d.org_id, d.endpoint_id, d.payload, d.attempts, d.max_attempts,
                 e.url, e.secret_ciphertext, e.previous_secret_ciphertext, e.previous_secret_expires_at`,
      [now, limit, leaseMs, perEndpointInFlight, window, workerId],
    ),
    { skipFlushWait: true },
  );
  return result.rows.map((row) => {
    const orgId = tenantOfClaim(scope, row.org_id);
    return {
      id: row.id,
      orgId,
      endpointId: row.endpoint_id,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      url: row.url,
      secrets: {
        orgId,
        endpointId: row.endpoint_id,
        secretCiphertext: row.secret_ciphertext,
        previousSecretCiphertext: row.previous_secret_ciphertext,
        previousSecretExpiresAt: row.previous_secret_expires_at,
      },
    };
  });
}

export const LEASE_EXPIRED_ERROR = 'the attempt was not recorded before its worker stopped or its lease expired';

/**
 * Deliveries whose worker died mid-attempt become pending and due again, or
 * failed when that was their last attempt: retried, never lost. A worker is dead
 * once it is no longer registered (its heartbeats stopped, worker-registry.ts),
 * which is known within seconds; the lease's expiry remains the backstop. The
 * endpoint's failure streak is untouched: the fault was ours, not its.
 */
export async function releaseAbandonedLeases(db: Database, _scope: SystemScope, now: Date): Promise<number> {
  const result = await db.query(
    `UPDATE webhook_deliveries d
        SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
            next_attempt_at = CASE WHEN attempts >= max_attempts THEN NULL ELSE $1::timestamptz END,
            locked_until = NULL, worker_id = NULL, error = $2, updated_at = $1
      WHERE status = 'delivering'
        AND (locked_until < $1 OR (worker_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM workers w WHERE w.id = d.worker_id)))`,
    [now, LEASE_EXPIRED_ERROR],
  );
  return result.rowCount;
}

export interface DeliveredAttempt {
  claimed: ClaimedDelivery;
  responseStatus: number;
  responseBody: string;
  durationMs: number;
}

/**
 * Marks deliveries delivered and ends their endpoints' failure streaks, in one
 * statement for many deliveries: success is the hot path, and one commit per
 * delivery would cap throughput at the disk's flush rate. Each row is matched by
 * its own organization and fenced by its claim (status and attempt number); an
 * outcome whose claim was lost meanwhile (lease expired) is dropped. Resolves
 * with how many were recorded.
 */
export async function recordDelivered(db: Database, attempts: readonly DeliveredAttempt[], now: Date): Promise<number> {
  const result = await withoutWaitingForFlush(db, (tx) => tx.query<{ delivered: number }>(
    `WITH outcome AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::integer[], $4::integer[], $5::integer[], $7::text[])
           AS o (org_id, id, attempts, response_status, duration_ms, response_body)
     ), delivered AS (
       UPDATE webhook_deliveries d
          SET status = 'delivered', response_status = o.response_status, response_body = o.response_body, duration_ms = o.duration_ms,
              error = NULL, locked_until = NULL, updated_at = $6
         FROM outcome o
        WHERE d.org_id = o.org_id AND d.id = o.id AND d.status = 'delivering' AND d.attempts = o.attempts
        RETURNING d.org_id, d.endpoint_id
     ), recovered AS (
       -- Locked in id order, so two workers' batches cannot deadlock on two recovering endpoints.
       SELECT e.org_id, e.id FROM webhook_endpoints e
        WHERE (e.org_id, e.id) IN (SELECT org_id, endpoint_id FROM delivered) AND e.consecutive_failures > 0
        ORDER BY e.id
        FOR UPDATE
     ), streak_ended AS (
       UPDATE webhook_endpoints e SET consecutive_failures = 0, failing_since = NULL
         FROM recovered r WHERE e.org_id = r.org_id AND e.id = r.id
     )
     SELECT count(*)::integer AS delivered FROM delivered`,
    [
      attempts.map((a) => a.claimed.orgId),
      attempts.map((a) => a.claimed.id),
      attempts.map((a) => a.claimed.attempts),
      attempts.map((a) => a.responseStatus),
      attempts.map((a) => a.durationMs),
      now,
      attempts.map((a) => a.responseBody),
    ],
  ));
  return result.rows[0]?.delivered ?? 0;
}

/**
 * Records a failed attempt: pending again at `nextAttemptAt`, or failed for good
 * when that is null. Returns false when the claim was lost meanwhile.
 */
export async function recordFailedAttempt(
  tx: Queryable,
  claimed: ClaimedDelivery,
  attempt: { responseStatus: number | null; responseBody: string | null; durationMs: number; error: string },
  nextAttemptAt: Date | null,
  now: Date,
): Promise<boolean> {
  const result = await tx.query(
    `UPDATE webhook_deliveries
        SET status = CASE WHEN $7::timestamptz IS NULL THEN 'failed' ELSE 'pending' END, next_attempt_at = $7,
            response_status = $4, response_body = $9, duration_ms = $5, error = $6, locked_until = NULL, updated_at = $8
      WHERE org_id = $1 AND id = $2 AND status = 'delivering' AND attempts = $3`,
    [claimed.orgId, claimed.id, claimed.attempts, attempt.responseStatus, attempt.durationMs, attempt.error.slice(0, 2_000), nextAttemptAt, now, attempt.responseBody],
  );
  return result.rowCount === 1;
}
