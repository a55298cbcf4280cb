import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import type { Database } from '../db/database.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import { AppError, toHttpError, validationFailed } from '../errors.js';
import { createIdempotency, DEFAULT_STALE_AFTER_MS, IDEMPOTENCY_RETENTION_MS, type IdempotentResponse } from './idempotency.js';
import { fingerprintRequest } from './request.js';
import { systemScope } from '../tenancy.js';

const start = Date.parse('2025-03-01T12:00:00Z');
const scanFingerprint = fingerprintRequest('createScan', { image: 'registry.example/app:1.0', scanners: ['vuln'] });
const otherFingerprint = fingerprintRequest('createScan', { image: 'registry.example/app:2.0', scanners: ['vuln'] });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** A stand-in for POST /scans: counts executions and answers a body whose bytes jsonb would not keep. */
function scanWork(delayMs = 0) {
  const work = {
    calls: 0,
    execute: async () => {
      work.calls += 1;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { status: 201, body: { state: 'queued', id: `scan-${work.calls}`, score: 1.5e-7, name: 'café ☕', a: { z: 1, b: [3, 1] } } };
    },
  };
  return work;
}

const refusalOf = (error: unknown) => toHttpError(error).body;
const stillInProgress = { error: 'a request with this idempotency key is still in progress', code: 'conflict' };
const reusedForDifferentRequest = { error: 'idempotency key reused for a different request', code: 'conflict' };

