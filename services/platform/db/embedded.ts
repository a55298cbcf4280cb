import { existsSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock.js';
import type { Database, Queryable, QueryOptions, QueryResult } from './database.js';
import type { EmbeddedAnswer, EmbeddedRequest, EmbeddedThreadData, ThreadError } from './embedded-thread.js';
import { startTypeScriptWorker } from '../typescript-worker.js';

export interface EmbeddedDatabase extends Database {
  /**
   * A copy of the whole data directory. Starting a database from it takes a fraction
   * of a second where an empty one takes seconds to initialize; the tests start every
   * suite from one that is already migrated.
   */
  snapshot(): Promise<Blob>;
}

/** Whether the directory holds an embedded database already: PostgreSQL's version file is the first thing its initialization writes. */
export const embeddedDatabaseExists = (dataDir: string): boolean => existsSync(path.join(dataDir, 'PG_VERSION'));

type Request = EmbeddedRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The error the thread reported, with PostgreSQL's fields (code, constraint…) where callers look for them. */
function errorFrom(reported: ThreadError): Error {
  const error = Object.assign(new Error(reported.message), reported.fields);
  error.name = reported.name;
  return error;
}

/**
 * Embedded PostgreSQL (PGlite, compiled to WebAssembly), on a thread of its own
 * (embedded-thread.ts): PGlite computes synchronously, and on the request thread a
 * statement applying a large scan held every request until it ended. It has one
 * connection, so every statement and every transaction is serialized through one
 * queue; a transaction holds the queue until it ends.
 * A durable directory is locked for this process until close(): a second process
 * on the same directory is refused (DataDirLockedError) instead of corrupting it.
 * @param dataDir a directory for durable data, or undefined for memory only (tests)
 * @param startFrom a data directory copied by snapshot(), to start from instead of an empty one
 */
export async function createEmbeddedDatabase(dataDir: string | undefined, startFrom?: Blob): Promise<EmbeddedDatabase> {
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  const thread = startTypeScriptWorker(new URL('./embedded-thread.ts', import.meta.url), {
    name: 'embedded-database',
    workerData: { dataDir, startFrom } satisfies EmbeddedThreadData,
  });
  const calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let gone: Error | undefined;
  const failEveryCall = (error: Error) => {
    gone ??= Object.assign(new Error(`the embedded database thread ended: ${error.message}`), { code: '08006' });
    for (const call of calls.values()) call.reject(gone);
    calls.clear();
  };
  thread.on('message', (answer: EmbeddedAnswer) => {
    const call = calls.get(answer.id);
    if (!call) return;
    calls.delete(answer.id);
    // A database waiting for nothing does not keep the process alive; a pending call does.
    if (calls.size === 0) thread.unref();
    if ('error' in answer) call.reject(errorFrom(answer.error));
    else call.resolve(answer.value);
  });
  thread.once('error', failEveryCall);
  thread.once('exit', (code) => failEveryCall(new Error(`exit code ${code}`)));
  const send = <T,>(id: number, request?: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(gone);
      calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      thread.ref();
      if (request) thread.postMessage({ ...request, id } as EmbeddedRequest);
    });
  const call = <T,>(request: Request): Promise<T> => send<T>(nextId++, request);

  try {
    await send(0);
  } catch (error) {
    await thread.terminate();
    lock?.release();
    throw error;
  }

  let tail: Promise<unknown> = Promise.resolve();
  const serialize = <T,>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  const run = <Row,>(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>> =>
    call<QueryResult<Row>>({ op: 'query', sql, params, timesAsIsoText: options?.timesAsIsoText ?? false });

  let closed = false;
  return {
    kind: 'embedded',
    query: (sql, params = [], options) => serialize(() => run(sql, params, options)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return serialize(async () => {
        await run('BEGIN', []);
        try {
          const value = await fn({ query: (sql, params = [], options) => run(sql, params, options) });
          await run('COMMIT', []);
          return value;
        } catch (error) {
          await run('ROLLBACK', []).catch(() => undefined);
          throw error;
        }
      });
    },
    async ping() {
      if (closed || gone) throw Object.assign(new Error('embedded database is closed'), { code: '08003' });
    },
    snapshot: () => serialize(() => call<Blob>({ op: 'snapshot' })),
    async close() {
      closed = true;
      try {
        await serialize(() => call({ op: 'close' }));
      } finally {
        await thread.terminate();
        lock?.release();
      }
    },
  };
}
