import { insertDeliveriesForEvents, subscribedEventTypes, type EventToDeliver } from '../delivery-store.js';
import { renderDeliveryBody } from '../event-types.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { claimFirstDeliveries } from '../../../streams/consumed-events.js';
import type { ConsumedRecord, SubscribeOptions } from '../../../streams/log/stream-log.js';
import type { DomainEvent } from '../../../streams/outbox.js';
import { topics } from '../../../streams/topics.js';
import { tenantOfRecord } from '../../../streams/record-tenant.js';
import { systemScope } from '../../platform/tenancy.js';

const WEBHOOK_DISPATCHER_GROUP = 'webhook-dispatcher';

interface WebhookDispatcherDeps {
  db: Database;
  /** The clock deliveries are scheduled by; the same one the delivery worker uses. */
  now?: () => Date;
}

/**
 * Turns each domain event into one pending delivery per enabled endpoint of the
 * event's organization subscribed to its type (spec 6.1). A batch is one
 * transaction: its events are marked consumed together with the deliveries they
 * created, so a batch the log delivers again creates nothing twice, and a batch
 * that fails creates nothing at all. No network call happens here; the delivery
 * worker sends.
 *
 * A batch costs at most three statements whatever its size (subscriptions, claim,
 * deliveries): a scan announces one event per new finding, and two round trips per
 * event made the dispatcher the busiest database client of an import burst. Only
 * events some endpoint subscribes to are claimed, rendered and sent to the
 * database; the others leave no trace, so an endpoint subscribing between a
 * batch and its redelivery receives that batch's events of its types too.
 */
export function webhookDispatcher(deps: WebhookDispatcherDeps): SubscribeOptions<DomainEvent> {
  const now = deps.now ?? (() => new Date());
  const consuming = systemScope('consume-stream-records');
  return {
    group: WEBHOOK_DISPATCHER_GROUP,
    topic: topics.domainEvents,
    maxBatchSize: 5_000,
    handle: async (batch: ConsumedRecord<DomainEvent>[]) => {
      const at = now();
      await deps.db.transaction(async (tx) => {
        const events = batch.map((record) => ({ event: record.value, orgId: tenantOfRecord(consuming, record, record.value.org_id) }));
        const subscribed = await subscribedEventTypes(tx, consuming, events.map(({ orgId }) => orgId));
        // In log order, each event once: a batch may hold an event twice (a relay that republished after a crash).
        const wanted = new Map<string, { event: DomainEvent; orgId: OrgId }>();
        for (const { event, orgId } of events) {
          if (subscribed.get(orgId)?.has(event.type) && !wanted.has(event.event_id)) wanted.set(event.event_id, { event, orgId });
        }
        if (wanted.size === 0) return;
        const claimed = await claimFirstDeliveries(tx, WEBHOOK_DISPATCHER_GROUP, [...wanted.keys()]);
        const toDeliver: EventToDeliver[] = [];
        for (const [eventId, { event, orgId }] of wanted) {
          if (claimed.has(eventId)) toDeliver.push({ orgId, eventId, eventType: event.type, body: renderDeliveryBody(event) });
        }
        await insertDeliveriesForEvents(tx, toDeliver, at);
      });
    },
  };
}
