// The synchronization against a local server in OSV's archive layout serving real
// records (testing/osv, README.md there names their sources), on PostgreSQL and on the
// embedded database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../test/support/databases.js';
import { createAdvisoryStore } from './advisory-store.js';
import { SyncBusyError, syncAdvisories, type SyncProgress } from './sync.js';
import { fixtureRecords, startOsvArchiveServer, writeArchiveDirectory, type FixtureRecord, type OsvArchiveServer } from './testing/osv-archive-server.js';

const fixtures = fixtureRecords();
const ECOSYSTEMS = [...fixtures.keys()];
const parsed = (record: FixtureRecord) => JSON.parse(record.text) as { id: string; withdrawn?: string; affected?: Array<{ package?: { ecosystem: string; name: string } }> };
const newest = (records: readonly FixtureRecord[]) => records.map((record) => record.modified).sort().at(-1)!;
/** The live records of the fixtures naming a package, by the test's own reading of the files. */
const expectedIds = (ecosystem: string, matches: (name: string) => boolean) =>
  fixtures
    .get(ecosystem)!
    .map(parsed)
    .filter((record) => !record.withdrawn && (record.affected ?? []).some((entry) => entry.package?.ecosystem.split(':')[0] === ecosystem && matches(entry.package.name)))
    .map((record) => record.id)
    .sort();
const idsOf = (records: unknown[]) => records.map((record) => (record as { id: string }).id).sort();

