// The synchronization of OSV records into the store, one ecosystem after the other.
// The first load of an ecosystem reads its `all.zip` (downloaded to a scratch file and
// read entry by entry with yauzl, so only one record is in memory at a time), storing
// the records in batches of one transaction each; the point reached is committed with
// each batch, so a load that was killed resumes after its last committed batch when the
// archive is still the same copy, and otherwise reads it again, which rewrites nothing
// newer. Later runs read `modified_id.csv` (newest first) only down to the newest
// modified time already stored and fetch just the changed records, oldest first, moving
// the cursor as each batch commits; many changes at once load the archive again.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import type { Database } from '../platform/db/database.js';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { MAX_RECORD_BYTES, modifiedKey, readAdvisoryRecord, type StoredAdvisory } from './advisory-record.js';
import { createAdvisorySource, type AdvisorySource } from './advisory-source.js';
import { createAdvisoryStore, SYNC_LEASE_MS, type AdvisoryStore, type NewestSeen } from './advisory-store.js';

/** Records per transaction, and the record text one may hold at most. */
const BATCH_RECORDS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;
/**
 * The embedded database has one connection, and a request waits for the transaction in
 * progress to end (docs/decisions/foundation.md, "Short transactions on the embedded database"):
 * there a batch ends at some 128 KiB of records, like the embedded log's.
 */
const EMBEDDED_BATCH_BYTES = 128 * 1024;
/** Past this many changed records an incremental run loads the archive instead: one download beats thousands of requests. */
const INCREMENTAL_LIMIT = 5_000;
/** Record requests in flight at once during an incremental run. */
const FETCH_CONCURRENCY = 8;

type SyncMode = 'full' | 'incremental';

export interface SyncProgress {
  ecosystem: string;
  phase: 'downloading' | 'loading' | 'fetching' | 'done' | 'failed';
  mode: SyncMode;
  /** Records read so far in this run (archive entries or changed records). */
  records: number;
  /** Archive bytes downloaded so far (downloading). */
  bytes?: number;
  /** How many changed records there are (fetching). */
  total?: number;
  /** Why it failed (failed). */
  error?: string;
}

export interface EcosystemSyncResult {
  ecosystem: string;
  /** What the run did; absent when it failed before deciding. */
  mode: SyncMode | null;
  /** Records stored or replaced. */
  written: number;
  /** Records skipped as unreadable (each logged). */
  skipped: number;
  /** Records the ecosystem holds afterwards. */
  records: number;
  error: string | null;
  elapsedMs: number;
}

export interface SyncResult {
  ecosystems: EcosystemSyncResult[];
  elapsedMs: number;
}

export interface SyncOptions {
  db: Database;
  /** ADVISORY_SOURCE: an http(s) URL of the OSV layout, a file: URL or a directory path. */
  source: string | AdvisorySource;
  /** OSV ecosystem directory names (Debian, npm, PyPI...), synchronized in order. */
  ecosystems: readonly string[];
  onProgress?: (progress: SyncProgress) => void;
  /** Stops the run between records; committed batches stay. */
  signal?: AbortSignal;
  logger?: Logger;
  /** Records per transaction; tests make it small to see several batches. */
  batchSize?: number;
}

