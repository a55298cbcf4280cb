import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../test/support/databases.js';
import { createLogger } from './logger.js';
import { DEAD_AFTER_MS, registerWorker } from './worker-registry.js';

const logger = createLogger('silent');

describe.each(databaseProfiles)('worker registry on $name', ({ create }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await create();
  });
  afterAll(() => test.drop());

  const registered = async () => (await test.db.query<{ id: string }>('SELECT id FROM workers ORDER BY started_at, id')).rows.map((row) => row.id);
  const heartbeatAgo = (workerId: string, ms: number) =>
    test.db.query('UPDATE workers SET heartbeat_at = now() - make_interval(secs => $2::double precision / 1000) WHERE id = $1', [workerId, ms]);

  it('registers before claiming, declares a worker dead only once its heartbeat is older than the threshold, and deregisters on stop', async () => {
    const live = await registerWorker({ db: test.db, logger, role: 'workers' });
    const silent = await registerWorker({ db: test.db, logger, role: 'workers' });
    expect(await registered()).toEqual(expect.arrayContaining([live.workerId, silent.workerId]));

    await heartbeatAgo(silent.workerId, DEAD_AFTER_MS / 2);
    await heartbeatAgo(live.workerId, DEAD_AFTER_MS + 60_000);
    // Its own heartbeat comes first: a live worker never declares itself dead.
    await live.beat();
    expect(await registered()).toEqual(expect.arrayContaining([live.workerId, silent.workerId]));

    await heartbeatAgo(silent.workerId, DEAD_AFTER_MS + 1_000);
    await live.beat();
    expect(await registered()).not.toContain(silent.workerId);
    expect(await registered()).toContain(live.workerId);

    await live.stop();
    expect(await registered()).not.toContain(live.workerId);
  });

  it('registers again under its own id when it was declared dead but is not', async () => {
    const paused = await registerWorker({ db: test.db, logger, role: 'workers' });
    const sweeper = await registerWorker({ db: test.db, logger, role: 'workers' });
    await heartbeatAgo(paused.workerId, DEAD_AFTER_MS + 1_000);
    await sweeper.beat();
    expect(await registered()).not.toContain(paused.workerId);
    await paused.beat();
    expect(await registered()).toContain(paused.workerId);
    await Promise.all([paused.stop(), sweeper.stop()]);
  });

  it('heartbeats by itself once started', async () => {
    const worker = await registerWorker({ db: test.db, logger, role: 'workers', heartbeatIntervalMs: 20 });
    await heartbeatAgo(worker.workerId, 60_000);
    worker.start();
    const fresh = async () =>
      (await test.db.query<{ fresh: boolean }>('SELECT heartbeat_at > now() - interval \'30 seconds\' AS fresh FROM workers WHERE id = $1', [worker.workerId])).rows[0]?.fresh;
    for (let polls = 0; !(await fresh()); polls++) {
      expect(polls).toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await worker.stop();
  });

  it('as the sole process on its database, deregisters every worker of a previous process at once', async () => {
    const previous = await registerWorker({ db: test.db, logger, role: 'workers' });
    const restarted = await registerWorker({ db: test.db, logger, role: 'workers', soleProcess: true });
    expect(await registered()).toEqual([restarted.workerId]);
    expect(previous.workerId).not.toBe(restarted.workerId);
    await restarted.stop();
    expect(await registered()).toEqual([]);
  });
});