describe.each(databaseProfiles)('advisory synchronization ($name)', ({ create }) => {
  // One database per profile (an embedded one takes long to start), emptied of advisory data before each test.
  let database: TestDatabase;
  let server: OsvArchiveServer;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => database?.drop());
  beforeEach(async () => {
    await database.db.query('DELETE FROM advisories; DELETE FROM advisory_sync_status; DELETE FROM advisory_sync_lease');
    server = await startOsvArchiveServer(fixtureRecords());
  });
  afterEach(async () => server?.close());
  const sync = (options: { ecosystems?: string[]; batchSize?: number; signal?: AbortSignal; onProgress?: (progress: SyncProgress) => void } = {}) =>
    syncAdvisories({ db: database.db, source: server.url, ecosystems: options.ecosystems ?? ECOSYSTEMS, batchSize: options.batchSize, signal: options.signal, onProgress: options.onProgress });
  const countOf = async (ecosystem: string) =>
    Number((await database.db.query<{ n: string }>('SELECT count(*) AS n FROM advisories WHERE ecosystem = $1', [ecosystem])).rows[0]!.n);

  it('loads exactly the records of each archive on the first run, and finds them by normalized package name', async () => {
    const result = await sync();
    const elapsed = result.elapsedMs;
    const total = [...fixtures.values()].reduce((sum, list) => sum + list.length, 0);
    expect(total).toBeGreaterThanOrEqual(300);
    console.info(`advisory sync: ${total} records of ${ECOSYSTEMS.length} ecosystems in ${elapsed} ms (${Math.round((total / elapsed) * 1000)} records/s)`);
    for (const ecosystem of ECOSYSTEMS) {
      const outcome = result.ecosystems.find((entry) => entry.ecosystem === ecosystem)!;
      expect(outcome, ecosystem).toMatchObject({ mode: 'full', error: null, written: fixtures.get(ecosystem)!.length, records: fixtures.get(ecosystem)!.length, skipped: 0 });
      expect(await countOf(ecosystem)).toBe(fixtures.get(ecosystem)!.length);
    }
    const store = createAdvisoryStore(database.db);
    const status = await store.status();
    expect(status.map((row) => row.ecosystem)).toEqual(ECOSYSTEMS);
    for (const row of status) {
      expect(row).toMatchObject({ source: server.url, records: fixtures.get(row.ecosystem)!.length, lastError: null });
      expect(Date.parse(row.lastModified!)).toBe(Date.parse(newest(fixtures.get(row.ecosystem)!)));
      expect(row.lastSuccessAt).not.toBeNull();
    }
    // PyPI names are looked up as PEP 503 keys them: the inventory's spelling need not be the record's.
    const pypiName = parsed(fixtures.get('PyPI')![0]!).affected![0]!.package!.name;
    const pypiExpected = expectedIds('PyPI', (name) => name.toLowerCase().replace(/[-_.]+/g, '-') === pypiName.toLowerCase().replace(/[-_.]+/g, '-'));
    expect(pypiExpected.length).toBeGreaterThan(0);
    expect(idsOf(await store.advisoriesFor('PyPI', [pypiName.toUpperCase().replace(/-/g, '_')]))).toEqual(pypiExpected);
    // Go module paths are exact; a batch of names answers each record once.
    const goNames = ['stdlib', 'golang.org/x/net', 'golang.org/x/crypto', 'github.com/no/such-module'];
    const goExpected = expectedIds('Go', (name) => goNames.includes(name));
    expect(goExpected.length).toBeGreaterThan(5);
    expect(idsOf(await store.advisoriesFor('Go', goNames))).toEqual(goExpected);
    expect(await store.advisoriesFor('Go', ['GOLANG.ORG/X/NET'])).toEqual([]);
    // Debian:7's record is found under its base ecosystem by its source package.
    expect(idsOf(await store.advisoriesFor('Debian', ['nginx']))).toEqual(['DSA-3029-1']);
  });

  it("leaves the planner's statistics of the loaded tables current, as a scan's lookups are planned from them", async () => {
    // Statistics of the empty tables, as a deployment's first sync finds them.
    await database.db.query('SELECT analyze_advisories()');
    const estimated = async (table: string) =>
      Number((await database.db.query<{ n: string }>('SELECT reltuples::bigint AS n FROM pg_class WHERE relname = $1', [table])).rows[0]!.n);
    const counted = async (table: string) => Number((await database.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    expect(await estimated('advisories')).toBe(0);
    await sync({ ecosystems: ['Go', 'PyPI'] });
    expect(await counted('advisories')).toBe(fixtures.get('Go')!.length + fixtures.get('PyPI')!.length);
    // Tables this small are sampled whole: the estimate is the count.
    for (const table of ['advisories', 'advisory_packages']) expect(await estimated(table), table).toBe(await counted(table));
  });

  it('stores a withdrawn record as withdrawn and leaves it out of lookups', async () => {
    await sync({ ecosystems: ['Go'] });
    const withdrawn = fixtures.get('Go')!.map(parsed).filter((record) => record.withdrawn);
    expect(withdrawn.length).toBeGreaterThan(0);
    const rows = await database.db.query<{ id: string; withdrawn: Date | null }>('SELECT id, withdrawn FROM advisories WHERE ecosystem = $1 AND withdrawn IS NOT NULL ORDER BY id', ['Go']);
    expect(rows.rows.map((row) => row.id)).toEqual(withdrawn.map((record) => record.id).sort());
    const first = withdrawn[0]!;
    expect(rows.rows.find((row) => row.id === first.id)!.withdrawn!.getTime()).toBe(Date.parse(first.withdrawn!));
    const names = first.affected!.map((entry) => entry.package!.name);
    expect(idsOf(await createAdvisoryStore(database.db).advisoriesFor('Go', names))).not.toContain(first.id);
  });

  it('picks up a record modified later from modified_id.csv and its own file, reading nothing else', async () => {
    await sync();
    server.takeRequests();
    const original = fixtures.get('PyPI')![3]!;
    const changed = { ...JSON.parse(original.text), modified: '2030-01-02T03:04:05.123456Z', summary: 'changed upstream' };
    server.put('PyPI', JSON.stringify(changed, null, 2));
    const result = await sync();
    expect(server.takeRequests().sort()).toEqual([...ECOSYSTEMS.map((ecosystem) => `/${ecosystem}/modified_id.csv`), `/PyPI/${original.id}.json`].sort());
    expect(result.ecosystems.find((entry) => entry.ecosystem === 'PyPI')).toMatchObject({ mode: 'incremental', written: 1, records: fixtures.get('PyPI')!.length, error: null });
    for (const entry of result.ecosystems.filter((entry) => entry.ecosystem !== 'PyPI')) expect(entry).toMatchObject({ mode: 'incremental', written: 0 });
    const name = (changed.affected as Array<{ package: { name: string } }>)[0]!.package.name;
    const stored = (await createAdvisoryStore(database.db).advisoriesFor('PyPI', [name])) as Array<{ id: string; summary?: string }>;
    expect(stored.find((record) => record.id === original.id)?.summary).toBe('changed upstream');
    const status = (await createAdvisoryStore(database.db).status()).find((row) => row.ecosystem === 'PyPI')!;
    expect(status.lastModified).toBe('2030-01-02T03:04:05.123Z');
    // Nothing newer since: the next run reads the first line of each CSV and stops.
    expect((await sync()).ecosystems.every((entry) => entry.written === 0)).toBe(true);
  });

  it('records the packages each added, modified or withdrawn record named, before and after, for continuous matching; an unchanged record none', async () => {
    await database.db.query('DELETE FROM advisory_package_changes');
    const changes = async () =>
      (await database.db.query<{ ecosystem: string; name: string; advisory_id: string; change: string }>('SELECT ecosystem, name, advisory_id, change FROM advisory_package_changes ORDER BY seq')).rows;
    await sync({ ecosystems: ['Debian'] });
    expect(await changes()).toEqual([{ ecosystem: 'Debian', name: 'nginx', advisory_id: 'DSA-3029-1', change: 'added' }]);
    await database.db.query('DELETE FROM advisory_package_changes');
    // The archive loaded again (a resumed or repeated full load) rewrites the record unchanged: no change.
    await database.db.query('UPDATE advisory_sync_status SET modified_cursor = NULL');
    expect((await sync({ ecosystems: ['Debian'] })).ecosystems[0]).toMatchObject({ mode: 'full', written: 1 });
    expect(await changes()).toEqual([]);
    // Modified to name another package: the one it named (whose findings may go) and the one it names now.
    const record = JSON.parse(fixtures.get('Debian')![0]!.text) as { affected: Array<{ package: { name: string } }> };
    const renamed = { ...record, modified: '2030-01-01T00:00:00Z', affected: record.affected.map((entry) => ({ ...entry, package: { ...entry.package, name: 'nginx-light' } })) };
    server.put('Debian', JSON.stringify(renamed));
    await sync({ ecosystems: ['Debian'] });
    expect(await changes()).toEqual([
      { ecosystem: 'Debian', name: 'nginx', advisory_id: 'DSA-3029-1', change: 'modified' },
      { ecosystem: 'Debian', name: 'nginx-light', advisory_id: 'DSA-3029-1', change: 'modified' },
    ]);
    await database.db.query('DELETE FROM advisory_package_changes');
    server.put('Debian', JSON.stringify({ ...renamed, modified: '2030-01-02T00:00:00Z', withdrawn: '2030-01-02T00:00:00Z' }));
    await sync({ ecosystems: ['Debian'] });
    expect(await changes()).toEqual([{ ecosystem: 'Debian', name: 'nginx-light', advisory_id: 'DSA-3029-1', change: 'withdrawn' }]);
  });

  it('resumes a killed first load after its last committed batch', async () => {
    const go = fixtures.get('Go')!;
    const killed = new AbortController();
    let committed = 0;
    let batches = 0;
    await expect(
      sync({
        ecosystems: ['Go'],
        batchSize: 40,
        signal: killed.signal,
        onProgress: (progress) => {
          // Killed after its second batch committed (a batch may end early on the embedded database, at its byte bound).
          if (progress.phase === 'loading' && (batches += 1) === 2) {
            committed = progress.records;
            killed.abort(new Error('killed'));
          }
        },
      }),
    ).rejects.toThrow('killed');
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThanOrEqual(80);
    expect(await countOf('Go')).toBe(committed);
    const store = createAdvisoryStore(database.db);
    expect((await store.syncState('Go')).fullLoad).toMatchObject({ entriesDone: committed });
    // The lease went with the run, so the next one may start at once.
    expect(await store.leaseHolder()).toBeNull();
    const resumed = await sync({ ecosystems: ['Go'], batchSize: 40 });
    // Only what the killed run had not committed is written again.
    expect(resumed.ecosystems[0]).toMatchObject({ mode: 'full', written: go.length - committed, records: go.length, error: null });
    expect(await countOf('Go')).toBe(go.length);
    expect((await store.syncState('Go')).fullLoad).toBeNull();
  });

  it('keeps the status, the cursor and every stored record when the source answers 500, and records the error', async () => {
    await sync({ ecosystems: ['PyPI', 'Go'] });
    const store = createAdvisoryStore(database.db);
    const before = await store.status();
    const [first, second] = [fixtures.get('PyPI')![5]!, fixtures.get('PyPI')![6]!];
    server.put('PyPI', JSON.stringify({ ...JSON.parse(first.text), modified: '2030-01-01T00:00:00Z', summary: 'first change' }));
    server.put('PyPI', JSON.stringify({ ...JSON.parse(second.text), modified: '2030-01-01T00:00:01Z', summary: 'second change' }));
    server.failWith(500, (pathname) => pathname === `/PyPI/${second.id}.json`);
    const failed = await sync({ ecosystems: ['PyPI', 'Go'] });
    expect(failed.ecosystems[0]).toMatchObject({ ecosystem: 'PyPI', written: 0, error: `the advisory source answered 500 for ${server.url}/PyPI/${second.id}.json` });
    expect(failed.ecosystems[1]).toMatchObject({ ecosystem: 'Go', error: null });
    const after = await store.status();
    const pypi = after.find((row) => row.ecosystem === 'PyPI')!;
    const pypiBefore = before.find((row) => row.ecosystem === 'PyPI')!;
    expect(pypi).toMatchObject({ records: pypiBefore.records, lastModified: pypiBefore.lastModified, lastSuccessAt: pypiBefore.lastSuccessAt, lastError: failed.ecosystems[0]!.error });
    expect(pypi.lastErrorAt).not.toBeNull();
    // Neither change is half there: the batch holding both was not committed.
    const summaries = async () =>
      ((await store.advisoriesFor('PyPI', [first, second].flatMap((record) => parsed(record).affected!.map((entry) => entry.package!.name)))) as Array<{ id: string; summary?: string }>)
        .filter((record) => record.id === first.id || record.id === second.id)
        .map((record) => record.summary ?? null);
    expect(await summaries()).not.toContain('first change');
    // The whole source down: the error says so, and the next good run clears it and brings both changes.
    server.failWith(500);
    expect((await sync({ ecosystems: ['PyPI'] })).ecosystems[0]!.error).toBe(`the advisory source answered 500 for ${server.url}/PyPI/modified_id.csv`);
    server.failWith(undefined);
    expect((await sync({ ecosystems: ['PyPI'] })).ecosystems[0]).toMatchObject({ written: 2, error: null });
    expect((await summaries()).sort()).toEqual(['first change', 'second change']);
    expect((await store.status()).find((row) => row.ecosystem === 'PyPI')).toMatchObject({ lastError: null, lastErrorAt: null, lastModified: '2030-01-01T00:00:01.000Z' });
  });

  it('refuses to run beside another synchronization holding the lease', async () => {
    const store = createAdvisoryStore(database.db);
    expect(await store.acquireLease('another-process', 60_000)).toBe(true);
    await expect(sync()).rejects.toBeInstanceOf(SyncBusyError);
    expect(server.takeRequests()).toEqual([]);
    await store.releaseLease('another-process');
    expect((await sync({ ecosystems: ['Debian'] })).ecosystems[0]).toMatchObject({ records: 1, error: null });
    // A holder that stopped renewing (a process killed outright) loses the lease once it has expired.
    expect(await store.acquireLease('killed-process', -1_000)).toBe(true);
    expect(await store.leaseHolder()).toBeNull();
    expect((await sync({ ecosystems: ['Maven'] })).ecosystems[0]).toMatchObject({ records: 1, error: null });
  });

  it('says which ecosystem the source does not publish, and goes on with the others', async () => {
    const result = await sync({ ecosystems: ['NoSuchEcosystem', 'Debian'] });
    expect(result.ecosystems[0]).toMatchObject({ ecosystem: 'NoSuchEcosystem', records: 0, error: `the advisory source has no archive for NoSuchEcosystem: ${server.url}/NoSuchEcosystem/all.zip answered 404` });
    expect(result.ecosystems[1]).toMatchObject({ ecosystem: 'Debian', records: 1, error: null });
  });
});

describe('advisory synchronization from a directory (an air-gapped copy)', () => {
  let directory: string;
  let database: TestDatabase;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'sentinel-osv-copy-'));
    // One entry no reader can take: it is skipped with a warning, never stopping the rest.
    const records = fixtureRecords();
    records.get('Go')!.push({ id: 'GO-UNREADABLE', modified: '2030-01-01T00:00:00Z', text: '{"id": "GO-UNREADABLE", "modified": ' });
    await writeArchiveDirectory(directory, records);
    database = await databaseProfiles[0].create();
  });
  afterAll(async () => {
    await database?.drop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('loads the archives, then reads modified_id.csv and the changed files', async () => {
    const first = await syncAdvisories({ db: database.db, source: directory, ecosystems: ECOSYSTEMS });
    for (const entry of first.ecosystems) {
      expect(entry).toMatchObject({ mode: 'full', records: fixtures.get(entry.ecosystem)!.length, skipped: entry.ecosystem === 'Go' ? 1 : 0, error: null });
    }
    // modified_id.csv lists the unreadable record as the newest: read once more, skipped, and passed.
    const second = await syncAdvisories({ db: database.db, source: `file://${directory}`, ecosystems: ECOSYSTEMS });
    for (const entry of second.ecosystems) expect(entry).toMatchObject({ mode: 'incremental', written: 0, skipped: entry.ecosystem === 'Go' ? 1 : 0, error: null });
    const third = await syncAdvisories({ db: database.db, source: directory, ecosystems: ECOSYSTEMS });
    for (const entry of third.ecosystems) expect(entry).toMatchObject({ mode: 'incremental', written: 0, skipped: 0, error: null });
  });
});
