// The one registry of permissions, roles and API-key scopes (spec 2.3, 2.4), and
// the one authorization function. Authorization asks for a permission; no other
// module knows which role holds what, and no code compares role strings.
import { forbidden } from '../errors.js';
import type { Principal } from '../principal.js';

/** Grantable to an API key (spec 2.4). A person's role confers them too. */
export const grantableScopes = {
  'scans:create': 'Queue a scan (does not allow reading the result).',
  'scans:read': 'Read scans.',
  'findings:read': 'Read findings.',
  'findings:write': 'Triage: move a finding within the visible queue.',
  'findings:suppress': 'Suppress findings.',
  'assets:write': 'Archive an asset and record judgements about it.',
  'verdicts:request': 'Request a verdict (writes a persisted record).',
  'policies:read': 'Read policies and their versions.',
  'webhooks:read': 'Read webhook endpoints and delivery history; never signing secrets.',
  'credentials:read': 'Read registry credentials and their status; never a stored secret.',
  'identity:read': 'Read SSO configuration, claimed domains, directory mappings and the identity audit trail.',
  'members:read': 'Read members, roles and how each membership arrived.',
  'workloads:read': 'Read non-human principals, their delegations and standing.',
} as const satisfies Record<string, string>;

/** Never grantable to an API key, at issue or afterwards (spec 2.4): people only. */
export const neverGrantablePermissions = [
  'apikeys:manage',
  'policies:manage',
  'webhooks:manage',
  'credentials:manage',
  'identity:manage',
  'members:manage',
  'workloads:manage',
  'organization:manage',
  'organization:delete',
] as const;

/**
 * The non-human identity module's permissions (spec 2.3, served under /nhi/api/v1).
 * People hold them through their module role. Machines hold none but the one scope of
 * nhiGrantableScopes, for the one operation they call (docs/decisions/nhi-governance.md, "Runtime decisions").
 */
export const nhiPermissions = [
  'inventory:read',
  'certification:read',
  'delegation:read',
  'audit:read',
  'connectors:manage',
  'credential-material:write',
  'nhi-findings:triage',
  'nhi-policies:manage',
  // Governance (docs/decisions/nhi-governance.md "Who decides"). Asking for a grant, a
  // remediation or a policy exception.
  'governance:request',
  // Taking part in a governance decision (approving, rejecting, answering a campaign's
  // item). Every role holds it: whether this person may decide this request is the
  // domain's question (an Organization Admin, a delegate in force of one, a campaign's
  // reviewer), answered with the same 403 and authz.denied when they may not.
  'governance:decide',
  'certification:manage',
  'runtime-rules:manage',
  'runtime-decisions:read',
  // Asking for a runtime decision: what agents and gateways do before using an identity.
  'nhi-runtime:decide',
] as const;

/**
 * The module's one scope a machine may hold: an API key or a workload an agent or a
 * gateway asks for runtime decisions with (docs/decisions/nhi-governance.md, "Runtime
 * decisions"). Organization Admins hold it, so they can mint such keys; every other
 * module permission stays a person's.
 */
export const nhiGrantableScopes = {
  'nhi-runtime:decide': 'Ask the NHI module whether an identity may perform an action on a resource now (POST /nhi/api/v1/runtime/decisions).',
} as const satisfies Partial<Record<(typeof nhiPermissions)[number], string>>;

type GrantableScope = keyof typeof grantableScopes;
type NhiPermission = (typeof nhiPermissions)[number];
export type Permission = GrantableScope | (typeof neverGrantablePermissions)[number] | NhiPermission;
/** The service's permissions (spec 2.4's table); the module's are nhiPermissions. */
export const allPermissions: readonly Permission[] = [...(Object.keys(grantableScopes) as GrantableScope[]), ...neverGrantablePermissions];

export const isPermission = (value: string): value is Permission => (allPermissions as readonly string[]).includes(value) || (nhiPermissions as readonly string[]).includes(value);

/** Highest first. Cumulative: each role holds everything of the roles after it. */
export const roles = ['owner', 'admin', 'analyst', 'viewer'] as const;
export type Role = (typeof roles)[number];

// What each role adds to the role below it. docs/decisions/accounts.md shows the resulting table.
const addedByRole: Record<Role, readonly Permission[]> = {
  viewer: ['scans:read', 'findings:read', 'policies:read', 'members:read'],
  analyst: ['scans:create', 'verdicts:request', 'findings:write', 'findings:suppress', 'assets:write', 'webhooks:read', 'credentials:read', 'workloads:read', 'apikeys:manage'],
  admin: ['identity:read', 'members:manage', 'organization:manage', 'policies:manage', 'webhooks:manage', 'credentials:manage', 'workloads:manage'],
  // Owner-only among people (spec 2.3). Conferring owner is owner-only because
  // conferring a role needs every permission of that role (see authorizeRoleChange).
  owner: ['identity:manage', 'organization:delete'],
};

const permissionsByRole: Record<Role, ReadonlySet<Permission>> = (() => {
  const result = {} as Record<Role, ReadonlySet<Permission>>;
  let held: Permission[] = [];
  for (const role of [...roles].reverse()) {
    held = [...held, ...addedByRole[role]];
    result[role] = new Set(held);
  }
  return result;
})();

