import { randomUUID } from 'node:crypto';
import type { OrgId, Queryable } from '../services/platform/db/database.js';
import type { TopicSpec } from './log/stream-log.js';
import { topics } from './topics.js';
import { actingForTenant } from '../services/platform/tenancy.js';

export type ActorKind = 'user' | 'api_key' | 'workload' | 'directory_token' | 'system';

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
 * exactly when the change committed, and the relay publishes it afterwards. The
 * event's statement runs in the scope of the organization it is given, which may be
 * another than the request's.
 */
export async function appendToOutbox(tx: Queryable, orgId: OrgId, event: NewDomainEvent): Promise<DomainEvent> {
  const [envelope] = await actingForTenant(orgId, () => appendManyToOutbox(tx, [{ orgId, event }]));
  return envelope!;
}

/** appendToOutbox for many events at once, in one statement; they are published in this order. */
export async function appendManyToOutbox(tx: Queryable, events: readonly { orgId: OrgId; event: NewDomainEvent }[]): Promise<DomainEvent[]> {
  const envelopes = events.map(({ orgId, event }) => toEnvelope(orgId, event));
  if (envelopes.length === 0) return [];
  await tx.query(
    `INSERT INTO outbox_events (event_id, org_id, topic, value)
     SELECT e.event_id, e.org_id, $1, e.value::json FROM unnest($2::uuid[], $3::uuid[], $4::text[]) WITH ORDINALITY AS e (event_id, org_id, value, n) ORDER BY e.n`,
    [topics.domainEvents.name, envelopes.map((e) => e.event_id), envelopes.map((e) => e.org_id), envelopes.map((e) => JSON.stringify(e))],
  );
  return envelopes;
}

/** A data-modifying statement (INSERT, UPDATE or DELETE without RETURNING) and its parameters $1..$n. */
export interface Write {
  sql: string;
  params: readonly unknown[];
}

/**
 * Runs the write and, in the same statement, records the event in the outbox when the
 * write touched a row; answers whether it did. One round trip where a transaction
 * takes four (BEGIN, the write, the append, COMMIT), with the same guarantee: the event
 * exists exactly when the change committed. For a change that is one statement.
 */
export async function writeAnnounced(q: Queryable, write: Write, orgId: OrgId, event: NewDomainEvent): Promise<boolean> {
  const envelope = toEnvelope(orgId, event);
  const n = write.params.length;
  const { rows } = await q.query<{ written: boolean }>(
    `WITH written AS (${write.sql} RETURNING 1),
          announced AS (
            INSERT INTO outbox_events (event_id, org_id, topic, value)
            SELECT $${n + 1}::uuid, $${n + 2}::uuid, $${n + 3}, $${n + 4}::json WHERE EXISTS (SELECT 1 FROM written))
     SELECT EXISTS (SELECT 1 FROM written) AS written`,
    [...write.params, envelope.event_id, envelope.org_id, topics.domainEvents.name, JSON.stringify(envelope)],
    // A write's text is fixed by its caller, and an insert has one plan whatever its values.
    { prepared: true },
  );
  return rows[0]!.written;
}

function toEnvelope(orgId: OrgId, event: NewDomainEvent): DomainEvent {
  return {
    event_id: randomUUID(),
    org_id: orgId,
    type: event.type,
    occurred_at: Date.now(),
    subject_id: event.subjectId ?? null,
    actor: event.actor,
    correlation_id: event.correlationId ?? null,
    payload: JSON.stringify(event.payload),
  };
}

/**
 * Records stream values other than domain events (scanner results) in the outbox,
 * in the transaction that makes them true; the relay publishes them in this order.
 * Each chunk of values is one packed row (migration 042).
 */
export async function appendRecordsToOutbox(tx: Queryable, orgId: OrgId, topic: TopicSpec, values: readonly unknown[]): Promise<void> {
  // Bounded rows: a large scan's records are several rows, not one huge value.
  for (let start = 0; start < values.length; start += 5_000) {
    const chunk = values.slice(start, start + 5_000);
    await tx.query(
      `INSERT INTO outbox_events (event_id, org_id, topic, value, packed, record_count) VALUES (gen_random_uuid(), $1, $2, $3::json, true, $4)`,
      [orgId, topic.name, JSON.stringify(chunk), chunk.length],
    );
  }
}

/**
 * appendManyToOutbox for a bulk change made in SQL: a data-modifying CTE, to place in
 * the statement that made the change, which announces one domain event per row of
 * `source` with the system as actor, and packs each organization's events into one
 * outbox row (migration 042) that the relay publishes record by record, in `orderBy`
 * order. The events never travel to the application and back, so announcing
 * thousands of changes costs the statement little more than writing them.
 * The expressions are SQL over the columns of `source`; `topicParameter` is the
 * placeholder ($n) bound to the domain-events topic name.
 */
export function packedSystemEventsCte(spec: { source: string; orgId: string; type: string; subjectId: string; payload: string; orderBy: string; topicParameter: string }): string {
  const envelope = `json_build_object('event_id', gen_random_uuid(), 'org_id', ${spec.orgId}, 'type', ${spec.type},
      'occurred_at', floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint, 'subject_id', ${spec.subjectId},
      'actor', json_build_object('kind', 'system', 'id', NULL), 'correlation_id', NULL, 'payload', (${spec.payload})::text)`;
  return `INSERT INTO outbox_events (event_id, org_id, topic, value, packed, record_count)
    SELECT gen_random_uuid(), ${spec.orgId}, ${spec.topicParameter}, json_agg(${envelope} ORDER BY ${spec.orderBy}), true, count(*)
      FROM ${spec.source} GROUP BY ${spec.orgId}`;
}

/** appendToOutbox for many events of one organization (a bulk change), in the given order. */
export function appendEventsToOutbox(tx: Queryable, orgId: OrgId, events: readonly NewDomainEvent[]): Promise<DomainEvent[]> {
  return appendManyToOutbox(
    tx,
    events.map((event) => ({ orgId, event })),
  );
}