/** Another process (a worker or the command line) is synchronizing. */
export class SyncBusyError extends AppError {
  constructor(
    readonly holder: string,
    /** When the lease ends unless its holder renews it (it does every half minute while alive). */
    readonly leaseExpiresAt: string,
  ) {
    super('conflict', 'another advisory synchronization is running');
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function* zipEntries(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      const onEntry = (found: yauzl.Entry) => settle(() => resolve(found));
      const onEnd = () => settle(() => resolve(undefined));
      const onError = (error: Error) => settle(() => reject(error));
      const settle = (then: () => void) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        then();
      };
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

async function entryText(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const newer = (a: NewestSeen | null, key: string, modified: string): NewestSeen => (a && a.key >= key ? a : { key, modified });

export async function syncAdvisories(options: SyncOptions): Promise<SyncResult> {
  const started = Date.now();
  const store = createAdvisoryStore(options.db);
  const source = typeof options.source === 'string' ? createAdvisorySource(options.source) : options.source;
  const batchSize = options.batchSize ?? BATCH_RECORDS;
  const batchBytes = options.db.kind === 'embedded' ? EMBEDDED_BATCH_BYTES : BATCH_BYTES;
  const holder = randomUUID();
  const progress = options.onProgress ?? (() => undefined);
  if (!(await store.acquireLease(holder, SYNC_LEASE_MS))) {
    const lease = await store.leaseHolder();
    throw new SyncBusyError(lease?.holder ?? 'unknown', lease?.expiresAt ?? 'now');
  }

  // The lease is renewed while a download runs without committing; losing it stops the run.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const renewal = setInterval(() => {
    store.renewLease(holder, SYNC_LEASE_MS).then(
      (held) => held || stop.abort(new AppError('unavailable', 'the advisory synchronization lease was lost to another process', { retriable: true })),
      (error: unknown) => options.logger?.warn({ err: error }, 'advisory synchronization lease renewal failed; retrying'),
    );
  }, 30_000);
  const scratch = await mkdtemp(path.join(tmpdir(), 'sentinel-advisories-'));
  const results: EcosystemSyncResult[] = [];
  try {
    for (const ecosystem of options.ecosystems) {
      signal.throwIfAborted();
      const ecosystemStarted = Date.now();
      let mode: SyncMode | null = null;
      const counts = { written: 0, skipped: 0 };
      const skip = (problem: string) => {
        counts.skipped += 1;
        options.logger?.warn({ ecosystem, problem }, 'advisory record skipped');
      };
      try {
        const state = await store.beginSync(ecosystem, source.location);
        let newest: NewestSeen | null = null;
        let changes: Array<ModifiedChange> | undefined;
        if (state.cursor !== null && state.fullLoad === null) {
          changes = await changedSince(source, ecosystem, state.cursor, signal, skip);
          mode = 'incremental';
        }
        if (changes === undefined) {
          mode = 'full';
          newest = await loadArchive();
        } else {
          await fetchChanges(changes);
        }
        await store.finishSync(ecosystem, source.location, holder, newest);

        async function loadArchive(): Promise<NewestSeen | null> {
          progress({ ecosystem, phase: 'downloading', mode: 'full', records: 0, bytes: 0 });
          const archive = await source.archive(ecosystem, scratch, signal, (bytes) => progress({ ecosystem, phase: 'downloading', mode: 'full', records: 0, bytes }));
          try {
            const resume = state.fullLoad && archive.identity !== '' && state.fullLoad.archive === archive.identity ? state.fullLoad : null;
            let seen: NewestSeen | null = resume?.newestKey && resume.newestModified ? { key: resume.newestKey, modified: resume.newestModified } : null;
            const zip = await yauzl.openPromise(archive.path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
            try {
              let batch: StoredAdvisory[] = [];
              let bytes = 0;
              let index = 0;
              const commit = async (entriesDone: number) => {
                counts.written += await store.commitBatch(ecosystem, source.location, holder, batch, {
                  fullLoad: { archive: archive.identity, entriesDone, newestKey: seen?.key ?? null, newestModified: seen?.modified ?? null },
                });
                batch = [];
                bytes = 0;
                progress({ ecosystem, phase: 'loading', mode: 'full', records: entriesDone });
              };
              for await (const entry of zipEntries(zip)) {
                index += 1;
                // Entries a killed run committed are passed over unread.
                if (resume && index <= resume.entriesDone) continue;
                signal.throwIfAborted();
                if (entry.fileName.endsWith('/') || !entry.fileName.endsWith('.json')) continue;
                if (entry.uncompressedSize > MAX_RECORD_BYTES) {
                  skip(`${entry.fileName}: larger than ${MAX_RECORD_BYTES} bytes`);
                  continue;
                }
                const text = await entryText(zip, entry);
                const reading = readAdvisoryRecord(text);
                if (!reading.ok) {
                  skip(`${entry.fileName}: ${reading.problem}`);
                  continue;
                }
                batch.push(reading.advisory);
                bytes += text.length;
                seen = newer(seen, modifiedKey(reading.advisory.modified)!, reading.advisory.modified);
                if (batch.length >= batchSize || bytes >= batchBytes) await commit(index);
              }
              if (batch.length > 0 || index > (resume?.entriesDone ?? 0)) await commit(index);
            } finally {
              zip.close();
            }
            return seen;
          } finally {
            await archive.discard();
          }
        }

        async function fetchChanges(pending: ModifiedChange[]): Promise<void> {
          let done = 0;
          progress({ ecosystem, phase: 'fetching', mode: 'incremental', records: 0, total: pending.length });
          // Oldest first, each batch ending where the modified time changes, so the cursor never passes a record not yet stored.
          for (let start = 0; start < pending.length; ) {
            let end = Math.min(start + batchSize, pending.length);
            while (end < pending.length && pending[end]!.key === pending[end - 1]!.key) end += 1;
            const slice = pending.slice(start, end);
            const texts = await mapConcurrently(slice, FETCH_CONCURRENCY, (change) => {
              signal.throwIfAborted();
              return source.record(ecosystem, change.id, signal);
            });
            const batch: StoredAdvisory[] = [];
            slice.forEach((change, i) => {
              const text = texts[i];
              if (text === undefined) return skip(`${change.id}: listed in modified_id.csv but not published`);
              const reading = readAdvisoryRecord(text);
              if (!reading.ok) return skip(`${change.id}: ${reading.problem}`);
              batch.push(reading.advisory);
            });
            const last = slice[slice.length - 1]!;
            counts.written += await store.commitBatch(ecosystem, source.location, holder, batch, { cursor: { key: last.key, modified: last.modified } });
            done += slice.length;
            progress({ ecosystem, phase: 'fetching', mode: 'incremental', records: done, total: pending.length });
            start = end;
          }
        }
      } catch (error) {
        if (signal.aborted) throw signal.reason ?? error;
        const message = messageOf(error);
        options.logger?.warn({ err: error, ecosystem }, 'advisory synchronization of an ecosystem failed');
        await store.recordFailure(ecosystem, source.location, message);
        progress({ ecosystem, phase: 'failed', mode: mode ?? 'full', records: counts.written, error: message });
        results.push({ ecosystem, mode, ...counts, records: await recordCount(store, ecosystem), error: message, elapsedMs: Date.now() - ecosystemStarted });
        continue;
      }
      const records = await recordCount(store, ecosystem);
      progress({ ecosystem, phase: 'done', mode: mode!, records });
      results.push({ ecosystem, mode, ...counts, records, error: null, elapsedMs: Date.now() - ecosystemStarted });
    }
    // A scan's lookups are planned from these tables' statistics. After a load they describe
    // the tables as they were (or nothing: a new table, autovacuum off or not yet round), and
    // the planner's choice for a scan's thousands of names then took 10 times as long
    // (1.3 s instead of 0.15 s for 2,000 npm names among 215,000 records). ANALYZE samples a
    // bounded number of rows: under half a second for 300,000 records.
    if (results.some((result) => result.written > 0)) await store.refreshStatistics();
  } finally {
    clearInterval(renewal);
    await rm(scratch, { recursive: true, force: true });
    await store.releaseLease(holder);
  }
  return { ecosystems: results, elapsedMs: Date.now() - started };
}

async function recordCount(store: AdvisoryStore, ecosystem: string): Promise<number> {
  return (await store.status()).find((row) => row.ecosystem === ecosystem)?.records ?? 0;
}

interface ModifiedChange {
  key: string;
  modified: string;
  id: string;
}

/**
 * The records modified after the cursor, oldest first, read from modified_id.csv down to
 * the first line not newer; undefined when there are so many that loading the archive is
 * cheaper.
 */
async function changedSince(source: AdvisorySource, ecosystem: string, cursor: string, signal: AbortSignal, skip: (problem: string) => void): Promise<ModifiedChange[] | undefined> {
  const changes = new Map<string, ModifiedChange>();
  for await (const entry of source.modifiedIds(ecosystem, signal)) {
    const key = modifiedKey(entry.modified);
    if (key === undefined) {
      skip(`modified_id.csv: unreadable time ${JSON.stringify(entry.modified.slice(0, 40))}`);
      continue;
    }
    if (key <= cursor) break;
    if (!changes.has(entry.id)) changes.set(entry.id, { key, modified: entry.modified, id: entry.id });
    if (changes.size > INCREMENTAL_LIMIT) return undefined;
  }
  return [...changes.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

async function mapConcurrently<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}
