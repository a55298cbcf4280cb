import type { Analytics } from '../store/analytics.js';
import type { FindingTransition } from '../store/finding-transitions.js';
import type { DomainEvent } from '../../../streams/outbox.js';
import type { ConsumedRecord, SubscribeOptions } from '../../../streams/log/stream-log.js';
import { topics } from '../../../streams/topics.js';
import { tenantOfRecord } from '../../../streams/record-tenant.js';
import { systemScope } from '../../platform/tenancy.js';
import { analyticsEffectOf } from '../transitions.js';

/**
 * Copies every domain event into the analytics store, records the finding
 * transition each finding.* event announces, and forgets the transitions of a
 * deleted asset. The store is idempotent per event id and per transition id, so
 * redelivery is harmless. Every payload is read before anything is written: a
 * malformed one fails the batch with a non-retriable error, and the stream log
 * sets that record aside and handles the rest (streams/set-aside.ts).
 */
export function analyticsSink(deps: { analytics: Analytics }): SubscribeOptions<DomainEvent> {
  const consuming = systemScope('consume-stream-records');
  return {
    group: 'analytics-sink',
    topic: topics.domainEvents,
    // ClickHouse writes a part per insert and merges them in the background: an insert per 500 events
    // (the default batch) kept it merging at a third of a core through the ingest benchmark. Large
    // batches are what it is built for; a quiet stream still hands over what it has at once.
    maxBatchSize: 10_000,
    handle: async (batch: ConsumedRecord<DomainEvent>[]) => {
      const events = batch.map((record) => ({ value: record.value, orgId: tenantOfRecord(consuming, record, record.value.org_id) }));
      const effects = events.map(({ value, orgId }) => analyticsEffectOf(value, orgId));
      await deps.analytics.record(
        events.map(({ value, orgId }) => ({
          eventId: value.event_id,
          orgId,
          type: value.type,
          occurredAt: new Date(value.occurred_at),
          subjectId: value.subject_id,
          severity: severityOf(value.payload),
        })),
      );
      const transitions: FindingTransition[] = [];
      for (const effect of effects) if (effect && 'transition' in effect) transitions.push(effect.transition);
      await deps.analytics.recordTransitions(transitions);
      // After the transitions: a batch holding an asset's last transitions and its deletion leaves none of them.
      for (const effect of effects) if (effect && 'forgetAsset' in effect) await deps.analytics.forgetAsset(effect.forgetAsset.orgId, effect.forgetAsset.assetId);
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
