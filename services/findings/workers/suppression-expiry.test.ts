// The suppression-expiry sweep on real findings of two organizations, driven by an
// injected clock: nothing here waits for an expiry to pass.
import { vi, describe, expect, it } from 'vitest';
import {
  findingIdsByAdvisory,
  importReport,
  moveFinding,
  statusChangedDomainEvents,
  statusEventsOf,
  statusesOf,
  trivyReportWith,
} from '../../../test/support/findings.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { testProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { createLogger } from '../../platform/logger.js';
import { createSuppressionExpirySweep, expireDueSuppressions } from './suppression-expiry.js';
import { systemScope } from '../../platform/tenancy.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAhead = (days: number) => new Date(Date.now() + days * DAY_MS);

/** The tenant's findings of a fresh asset, by advisory id. */
async function findingsOf(t: TestApp, pipeline: Parameters<typeof importReport>[1], tenant: TestTenant, advisories: string[]): Promise<string[]> {
  const { assetId } = await importReport(t, pipeline, tenant, trivyReportWith(advisories));
  const ids = await findingIdsByAdvisory(t, tenant, assetId);
  return advisories.map((advisory) => ids.get(advisory)!);
}

const suppressUntil = (t: TestApp, tenant: TestTenant, id: string, until: Date) =>
  moveFinding(t, tenant, id, { status: 'suppressed', reason: 'accepted until the base image update', expires_at: until.toISOString() });

