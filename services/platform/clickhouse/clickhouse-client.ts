import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import type { ClickHouseSql } from './clickhouse-sql.js';

interface ClickHouseOptions {
  url: string;
  requestTimeoutMs?: number;
}

/**
 * The ClickHouse HTTP client reduced to calls that take ClickHouseSql (built by chsql
 * or identifier()), so no unescaped string can reach the server.
 */
export interface ClickHouse {
  /** Runs a SELECT and returns its rows. 64-bit integers arrive as strings (JSON quoting). */
  rows<Row>(query: ClickHouseSql): Promise<Row[]>;
  /** Runs a statement that returns no rows (DDL). */
  command(statement: ClickHouseSql): Promise<void>;
  /** Inserts rows as JSONEachRow; values travel in the body, never in SQL. */
  insert(table: ClickHouseSql, rows: readonly object[]): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function connectClickHouse(options: ClickHouseOptions): ClickHouse {
  // Compatible with ClickHouse 18.16 as well as current servers. These are the
  // client's defaults today; spelled out because they matter on 18.16: no request
  // or response compression (older client releases turned response compression on,
  // adding enable_http_compression=1 to every request), and no query_params or
  // client-wide clickhouse_settings, which would be sent as URL settings.
  const client = createClient({
    url: options.url,
    compression: { request: false, response: false },
    request_timeout: options.requestTimeoutMs ?? 10_000,
    // A server closes a keep-alive connection idle for keep_alive_timeout (3 s on 18.16 and
    // ours, 10 s on current ones); a request sent on it as it closes fails with "socket hang
    // up". The client's default of 2.5 s left half a second, which a loaded process's late
    // timers used up (a suite run on a busy machine failed so); one second leaves two.
    keep_alive: { idle_socket_ttl: 1_000 },
    // Every failure is thrown to the caller, who logs it; the client would also print it to the console.
    log: { level: ClickHouseLogLevel.OFF },
  });

  return {
    async rows<Row>(query: ClickHouseSql) {
      const result = await client.query({ query: query.text, format: 'JSONEachRow' });
      return result.json<Row>();
    },
    async command(statement) {
      await client.command({ query: statement.text });
    },
    async insert(table, rows) {
      await client.insert({ table: table.text, values: [...rows], format: 'JSONEachRow' });
    },
    async ping() {
      // ping() reports failure in its result instead of throwing.
      const result = await client.ping();
      if (!result.success) throw result.error;
    },
    close: () => client.close(),
  };
}
