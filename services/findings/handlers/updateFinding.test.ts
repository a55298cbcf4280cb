// PATCH /api/v1/findings/{id} on real findings (imported through the pipeline),
// two tenants in every fixture: the transition table, refusals that change
// nothing, the actor recorded structurally, and the domain event.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usePipeline } from '../../../test/support/pipeline.js';
import {
  findingIdsByAdvisory,
  findingsInEveryStatus,
  importReport,
  inAWeek,
  moveFinding,
  statusChangedDomainEvents,
  statusEventsOf,
  statusesOf,
  suppression,
  trivyReportWith,
  underConcurrentMove,
} from '../../../test/support/findings.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import type { FindingStatus } from '../findings.js';
import { actingAsSchemaOwner } from '../../platform/db/tenant-scope.js';

const DAY_MS = 24 * 60 * 60 * 1000;

// Written out here rather than imported, so a change to the code's table has to be a change to this test too.
const legal: Record<FindingStatus, string[]> = {
  open: ['triaged', 'suppressed'],
  reopened: ['triaged', 'suppressed'],
  triaged: ['open', 'suppressed'],
  suppressed: ['open'],
  resolved: [],
};
const requestable = ['open', 'triaged', 'suppressed'] as const;

describe.each(handlerTestProfiles)('PATCH /api/v1/findings/{id} ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  const patch = (token: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
    t.current.call('PATCH', `/api/v1/findings/${id}`, { token, body, headers });

  /** Two tenants, each with the same report's findings (so the second has rows that must stay untouched). */
  async function twoTenantsWithFindings(advisories = ['CVE-2099-0001', 'CVE-2099-0002', 'CVE-2099-0003']) {
    const [a, b] = await t.current.twoTenants();
    const report = trivyReportWith(advisories);
    const inA = await importReport(t.current, pipeline.current, a, report);
    const inB = await importReport(t.current, pipeline.current, b, report);
    const ids = async (tenant: TestTenant, assetId: string) => [...(await findingIdsByAdvisory(t.current, tenant, assetId)).values()];
    return { a, b, idsA: await ids(a, inA.assetId), idsB: await ids(b, inB.assetId) };
  }

  /** Everything of tenant B a change in A could touch. */
  const stateOf = async (tenant: TestTenant, ids: string[]) => ({
    statuses: await statusesOf(t.current, tenant, ids),
    events: await statusEventsOf(t.current, ids),
    domainEvents: await statusChangedDomainEvents(t.current, tenant.id),
    snapshot: await t.current.snapshot(tenant),
  });

  it('triages an open finding as a person: the event names them and keeps the request id; finding.status_changed goes out in the same organization', async () => {
    const { a, b, idsA, idsB } = await twoTenantsWithFindings();
    const bBefore = await stateOf(b, idsB);
    const id = idsA[0]!;

    const response = await patch(a.owner.token, id, { status: 'triaged', reason: 'platform team owns it' }, { 'x-request-id': `triage-${id}` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, status: 'triaged', suppression: null });

    expect(await statusEventsOf(t.current, [id])).toEqual([
      {
        org_id: a.id,
        finding_id: id,
        from_status: 'open',
        to_status: 'triaged',
        actor_kind: 'user',
        actor_user_id: a.owner.id,
        actor_api_key_id: null,
        suppressed_by: null,
        reason: 'platform team owns it',
        suppressed_until: null,
        request_id: `triage-${id}`,
      },
    ]);
    const [announced, ...more] = await statusChangedDomainEvents(t.current, a.id);
    expect(more).toEqual([]);
    expect(announced).toMatchObject({
      org_id: a.id,
      subject_id: id,
      actor: { kind: 'user', id: a.owner.id },
      correlation_id: `triage-${id}`,
      payload: { finding_id: id, asset_id: response.body.asset_id, from: 'open', to: 'triaged', reason: 'platform team owns it', suppressed_until: null },
    });
    const timeline = await t.current.call('GET', `/api/v1/findings/${id}`, { token: a.owner.token });
    expect(timeline.body.events[0]).toMatchObject({ from_status: 'open', to_status: 'triaged', actor: { kind: 'user', id: a.owner.id }, requested_by: a.owner.id });
    expect(await stateOf(b, idsB)).toEqual(bBefore);
  });

  it('suppresses with a reason and an expiry, naming the person in suppressed_by; lifting the suppression returns the finding to open', async () => {
    const { a, b, idsA, idsB } = await twoTenantsWithFindings();
    const bBefore = await stateOf(b, idsB);
    const id = idsA[0]!;
    const expiresAt = inAWeek();

    const suppressed = await patch(a.owner.token, id, { status: 'suppressed', reason: '  not reachable from outside  ', expires_at: expiresAt });
    expect(suppressed.status).toBe(200);
    expect(suppressed.body).toMatchObject({ status: 'suppressed', suppression: { reason: 'not reachable from outside', expires_at: expiresAt } });

    const lifted = await patch(a.owner.token, id, { status: 'open' });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({ status: 'open', suppression: null });

    expect(await statusEventsOf(t.current, [id])).toMatchObject([
      { from_status: 'open', to_status: 'suppressed', actor_kind: 'user', actor_user_id: a.owner.id, suppressed_by: a.owner.id, reason: 'not reachable from outside', suppressed_until: new Date(expiresAt) },
      { from_status: 'suppressed', to_status: 'open', actor_kind: 'user', actor_user_id: a.owner.id, suppressed_by: null, reason: null, suppressed_until: null },
    ]);
    expect((await statusChangedDomainEvents(t.current, a.id)).map((e) => [e.payload.from, e.payload.to, e.payload.suppressed_until])).toEqual([
      ['open', 'suppressed', expiresAt],
      ['suppressed', 'open', null],
    ]);
    expect(await stateOf(b, idsB)).toEqual(bBefore);
  });

  it('records an API key as a machine: every user-id column NULL, the key in actor_api_key_id', async () => {
    const { a, idsA } = await twoTenantsWithFindings();
    const { id: keyId, key } = await t.current.apiKey(a.owner, ['findings:write', 'findings:suppress']);
    expect((await patch(key, idsA[0]!, { status: 'triaged' })).status).toBe(200);
    expect((await patch(key, idsA[1]!, suppression())).status).toBe(200);

    const events = await statusEventsOf(t.current, [idsA[0]!, idsA[1]!]);
    expect(events.map((e) => [e.to_status, e.actor_kind, e.actor_user_id, e.suppressed_by, e.actor_api_key_id])).toEqual([
      ['triaged', 'api_key', null, null, keyId],
      ['suppressed', 'api_key', null, null, keyId],
    ]);
    expect((await statusChangedDomainEvents(t.current, a.id)).map((e) => e.actor)).toEqual([
      { kind: 'api_key', id: keyId },
      { kind: 'api_key', id: keyId },
    ]);
    const timeline = await t.current.call('GET', `/api/v1/findings/${idsA[1]}`, { token: a.owner.token });
    expect(timeline.body.events[0]).toMatchObject({ actor: { kind: 'api_key', id: keyId }, requested_by: null, suppressed_by: null });
  });

  it('walks the transition table: every legal move applies, the current status records nothing, every other move is 400 and changes nothing', async () => {
    const [a, b] = await t.current.twoTenants();
    const byStatus = await findingsInEveryStatus(t.current, pipeline.current, a, requestable.length);
    const idsB = Object.values(await findingsInEveryStatus(t.current, pipeline.current, b, 1)).flat();
    const bBefore = await stateOf(b, idsB);

    for (const [from, ids] of Object.entries(byStatus) as Array<[FindingStatus, string[]]>) {
      for (const [index, to] of requestable.entries()) {
        const id = ids[index]!;
        const case_ = `${from} -> ${to}`;
        const eventsBefore = await statusEventsOf(t.current, [id]);
        const response = await patch(a.owner.token, id, to === 'suppressed' ? suppression() : { status: to });
        const eventsAfter = await statusEventsOf(t.current, [id]);
        if (from === to) {
          expect(response.status, case_).toBe(200);
          expect(response.body.status, case_).toBe(from);
          expect(eventsAfter, case_).toEqual(eventsBefore);
        } else if (legal[from].includes(to)) {
          expect(response.status, case_).toBe(200);
          expect(response.body.status, case_).toBe(to);
          expect(eventsAfter.slice(eventsBefore.length).map((e) => [e.from_status, e.to_status]), case_).toEqual([[from, to]]);
        } else {
          expect(response.status, case_).toBe(400);
          expect(response.body, case_).toEqual({ error: `invalid transition: a finding cannot move from ${from} to ${to}`, code: 'validation_failed' });
          expect(eventsAfter, case_).toEqual(eventsBefore);
          expect((await statusesOf(t.current, a, [id]))[id], case_).toBe(from);
        }
      }
    }
    expect(await stateOf(b, idsB)).toEqual(bBefore);
  });

  it('refuses status resolved and status reopened with a message, whatever the finding, and changes nothing', async () => {
    const { a, b, idsA, idsB } = await twoTenantsWithFindings();
    const aBefore = await stateOf(a, idsA);
    for (const id of [idsA[0]!, idsB[0]!, randomUUID()]) {
      const resolved = await patch(a.owner.token, id, { status: 'resolved' });
      expect(resolved.status).toBe(400);
      expect(resolved.body.error).toBe('status resolved cannot be set: a finding is resolved only when a later scan of its asset no longer finds it');
      const reopened = await patch(a.owner.token, id, { status: 'reopened' });
      expect(reopened.status).toBe(400);
      expect(reopened.body.error).toMatch(/^status reopened cannot be set/);
    }
    expect(await stateOf(a, idsA)).toEqual(aBefore);
    expect(await statusesOf(t.current, b, [idsB[0]!])).toEqual({ [idsB[0]!]: 'open' });
  });

  it('refuses a suppression without a reason or a sound expiry, and expires_at on another status, with 400: nothing changes, no event', async () => {
    const { a, idsA } = await twoTenantsWithFindings();
    const id = idsA[0]!;
    const before = await stateOf(a, idsA);
    const refusals: Array<[unknown, string]> = [
      [{ status: 'suppressed', expires_at: inAWeek() }, 'a suppression needs a reason'],
      [{ status: 'suppressed', reason: '   ', expires_at: inAWeek() }, 'a suppression needs a reason'],
      [{ status: 'suppressed', reason: 'accepted' }, 'a suppression needs an expiry (expires_at)'],
      [{ status: 'suppressed', reason: 'accepted', expires_at: new Date(Date.now() - 60_000).toISOString() }, 'expires_at must lie in the future'],
      [{ status: 'suppressed', reason: 'accepted', expires_at: new Date(Date.now() + 366 * DAY_MS).toISOString() }, 'expires_at must lie at most 365 days ahead'],
      [{ status: 'suppressed', reason: 'accepted', expires_at: '2030-13-01T00:00:00Z' }, 'expires_at is not a valid time'],
      [{ status: 'triaged', expires_at: inAWeek() }, 'expires_at applies only to status suppressed'],
    ];
    for (const [body, message] of refusals) {
      const response = await patch(a.owner.token, id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toEqual({ error: message, code: 'validation_failed' });
    }
    expect(await stateOf(a, idsA)).toEqual(before);
    // The longest expiry allowed is accepted, so the refusal above was about the 366th day.
    expect((await patch(a.owner.token, id, { status: 'suppressed', reason: 'accepted', expires_at: new Date(Date.now() + 364 * DAY_MS).toISOString() })).status).toBe(200);
  });

  it('answers the current status with the finding unchanged: a suppression is not rewritten by asking again', async () => {
    const { a, idsA } = await twoTenantsWithFindings();
    const id = idsA[0]!;
    await moveFinding(t.current, a, id, suppression('first reason'));
    const before = await stateOf(a, idsA);
    const again = await patch(a.owner.token, id, suppression('second reason'));
    expect(again.status).toBe(200);
    expect(again.body.suppression.reason).toBe('first reason');
    expect(await stateOf(a, idsA)).toEqual(before);
  });

  it('authorizes the permission the move needs, refusing with the guard\'s 403 body and an authz.denied record; nothing changes', async () => {
    const { a, idsA } = await twoTenantsWithFindings();
    const [open, suppressed] = idsA as [string, string];
    await moveFinding(t.current, a, suppressed, suppression());
    const writer = await t.current.apiKey(a.owner, ['findings:write', 'findings:read']);
    const suppressor = await t.current.apiKey(a.owner, ['findings:suppress']);
    const viewer = await t.current.member(a, 'viewer');
    const before = await stateOf(a, idsA);
    const missing = (scope: string, principal: string) => ({ error: `missing permission ${scope}`, code: 'forbidden', required_scope: scope, principal });

    const cases: Array<[string, string, unknown, Record<string, unknown>]> = [
      [writer.key, open, suppression(), missing('findings:suppress', 'api_key')],
      [writer.key, suppressed, { status: 'open' }, missing('findings:suppress', 'api_key')],
      [writer.key, suppressed, suppression(), missing('findings:suppress', 'api_key')],
      [suppressor.key, open, { status: 'triaged' }, missing('findings:write', 'api_key')],
      [viewer.token, open, { status: 'triaged' }, { ...missing('findings:write', 'user'), error: 'missing permission findings:write or findings:suppress' }],
    ];
    for (const [token, id, body, refusal] of cases) {
      const response = await patch(token, id, body);
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(response.body, JSON.stringify(body)).toEqual(refusal);
    }
    const audited = await t.current.db.query<{ actor_user_id: string | null; actor_api_key_id: string | null; detail: Record<string, unknown> }>(
      "SELECT actor_user_id, actor_api_key_id, detail FROM identity_audit_events WHERE org_id = $1 AND action = 'authz.denied' ORDER BY seq",
      [a.id],
    );
    expect(audited.rows.map((row) => [row.actor_user_id, row.actor_api_key_id, row.detail.operation_id, row.detail.required_scope])).toEqual([
      [null, writer.id, 'updateFinding', 'findings:suppress'],
      [null, writer.id, 'updateFinding', 'findings:suppress'],
      [null, writer.id, 'updateFinding', 'findings:suppress'],
      [null, suppressor.id, 'updateFinding', 'findings:write'],
      [viewer.id, null, 'updateFinding', 'findings:write'],
    ]);
    expect({ ...(await stateOf(a, idsA)), snapshot: undefined }).toEqual({ ...before, snapshot: undefined });

    // The same keys do what their scope allows.
    expect((await patch(suppressor.key, suppressed, { status: 'open' })).status).toBe(200);
    expect((await patch(writer.key, open, { status: 'triaged' })).status).toBe(200);
  });

  it("answers another tenant's finding exactly like a missing one (404), and leaves it untouched", async () => {
    const { a, b, idsA } = await twoTenantsWithFindings();
    const aBefore = await stateOf(a, idsA);
    for (const body of [{ status: 'triaged' }, suppression()]) {
      const foreign = await patch(b.owner.token, idsA[0]!, body);
      const missing = await patch(b.owner.token, randomUUID(), body);
      expect(foreign.status).toBe(404);
      expect(foreign.raw).toBe(missing.raw);
    }
    const { key } = await t.current.apiKey(b.owner, ['findings:write', 'findings:suppress']);
    const foreignByKey = await patch(key, idsA[0]!, { status: 'triaged' });
    expect(foreignByKey.status).toBe(404);
    expect(foreignByKey.raw).toBe((await patch(key, randomUUID(), { status: 'triaged' })).raw);
    expect(await stateOf(a, idsA)).toEqual(aBefore);
  });

  it('keeps the timeline append-only: the database refuses UPDATE, DELETE and TRUNCATE of finding events', async () => {
    const { a, idsA } = await twoTenantsWithFindings();
    await moveFinding(t.current, a, idsA[0]!, { status: 'triaged' });
    const before = await statusEventsOf(t.current, [idsA[0]!]);
    await expect(t.current.db.query("UPDATE finding_events SET reason = 'rewritten' WHERE org_id = $1 AND finding_id = $2", [a.id, idsA[0]])).rejects.toThrow(
      /finding_events is append-only: UPDATE refused/,
    );
    await expect(t.current.db.query('DELETE FROM finding_events WHERE org_id = $1 AND finding_id = $2', [a.id, idsA[0]])).rejects.toThrow(
      /finding_events is append-only: DELETE refused/,
    );
    await expect(actingAsSchemaOwner(() => t.current.db.query('TRUNCATE finding_events CASCADE'))).rejects.toThrow(/finding_events is append-only: TRUNCATE refused/);
    expect(await statusEventsOf(t.current, [idsA[0]!])).toEqual(before);
  });
});

