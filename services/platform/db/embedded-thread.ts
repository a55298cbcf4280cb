// The thread the embedded database (PGlite) runs on (embedded.ts). PGlite runs
// PostgreSQL compiled to WebAssembly, and its file system calls, synchronously on
// the thread that calls it: on the request thread, one statement applying a large
// scan held every request for as long as it ran. Here it holds only this thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type ParserOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { isoFromTimestamptzText } from './sql-time.js';
import { ENTER_SCOPE_SQL, type ConnectionScope } from './tenant-scope.js';

export interface EmbeddedThreadData {
  dataDir: string | undefined;
  startFrom: Blob | undefined;
  postgres: CompiledPostgres;
}

/** PGlite's PostgreSQL, compiled once in the process that starts the threads (embedded.ts). */
export interface CompiledPostgres {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/** id 0 is the start: answered once the database is open. */
export type EmbeddedRequest =
  | { id: number; op: 'query'; sql: string; params: readonly unknown[]; timesAsIsoText: boolean; scope: ConnectionScope | undefined }
  | { id: number; op: 'rollback' }
  | { id: number; op: 'snapshot' }
  | { id: number; op: 'close' };

export interface ThreadError {
  message: string;
  name: string;
  /** The error's own fields (PostgreSQL's code, detail, constraint…). */
  fields: Record<string, unknown>;
}

export type EmbeddedAnswer = { id: number; value: unknown } | { id: number; error: ThreadError };

const parseTimestamptz = (text: string): Date => types.parseType(text, types.TIMESTAMPTZ) as Date;
const timesAsIsoText: ParserOptions = { [types.TIMESTAMPTZ]: (text: string) => isoFromTimestamptzText(text, parseTimestamptz) };

const port = parentPort;
if (port === null) throw new Error('embedded-thread.ts runs only as a worker thread');
const { dataDir, startFrom, postgres } = workerData as EmbeddedThreadData;

const toResult = (result: { rows: unknown[]; affectedRows?: number }) => ({
  rows: result.rows,
  // Like node-postgres: rows returned (SELECT, RETURNING) or rows affected (INSERT, UPDATE, DELETE).
  rowCount: Math.max(result.affectedRows ?? 0, result.rows.length),
});

function threadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields = Object.fromEntries(Object.entries(error).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value)));
  return { message: error.message, name: error.name, fields };
}

const answer = (id: number, work: () => Promise<unknown>) =>
  work().then(
    (value) => port.postMessage({ id, value } satisfies EmbeddedAnswer),
    (error: unknown) => port.postMessage({ id, error: threadError(error) } satisfies EmbeddedAnswer),
  );

let pglite: PGlite | undefined;
// pg_trgm: the findings search (migration 069).
await answer(0, async () => {
  pglite = await PGlite.create({ ...postgres, ...(dataDir ? { dataDir } : {}), ...(startFrom ? { loadDataDir: startFrom } : {}), extensions: { pg_trgm } });
  return 'open';
});

// The scope the one connection was last put in (tenant-scope.ts), entered again only when a
// statement's differs. Kept here, beside the connection, so entering one costs no round trip
// between the threads: on a loaded machine that round trip, not the setting, was the cost.
let connectionScope: string | undefined;
const enterScope = async (database: PGlite, scope: ConnectionScope | undefined) => {
  if (scope === undefined || scope.key === connectionScope) return;
  await database.query(ENTER_SCOPE_SQL, [scope.role, scope.orgId]);
  connectionScope = scope.key;
};

// The caller sends one request at a time (embedded.ts serializes them), so they are answered in order.
port.on('message', (request: EmbeddedRequest) => {
  const database = pglite;
  if (database === undefined) return port.postMessage({ id: request.id, error: { message: 'embedded database did not open', name: 'Error', fields: { code: '08003' } } } satisfies EmbeddedAnswer);
  switch (request.op) {
    case 'query':
      // Like node-postgres, a call without parameters may hold several statements (migrations);
      // it answers with the last statement's result.
      return answer(request.id, async () => {
        await enterScope(database, request.scope);
        if (request.params.length > 0) return toResult(await database.query(request.sql, request.params as unknown[], request.timesAsIsoText ? { parsers: timesAsIsoText } : undefined));
        const results = await database.exec(request.sql);
        return toResult(results.at(-1) ?? { rows: [] });
      });
    case 'rollback':
      // A rollback also undoes a scope entered inside the transaction.
      connectionScope = undefined;
      return answer(request.id, () => database.exec('ROLLBACK'));
    case 'snapshot':
      return answer(request.id, () => database.dumpDataDir('none'));
    case 'close':
      return answer(request.id, () => database.close());
  }
});
