// Test-only fixtures shared by the webhook suites: organizations, managers, a clock the
// test moves by hand, and domain events fed to the dispatcher as the stream log
// would feed them.
import { randomUUID } from 'node:crypto';
import { webhookDispatcher } from '../processors/webhook-dispatcher.js';
import type { ConsumedRecord } from '../../../streams/log/stream-log.js';
import type { DomainEvent } from '../../../streams/outbox.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import type { EndpointManager } from '../endpoints.js';
import { signingSecretBox } from '../signing-secrets.js';

export const testSecretBox = (): SecretBox => signingSecretBox(Buffer.alloc(32, 7));

export async function createOrganization(db: Database, name: string): Promise<OrgId> {
  const result = await db.query<{ id: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING id', [name]);
  return asOrgId(result.rows[0]!.id);
}

/** A person managing endpoints, with their requests' origin; the audit trail needs a real user row. */
export async function createManager(db: Database): Promise<EndpointManager> {
  const result = await db.query<{ id: string }>('INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id', [`manager-${randomUUID()}@example.test`, 'Endpoint Manager']);
  return { userId: result.rows[0]!.id, origin: { sourceIp: '203.0.113.7', userAgent: 'webhook-tests', requestId: `req-${randomUUID()}` } };
}

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(at: Date): void;
}

export function createTestClock(start = new Date('2030-01-01T00:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => void (current += ms),
    set: (at) => void (current = at.getTime()),
  };
}

export function domainEvent(orgId: OrgId, type: string, payload: Record<string, unknown> = {}): DomainEvent {
  return {
    event_id: randomUUID(),
    org_id: orgId,
    type,
    occurred_at: Date.parse('2030-01-01T00:00:00.000Z'),
    subject_id: null,
    actor: { kind: 'system', id: null },
    correlation_id: null,
    payload: JSON.stringify(payload),
  };
}

const asConsumed = (event: DomainEvent, offset: number): ConsumedRecord<DomainEvent> => ({
  topic: 'domain-events',
  partition: 0,
  offset: String(offset),
  key: event.org_id,
  value: event,
  headers: {},
});

/** Hands events to the dispatcher in one batch, as the stream log does. */
export async function dispatch(db: Database, now: () => Date, events: DomainEvent[]): Promise<void> {
  await webhookDispatcher({ db, now }).handle(events.map(asConsumed));
}
