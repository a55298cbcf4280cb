// Which organization the database work of the calling code is for, so PostgreSQL's
// row-level security (migration 118) can hold the boundary beside the code's typed OrgId
// arguments. The adapters (postgres.ts, embedded.ts) read the scope of each statement and
// put its connection in it; no statement runs as the login role itself:
//  - work for one organization runs as sentinel_tenant with sentinel.org_id set, and sees
//    only that organization's rows;
//  - a listed system operation runs as sentinel_system, which bypasses row-level security
//    (migration 120); so does work outside any scope (the command line, the routes before
//    sign-in), as it did when it ran as the schema owner;
//  - migrations run as the schema owner (actingAsSchemaOwner), on the full profile through
//    a connection of the owner's own (DATABASE_OWNER_URL).
// services/platform/tenancy.ts opens the tenant and system scopes.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { OrgId } from './database.js';

export type DatabaseScope = { kind: 'tenant'; orgId: OrgId } | { kind: 'system'; operation: string } | { kind: 'schema-owner' };

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

export function connectionScopeOf(scope: DatabaseScope | undefined): ConnectionScope {
  if (scope?.kind === 'tenant') return { key: `tenant:${scope.orgId}`, role: 'sentinel_tenant', orgId: scope.orgId };
  if (scope?.kind === 'schema-owner') return schemaOwner;
  return systemRole;
}

/**
 * Puts the embedded database's one connection in a scope for the statements after it. Session
 * settings, not local to a transaction, so one statement serves every statement until the
 * scope changes; a rollback undoes them, so the thread forgets what it set when one happens.
 */
export const ENTER_SCOPE_SQL = "SELECT set_config('role', $1, false), set_config('sentinel.org_id', $2, false)";

/** The same for the rest of the transaction only: its end puts the connection back in its own scope. */
export const ENTER_SCOPE_IN_TRANSACTION_SQL = "SELECT set_config('role', $1, true), set_config('sentinel.org_id', $2, true)";