export function permissionsOf(role: Role): ReadonlySet<Permission> {
  return permissionsByRole[role];
}

/** The module's roles, highest first (spec 2.3). Not cumulative: each holds exactly its row of nhiPermissionsByRole. */
export const nhiRoles = ['organization_admin', 'security_analyst', 'viewer'] as const;
export type NhiRole = (typeof nhiRoles)[number];

/** The module role a person holds: owner and admin are Organization Admins (spec 2.3), analyst a Security Analyst, viewer a Viewer. */
const nhiRoleByRole: Record<Role, NhiRole> = { owner: 'organization_admin', admin: 'organization_admin', analyst: 'security_analyst', viewer: 'viewer' };

// docs/decisions/nhi.md ("Module access") shows this table.
const nhiPermissionsByRole: Record<NhiRole, ReadonlySet<NhiPermission>> = {
  organization_admin: new Set(nhiPermissions),
  // Analysts work the module's findings (and ask for an evaluation); only Organization Admins change what the policies judge by.
  // Analysts also ask for grants, remediations and exceptions; every role reads the runtime decision log (spec 2.3).
  security_analyst: new Set(['inventory:read', 'certification:read', 'delegation:read', 'nhi-findings:triage', 'governance:request', 'governance:decide', 'runtime-decisions:read']),
  viewer: new Set(['inventory:read', 'certification:read', 'delegation:read', 'governance:decide', 'runtime-decisions:read']),
};

export const nhiRoleOf = (role: Role): NhiRole => nhiRoleByRole[role];
export const nhiPermissionsOf = (role: NhiRole): ReadonlySet<NhiPermission> => nhiPermissionsByRole[role];

const personPermissionsByRole = new Map<Role, ReadonlySet<Permission>>(roles.map((role) => [role, new Set([...permissionsOf(role), ...nhiPermissionsOf(nhiRoleOf(role))])]));

/** A person's permissions in an organization: their role's, and their module role's. */
export function personPermissionsOf(role: Role): ReadonlySet<Permission> {
  return personPermissionsByRole.get(role)!;
}

/**
 * The one authorization question: does this principal hold this permission (or,
 * given a list, any one of them)? Throws the 403 of spec 5.12 (required_scope,
 * principal) when it does not.
 */
export function authorize(principal: Principal, permission: string | readonly [string, ...string[]]): void {
  const anyOf = typeof permission === 'string' ? [permission] : permission;
  if (!anyOf.some((held) => principal.permissions.has(held))) throw forbidden(permission, principal.kind);
}

/**
 * Changing a member from one role to another (or removing them: to undefined; or
 * admitting a newcomer, by invitation: from undefined) needs every permission of both
 * roles, so nobody acts above their own role: an admin can neither confer owner nor
 * demote or remove an owner. Answers the first permission missing from `held`.
 */
export function missingForRoleChange(held: ReadonlySet<string>, from: Role | undefined, to: Role | undefined): Permission | undefined {
  const involved = new Set<Permission>([...(from ? permissionsOf(from) : []), ...(to ? permissionsOf(to) : [])]);
  return allPermissions.find((permission) => involved.has(permission) && !held.has(permission));
}

/** missingForRoleChange for the caller: the 403 naming the first permission they lack. */
export function authorizeRoleChange(principal: Principal, from: Role | undefined, to: Role | undefined): void {
  const missing = missingForRoleChange(principal.permissions, from, to);
  if (missing) throw forbidden(missing, principal.kind);
}

/** Roles that make their holder an owner: the ones the last-owner rule protects. */
export const ownerRoles: readonly Role[] = roles.filter((role) => addedByRole.owner.every((p) => permissionsOf(role).has(p)));
export const isOwnerRole = (role: Role): boolean => ownerRoles.includes(role);

/**
 * The grantable set as the running service sees it. Injectable so a test can show
 * that a scope leaving the set stops working for keys that already hold it.
 */
export interface ScopeRegistry {
  /** scope -> description */
  readonly grantable: ReadonlyMap<string, string>;
}

export const scopeRegistry: ScopeRegistry = { grantable: new Map(Object.entries({ ...grantableScopes, ...nhiGrantableScopes })) };

/** A key's authority at authentication: its stored scopes that are still grantable (spec 5.3). */
export function effectiveScopes(stored: readonly string[], registry: ScopeRegistry): ReadonlySet<string> {
  return new Set(stored.filter((scope) => registry.grantable.has(scope)));
}

interface RefusedScope {
  scope: string;
  reason: 'unknown' | 'never grantable' | 'not held by you';
}

/** Why each requested scope may not be granted by this caller; empty when all may (spec 5.4). */
export function refusedScopes(requested: readonly string[], caller: Principal, registry: ScopeRegistry): RefusedScope[] {
  const refused: RefusedScope[] = [];
  for (const scope of new Set(requested)) {
    if (registry.grantable.has(scope)) {
      if (!caller.permissions.has(scope)) refused.push({ scope, reason: 'not held by you' });
    } else {
      refused.push({ scope, reason: isPermission(scope) ? 'never grantable' : 'unknown' });
    }
  }
  return refused;
}
