import { randomUUID } from 'node:crypto';
import type { OrgId, Queryable } from '../services/platform/db/database.js';
import { topics } from './topics.js';

export type ActorKind = 'user' | 'api_key' | 'workload' | 'system';

/** The envelope of every domain event (schemas/domain-event.avsc). */
export interface DomainEvent {
  event_id: string;
  org_id: string;
  type: string;
  occurred_at: number;
  subject_id: string | null;
  actor: { kind: ActorKind; id: string | null };
  correlation_id: string | null;
  /** The event-specific body as a JSON document. */
  payload: string;
}

export interface NewDomainEvent {
  type: string;
  subjectId?: string | null;
  actor: { kind: ActorKind; id: string | null };
  correlationId?: string | null;
  payload: Record<string, unknown>;
}

/**
 * Records a domain event in the transactional outbox. Call it with the same
 * transaction that changes the state the event describes: the event then exists
 * exactly when the change committed, and the relay publishes it afterwards.
 */
export async function appendToOutbox(tx: Queryable, orgId: OrgId, event: NewDomainEvent): Promise<DomainEvent> {
  const envelope: DomainEvent = {
    event_id: randomUUID(),
    org_id: orgId,
    type: event.type,
    occurred_at: Date.now(),
    subject_id: event.subjectId ?? null,
    actor: event.actor,
    correlation_id: event.correlationId ?? null,
    payload: JSON.stringify(event.payload),
  };
  await tx.query('INSERT INTO outbox_events (event_id, org_id, topic, value) VALUES ($1, $2, $3, $4)', [
    envelope.event_id,
    orgId,
    topics.domainEvents.name,
    JSON.stringify(envelope),
  ]);
  return envelope;
}
