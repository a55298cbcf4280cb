import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable, QueryOptions, QueryResult } from './database.js';
import { isoFromTimestamptzText } from './sql-time.js';
import { connectionScopeOf, currentDatabaseScope, ENTER_SCOPE_SQL } from './tenant-scope.js';

// Return int8 and numeric as JS numbers where safe; counts and offsets stay within 2^53 here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) ? parsed : value;
});

// A parameterless multi-statement call answers with one result per statement; keep the last.
function toResult<Row>(result: pg.QueryResult | pg.QueryResult[]): QueryResult<Row> {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return { rows: (last?.rows ?? []) as Row[], rowCount: last?.rowCount ?? 0 };
}

/** Prepared statements' names by text: as many as the code has prepared statements, computed once each. */
const preparedNames = new Map<string, string>();

function preparedName(sql: string): string {
  let name = preparedNames.get(sql);
  if (name === undefined) {
    name = `prepared_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
    preparedNames.set(sql, name);
  }
  return name;
}

const TIMESTAMPTZ = pg.types.builtins.TIMESTAMPTZ;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date;
const timesAsIsoText: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ ? (text: string) => isoFromTimestamptzText(text, parseTimestamptz) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** The query as pg takes it: a prepared one is named by its text, so each connection plans it once. */
const toConfig = (sql: string, params: readonly unknown[], options: QueryOptions | undefined): pg.QueryConfig => ({
  text: sql,
  values: params as unknown[],
  ...(options?.prepared ? { name: preparedName(sql) } : {}),
  ...(options?.timesAsIsoText ? { types: timesAsIsoText } : {}),
});

interface PostgresOptions {
  connectionString: string;
  maxConnections?: number;
  applicationName?: string;
}

export function createPostgresDatabase(options: PostgresOptions): Database {
  const newPool = (max: number) => {
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max,
      application_name: options.applicationName ?? 'sentinel',
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    return pool;
  };
  // A pool for tenant work, whose connections stay sentinel_tenant and change only their
  // organization, and one for the login role's (the guard, the routes before sign-in, system
  // operations, background work). With one pool a connection changed role twice a request,
  // between the guard's work and the operation's: a listing made four statements instead of
  // two (decisions/foundation.md, "Row-level security"). A transaction keeps its connection,
  // changing its role for a scope opened inside it.
  // Each pool may open maxConnections; idle connections close after ten seconds.
  const pools = { login: newPool(options.maxConnections ?? 10), tenant: newPool(options.maxConnections ?? 10) };
  const poolOfScope = () => (currentDatabaseScope()?.kind === 'tenant' ? pools.tenant : pools.login);

  // The scope each connection was last put in (tenant-scope.ts): entered again only when it changes.
  const scopeOfClient = new WeakMap<pg.PoolClient, string>();
  const enterScope = async (client: pg.PoolClient): Promise<void> => {
    const scope = connectionScopeOf(currentDatabaseScope());
    if (scopeOfClient.get(client) === scope.key) return;
    await client.query(ENTER_SCOPE_SQL, [scope.role, scope.orgId]);
    scopeOfClient.set(client, scope.key);
  };
  const run = async <Row,>(client: pg.PoolClient, sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>> => {
    await enterScope(client);
    return toResult<Row>(await client.query(toConfig(sql, params, options)));
  };

  const query = async <Row,>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<Row>> => {
    const client = await poolOfScope().connect();
    let failure: Error | undefined;
    try {
      return await run<Row>(client, sql, params, options);
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      // As pg's pool.query does: a client that failed a statement is not handed out again.
      client.release(failure);
    }
  };

  return {
    kind: 'postgres',
    query,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await poolOfScope().connect();
      const tx: Queryable = { query: (sql, params = [], options) => run(client, sql, params, options) };
      try {
        await enterScope(client);
        await client.query('BEGIN');
        const value = await fn(tx);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        // A rollback also undoes a scope entered inside the transaction.
        scopeOfClient.delete(client);
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      await query('SELECT 1');
    },
    async close() {
      await Promise.all(Object.values(pools).map((pool) => pool.end()));
    },
  };
}
