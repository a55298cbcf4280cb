// What the analytics store learns from a domain event besides the event itself:
// a finding.* event is one entry of a finding's timeline, a FindingTransition
// (the same one the rebuild reads from finding_events, rebuild.ts), and
// asset.deleted says to forget the asset's transitions.
import { isUuid } from '../platform/ids.js';
import type { OrgId } from '../platform/db/database.js';
import type { FindingTransition } from './store/finding-transitions.js';
import { AppError } from '../platform/errors.js';
import type { DomainEvent } from '../../streams/outbox.js';

/** The domain events that announce an entry of a finding's timeline (services/findings/timeline-events.ts). */
const findingTimelineEventTypes: readonly string[] = ['finding.created', 'finding.status_changed', 'finding.severity_changed'];

/** What one domain event asks of the findings analytics, besides recording the event. */
type AnalyticsEffect = { transition: FindingTransition } | { forgetAsset: { orgId: OrgId; assetId: string } } | null;

// A payload no retry can fix: the stream log sets its record aside (streams/set-aside.ts).
const malformed = (event: DomainEvent, what: string): AppError =>
  new AppError('unprocessable', `${event.type} event ${event.event_id}: ${what}`, { retriable: false });

/**
 * The effect of one event of the organization. A finding.* event announced
 * before the timeline entries travelled in the payload (no timeline_event_id)
 * has none: the rebuild reads those entries from PostgreSQL. Throws an
 * unprocessable, non-retriable AppError for a payload that claims to be one of
 * ours and is not.
 */
export function analyticsEffectOf(event: DomainEvent, orgId: OrgId): AnalyticsEffect {
  const isTimelineEvent = findingTimelineEventTypes.includes(event.type);
  if (!isTimelineEvent && event.type !== 'asset.deleted') return null;
  const payload = parseObject(event);
  if (event.type === 'asset.deleted') return { forgetAsset: { orgId, assetId: uuidField(event, payload, 'asset_id') } };
  if (!('timeline_event_id' in payload)) return null;
  return {
    transition: {
      id: uuidField(event, payload, 'timeline_event_id'),
      sequence: sequenceField(event, payload),
      orgId,
      findingId: uuidField(event, payload, 'finding_id'),
      assetId: uuidField(event, payload, 'asset_id'),
      kind: textField(event, payload, 'kind'),
      severity: textField(event, payload, 'severity'),
      fromSeverity: optionalTextField(event, payload, 'from_severity'),
      advisory: textField(event, payload, 'identifier'),
      fromStatus: optionalTextField(event, payload, 'from'),
      toStatus: textField(event, payload, 'to'),
      occurredAt: timeField(event, payload, 'occurred_at'),
      firstSeenAt: timeField(event, payload, 'first_seen_at'),
    },
  };
}

function parseObject(event: DomainEvent): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(event.payload);
  } catch {
    throw malformed(event, 'the payload is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw malformed(event, 'the payload is not an object');
  return parsed as Record<string, unknown>;
}

function textField(event: DomainEvent, payload: Record<string, unknown>, key: string): string {
  const value = payload[key];
  if (typeof value !== 'string' || value === '') throw malformed(event, `${key} is not a non-empty string`);
  return value;
}

function optionalTextField(event: DomainEvent, payload: Record<string, unknown>, key: string): string | null {
  return payload[key] === null || payload[key] === undefined ? null : textField(event, payload, key);
}

function uuidField(event: DomainEvent, payload: Record<string, unknown>, key: string): string {
  const value = textField(event, payload, key);
  if (!isUuid(value)) throw malformed(event, `${key} is not a UUID`);
  return value;
}

function sequenceField(event: DomainEvent, payload: Record<string, unknown>): number {
  const value = payload.sequence;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw malformed(event, 'sequence is not a non-negative integer');
  return value;
}

function timeField(event: DomainEvent, payload: Record<string, unknown>, key: string): Date {
  const time = new Date(textField(event, payload, key));
  if (Number.isNaN(time.getTime())) throw malformed(event, `${key} is not a time`);
  return time;
}
