// The analytics sink on a real stream log (the embedded log, in PostgreSQL and in
// PGlite) with the SQL store: a finding event whose payload is malformed is set
// aside once, never retried, and so is one keyed by another organization than it
// names; the events around them, of two organizations, are recorded with their transitions.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import { createSqlAnalytics } from '../store/sql-analytics.js';
import { createEmbeddedStreamLog } from '../../../streams/log/embedded-stream-log.js';
import type { DomainEvent } from '../../../streams/outbox.js';
import { createSetAsideStore } from '../../../streams/set-aside.js';
import { topics } from '../../../streams/topics.js';
import { systemScope } from '../../platform/tenancy.js';
import { analyticsSink } from './analytics-sink.js';

const created = (orgId: string, payload: Record<string, unknown> | string): DomainEvent => ({
  event_id: randomUUID(),
  org_id: orgId,
  type: 'finding.created',
  occurred_at: Date.parse('2026-03-01T10:00:00.000Z'),
  subject_id: null,
  actor: { kind: 'system', id: null },
  correlation_id: null,
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

const timelineEntry = (sequence: number) => ({
  finding_id: randomUUID(),
  asset_id: randomUUID(),
  fingerprint: `fp-${sequence}`,
  timeline_event_id: randomUUID(),
  sequence,
  kind: 'vulnerability',
  identifier: 'CVE-2099-0001',
  severity: 'high',
  from_severity: null,
  first_seen_at: '2026-03-01T10:00:00.000Z',
  occurred_at: '2026-03-01T10:00:00.000Z',
  from: null,
  to: 'open',
  scan_id: null,
  reason: null,
  suppressed_until: null,
});

describe.each(databaseProfiles)('analytics sink on the embedded log in $name', (profile) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await profile.create();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('sets a malformed finding event aside, once, and records the events around it', async () => {
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const setAside = createSetAsideStore({ db: test.db });
    const log = createEmbeddedStreamLog({ db: test.db, partitions: 1, pollIntervalMs: 10, setAside });
    await log.ensureTopics([topics.domainEvents]);
    const good = [created(orgA, timelineEntry(1)), created(orgB, timelineEntry(2)), created(orgA, timelineEntry(3))];
    const malformed = [created(orgA, { ...timelineEntry(4), sequence: 'four' }), created(orgB, 'not json')];
    // Well formed, but keyed by organization B: the key is the organization, and a value naming another is neither's.
    const misKeyed = created(orgA, timelineEntry(6));
    const events = [good[0]!, malformed[0]!, good[1]!, malformed[1]!, misKeyed, good[2]!];
    await log.publish(topics.domainEvents, events.map((value) => ({ key: value === misKeyed ? orgB : value.org_id, value })));

    const analytics = createSqlAnalytics({ db: test.db });
    const subscription = await log.subscribe<DomainEvent>(analyticsSink({ analytics }));
    const scope = systemScope('replay-set-aside-records');
    await vi.waitFor(async () => expect(await setAside.list(scope)).toHaveLength(3), { timeout: 30_000, interval: 20 });
    const stored = async () =>
      (await test.db.query<{ id: string }>('SELECT id::text AS id FROM analytics_finding_transitions WHERE org_id = ANY ($1::uuid[]) ORDER BY sequence', [[orgA, orgB]])).rows.map((r) => r.id);
    await vi.waitFor(async () => expect(await stored()).toHaveLength(3), { timeout: 30_000, interval: 20 });
    // The partition went on past both: an event published after them is recorded too.
    const later = created(orgB, timelineEntry(5));
    await log.publish(topics.domainEvents, [{ key: orgB, value: later }]);
    await vi.waitFor(async () => expect(await stored()).toHaveLength(4), { timeout: 30_000, interval: 20 });
    await subscription.stop();
    await log.close();

    expect(await stored()).toEqual([...good, later].map((event) => JSON.parse(event.payload).timeline_event_id));
    const parked = await setAside.list(scope);
    expect(parked.map((record) => [record.key, record.group, record.errorCode]).sort()).toEqual([
      [orgA, 'analytics-sink', 'unprocessable'],
      [orgB, 'analytics-sink', 'unprocessable'],
      [orgB, 'analytics-sink', 'unprocessable'],
    ].sort());
    expect(parked.map((record) => record.errorMessage).sort()).toEqual(
      [
        `finding.created event ${malformed[0]!.event_id}: sequence is not a non-negative integer`,
        `finding.created event ${malformed[1]!.event_id}: the payload is not JSON`,
        'the record names another organization than its key',
      ].sort(),
    );
    // Every event is recorded as an event, the malformed ones only where their batch was handled without them.
    const recorded = await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM analytics_events WHERE event_id = ANY ($1::uuid[])', [[...good, later].map((e) => e.event_id)]);
    expect(recorded.rows[0]!.n).toBe(4);
  });
});
