// The one database port. Domain code receives a Database (or the Queryable of a
// transaction) and never knows whether PostgreSQL or embedded PGlite is behind it.

export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface Queryable {
  /**
   * Parameterized SQL only: values travel in `params`, never in `sql`.
   * A call without params may hold several statements (used by migrations).
   */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>>;
}

export interface QueryOptions {
  /**
   * Plan once per connection and reuse the plan (a named prepared statement): for a hot
   * statement whose planning costs as much as running it. Only where one plan suits every
   * parameter value; the embedded database ignores it.
   */
  prepared?: boolean;
  /**
   * timestamptz columns arrive as the text the API shows (Date#toISOString's form) instead
   * of Date objects: for rows that are only rendered, such as a listing's page.
   */
  timesAsIsoText?: boolean;
}

export interface Database extends Queryable {
  readonly kind: 'postgres' | 'embedded';
  /** The role the service logs in as; the embedded database, a library in the process, has no login. */
  readonly loginRole?: string;
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Organization ids are branded so a data-access call cannot be handed an arbitrary
 * string; services/platform/tenancy.ts says where one may come from.
 */
export type OrgId = string & { readonly __brand: 'OrgId' };
