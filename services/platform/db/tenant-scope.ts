// Which organization the database work of the calling code is for, so PostgreSQL's
// row-level security (migration 118) can hold the boundary beside the code's typed OrgId
// arguments. The adapters (postgres.ts, embedded.ts) read the scope of each statement and
// put its connection in it: work for one organization runs as sentinel_tenant with
// sentinel.org_id set and sees only that organization's rows; a listed system operation
// inside such work runs as sentinel_system; outside any scope (migrations, the background
// work that claims across organizations, the command line) work runs as the login role,
// which owns the schema. services/platform/tenancy.ts opens the scopes.
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
const system: ConnectionScope = { key: 'system', role: 'sentinel_system', orgId: '' };

export function connectionScopeOf(scope: DatabaseScope | undefined): ConnectionScope {
  if (scope === undefined) return loginRole;
  if (scope.kind === 'system') return system;
  return { key: `tenant:${scope.orgId}`, role: 'sentinel_tenant', orgId: scope.orgId };
}

/**
 * Puts a connection in a scope for the statements after it. Session settings, not local to a
 * transaction, so one round trip serves every statement until the scope changes; a rollback
 * undoes them, so the adapters forget what they set when one happens.
 */
export const ENTER_SCOPE_SQL = "SELECT set_config('role', $1, false), set_config('sentinel.org_id', $2, false)";
