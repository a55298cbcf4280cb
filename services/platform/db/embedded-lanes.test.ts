// The embedded database's one connection serves request work before waiting
// background work: ordering observed, never timed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDatabase, createLaneQueue, LANE_BOUNDS, type EmbeddedDatabase, type Lane } from './embedded.js';
import { servingRequest } from './request-lane.js';
import { actingAsSchemaOwner } from './tenant-scope.js';
import { migratedEmbeddedSnapshot } from '../../../test/support/databases.js';

const deferred = () => {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, released };
};

describe('the embedded database queue', () => {
  const patient = { backgroundWaitsAtMostMs: 60_000, requestFollowUpMs: 0 };

  it('serves waiting request work before waiting background work, and never starts a unit while another runs', async () => {
    const queue = createLaneQueue(patient);
    const log: string[] = [];
    const unit = (lane: Lane, name: string, until?: Promise<void>) =>
      queue.enqueue(lane, async () => {
        log.push(`start ${name}`);
        await until;
        log.push(`end ${name}`);
      });
    const long = deferred();
    const all = [unit('background', 'long transaction', long.released)];
    for (let n = 1; n <= 5; n++) all.push(unit('background', `background ${n}`));
    for (let n = 1; n <= 3; n++) all.push(unit('request', `request ${n}`));
    long.release();
    await Promise.all(all);
    expect(log).toEqual([
      'start long transaction',
      'end long transaction',
      ...[1, 2, 3].flatMap((n) => [`start request ${n}`, `end request ${n}`]),
      ...[1, 2, 3, 4, 5].flatMap((n) => [`start background ${n}`, `end background ${n}`]),
    ]);
  });

  it('lets background work that has waited its bound go before waiting request work, so requests never starve it', async () => {
    const queue = createLaneQueue({ backgroundWaitsAtMostMs: 0, requestFollowUpMs: 0 });
    const order: string[] = [];
    const long = deferred();
    const all = [queue.enqueue('request', () => long.released)];
    for (let n = 1; n <= 3; n++) all.push(queue.enqueue('background', async () => void order.push(`background ${n}`)));
    for (let n = 1; n <= 3; n++) all.push(queue.enqueue('request', async () => void order.push(`request ${n}`)));
    long.release();
    await Promise.all(all);
    expect(order).toEqual(['background 1', 'request 1', 'background 2', 'request 2', 'background 3', 'request 3']);
  });

  it("keeps the connection for a request's next statement before starting waiting background work", async () => {
    const queue = createLaneQueue({ backgroundWaitsAtMostMs: 60_000, requestFollowUpMs: 200 });
    const order: string[] = [];
    const first = deferred();
    const request = (async () => {
      await queue.enqueue('request', async () => {
        await first.released;
        order.push('request statement 1');
      });
      await queue.enqueue('request', async () => void order.push('request statement 2'));
    })();
    const background = queue.enqueue('background', async () => void order.push('background'));
    first.release();
    await Promise.all([request, background]);
    expect(order).toEqual(['request statement 1', 'request statement 2', 'background']);
  });

  it('passes on what a unit answers or throws, and goes on after a failure', async () => {
    const queue = createLaneQueue(patient);
    await expect(
      queue.enqueue('background', () => {
        throw new Error('thrown before any promise');
      }),
    ).rejects.toThrow('thrown before any promise');
    await expect(queue.enqueue('request', () => Promise.reject(new Error('rejected')))).rejects.toThrow('rejected');
    expect(await queue.enqueue('request', async () => 42)).toBe(42);
  });
});

describe('request work on the embedded database', () => {
  let db: EmbeddedDatabase;
  beforeAll(async () => {
    // Background work never waits out its bound here: on a loaded machine the long transaction's
    // last statement alone can outlast LANE_BOUNDS' 20 ms, and the order would then be the bound's.
    // Migrated, so the service's roles exist; the owner makes the table, and the default privileges give it to them.
    db = await createEmbeddedDatabase(undefined, migratedEmbeddedSnapshot(), { backgroundWaitsAtMostMs: 60_000, requestFollowUpMs: LANE_BOUNDS.requestFollowUpMs });
    await actingAsSchemaOwner(() => db.query('CREATE TABLE served (seq serial PRIMARY KEY, what text NOT NULL)'));
  });
  afterAll(() => db.close());

  it('goes before queued background statements and transactions, never inside a transaction in progress', async () => {
    const long = deferred();
    const inside = deferred();
    const transaction = db.transaction(async (tx) => {
      await tx.query("INSERT INTO served (what) VALUES ('background transaction begins')");
      inside.release();
      await long.released;
      await tx.query("INSERT INTO served (what) VALUES ('background transaction ends')");
    });
    await inside.released;
    const background = [
      db.query("INSERT INTO served (what) VALUES ('background statement')"),
      db.transaction((tx) => tx.query("INSERT INTO served (what) VALUES ('background transaction 2')")),
    ];
    const requests = servingRequest(() =>
      Promise.all([
        db.query<{ n: number }>("INSERT INTO served (what) VALUES ('request read') RETURNING (SELECT count(*)::integer FROM served) AS n"),
        db.transaction((tx) => tx.query("INSERT INTO served (what) VALUES ('request transaction')")),
      ]),
    );
    long.release();
    const [[read]] = await Promise.all([requests, transaction, ...background]);
    // The request saw the background transaction committed, whole, and nothing queued after it.
    expect(read.rows[0]!.n).toBe(2);
    const { rows } = await db.query<{ what: string }>('SELECT what FROM served ORDER BY seq');
    expect(rows.map((row) => row.what)).toEqual([
      'background transaction begins',
      'background transaction ends',
      'request read',
      'request transaction',
      'background statement',
      'background transaction 2',
    ]);
  });
});
