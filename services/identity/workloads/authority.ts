// What a workload may do, worked out afresh at every request (spec 2.2: bounded by
// the delegator's role): its granted scopes that are still grantable, within what
// the delegator's role holds now. A demotion narrows it at once; a delegator who is
// no longer a member leaves it nothing (suspended).
import { effectiveScopes, personPermissionsOf, type Role, type ScopeRegistry } from '../../platform/authorization/permissions.js';

export function workloadAuthority(granted: readonly string[], delegatorRole: Role | undefined, registry: ScopeRegistry): ReadonlySet<string> {
  if (delegatorRole === undefined) return new Set();
  // The person's whole authority, the module's included: the one module scope a machine may hold is an Organization Admin's.
  const held: ReadonlySet<string> = personPermissionsOf(delegatorRole);
  return new Set([...effectiveScopes(granted, registry)].filter((scope) => held.has(scope)));
}

/**
 * active: it may do all it was granted; narrowed: less (a demotion, or a scope that
 * stopped being grantable); suspended: nothing, its delegator has left the
 * organization; revoked and expired: the credential no longer authenticates.
 */
export type Standing = 'active' | 'narrowed' | 'suspended' | 'revoked' | 'expired';

export function standingOf(workload: { scopes: readonly string[]; revokedAt: Date | null; expiresAt: Date }, delegatorRole: Role | undefined, effective: ReadonlySet<string>, now: Date): Standing {
  if (workload.revokedAt !== null) return 'revoked';
  if (workload.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (delegatorRole === undefined) return 'suspended';
  return effective.size < new Set(workload.scopes).size ? 'narrowed' : 'active';
}
