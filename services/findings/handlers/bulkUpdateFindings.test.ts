// POST /api/v1/findings/bulk on real findings (imported through the pipeline), two
// tenants in every fixture: per-item outcomes, request-level refusals that change
// nothing, the ceiling, idempotency under concurrency, and conflicts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  findingIdsByAdvisory,
  findingsInEveryStatus,
  importReport,
  inAWeek,
  statusChangedDomainEvents,
  statusEventsOf,
  statusesOf,
  trivyReportWith,
  underConcurrentMove,
} from '../../../test/support/findings.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { handlerTestProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { loadOpenApiDocument } from '../../platform/http/openapi-document.js';
import { BULK_CEILING } from './bulkUpdateFindings.js';
import { applyStatusChange } from '../triage.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const suppressing = (reason = 'accepted: behind the WAF') => ({ action: 'suppress', suppression: { reason, expires_at: inAWeek() } });

const bulk = (t: TestApp, token: string, body: unknown, headers: Record<string, string> = {}) => t.call('POST', '/api/v1/findings/bulk', { token, body, headers });

/** Everything of a tenant a bulk request could touch. */
const stateOf = async (t: TestApp, tenant: TestTenant, ids: string[]) => ({
  statuses: await statusesOf(t, tenant, ids),
  events: await statusEventsOf(t, ids),
  domainEvents: await statusChangedDomainEvents(t, tenant.id),
  idempotencyRecords: (await t.db.query('SELECT key, state FROM idempotency_records WHERE org_id = $1 ORDER BY key', [tenant.id])).rows,
});

