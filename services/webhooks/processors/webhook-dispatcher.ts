import { insertDeliveriesForEvent } from '../delivery-store.js';
import { renderDeliveryBody } from '../event-types.js';
import type { Database } from '../../platform/db/database.js';
import { claimFirstDelivery } from '../../platform/streams/consumed-events.js';
import type { ConsumedRecord, SubscribeOptions } from '../../platform/streams/log/stream-log.js';
import type { DomainEvent } from '../../platform/streams/outbox.js';
import { topics } from '../../platform/streams/topics.js';
import { systemScope, tenantOfClaim } from '../../platform/tenancy.js';

export const WEBHOOK_DISPATCHER_GROUP = 'webhook-dispatcher';

export interface WebhookDispatcherDeps {
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
 */
export function webhookDispatcher(deps: WebhookDispatcherDeps): SubscribeOptions<DomainEvent> {
  const now = deps.now ?? (() => new Date());
  const consuming = systemScope('consume-stream-records');
  return {
    group: WEBHOOK_DISPATCHER_GROUP,
    topic: topics.domainEvents,
    handle: async (batch: ConsumedRecord<DomainEvent>[]) => {
      const at = now();
      await deps.db.transaction(async (tx) => {
        for (const { value: event } of batch) {
          if (!(await claimFirstDelivery(tx, WEBHOOK_DISPATCHER_GROUP, event.event_id))) continue;
          await insertDeliveriesForEvent(tx, tenantOfClaim(consuming, event.org_id), { eventId: event.event_id, eventType: event.type, body: renderDeliveryBody(event) }, at);
        }
      });
    },
  };
}
