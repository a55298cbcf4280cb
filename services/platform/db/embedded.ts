import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types, type ParserOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock.js';
import type { Database, Queryable, QueryOptions, QueryResult } from './database.js';
import { isoFromTimestamptzText } from './sql-time.js';

const parseTimestamptz = (text: string): Date => types.parseType(text, types.TIMESTAMPTZ) as Date;
const timesAsIsoText: ParserOptions = { [types.TIMESTAMPTZ]: (text: string) => isoFromTimestamptzText(text, parseTimestamptz) };

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

/**
 * Embedded PostgreSQL (PGlite, compiled to WebAssembly). It has one connection,
 * so every statement and every transaction is serialized through one queue;
 * a transaction holds the queue until it ends.
 * A durable directory is locked for this process until close(): a second process
 * on the same directory is refused (DataDirLockedError) instead of corrupting it.
 * @param dataDir a directory for durable data, or undefined for memory only (tests)
 * @param startFrom a data directory copied by snapshot(), to start from instead of an empty one
 */
export async function createEmbeddedDatabase(dataDir: string | undefined, startFrom?: Blob): Promise<EmbeddedDatabase> {
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  let pglite: PGlite;
  try {
    // pg_trgm: the findings search (migration 069).
    pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(startFrom ? { loadDataDir: startFrom } : {}), extensions: { pg_trgm } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  let tail: Promise<unknown> = Promise.resolve();
  const serialize = <T,>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  const toResult = <Row,>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<Row> => ({
    rows: result.rows as Row[],
    // Like node-postgres: rows returned (SELECT, RETURNING) or rows affected (INSERT, UPDATE, DELETE).
    rowCount: Math.max(result.affectedRows ?? 0, result.rows.length),
  });
  // Like node-postgres, a call without parameters may hold several statements (migrations);
  // it answers with the last statement's result.
  const run = async <Row,>(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>> => {
    if (params.length > 0) return toResult<Row>(await pglite.query(sql, params as unknown[], options?.timesAsIsoText ? { parsers: timesAsIsoText } : undefined));
    const results = await pglite.exec(sql);
    return toResult<Row>(results.at(-1) ?? { rows: [] });
  };

  let closed = false;
  return {
    kind: 'embedded',
    query: (sql, params = [], options) => serialize(() => run(sql, params, options)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return serialize(async () => {
        await pglite.exec('BEGIN');
        try {
          const value = await fn({ query: (sql, params = [], options) => run(sql, params, options) });
          await pglite.exec('COMMIT');
          return value;
        } catch (error) {
          await pglite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },
    async ping() {
      if (closed) throw Object.assign(new Error('embedded database is closed'), { code: '08003' });
    },
    snapshot: () => serialize(() => pglite.dumpDataDir('none')),
    async close() {
      closed = true;
      await serialize(() => pglite.close());
      lock?.release();
    },
  };
}