// A concurrent writer needs a second connection, which the embedded profile (one
// PGlite connection) does not have; the conditional write itself is covered on
// both profiles in bulkUpdateFindings.test.ts.
describe('PATCH /api/v1/findings/{id} with a concurrent writer (postgres)', () => {
  const t = useTestApp({ profile: 'postgres', counters: 'redis' });
  const pipeline = usePipeline(t, 'postgres');

  it('answers 409 when a scan moved the finding between the read and the write, and records nothing', async () => {
    const [a] = await t.current.twoTenants();
    const { assetId } = await importReport(t.current, pipeline.current, a, trivyReportWith(['CVE-2099-3001']));
    const [id] = [...(await findingIdsByAdvisory(t.current, a, assetId)).values()] as [string];

    const response = await underConcurrentMove(t.current, a, id, 'resolved', () => t.current.call('PATCH', `/api/v1/findings/${id}`, { token: a.owner.token, body: { status: 'triaged' } }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'the finding changed while this request ran; read it again and retry', code: 'conflict' });
    expect(await statusesOf(t.current, a, [id])).toEqual({ [id]: 'resolved' });
    expect(await statusEventsOf(t.current, [id])).toEqual([]);
    expect(await statusChangedDomainEvents(t.current, a.id)).toEqual([]);
  });
});
