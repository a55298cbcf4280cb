import type { Analytics } from '../../platform/analytics/analytics.js';
import type { DomainEvent } from '../../platform/streams/outbox.js';
import type { ConsumedRecord, SubscribeOptions } from '../../platform/streams/log/stream-log.js';
import { topics } from '../../platform/streams/topics.js';
import { systemScope, tenantOfClaim } from '../../platform/tenancy.js';

/** Copies every domain event into the analytics store; the store is idempotent per event id, so redelivery is harmless. */
export function analyticsSink(deps: { analytics: Analytics }): SubscribeOptions<DomainEvent> {
  const consuming = systemScope('consume-stream-records');
  return {
    group: 'analytics-sink',
    topic: topics.domainEvents,
    handle: async (batch: ConsumedRecord<DomainEvent>[]) => {
      await deps.analytics.record(
        batch.map(({ value }) => ({
          eventId: value.event_id,
          orgId: tenantOfClaim(consuming, value.org_id),
          type: value.type,
          occurredAt: new Date(value.occurred_at),
          subjectId: value.subject_id,
          severity: severityOf(value.payload),
        })),
      );
    },
  };
}

function severityOf(payload: string): string | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    const severity = typeof parsed === 'object' && parsed !== null ? (parsed as { severity?: unknown }).severity : undefined;
    return typeof severity === 'string' ? severity : null;
  } catch {
    return null;
  }
}
