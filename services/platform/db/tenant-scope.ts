// Which organization the database work of the calling code is for, so PostgreSQL's
// row-level security (migration 118) can hold the boundary beside the code's typed OrgId
// arguments. The adapters (postgres.ts, embedded.ts) read the scope of each statement and
// put its connection in it: work for one organization runs as sentinel_tenant with
// sentinel.org_id set and sees only that organization's rows. A listed system operation
// runs as the login role, which owns the schema and is not held by the policies (migration
// 119 says why not a role of its own); so does work outside any scope (migrations, the
// command line, the routes before sign-in). services/platform/tenancy.ts opens the scopes.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { OrgId } from './database.js';

export type DatabaseScope = { kind: 'tenant'; orgId: OrgId } | { kind: 'system'; operation: string };

const scopes = new AsyncLocalStorage<DatabaseScope>();

/** Runs fn, and everything it awaits, in the scope. */
export const inDatabaseScope = <T>(scope: DatabaseScope, fn: () => T): T => scopes.run(scope, fn);

/** The scope of the calling code; undefined outside any. */
export const currentDatabaseScope = (): DatabaseScope | undefined => scopes.getStore();

/** What a connection is set to for a scope: its role (`none`: the login role's own) and organization. */
export interface ConnectionScope {
  key: string;
  role: string;
  orgId: string;
}

const loginRole: ConnectionScope = { key: 'login', role: 'none', orgId: '' };

export function connectionScopeOf(scope: DatabaseScope | undefined): ConnectionScope {
  if (scope?.kind === 'tenant') return { key: `tenant:${scope.orgId}`, role: 'sentinel_tenant', orgId: scope.orgId };
  return loginRole;
}

/**
 * Puts a connection in a scope for the statements after it. Session settings, not local to a
 * transaction, so one round trip serves every statement until the scope changes; a rollback
 * undoes them, so the adapters forget what they set when one happens.
 */
export const ENTER_SCOPE_SQL = "SELECT set_config('role', $1, false), set_config('sentinel.org_id', $2, false)";