describe.each(testProfiles)('suppression-expiry sweep ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  it("returns due suppressions of every organization to open as the system, filing each event in the finding's own organization", async () => {
    const [a, b] = await t.current.twoTenants();
    const [aDue, aLater, aTriaged] = await findingsOf(t.current, pipeline.current, a, ['CVE-2099-4001', 'CVE-2099-4002', 'CVE-2099-4003']);
    const [bDue, bOpen] = await findingsOf(t.current, pipeline.current, b, ['CVE-2099-4001', 'CVE-2099-4002']);
    const inOneDay = daysAhead(1);
    await suppressUntil(t.current, a, aDue!, inOneDay);
    await suppressUntil(t.current, a, aLater!, daysAhead(3));
    await moveFinding(t.current, a, aTriaged!, { status: 'triaged' });
    await suppressUntil(t.current, b, bDue!, inOneDay);
    const eventsBefore = await statusEventsOf(t.current, [aDue!, aLater!, aTriaged!, bDue!, bOpen!]);
    const domainEventsBefore = { a: await statusChangedDomainEvents(t.current, a.id), b: await statusChangedDomainEvents(t.current, b.id) };

    // Not yet due: nothing moves.
    expect(await expireDueSuppressions(t.current.db, systemScope('expire-suppressions'), new Date(inOneDay.getTime() - 1_000))).toBe(0);
    // Two days on, in batches of one to cross a batch boundary.
    expect(await expireDueSuppressions(t.current.db, systemScope('expire-suppressions'), daysAhead(2), 1)).toBe(2);

    expect(await statusesOf(t.current, a, [aDue!, aLater!, aTriaged!])).toEqual({ [aDue!]: 'open', [aLater!]: 'suppressed', [aTriaged!]: 'triaged' });
    expect(await statusesOf(t.current, b, [bDue!, bOpen!])).toEqual({ [bDue!]: 'open', [bOpen!]: 'open' });
    const newEvents = (await statusEventsOf(t.current, [aDue!, aLater!, aTriaged!, bDue!, bOpen!])).slice(eventsBefore.length);
    const byTheSystem = { from_status: 'suppressed', to_status: 'open', actor_kind: 'system', actor_user_id: null, actor_api_key_id: null, suppressed_by: null, reason: 'suppression expired' };
    expect(newEvents).toEqual(
      expect.arrayContaining([
        { ...byTheSystem, org_id: a.id, finding_id: aDue, suppressed_until: inOneDay, request_id: null },
        { ...byTheSystem, org_id: b.id, finding_id: bDue, suppressed_until: inOneDay, request_id: null },
      ]),
    );
    expect(newEvents).toHaveLength(2);

    const announced = (tenant: TestTenant, before: unknown[]) => statusChangedDomainEvents(t.current, tenant.id).then((events) => events.slice(before.length));
    const systemEvent = (findingId: string) => ({
      subject_id: findingId,
      actor: { kind: 'system', id: null },
      payload: expect.objectContaining({ finding_id: findingId, from: 'suppressed', to: 'open', reason: 'suppression expired', suppressed_until: inOneDay.toISOString() }),
    });
    expect(await announced(a, domainEventsBefore.a)).toEqual([expect.objectContaining({ ...systemEvent(aDue!), org_id: a.id })]);
    expect(await announced(b, domainEventsBefore.b)).toEqual([expect.objectContaining({ ...systemEvent(bDue!), org_id: b.id })]);

    const view = await t.current.call('GET', `/api/v1/findings/${aDue}`, { token: a.owner.token });
    expect(view.body).toMatchObject({ status: 'open', suppression: null });
    expect(view.body.events[0]).toMatchObject({ actor: { kind: 'system', id: null }, requested_by: null, suppressed_by: null, reason: 'suppression expired' });

    // A second run at the same time finds nothing more; the later expiry comes in its turn.
    expect(await expireDueSuppressions(t.current.db, systemScope('expire-suppressions'), daysAhead(2))).toBe(0);
    expect(await expireDueSuppressions(t.current.db, systemScope('expire-suppressions'), daysAhead(4))).toBe(1);
    expect(await statusesOf(t.current, a, [aLater!])).toEqual({ [aLater!]: 'open' });
  });

  it('runs as a worker on its injected clock and stops cleanly', async () => {
    const [a, b] = await t.current.twoTenants();
    const [inA] = await findingsOf(t.current, pipeline.current, a, ['CVE-2099-4101']);
    const [inB] = await findingsOf(t.current, pipeline.current, b, ['CVE-2099-4101']);
    await suppressUntil(t.current, a, inA!, daysAhead(10));
    await suppressUntil(t.current, b, inB!, daysAhead(30));
    let clock = new Date();
    const sweep = createSuppressionExpirySweep({ db: t.current.db, logger: createLogger('silent'), now: () => clock, intervalMs: 10 });
    sweep.start();
    try {
      clock = daysAhead(11);
      await vi.waitFor(async () => expect(await statusesOf(t.current, a, [inA!])).toEqual({ [inA!]: 'open' }), { timeout: 10_000 });
      expect(await statusesOf(t.current, b, [inB!])).toEqual({ [inB!]: 'suppressed' });
    } finally {
      await sweep.stop();
    }
  });
});

// Row locks need a second connection, which the embedded profile (one PGlite connection) does not have.
describe('suppression-expiry sweep beside a request in flight (postgres)', () => {
  const t = useTestApp({ profile: 'postgres', counters: 'redis' });
  const pipeline = usePipeline(t, 'postgres');

  it('skips a due finding a transaction holds, and expires it on the next run', async () => {
    const [a] = await t.current.twoTenants();
    const [held, free] = await findingsOf(t.current, pipeline.current, a, ['CVE-2099-4201', 'CVE-2099-4202']);
    await suppressUntil(t.current, a, held!, daysAhead(1));
    await suppressUntil(t.current, a, free!, daysAhead(1));
    await t.current.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM findings WHERE org_id = $1 AND id = $2 FOR UPDATE', [a.id, held]);
      expect(await expireDueSuppressions(t.current.db, systemScope('expire-suppressions'), daysAhead(2))).toBe(1);
    });
    expect(await statusesOf(t.current, a, [held!, free!])).toEqual({ [held!]: 'suppressed', [free!]: 'open' });
    expect(await expireDueSuppressions(t.current.db, systemScope('expire-suppressions'), daysAhead(2))).toBe(1);
    expect(await statusesOf(t.current, a, [held!])).toEqual({ [held!]: 'open' });
  });
});