describe.each(databaseProfiles)('idempotency on $name', ({ create }) => {
  let test: TestDatabase;
  let clock: number;
  const log = { error: vi.fn(), warn: vi.fn() };
  const orgA = asOrgId(randomUUID());
  const orgB = asOrgId(randomUUID());
  const idempotencyOn = (db: Database) => createIdempotency({ db, log, now: () => clock });
  const recordOf = async (key: string) =>
    (
      await test.db.query<{ state: string; response_body: string | null }>('SELECT state, response_body FROM idempotency_records WHERE org_id = $1 AND key = $2', [
        orgA,
        key,
      ])
    ).rows[0];

  beforeAll(async () => {
    test = await create();
  });
  afterAll(() => test.drop());
  beforeEach(() => {
    clock = start;
    log.error.mockClear();
    log.warn.mockClear();
  });

  it('executes once and replays the stored status and body byte for byte', async () => {
    const idempotency = idempotencyOn(test.db);
    const work = scanWork();
    const key = randomUUID();
    const first = await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: work.execute });
    clock += 60 * 60 * 1000;
    const replay = await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: work.execute });

    expect(work.calls).toBe(1);
    expect(first).toEqual({ status: 201, body: JSON.stringify((await scanWork().execute()).body), replayed: false });
    expect(replay).toEqual({ ...first, replayed: true });
    expect(await recordOf(key)).toEqual({ state: 'completed', response_body: first.body });
  });

  it('refuses the same key with a different request with 409', async () => {
    const idempotency = idempotencyOn(test.db);
    const key = randomUUID();
    await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: scanWork().execute });
    const work = scanWork();
    const refused = await idempotency.run({ orgId: orgA, key, fingerprint: otherFingerprint, execute: work.execute }).catch(refusalOf);
    expect(refused).toEqual(reusedForDifferentRequest);
    expect(toHttpError(await idempotency.run({ orgId: orgA, key, fingerprint: otherFingerprint, execute: work.execute }).catch((e: unknown) => e)).status).toBe(409);
    expect(work.calls).toBe(0);
  });

  it('refuses the same key while the first request still runs, with a different message', async () => {
    const idempotency = idempotencyOn(test.db);
    const key = randomUUID();
    const release = deferred<void>();
    const first = idempotency.run({
      orgId: orgA,
      key,
      fingerprint: scanFingerprint,
      execute: async () => (await release.promise, { status: 201, body: { id: 'scan-1' } }),
    });
    await vi.waitFor(async () => expect(await recordOf(key)).toMatchObject({ state: 'reserved' }));
    const work = scanWork();

    const whileRunning = await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: work.execute }).catch(refusalOf);
    const otherWhileRunning = await idempotency.run({ orgId: orgA, key, fingerprint: otherFingerprint, execute: work.execute }).catch(refusalOf);
    release.resolve();

    expect(whileRunning).toEqual(stillInProgress);
    expect(otherWhileRunning).toEqual(reusedForDifferentRequest);
    expect(work.calls).toBe(0);
    await expect(first).resolves.toEqual({ status: 201, body: '{"id":"scan-1"}', replayed: false });
  });

  it('lets exactly one of 20 concurrent requests execute; the others get 409 in progress or the identical replay', async () => {
    const idempotency = idempotencyOn(test.db);
    const key = randomUUID();
    const work = scanWork(30);
    // Staggered over about twice the work's duration: early arrivals find it running, late ones find it done.
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, arrival) =>
        new Promise((resolve) => setTimeout(resolve, arrival * 3)).then(() => idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: work.execute })).then(
          (response): IdempotentResponse | Record<string, unknown> => response,
          refusalOf,
        ),
      ),
    );

    expect(work.calls).toBe(1);
    const executed = outcomes.filter((outcome) => outcome.replayed === false);
    expect(executed).toHaveLength(1);
    const winner = executed[0] as IdempotentResponse;
    for (const other of outcomes.filter((outcome) => outcome !== winner)) {
      expect([stillInProgress, { ...winner, replayed: true }]).toContainEqual(other);
    }
    expect(await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: work.execute })).toEqual({ ...winner, replayed: true });
  });

  it('lets a retry reclaim a stale reservation; the overrun request cannot overwrite it', async () => {
    const idempotency = idempotencyOn(test.db);
    const key = randomUUID();
    const hung = deferred<void>();
    const presumedDead = idempotency.run({
      orgId: orgA,
      key,
      fingerprint: scanFingerprint,
      execute: async () => (await hung.promise, { status: 201, body: { id: 'from-the-first-process' } }),
    });
    await vi.waitFor(async () => expect(await recordOf(key)).toMatchObject({ state: 'reserved' }));

    clock += DEFAULT_STALE_AFTER_MS - 1;
    const early = scanWork();
    expect(await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: early.execute }).catch(refusalOf)).toEqual(stillInProgress);

    clock += 2;
    const retry = scanWork();
    const reclaimed = await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: retry.execute });
    expect(retry.calls).toBe(1);
    expect(reclaimed.replayed).toBe(false);

    hung.resolve();
    expect(await presumedDead).toMatchObject({ status: 201, replayed: false });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: early.execute })).toEqual({ ...reclaimed, replayed: true });
    expect(early.calls).toBe(0);
  });

  it('lets only one of several concurrent retries reclaim a stale reservation', async () => {
    const idempotency = idempotencyOn(test.db);
    const key = randomUUID();
    const hung = deferred<void>();
    const presumedDead = idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: async () => (await hung.promise, { status: 201, body: {} }) });
    await vi.waitFor(async () => expect(await recordOf(key)).toMatchObject({ state: 'reserved' }));

    clock += DEFAULT_STALE_AFTER_MS + 1;
    const retries = scanWork(30);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: retries.execute }).catch(refusalOf)),
    );
    hung.resolve();
    await presumedDead;
    expect(retries.calls).toBe(1);
    expect(outcomes.filter((outcome) => outcome.replayed === false)).toHaveLength(1);
  });

  it('releases the reservation when the work fails, so a retry executes', async () => {
    const idempotency = idempotencyOn(test.db);
    const key = randomUUID();
    const crash = new Error('scanner unreachable');
    await expect(idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: () => Promise.reject(crash) })).rejects.toBe(crash);
    expect(await recordOf(key)).toBeUndefined();

    const refusal = validationFailed('image reference refused');
    await expect(idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: () => Promise.reject(refusal) })).rejects.toBeInstanceOf(AppError);
    expect(await recordOf(key)).toBeUndefined();

    const retry = scanWork();
    expect(await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: retry.execute })).toMatchObject({ status: 201, replayed: false });
    expect(retry.calls).toBe(1);
  });

  it('still answers with the response when storing it fails, and logs the failure', async () => {
    const completingUpdateFails: Database = {
      ...test.db,
      query: <Row,>(sql: string, params?: readonly unknown[]) =>
        /^UPDATE idempotency_records SET state = 'completed'/.test(sql) ? Promise.reject(new Error('connection reset')) : test.db.query<Row>(sql, params),
    };
    const key = randomUUID();
    const work = scanWork();
    const response = await idempotencyOn(completingUpdateFails).run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: work.execute });

    expect(response).toMatchObject({ status: 201, replayed: false });
    expect(JSON.parse(response.body)).toMatchObject({ id: 'scan-1' });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[1]).toMatch(/not stored/);
    // The reservation stays: a retry meanwhile gets 409 rather than a second execution.
    expect(await recordOf(key)).toMatchObject({ state: 'reserved' });
  });

  it('forgets a record after 30 days: pruned, and the key executes new work', async () => {
    const idempotency = idempotencyOn(test.db);
    const key = randomUUID();
    const keptKey = randomUUID();
    const work = scanWork();
    await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: work.execute });
    clock += 60_000;
    await idempotency.run({ orgId: orgA, key: keptKey, fingerprint: scanFingerprint, execute: work.execute });

    clock = start + IDEMPOTENCY_RETENTION_MS - 1;
    expect(await idempotency.pruneExpired(systemScope('prune-idempotency-records'))).toBe(0);
    expect((await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: work.execute })).replayed).toBe(true);

    clock = start + IDEMPOTENCY_RETENTION_MS;
    expect(await idempotency.pruneExpired(systemScope('prune-idempotency-records'))).toBeGreaterThanOrEqual(1);
    expect(await recordOf(key)).toBeUndefined();
    expect(await recordOf(keptKey)).toMatchObject({ state: 'completed' });
    const fresh = await idempotency.run({ orgId: orgA, key, fingerprint: otherFingerprint, execute: work.execute });
    expect(fresh.replayed).toBe(false);
    expect(work.calls).toBe(3);
  });

  it('treats an expired record as absent even before the prune job runs', async () => {
    const idempotency = idempotencyOn(test.db);
    const key = randomUUID();
    const work = scanWork();
    await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: work.execute });
    clock += IDEMPOTENCY_RETENTION_MS;
    const fresh = await idempotency.run({ orgId: orgA, key, fingerprint: otherFingerprint, execute: work.execute });
    expect(fresh).toMatchObject({ replayed: false });
    expect(work.calls).toBe(2);
  });

  it('prunes in batches', async () => {
    const idempotency = createIdempotency({ db: test.db, log, now: () => clock, pruneBatchSize: 2 });
    clock = start - 365 * 24 * 60 * 60 * 1000;
    for (let i = 0; i < 5; i++) await idempotency.run({ orgId: orgB, key: `batch-${i}`, fingerprint: scanFingerprint, execute: scanWork().execute });
    clock = start;
    expect(await idempotency.pruneExpired(systemScope('prune-idempotency-records'))).toBeGreaterThanOrEqual(5);
    const left = await test.db.query('SELECT 1 FROM idempotency_records WHERE org_id = $1 AND key LIKE $2', [orgB, 'batch-%']);
    expect(left.rowCount).toBe(0);
  });

  it('scopes keys to the organization: another tenant with the same key executes its own work', async () => {
    const idempotency = idempotencyOn(test.db);
    const key = randomUUID();
    const workA = scanWork();
    const workB = scanWork();
    const a = await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: workA.execute });
    const b = await idempotency.run({ orgId: orgB, key, fingerprint: scanFingerprint, execute: workB.execute });
    const b2 = await idempotency.run({ orgId: orgB, key, fingerprint: otherFingerprint, execute: workB.execute }).catch(refusalOf);

    expect([workA.calls, workB.calls]).toEqual([1, 1]);
    expect([a.replayed, b.replayed]).toEqual([false, false]);
    expect(b2).toEqual(reusedForDifferentRequest);
    expect(await idempotency.run({ orgId: orgA, key, fingerprint: scanFingerprint, execute: workA.execute })).toEqual({ ...a, replayed: true });
  });
});
