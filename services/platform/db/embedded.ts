import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock.js';
import type { Database, Queryable, QueryOptions, QueryResult } from './database.js';
import type { CompiledPostgres, EmbeddedAnswer, EmbeddedRequest, EmbeddedThreadData, ThreadError } from './embedded-thread.js';
import { connectionScopeOf, currentDatabaseScope, type ConnectionScope } from './tenant-scope.js';
import { isServingRequest } from './request-lane.js';
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

const pgliteArtifact = (name: string) => readFile(createRequire(import.meta.url).resolve(`@electric-sql/pglite/${name}`));
let compiledPostgres: Promise<CompiledPostgres> | undefined;

/**
 * PGlite's PostgreSQL compiled once for the process and shared by every database thread
 * it starts. Left to itself, each thread compiled its own copy of the 9 MB module and
 * V8 freed that code again when the thread ended: a process starting and closing many
 * databases (the tests) churned V8's executable memory, the churn reported to crash such
 * processes now and then with SIGSEGV (nodejs/node#64500). Compiled once, the code lives as long as the
 * process, and a thread starts without compiling.
 */
function compilePostgres(): Promise<CompiledPostgres> {
  compiledPostgres ??= (async () => {
    const compiled = (name: string) => pgliteArtifact(name).then((bytes) => WebAssembly.compile(bytes));
    const [pgliteWasmModule, initdbWasmModule, fsBundle] = await Promise.all([compiled('pglite.wasm'), compiled('initdb.wasm'), pgliteArtifact('pglite.data')]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([fsBundle]) };
  })().catch((error: unknown) => {
    compiledPostgres = undefined;
    throw error;
  });
  return compiledPostgres;
}

/**
 * Embedded PostgreSQL (PGlite, compiled to WebAssembly), on a thread of its own
 * (embedded-thread.ts): PGlite computes synchronously, and on the request thread a
 * statement applying a large scan held every request until it ended. It has one
 * connection, so every statement and every transaction is serialized through one
 * queue; a transaction holds the queue until it ends. Work a request waits on goes
 * before waiting background work (createLaneQueue).
 * A durable directory is locked for this process until close(): a second process
 * on the same directory is refused (DataDirLockedError) instead of corrupting it.
 * @param dataDir a directory for durable data, or undefined for memory only (tests)
 * @param startFrom a data directory copied by snapshot(), to start from instead of an empty one
 * @param laneBounds the queue's bounds (LANE_BOUNDS); a test that observes the order of the lanes makes them patient
 */
export async function createEmbeddedDatabase(dataDir: string | undefined, startFrom?: Blob, laneBounds: LaneBounds = LANE_BOUNDS): Promise<EmbeddedDatabase> {
  const postgres = await compilePostgres();
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  const thread = startTypeScriptWorker(new URL('./embedded-thread.ts', import.meta.url), {
    name: 'embedded-database',
    workerData: { dataDir, startFrom, postgres } satisfies EmbeddedThreadData,
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

  const queue = createLaneQueue(laneBounds);
  const serialize = <T,>(work: () => Promise<T>): Promise<T> => queue.enqueue(isServingRequest() ? 'request' : 'background', work);
  // The thread puts the connection in the statement's scope (tenant-scope.ts) when it differs from the last.
  const run = <Row,>(scope: ConnectionScope | undefined, sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>> =>
    call<QueryResult<Row>>({ op: 'query', sql, params, timesAsIsoText: options?.timesAsIsoText ?? false, scope });
  // A statement's scope is its caller's, taken when it is called: the queue runs it later, from elsewhere.
  const inCallersScope = <Row,>(sql: string, params: readonly unknown[], options?: QueryOptions) => {
    const scope = connectionScopeOf(currentDatabaseScope());
    return () => run<Row>(scope, sql, params, options);
  };

  let closed = false;
  return {
    kind: 'embedded',
    query: (sql, params = [], options) => serialize(inCallersScope(sql, params, options)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const begin = inCallersScope('BEGIN', []);
      // fn runs in its caller's context (scope and lane), not in the queue's.
      const work = AsyncLocalStorage.bind(fn);
      return serialize(async () => {
        await begin();
        try {
          const value = await work({ query: <Row,>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) => inCallersScope<Row>(sql, params, options)() });
          await run(undefined, 'COMMIT', []);
          return value;
        } catch (error) {
          await call({ op: 'rollback' }).catch(() => undefined);
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

export type Lane = 'request' | 'background';

interface LaneBounds {
  /**
   * Background work that has waited this long (since it began waiting, or since the
   * last background unit) goes next, before waiting request work: a steady stream of
   * requests slows the stream processors and workers, never stops them.
   */
  backgroundWaitsAtMostMs: number;
  /**
   * How long the connection is kept for request work after one of its units, when no
   * other request work waits: a request's statements follow one another (session,
   * membership, then the page), and a background transaction started in the gap
   * would hold the request's next statement until it ended.
   */
  requestFollowUpMs: number;
}

/** Measured with the import-stall benchmark (docs/decisions/foundation.md, "Database"; figures in docs/benchmarks.md). */
export const LANE_BOUNDS: LaneBounds = { backgroundWaitsAtMostMs: 20, requestFollowUpMs: 3 };

/**
 * One unit of work at a time (a statement, or a transaction from BEGIN to its end),
 * in two first-in-first-out lanes: request work goes before waiting background work,
 * within the bounds above. Only waiting work is reordered; a unit in progress keeps
 * the connection until it ends, so no statement ever runs inside another's transaction.
 */
export function createLaneQueue(bounds: LaneBounds = LANE_BOUNDS) {
  const waiting: Record<Lane, (() => void)[]> = { request: [], background: [] };
  let running = false;
  // When the background lane's current wait began: it became non-empty, or its last unit ended.
  let backgroundWaitingSince = 0;
  let followUp: NodeJS.Timeout | undefined;

  // One background unit per turn: after one, waiting request work goes first again.
  const backgroundsTurn = (after?: Lane) =>
    after !== 'background' && waiting.background.length > 0 && performance.now() - backgroundWaitingSince >= bounds.backgroundWaitsAtMostMs;
  const start = (lane: Lane) => {
    clearTimeout(followUp);
    followUp = undefined;
    running = true;
    waiting[lane].shift()!();
  };
  const next = (after?: Lane) => {
    if (running) return;
    if (waiting.request.length > 0 && !backgroundsTurn(after)) return start('request');
    if (waiting.background.length === 0 || followUp) return;
    if (after === 'request' && bounds.requestFollowUpMs > 0 && !backgroundsTurn(after)) {
      followUp = setTimeout(() => {
        followUp = undefined;
        next();
      }, bounds.requestFollowUpMs);
      return;
    }
    start('background');
  };
  return {
    enqueue<T>(lane: Lane, work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (lane === 'background' && waiting.background.length === 0) backgroundWaitingSince = performance.now();
        waiting[lane].push(() => {
          let unit: Promise<T>;
          try {
            unit = work();
          } catch (error) {
            unit = Promise.reject(error as Error);
          }
          void unit.then(resolve, reject).finally(() => {
            running = false;
            if (lane === 'background') backgroundWaitingSince = performance.now();
            next(lane);
          });
        });
        next();
      });
    },
  };
}