describe.each(handlerTestProfiles)('POST /api/v1/findings/bulk ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  /** Two tenants with `count` open findings each. */
  async function twoTenantsWithFindings(count: number) {
    const [a, b] = await t.current.twoTenants();
    const report = trivyReportWith(Array.from({ length: count }, (_, i) => `CVE-2099-${1000 + i}`));
    const ids = async (tenant: TestTenant) => [...(await findingIdsByAdvisory(t.current, tenant, (await importReport(t.current, pipeline.current, tenant, report)).assetId)).values()];
    return { a, b, idsA: await ids(a), idsB: await ids(b) };
  }

  it("suppresses in one request: applied, already_applied, invalid_transition, and not_found for another tenant's finding exactly as for a random id", async () => {
    const [a, b] = await t.current.twoTenants();
    const inA = await findingsInEveryStatus(t.current, pipeline.current, a, 1);
    const inB = await findingsInEveryStatus(t.current, pipeline.current, b, 1);
    const idsB = Object.values(inB).flat();
    const bBefore = await stateOf(t.current, b, idsB);
    const [foreign, random] = [inB.open[0]!, randomUUID()];
    const requested = [inA.open[0]!, inA.triaged[0]!, inA.reopened[0]!, inA.suppressed[0]!, inA.resolved[0]!, foreign, random];

    const response = await bulk(t.current, a.owner.token, { ...suppressing(), finding_ids: requested }, { 'x-request-id': 'bulk-suppress-1' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      action: 'suppress',
      counts: { applied: 3, already_applied: 1, not_found: 2, invalid_transition: 1, conflict: 0 },
      results: [
        { finding_id: inA.open[0], outcome: 'applied', status: 'suppressed' },
        { finding_id: inA.triaged[0], outcome: 'applied', status: 'suppressed' },
        { finding_id: inA.reopened[0], outcome: 'applied', status: 'suppressed' },
        { finding_id: inA.suppressed[0], outcome: 'already_applied', status: 'suppressed' },
        { finding_id: inA.resolved[0], outcome: 'invalid_transition', status: 'resolved' },
        { finding_id: foreign, outcome: 'not_found' },
        { finding_id: random, outcome: 'not_found' },
      ],
    });

    const applied = [inA.open[0]!, inA.triaged[0]!, inA.reopened[0]!];
    const events = (await statusEventsOf(t.current, requested)).filter((e) => e.request_id === 'bulk-suppress-1');
    expect(events.map((e) => [e.org_id, e.finding_id, e.to_status, e.actor_user_id, e.suppressed_by, e.reason])).toEqual(
      expect.arrayContaining(applied.map((id) => [a.id, id, 'suppressed', a.owner.id, a.owner.id, 'accepted: behind the WAF'])),
    );
    expect(events).toHaveLength(3);
    const announced = (await statusChangedDomainEvents(t.current, a.id)).filter((e) => e.correlation_id === 'bulk-suppress-1');
    expect(announced.map((e) => e.subject_id).sort()).toEqual([...applied].sort());
    expect(await stateOf(t.current, b, idsB)).toEqual(bBefore);
  });

  it('triages as an API key, recorded as a machine: open and reopened apply, suppressed and resolved are invalid transitions', async () => {
    const [a, b] = await t.current.twoTenants();
    const inA = await findingsInEveryStatus(t.current, pipeline.current, a, 1);
    const { id: keyId, key } = await t.current.apiKey(a.owner, ['findings:write']);
    const requested = [inA.open[0]!, inA.reopened[0]!, inA.triaged[0]!, inA.suppressed[0]!, inA.resolved[0]!];
    const response = await bulk(t.current, key, { action: 'triage', finding_ids: requested });
    expect(response.status).toBe(200);
    expect(response.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['applied', 'applied', 'already_applied', 'invalid_transition', 'invalid_transition']);
    expect(await statusesOf(t.current, a, requested)).toEqual({
      [inA.open[0]!]: 'triaged',
      [inA.reopened[0]!]: 'triaged',
      [inA.triaged[0]!]: 'triaged',
      [inA.suppressed[0]!]: 'suppressed',
      [inA.resolved[0]!]: 'resolved',
    });
    const machineEvents = (await statusEventsOf(t.current, requested)).filter((e) => e.actor_kind === 'api_key');
    expect(machineEvents.map((e) => [e.finding_id, e.actor_user_id, e.suppressed_by, e.actor_api_key_id])).toEqual(
      expect.arrayContaining([inA.open[0], inA.reopened[0]].map((id) => [id, null, null, keyId])),
    );
    expect(machineEvents).toHaveLength(2);
    expect((await t.current.call('GET', '/api/v1/findings?status=triaged', { token: b.owner.token })).body.items).toEqual([]);
  });

  it('refuses a request-level defect with one 400 and changes nothing: suppression details, empty, over the ceiling, repeated ids, a bad key', async () => {
    const { a, idsA } = await twoTenantsWithFindings(2);
    const before = await stateOf(t.current, a, idsA);
    const overCeiling = [idsA[0]!, ...Array.from({ length: BULK_CEILING }, () => randomUUID())];
    const refusals: Array<[string, unknown, Record<string, string>, RegExp]> = [
      ['suppress without suppression', { action: 'suppress', finding_ids: idsA }, {}, /^a suppression needs a reason$/],
      ['suppression without a reason', { action: 'suppress', finding_ids: idsA, suppression: { expires_at: inAWeek() } }, {}, /^a suppression needs a reason$/],
      ['blank reason', { action: 'suppress', finding_ids: idsA, suppression: { reason: ' ', expires_at: inAWeek() } }, {}, /^a suppression needs a reason$/],
      ['no expiry', { action: 'suppress', finding_ids: idsA, suppression: { reason: 'accepted' } }, {}, /^a suppression needs an expiry/],
      ['expiry beyond 365 days', { action: 'suppress', finding_ids: idsA, suppression: { reason: 'accepted', expires_at: new Date(Date.now() + 400 * DAY_MS).toISOString() } }, {}, /at most 365 days/],
      ['triage with suppression', { ...suppressing(), action: 'triage', finding_ids: idsA }, {}, /^suppression applies only to action suppress$/],
      ['no finding', { action: 'triage', finding_ids: [] }, {}, /request validation failed/],
      ['over the ceiling', { action: 'triage', finding_ids: overCeiling }, {}, /request validation failed/],
      ['one finding in two spellings', { action: 'triage', finding_ids: [idsA[0], idsA[0]!.toUpperCase()] }, {}, /^finding_ids lists a finding more than once$/],
      ['unknown action', { action: 'resolve', finding_ids: idsA }, {}, /request validation failed/],
      ['invalid idempotency key', { action: 'triage', finding_ids: idsA }, { 'idempotency-key': 'has spaces in it' }, /^idempotency key must be/],
    ];
    for (const [case_, body, headers, message] of refusals) {
      const response = await bulk(t.current, a.owner.token, body, headers);
      expect(response.status, case_).toBe(400);
      expect(response.body.error, case_).toMatch(message);
    }
    expect(await stateOf(t.current, a, idsA)).toEqual(before);
  });

  it('takes exactly the ceiling of findings, which the document states too', async () => {
    const { a, idsA } = await twoTenantsWithFindings(1);
    const schemas = loadOpenApiDocument().components!.schemas as Record<string, { properties: Record<string, { maxItems?: number }> }>;
    expect(schemas.BulkFindingsRequest!.properties.finding_ids!.maxItems).toBe(BULK_CEILING);
    const ids = [...Array.from({ length: BULK_CEILING - 1 }, () => randomUUID()), idsA[0]!];
    const response = await bulk(t.current, a.owner.token, { action: 'triage', finding_ids: ids });
    expect(response.status).toBe(200);
    expect(response.body.counts).toEqual({ applied: 1, already_applied: 0, not_found: BULK_CEILING - 1, invalid_transition: 0, conflict: 0 });
    expect(response.body.results.at(-1)).toEqual({ finding_id: idsA[0], outcome: 'applied', status: 'triaged' });
  });

  it("authorizes by action with the guard's 403 and an authz.denied record; the refused request reserves no key and changes nothing", async () => {
    const { a, idsA } = await twoTenantsWithFindings(2);
    const writer = await t.current.apiKey(a.owner, ['findings:write']);
    const suppressor = await t.current.apiKey(a.owner, ['findings:suppress']);
    const before = await stateOf(t.current, a, idsA);
    const key = `bulk-${randomUUID()}`;

    const suppress = await bulk(t.current, writer.key, { ...suppressing(), finding_ids: idsA }, { 'idempotency-key': key });
    expect(suppress.status).toBe(403);
    expect(suppress.body).toEqual({ error: 'missing permission findings:suppress', code: 'forbidden', required_scope: 'findings:suppress', principal: 'api_key' });
    const triage = await bulk(t.current, suppressor.key, { action: 'triage', finding_ids: idsA });
    expect(triage.status).toBe(403);
    expect(triage.body).toEqual({ error: 'missing permission findings:write', code: 'forbidden', required_scope: 'findings:write', principal: 'api_key' });
    const audited = await t.current.db.query<{ actor_api_key_id: string; detail: Record<string, unknown> }>(
      "SELECT actor_api_key_id, detail FROM identity_audit_events WHERE org_id = $1 AND action = 'authz.denied' ORDER BY seq",
      [a.id],
    );
    expect(audited.rows.map((row) => [row.actor_api_key_id, row.detail.operation_id, row.detail.required_scope])).toEqual([
      [writer.id, 'bulkUpdateFindings', 'findings:suppress'],
      [suppressor.id, 'bulkUpdateFindings', 'findings:write'],
    ]);
    expect(await stateOf(t.current, a, idsA)).toEqual(before);

    const allowed = await bulk(t.current, suppressor.key, { ...suppressing(), finding_ids: idsA }, { 'idempotency-key': key });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['idempotent-replayed']).toBeUndefined();
    expect(allowed.body.counts.applied).toBe(2);
  });

  it('replays a completed request byte for byte, whatever the order of its ids; the same key for other work is 409; keys are per organization', async () => {
    const { a, b, idsA, idsB } = await twoTenantsWithFindings(3);
    const key = `bulk-${randomUUID()}`;
    const body = { ...suppressing(), finding_ids: idsA };
    const first = await bulk(t.current, a.owner.token, body, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const afterFirst = await stateOf(t.current, a, idsA);

    const replay = await bulk(t.current, a.owner.token, { ...body, finding_ids: [...idsA].reverse() }, { 'idempotency-key': key });
    expect(replay.status).toBe(200);
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const inBody = await bulk(t.current, a.owner.token, { ...body, idempotency_key: key });
    expect(inBody.raw).toBe(first.raw);
    expect(inBody.headers['idempotent-replayed']).toBe('true');

    for (const other of [
      { ...body, finding_ids: idsA.slice(1) },
      { ...body, suppression: { ...body.suppression, reason: 'another reason' } },
      { ...body, suppression: { ...body.suppression, expires_at: new Date(Date.now() + 3 * DAY_MS).toISOString() } },
      { action: 'triage', finding_ids: idsA },
    ]) {
      const reused = await bulk(t.current, a.owner.token, other, { 'idempotency-key': key });
      expect(reused.status).toBe(409);
      expect(reused.body).toEqual({ error: 'idempotency key reused for a different request', code: 'conflict' });
    }
    expect(await stateOf(t.current, a, idsA)).toEqual(afterFirst);

    const inOtherTenant = await bulk(t.current, b.owner.token, { ...body, finding_ids: idsB }, { 'idempotency-key': key });
    expect(inOtherTenant.status).toBe(200);
    expect(inOtherTenant.headers['idempotent-replayed']).toBeUndefined();
    expect(inOtherTenant.body.counts.applied).toBe(3);
  });

  it('lets exactly one of many concurrent identical requests with one key execute; the others replay it or are told it is in progress', async () => {
    const { a, idsA } = await twoTenantsWithFindings(5);
    const key = `bulk-race-${randomUUID()}`;
    const body = { ...suppressing(), finding_ids: idsA };
    const responses = await Promise.all(Array.from({ length: 12 }, () => bulk(t.current, a.owner.token, body, { 'idempotency-key': key })));

    const executed = responses.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(executed).toHaveLength(1);
    expect(executed[0]!.body.counts.applied).toBe(5);
    for (const other of responses.filter((r) => r !== executed[0])) {
      if (other.status === 200) {
        expect(other.headers['idempotent-replayed']).toBe('true');
        expect(other.raw).toBe(executed[0]!.raw);
      } else {
        expect(other.status).toBe(409);
        expect(other.body).toEqual({ error: 'a request with this idempotency key is still in progress', code: 'conflict' });
      }
    }
    const events = await statusEventsOf(t.current, idsA);
    expect(events.map((e) => e.finding_id).sort()).toEqual([...idsA].sort());
    expect(await statusChangedDomainEvents(t.current, a.id)).toHaveLength(5);
  });

  it('moves nothing and records nothing for a finding no longer in the status it was read in (the conflict of a concurrent writer)', async () => {
    const { a, idsA } = await twoTenantsWithFindings(2);
    const [stale, current] = idsA as [string, string];
    await bulk(t.current, a.owner.token, { action: 'triage', finding_ids: [stale] });
    const before = await stateOf(t.current, a, idsA);
    const owner = { kind: 'user' as const, userId: a.owner.id, sessionId: randomUUID(), orgId: a.id, permissions: new Set<string>() };

    const moved = await t.current.db.transaction((tx) =>
      applyStatusChange(tx, a.id, [{ id: stale, from: 'open' }], { to: 'suppressed', reason: 'accepted', suppressedUntil: new Date(Date.now() + DAY_MS) }, { principal: owner, requestId: 'stale' }),
    );
    expect(moved).toEqual([]);
    expect(await stateOf(t.current, a, idsA)).toEqual(before);
    expect((await statusesOf(t.current, a, [current]))[current]).toBe('open');
  });
});

