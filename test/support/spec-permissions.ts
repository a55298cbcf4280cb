// The permission registry as the specification (2.3, 2.4) and docs/decisions.md state
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

/** Every permission each role holds (the table in docs/decisions.md), in registry order. */
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
 * through its module role (spec 2.3; the table in docs/decisions.md, NHI module):
 * owner and admin are Organization Admins, analyst a Security Analyst, viewer a Viewer.
 */
const specNhiReadForEveryRole = ['inventory:read', 'certification:read', 'delegation:read'] as const;
const specNhiOrganizationAdmin = [...specNhiReadForEveryRole, 'audit:read', 'connectors:manage', 'credential-material:write'] as const;
export const specNhiPermissionsByRole = {
  owner: specNhiOrganizationAdmin,
  admin: specNhiOrganizationAdmin,
  analyst: specNhiReadForEveryRole,
  viewer: specNhiReadForEveryRole,
} satisfies Record<SpecRole, readonly string[]>;

/** Everything a person with the role holds: the service's permissions and the module's. */
export const specPersonPermissions = (role: SpecRole): ReadonlySet<string> => new Set([...specPermissionsByRole[role], ...specNhiPermissionsByRole[role]]);
