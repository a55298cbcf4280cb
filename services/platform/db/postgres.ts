import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, OrgId, Queryable, QueryOptions, QueryResult } from './database.js';
import { isoFromTimestamptzText } from './sql-time.js';
import { connectionScopeOf, currentDatabaseScope, ENTER_SCOPE_IN_TRANSACTION_SQL, type DatabaseScope } from './tenant-scope.js';

const SET_ORGANIZATION_SQL = "SELECT set_config('sentinel.org_id', $1, false)";

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

/**
 * One statement on a checked-out connection, through pg's callback form, as pg's own pool.query
 * runs it. Through the promise form (client.query without a callback) each result's rows
 * outlive the next young-generation collection and are promoted, and the API's collections
 * took three times as long (docs/benchmarks.md, "Row-level security, before and after").
 */
function runOn(client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    client.query(config, (error: Error | null, result: pg.QueryResult) => (error ? reject(error) : resolve(result)));
  });
}

interface PostgresOptions {
  /** The service's login role: neither the schema's owner nor a superuser in a deployment. */
  connectionString: string;
  /** The schema owner's, for migrations; unset, the login role must own the schema. */
  ownerConnectionString?: string;
  /** The connections the service's work may hold at once, shared by the tenant and system pools. */
  maxConnections?: number;
  applicationName?: string;
}

export function createPostgresDatabase(options: PostgresOptions): Database {
  const newPool = (connectionString: string, max: number, role?: string) => {
    const pool = new pg.Pool({
      connectionString,
      max,
      application_name: options.applicationName ?? 'sentinel',
      connectionTimeoutMillis: 5_000,
      ...(role ? { options: `-c role=${role}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    return pool;
  };
  // A pool per role (tenant-scope.ts), each connection starting in its role (set by the
  // startup packet): sentinel_tenant's, whose connections change only their organization, and
  // sentinel_system's (the guard, the routes before sign-in, system operations, background
  // work), whose statements go through pg's own pool.query with nothing to set. The two
  // pools share maxConnections, half each (at least one each): a pool of maxConnections
  // each doubled the backends a busy process kept running, and on two cores cost the
  // listing benchmark a tenth of its throughput (docs/benchmarks.md, "Row-level security,
  // before and after").
  // The schema owner's connections serve migrations only. Idle connections close after
  // ten seconds.
  const max = options.maxConnections ?? 10;
  const systemMax = Math.max(1, Math.floor(max / 2));
  const pools = {
    tenant: newPool(options.connectionString, Math.max(1, max - systemMax), 'sentinel_tenant'),
    system: newPool(options.connectionString, systemMax, 'sentinel_system'),
    owner: newPool(options.ownerConnectionString ?? options.connectionString, max),
  };
  const poolOf = (scope: DatabaseScope | undefined) => (scope?.kind === 'tenant' ? pools.tenant : scope?.kind === 'schema-owner' ? pools.owner : pools.system);

  // The organization each tenant connection was last set to: set again only when it changes.
  const organizationOfClient = new WeakMap<pg.PoolClient, OrgId>();
  const setOrganization = async (client: pg.PoolClient, orgId: OrgId): Promise<void> => {
    if (organizationOfClient.get(client) === orgId) return;
    await runOn(client, { text: SET_ORGANIZATION_SQL, values: [orgId] });
    organizationOfClient.set(client, orgId);
  };

  const query = async <Row,>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<Row>> => {
    const scope = currentDatabaseScope();
    if (scope?.kind !== 'tenant') return toResult<Row>(await poolOf(scope).query(toConfig(sql, params, options)));
    const client = await pools.tenant.connect();
    let failure: Error | undefined;
    try {
      await setOrganization(client, scope.orgId);
      return toResult<Row>(await runOn(client, toConfig(sql, params, options)));
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
    // Read from the connection string (or PGUSER, or the user's name) as pg itself does.
    loginRole: new pg.Client({ connectionString: options.connectionString }).user,
    query,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const scope = currentDatabaseScope();
      const client = await poolOf(scope).connect();
      // A scope opened inside the transaction is set for the transaction only, so the
      // connection goes back to its pool in its own role and organization whatever happens.
      let current = connectionScopeOf(scope).key;
      const tx: Queryable = {
        async query<Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
          const wanted = connectionScopeOf(currentDatabaseScope());
          if (wanted.key !== current) {
            await runOn(client, { text: ENTER_SCOPE_IN_TRANSACTION_SQL, values: [wanted.role, wanted.orgId] });
            current = wanted.key;
          }
          return toResult<Row>(await runOn(client, toConfig(sql, params, options)));
        },
      };
      let failure: Error | undefined;
      try {
        if (scope?.kind === 'tenant') await setOrganization(client, scope.orgId);
        await runOn(client, { text: 'BEGIN' });
        const value = await fn(tx);
        await runOn(client, { text: 'COMMIT' });
        return value;
      } catch (error) {
        await runOn(client, { text: 'ROLLBACK' }).catch((rollbackFailure: unknown) => (failure = rollbackFailure as Error));
        throw error;
      } finally {
        client.release(failure);
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