// A concurrent writer needs a second connection, which the embedded profile (one
// PGlite connection) does not have; on it the same logic is covered by the
// stale-status test above.
describe('POST /api/v1/findings/bulk with a concurrent writer (postgres)', () => {
  const t = useTestApp({ profile: 'postgres', counters: 'redis' });
  const pipeline = usePipeline(t, 'postgres');

  it('reports conflict for a finding a scan moved while the request ran, and applies the rest', async () => {
    const [a] = await t.current.twoTenants();
    const { assetId } = await importReport(t.current, pipeline.current, a, trivyReportWith(['CVE-2099-2001', 'CVE-2099-2002']));
    const ids = [...(await findingIdsByAdvisory(t.current, a, assetId)).values()].sort();
    const [movedMeanwhile, untouched] = ids as [string, string];

    const response = await underConcurrentMove(t.current, a, movedMeanwhile, 'resolved', () =>
      bulk(t.current, a.owner.token, { ...suppressing(), finding_ids: [movedMeanwhile, untouched] }),
    );
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([
      { finding_id: movedMeanwhile, outcome: 'conflict' },
      { finding_id: untouched, outcome: 'applied', status: 'suppressed' },
    ]);
    expect(await statusesOf(t.current, a, ids)).toEqual({ [movedMeanwhile]: 'resolved', [untouched]: 'suppressed' });
    expect((await statusEventsOf(t.current, ids)).map((e) => e.finding_id)).toEqual([untouched]);
  });
});
