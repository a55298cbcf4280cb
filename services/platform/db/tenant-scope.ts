// Which organization the database work of the calling code is for, so PostgreSQL's
// row-level security (migration 118) can hold the boundary beside the code's typed OrgId
// arguments. The adapters (postgres.ts, embedded.ts) read the scope of each statement and
// put its connection in it; no statement runs as the login role itself:
//  - work for one organization runs as sentinel_tenant with sentinel.org_id set, and sees
//    only that organization's rows;
//  - a listed system operation runs as sentinel_system, which bypasses row-level security
//    (migration 120); so does work outside any scope (the command line, the routes before
//    sign-in), as it did when it ran as the schema owner;
//  - the guard's credential lookups run in the authentication scope: on a tenant connection
//    whatever organization it was last set to, through functions that read with their
//    owner's rights (migration 121), so a request's statements all go through one pool;
//    the adapters refuse any other statement there (assertStatementFitsScope);
//  - migrations run as the schema owner (actingAsSchemaOwner), on the full profile through
//    a connection of the owner's own (DATABASE_OWNER_URL).
// services/platform/tenancy.ts opens the tenant and system scopes.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { OrgId } from './database.js';

export type DatabaseScope = { kind: 'tenant'; orgId: OrgId } | { kind: 'system'; operation: string } | { kind: 'authentication' } | { kind: 'schema-owner' };

const scopes = new AsyncLocalStorage<DatabaseScope>();

/** Runs fn, and everything it awaits, in the scope. */
export const inDatabaseScope = <T>(scope: DatabaseScope, fn: () => T): T => scopes.run(scope, fn);

/** The scope of the calling code; undefined outside any. */
export const currentDatabaseScope = (): DatabaseScope | undefined => scopes.getStore();

/** Runs fn, and every statement it awaits, as the schema owner: migrations, and tests that make tables of their own. */
export const actingAsSchemaOwner = <T>(fn: () => T): T => scopes.run({ kind: 'schema-owner' }, fn);

/** What a connection is set to for a scope: its role (`none`: the role it logged in as, the owner's for the owner's scope) and organization. */
export interface ConnectionScope {
  key: string;
  role: string;
  orgId: string;
}

const systemRole: ConnectionScope = { key: 'system', role: 'sentinel_system', orgId: '' };
const schemaOwner: ConnectionScope = { key: 'schema-owner', role: 'none', orgId: '' };
/** Where a connection must be put for the authentication scope: sentinel_tenant's role; on the full profile, any tenant connection already is. */
const tenantOfNoOrganization: ConnectionScope = { key: 'tenant:', role: 'sentinel_tenant', orgId: '' };

export function connectionScopeOf(scope: DatabaseScope | undefined): ConnectionScope {
  if (scope?.kind === 'tenant') return { key: `tenant:${scope.orgId}`, role: 'sentinel_tenant', orgId: scope.orgId };
  if (scope?.kind === 'authentication') return tenantOfNoOrganization;
  if (scope?.kind === 'schema-owner') return schemaOwner;
  return systemRole;
}

/** A call of one of migration 121's credential lookups, the one kind of statement the authentication scope runs. */
const CREDENTIAL_LOOKUP = /^SELECT \* FROM authenticate_[a-z_]+\(\$1(?:, \$2)?\)$/;

/**
 * Refuses a statement the scope may not run. On the full profile a statement of the
 * authentication scope runs on a tenant connection still set to whichever organization it
 * served last: anything but a credential lookup, which ignores that organization, could read
 * that organization's rows, so the adapters refuse it rather than leave it to every caller's care.
 */
export function assertStatementFitsScope(scope: DatabaseScope | undefined, sql: string): void {
  if (scope?.kind === 'authentication' && !CREDENTIAL_LOOKUP.test(sql)) {
    throw new Error(`the authentication scope runs credential lookups only (migration 121), not: ${sql.slice(0, 80)}`);
  }
}

/**
 * Puts the embedded database's one connection in a scope for the statements after it. Session
 * settings, not local to a transaction, so one round trip serves every statement until the
 * scope changes; a rollback undoes them, so the adapter forgets what it set when one happens.
 */
export const ENTER_SCOPE_SQL = "SELECT set_config('role', $1, false), set_config('sentinel.org_id', $2, false)";

/** The same for the rest of the transaction only: its end puts the connection back in its own scope. */
export const ENTER_SCOPE_IN_TRANSACTION_SQL = "SELECT set_config('role', $1, true), set_config('sentinel.org_id', $2, true)";
