// Webhook endpoint management (spec 2.8, 4.5): every rule lives here, so the
// HTTP handlers only translate. Writes need webhooks:manage, which only people
// hold; reads need webhooks:read. Both are checked by the HTTP layer
// (x-permission in api/modules/webhooks.yaml); this module takes the acting
// organization and, for writes, the acting person and their request's origin.
//
// Every change (webhook_endpoint.created, .updated, .enabled, .disabled,
// .secret_rotated, .deleted, webhook_delivery.redelivered, and automatic
// disables) is written to the identity audit trail and announced as a domain
// event, both in the same transaction as the change. A refused change writes
// nothing.
import type { components, operations } from '../../api/openapi.js';
import { isUuid } from '../platform/ids.js';
import { randomUUID } from 'node:crypto';
import { appendToOutbox } from '../../streams/outbox.js';
import { recordIdentityEvent, recordSystemIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import type { SecretBox } from '../platform/crypto/secret-box.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import { conflict, notFound, validationFailed, type AppError } from '../platform/errors.js';
import { shouldAutoDisable, type AutoDisablePolicy } from './delivery-schedule.js';
import {
  deliveryStatuses,
  insertRedelivery,
  listDeliveries as selectDeliveries,
  makePendingDeliveriesDue,
  type DeliveryStatus,
  type WebhookDelivery,
} from './delivery-store.js';
import { checkDestinationUrl, resolveAndCheck, type DestinationPolicy, type Refusal, type ResolveAll, type ResolveCheck } from '../platform/egress/destination-policy.js';
import { isWebhookEventType, type WebhookEventType } from './event-types.js';
import { generateSigningSecret } from './signature.js';
import { opensWith, ROTATION_OVERLAP_MS, sealSigningSecret } from './signing-secrets.js';

/** Bounds the fan-out of one event (each endpoint is one more delivery) and keeps the endpoint listing small. */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 100;
const DEFAULT_DELIVERY_LIST_LIMIT = 50;
const MAX_DELIVERY_LIST_LIMIT = 200;

/** The person acting, and where their request came from: webhooks:manage is never granted to a machine (spec 2.4). */
export interface EndpointManager {
  userId: string;
  /** Recorded in the audit trail; its X-Request-ID is also the domain events' correlation id. */
  origin: RequestOrigin;
}

type DisabledReason = 'manual' | 'consecutive_failures';

/** An endpoint as the API shows it: the document's WebhookEndpoint. The signing secret is never part of it. */
type WebhookEndpoint = components['schemas']['WebhookEndpoint'];

/** What creation and rotation return: the only times the secret is shown. */
export type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];

/** What registration takes: the document's createWebhookEndpoint body. */
export type CreateEndpointInput = operations['createWebhookEndpoint']['requestBody']['content']['application/json'];

/** What a change takes: the document's updateWebhookEndpoint body. */
export type UpdateEndpointInput = operations['updateWebhookEndpoint']['requestBody']['content']['application/json'];

export interface DeliveryQuery {
  endpoint_id?: string;
  status?: string;
  limit?: number;
}

interface WebhookEndpointsDeps {
  db: Database;
  secretBox: SecretBox;
  destinationPolicy: DestinationPolicy;
  /** Resolves destination names at registration; the system resolver when absent. */
  resolve?: ResolveAll;
  now?: () => Date;
}

interface EndpointRow {
  id: string;
  url: string;
  event_types: WebhookEventType[];
  secret_ciphertext: string;
  enabled: boolean;
  disabled_reason: DisabledReason | null;
  consecutive_failures: number;
  previous_secret_expires_at: Date | null;
  created_by_user_id: string;
  created_at: Date;
  updated_at: Date;
}

const endpointColumns = `id, url, event_types, secret_ciphertext, enabled, disabled_reason, consecutive_failures,
  previous_secret_expires_at, created_by_user_id, created_at, updated_at`;

