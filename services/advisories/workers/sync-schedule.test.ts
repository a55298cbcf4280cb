import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type TestDatabase } from '../../../test/support/databases.js';
import { createLogger } from '../../platform/logger.js';
import { createAdvisoryStore } from '../advisory-store.js';
import { createAdvisorySyncSchedule, dueEcosystems } from './sync-schedule.js';
import { startOsvArchiveServer, type OsvArchiveServer } from '../testing/osv-archive-server.js';

const DAY = 86_400_000;

describe('the scheduled advisory synchronization', () => {
  let database: TestDatabase;
  let server: OsvArchiveServer;
  beforeAll(async () => {
    database = await freshPostgres();
    server = await startOsvArchiveServer();
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });
  const options = (now: Date) => ({ db: database.db, logger: createLogger('silent'), source: server.url, ecosystems: ['Debian', 'Maven'], intervalMs: DAY, now: () => now });

  it('synchronizes in the workers role what is due, then waits for the interval; a failure is tried again after 15 minutes', async () => {
    expect(await dueEcosystems(options(new Date()))).toEqual(['Debian', 'Maven']);
    const worker = createAdvisorySyncSchedule({ ...options(new Date()), now: undefined });
    worker.start();
    const store = createAdvisoryStore(database.db);
    // The first look runs at start; wait for its outcome (no timing asserted).
    while ((await store.status()).filter((row) => row.lastSuccessAt).length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    await worker.stop();
    expect((await store.status()).map((row) => [row.ecosystem, row.records])).toEqual([
      ['Debian', 1],
      ['Maven', 1],
    ]);
    const now = Date.now();
    expect(await dueEcosystems(options(new Date(now)))).toEqual([]);
    expect(await dueEcosystems(options(new Date(now + DAY + 60_000)))).toEqual(['Debian', 'Maven']);
    await store.recordFailure('NoSuchEcosystem', server.url, 'the advisory source answered 503');
    const withFailure = { ...options(new Date(now)), ecosystems: ['Debian', 'NoSuchEcosystem'] };
    expect(await dueEcosystems(withFailure)).toEqual([]);
    expect(await dueEcosystems({ ...withFailure, now: () => new Date(now + 16 * 60_000) })).toEqual(['NoSuchEcosystem']);
  });
});
