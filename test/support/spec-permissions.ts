// The permission registry as the specification (2.3, 2.4) and docs/decisions/accounts.md and nhi.md state
// it, written out by hand. Tests compare services/platform/authorization/permissions.ts with these
// lists, never with itself, so a change to who may do what fails a test until the
// decision record and this file agree with it.

/** Spec 2.4, in its order: grantable to an API key. */
export const specGrantableScopes = [
  'scans:create',
  'scans:read',
  'findings:read',
  'findings:write',
  'findings:suppress',
  'assets:write',
  'verdicts:request',
  'policies:read',
  'webhooks:read',
  'credentials:read',
  'identity:read',
  'members:read',
  'workloads:read',
] as const;

/** Spec 2.4, in its order: never grantable to an API key, at issue or afterwards. */
export const specNeverGrantable = [
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

/** The module's one scope a machine may hold (docs/decisions/nhi-governance.md, "Runtime decisions"); Organization Admins hold it to grant it. */
export const specNhiGrantableScopes = ['nhi-runtime:decide'] as const;

/** What an API key or a workload may be granted: spec 2.4's scopes and the module's one. */
export const specScopesGrantableToMachines = [...specGrantableScopes, ...specNhiGrantableScopes] as const;

/** Every permission each role holds (the table in docs/decisions/accounts.md), in registry order. */
export const specPermissionsByRole = {
  owner: [...specGrantableScopes, ...specNeverGrantable],
  // Everything but the owner-only identity:manage and organization:delete.
  admin: [...specGrantableScopes, 'apikeys:manage', 'policies:manage', 'webhooks:manage', 'credentials:manage', 'members:manage', 'workloads:manage', 'organization:manage'],
  // Every grantable scope but identity:read, and of the never-grantable ones only apikeys:manage.
  analyst: [...specGrantableScopes.filter((scope) => scope !== 'identity:read'), 'apikeys:manage'],
  viewer: ['scans:read', 'findings:read', 'policies:read', 'members:read'],
} satisfies Record<string, readonly string[]>;

export type SpecRole = keyof typeof specPermissionsByRole;
/** Highest first. */
export const specRoles: readonly SpecRole[] = ['owner', 'admin', 'analyst', 'viewer'];

/**
 * The non-human identity module's permissions each of the service's roles holds
 * through its module role (spec 2.3; the table in docs/decisions/nhi.md, "Module access"):
 * owner and admin are Organization Admins, analyst a Security Analyst, viewer a Viewer.
 */
// governance:decide only lets a person ask to decide; the domain checks their authority (docs/decisions/nhi-governance.md, "Who decides").
const specNhiReadForEveryRole = ['inventory:read', 'certification:read', 'delegation:read', 'governance:decide', 'runtime-decisions:read'] as const;
// Findings are read with inventory:read by every role (spec 2.3); their status is changed by analysts and Organization Admins.
const specNhiOrganizationAdmin = [...specNhiReadForEveryRole, 'audit:read', 'connectors:manage', 'credential-material:write', 'nhi-findings:triage', 'nhi-policies:manage', 'governance:request', 'certification:manage', 'runtime-rules:manage', 'nhi-runtime:decide'] as const;
export const specNhiPermissionsByRole = {
  owner: specNhiOrganizationAdmin,
  admin: specNhiOrganizationAdmin,
  analyst: [...specNhiReadForEveryRole, 'nhi-findings:triage', 'governance:request'],
  viewer: specNhiReadForEveryRole,
} satisfies Record<SpecRole, readonly string[]>;

/** Everything a person with the role holds: the service's permissions and the module's. */
export const specPersonPermissions = (role: SpecRole): ReadonlySet<string> => new Set([...specPermissionsByRole[role], ...specNhiPermissionsByRole[role]]);