export function createWebhookEndpoints(deps: WebhookEndpointsDeps) {
  const { db, secretBox, destinationPolicy } = deps;
  const now = deps.now ?? (() => new Date());

  const toView = (row: EndpointRow, at: Date): WebhookEndpoint => ({
    id: row.id,
    url: row.url,
    events: row.event_types,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    consecutive_failures: row.consecutive_failures,
    previous_secret_expires_at: row.previous_secret_expires_at !== null && row.previous_secret_expires_at > at ? row.previous_secret_expires_at.toISOString() : null,
    created_by_user_id: row.created_by_user_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });

  /**
   * Registration check (spec 4.5, 8): HTTPS, at most 2048 characters, and a host
   * that neither names nor resolves to a refused address class. Runs before any
   * transaction: resolving is a network call.
   */
  async function vetDestination(raw: string): Promise<string> {
    const checked = checkDestinationUrl(raw, destinationPolicy);
    if (!checked.ok) throw refusalError(checked);
    let resolved: ResolveCheck;
    try {
      resolved = await resolveAndCheck(checked.url.hostname, { ...destinationPolicy, lookup: deps.resolve });
    } catch {
      throw validationFailed('destination host name could not be resolved');
    }
    if (!resolved.ok) throw refusalError(resolved);
    return checked.url.href;
  }

  async function lockEndpoint(tx: Queryable, orgId: OrgId, endpointId: string): Promise<EndpointRow> {
    if (!isUuid(endpointId)) throw notFound();
    const result = await tx.query<EndpointRow>(`SELECT ${endpointColumns} FROM webhook_endpoints WHERE org_id = $1 AND id = $2 FOR UPDATE`, [orgId, endpointId]);
    const row = result.rows[0];
    if (row === undefined) throw notFound();
    return row;
  }

  /** Audits a person's change and announces it, in the transaction that makes it. */
  async function recordChange(tx: Queryable, orgId: OrgId, manager: EndpointManager, action: string, endpointId: string, detail: Record<string, unknown>): Promise<void> {
    await recordIdentityEvent(tx, orgId, manager.origin, { actor: { userId: manager.userId }, action, detail });
    await appendToOutbox(tx, orgId, { type: action, subjectId: endpointId, actor: { kind: 'user', id: manager.userId }, correlationId: manager.origin.requestId, payload: detail });
  }

  async function create(orgId: OrgId, manager: EndpointManager, input: CreateEndpointInput): Promise<WebhookEndpointWithSecret> {
    const eventTypes = checkEventTypes(input.events);
    const url = await vetDestination(input.url);
    const id = randomUUID();
    const secret = generateSigningSecret();
    const at = now();
    return db.transaction(async (tx) => {
      // Serializes creations in the organization, so the cap holds under concurrency.
      await tx.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
      const existing = await tx.query<{ endpoints: number }>('SELECT count(*)::integer AS endpoints FROM webhook_endpoints WHERE org_id = $1', [orgId]);
      if ((existing.rows[0]?.endpoints ?? 0) >= MAX_ENDPOINTS_PER_ORGANIZATION) {
        throw validationFailed(`an organization may register at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints`);
      }
      const inserted = await tx.query<EndpointRow>(
        `INSERT INTO webhook_endpoints (id, org_id, url, event_types, secret_ciphertext, created_by_user_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${endpointColumns}`,
        [id, orgId, url, eventTypes, sealSigningSecret(secretBox, orgId, id, secret), manager.userId, at],
      );
      const row = inserted.rows[0]!;
      await recordChange(tx, orgId, manager, 'webhook_endpoint.created', id, { endpoint_id: id, url: urlForEvents(url), events: eventTypes });
      return { ...toView(row, at), secret };
    });
  }

  async function list(orgId: OrgId): Promise<WebhookEndpoint[]> {
    const at = now();
    const result = await db.query<EndpointRow>(`SELECT ${endpointColumns} FROM webhook_endpoints WHERE org_id = $1 ORDER BY created_at, id`, [orgId]);
    return result.rows.map((row) => toView(row, at));
  }

  async function get(orgId: OrgId, endpointId: string): Promise<WebhookEndpoint> {
    if (!isUuid(endpointId)) throw notFound();
    const result = await db.query<EndpointRow>(`SELECT ${endpointColumns} FROM webhook_endpoints WHERE org_id = $1 AND id = $2`, [orgId, endpointId]);
    const row = result.rows[0];
    if (row === undefined) throw notFound();
    return toView(row, now());
  }

  /** Changes the URL (checked again), the subscriptions and/or the enabled state in one transaction. Unchanged fields write nothing. */
  async function update(orgId: OrgId, manager: EndpointManager, endpointId: string, input: UpdateEndpointInput): Promise<WebhookEndpoint> {
    const eventTypes = input.events === undefined ? undefined : checkEventTypes(input.events);
    const url = input.url === undefined ? undefined : await vetDestination(input.url);
    const at = now();
    return db.transaction(async (tx) => {
      let row = await lockEndpoint(tx, orgId, endpointId);
      const changes: { url?: string; events?: string[] } = {};
      if (url !== undefined && url !== row.url) changes.url = url;
      if (eventTypes !== undefined && !sameMembers(eventTypes, row.event_types)) changes.events = eventTypes;
      if (changes.url !== undefined || changes.events !== undefined) {
        const updated = await tx.query<EndpointRow>(
          `UPDATE webhook_endpoints SET url = coalesce($3, url), event_types = coalesce($4, event_types), updated_at = $5
            WHERE org_id = $1 AND id = $2 RETURNING ${endpointColumns}`,
          [orgId, endpointId, changes.url ?? null, changes.events ?? null, at],
        );
        row = updated.rows[0]!;
        const announced = { ...changes, ...(changes.url === undefined ? {} : { url: urlForEvents(changes.url) }) };
        await recordChange(tx, orgId, manager, 'webhook_endpoint.updated', endpointId, { endpoint_id: endpointId, changes: announced });
      }
      if (input.enabled === true && !row.enabled) row = await reEnable(tx, orgId, manager, row, at);
      if (input.enabled === false && row.enabled) row = await disableManually(tx, orgId, manager, row, at);
      return toView(row, at);
    });
  }

  /** Re-enabling clears the failure streak (spec 3.2); deliveries left pending while disabled become due at once. */
  async function reEnable(tx: Queryable, orgId: OrgId, manager: EndpointManager, row: EndpointRow, at: Date): Promise<EndpointRow> {
    const updated = await tx.query<EndpointRow>(
      `UPDATE webhook_endpoints SET enabled = true, disabled_reason = NULL, consecutive_failures = 0, failing_since = NULL, updated_at = $3
        WHERE org_id = $1 AND id = $2 RETURNING ${endpointColumns}`,
      [orgId, row.id, at],
    );
    await makePendingDeliveriesDue(tx, orgId, row.id, at);
    await recordChange(tx, orgId, manager, 'webhook_endpoint.enabled', row.id, { endpoint_id: row.id, url: urlForEvents(row.url), previously_disabled_because: row.disabled_reason });
    return updated.rows[0]!;
  }

  async function disableManually(tx: Queryable, orgId: OrgId, manager: EndpointManager, row: EndpointRow, at: Date): Promise<EndpointRow> {
    const updated = await tx.query<EndpointRow>(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'manual', updated_at = $3
        WHERE org_id = $1 AND id = $2 RETURNING ${endpointColumns}`,
      [orgId, row.id, at],
    );
    await recordChange(tx, orgId, manager, 'webhook_endpoint.disabled', row.id, { endpoint_id: row.id, url: urlForEvents(row.url), reason: 'manual' });
    return updated.rows[0]!;
  }

  /**
   * A new secret; the current one becomes the previous and keeps signing for 24
   * hours. A rotation during an overlap ends the older overlap at once: at most
   * two secrets sign. A current secret that no longer opens is replaced with no overlap.
   */
  async function rotateSecret(orgId: OrgId, manager: EndpointManager, endpointId: string): Promise<WebhookEndpointWithSecret> {
    const secret = generateSigningSecret();
    const at = now();
    const previousExpiresAt = new Date(at.getTime() + ROTATION_OVERLAP_MS);
    return db.transaction(async (tx) => {
      const row = await lockEndpoint(tx, orgId, endpointId);
      const overlapEndsAt = opensWith(secretBox, orgId, row.id, row.secret_ciphertext) ? previousExpiresAt : null;
      const updated = await tx.query<EndpointRow>(
        `UPDATE webhook_endpoints
            SET previous_secret_ciphertext = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE secret_ciphertext END,
                previous_secret_expires_at = $4, secret_ciphertext = $3, updated_at = $5
          WHERE org_id = $1 AND id = $2 RETURNING ${endpointColumns}`,
        [orgId, row.id, sealSigningSecret(secretBox, orgId, row.id, secret), overlapEndsAt, at],
      );
      // Not "previous_secret_expires_at": the audit trail redacts values of keys that name a secret.
      await recordChange(tx, orgId, manager, 'webhook_endpoint.secret_rotated', row.id, { endpoint_id: row.id, overlap_ends_at: overlapEndsAt?.toISOString() ?? null });
      return { ...toView(updated.rows[0]!, at), secret };
    });
  }

  /** Deletes the endpoint and its delivery history; nothing more is sent to it. */
  async function remove(orgId: OrgId, manager: EndpointManager, endpointId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await lockEndpoint(tx, orgId, endpointId);
      await tx.query('DELETE FROM webhook_endpoints WHERE org_id = $1 AND id = $2', [orgId, row.id]);
      await recordChange(tx, orgId, manager, 'webhook_endpoint.deleted', row.id, { endpoint_id: row.id, url: urlForEvents(row.url) });
    });
  }

  /** Newest first, bounded by limit (1 to 200, default 50, larger values clamped), filtered by endpoint and status. */
  async function listDeliveries(orgId: OrgId, query: DeliveryQuery = {}): Promise<{ deliveries: WebhookDelivery[]; limit: number }> {
    const limit = Math.min(query.limit ?? DEFAULT_DELIVERY_LIST_LIMIT, MAX_DELIVERY_LIST_LIMIT);
    if (!Number.isInteger(limit) || limit < 1) throw validationFailed(`limit must be a whole number from 1 to ${MAX_DELIVERY_LIST_LIMIT}`);
    if (query.endpoint_id !== undefined && !isUuid(query.endpoint_id)) throw validationFailed('endpoint_id must be a UUID');
    const status = query.status;
    if (status !== undefined && !isDeliveryStatus(status)) throw validationFailed(`status must be one of ${deliveryStatuses.join(', ')}`);
    const deliveries = await selectDeliveries(db, orgId, { endpointId: query.endpoint_id, status, limit });
    return { deliveries, limit };
  }

  /** A new delivery (new id, same event_id and body) of a past delivery's event to the same endpoint, which must be enabled. */
  async function redeliver(orgId: OrgId, manager: EndpointManager, deliveryId: string): Promise<WebhookDelivery> {
    if (!isUuid(deliveryId)) throw notFound();
    return db.transaction(async (tx) => {
      const created = await insertRedelivery(tx, orgId, deliveryId, now());
      if (created === 'not_found') throw notFound();
      if (created === 'endpoint_disabled') throw conflict('the endpoint is disabled: enable it before redelivering');
      await recordChange(tx, orgId, manager, 'webhook_delivery.redelivered', created.endpoint_id, {
        delivery_id: created.id,
        redelivery_of: deliveryId,
        endpoint_id: created.endpoint_id,
        event_id: created.event_id,
      });
      return created;
    });
  }

  return {
    create,
    list,
    get,
    update,
    enable: (orgId: OrgId, manager: EndpointManager, endpointId: string) => update(orgId, manager, endpointId, { enabled: true }),
    disable: (orgId: OrgId, manager: EndpointManager, endpointId: string) => update(orgId, manager, endpointId, { enabled: false }),
    rotateSecret,
    delete: remove,
    listDeliveries,
    redeliver,
  };
}
export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;

/**
 * Counts one failed attempt against the endpoint's streak and disables the
 * endpoint when the streak meets the policy, auditing and announcing it as
 * webhook_endpoint.disabled by the system. Runs in the transaction that records
 * the failed attempt. Returns whether this failure disabled the endpoint.
 */
export async function recordEndpointFailure(tx: Queryable, orgId: OrgId, endpointId: string, now: Date, policy: AutoDisablePolicy): Promise<boolean> {
  const counted = await tx.query<{ consecutive_failures: number; failing_since: Date; enabled: boolean; url: string }>(
    `UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1, failing_since = coalesce(failing_since, $3)
      WHERE org_id = $1 AND id = $2 RETURNING consecutive_failures, failing_since, enabled, url`,
    [orgId, endpointId, now],
  );
  const streak = counted.rows[0];
  if (streak === undefined || !streak.enabled) return false;
  if (!shouldAutoDisable(policy, { consecutiveFailures: streak.consecutive_failures, failingSince: streak.failing_since }, now)) return false;
  await tx.query(
    `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'consecutive_failures', updated_at = $3 WHERE org_id = $1 AND id = $2`,
    [orgId, endpointId, now],
  );
  const detail = {
    endpoint_id: endpointId,
    url: urlForEvents(streak.url),
    reason: 'consecutive_failures',
    consecutive_failures: streak.consecutive_failures,
    failing_since: streak.failing_since.toISOString(),
  };
  await recordSystemIdentityEvent(tx, orgId, { action: 'webhook_endpoint.disabled', detail });
  await appendToOutbox(tx, orgId, { type: 'webhook_endpoint.disabled', subjectId: endpointId, actor: { kind: 'system', id: null }, payload: detail });
  return true;
}

function checkEventTypes(eventTypes: readonly string[]): string[] {
  const unique = [...new Set(eventTypes)];
  if (unique.length === 0) throw validationFailed('events must name at least one event type');
  const unknown = unique.filter((type) => !isWebhookEventType(type));
  if (unknown.length > 0) throw validationFailed(`unknown event types: ${unknown.join(', ')}`, { unknown_events: unknown });
  return unique;
}

const sameMembers = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item) => b.includes(item));

const isDeliveryStatus = (value: string): value is DeliveryStatus => (deliveryStatuses as readonly string[]).includes(value);

/** The message names the refused address class (spec 4.5), which is also a field for machines. */
const refusalError = (refusal: Refusal): AppError =>
  validationFailed(refusal.reason, refusal.class === undefined ? undefined : { address_class: refusal.class });

/**
 * Events go to the audit trail and to other endpoints' receivers: a query string
 * often carries a receiver's token, so events name the destination without it.
 */
function urlForEvents(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
