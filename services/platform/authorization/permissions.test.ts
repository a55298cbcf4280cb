import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specGrantableScopes, specNeverGrantable, specPermissionsByRole, specRoles } from '../../../test/support/spec-permissions.js';
import { loadOpenApiDocument } from '../http/openapi-document.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import { AppError } from '../errors.js';
import {
  allPermissions,
  authorize,
  authorizeRoleChange,
  missingForRoleChange,
  effectiveScopes,
  grantableScopes,
  neverGrantablePermissions,
  ownerRoles,
  permissionsOf,
  refusedScopes,
  roles,
  scopeRegistry,
  type ScopeRegistry,
} from './permissions.js';
import type { Principal } from '../principal.js';

const person = (permissions: Iterable<string>): Principal => ({ kind: 'user', userId: randomUUID(), sessionId: randomUUID(), orgId: asOrgId(randomUUID()), permissions: new Set(permissions) });
const key = (permissions: Iterable<string>): Principal => ({ kind: 'api_key', apiKeyId: randomUUID(), orgId: asOrgId(randomUUID()), permissions: new Set(permissions) });

describe('permission registry', () => {
  it('has exactly the 13 grantable scopes and the 9 never-grantable permissions of spec 2.4, in its order', () => {
    expect(Object.keys(grantableScopes)).toEqual(specGrantableScopes);
    expect(neverGrantablePermissions).toEqual(specNeverGrantable);
    expect(allPermissions).toEqual([...specGrantableScopes, ...specNeverGrantable]);
  });

  it('has the four roles, highest first, each holding exactly the permissions of the table in docs/decisions/accounts.md', () => {
    expect(roles).toEqual(specRoles);
    for (const role of roles) expect(allPermissions.filter((p) => permissionsOf(role).has(p)), role).toEqual(specPermissionsByRole[role]);
  });

  it('makes roles cumulative: each holds everything of the role below it', () => {
    for (let i = 0; i + 1 < roles.length; i += 1) {
      const [higher, lower] = [permissionsOf(roles[i]!), permissionsOf(roles[i + 1]!)];
      expect([...lower].filter((p) => !higher.has(p))).toEqual([]);
      expect(higher.size).toBeGreaterThan(lower.size);
    }
  });

  it('gives the owner every permission, and identity:manage and organization:delete to the owner only', () => {
    expect([...permissionsOf('owner')].sort()).toEqual([...allPermissions].sort());
    for (const role of roles.filter((r) => r !== 'owner')) {
      expect(permissionsOf(role).has('identity:manage')).toBe(false);
      expect(permissionsOf(role).has('organization:delete')).toBe(false);
    }
    expect(ownerRoles).toEqual(['owner']);
  });

  it('gives admins organization:manage, identity:read and members:manage (spec 2.3)', () => {
    for (const permission of ['organization:manage', 'identity:read', 'members:manage'] as const) expect(permissionsOf('admin').has(permission)).toBe(true);
  });

  it('is shown exactly, as generated from this registry, in docs/decisions/accounts.md', () => {
    const header = [`| Permission | API key | ${roles.join(' | ')} |`, `|---|---|${roles.map(() => '---').join('|')}|`];
    const rows = allPermissions.map((p) => `| \`${p}\` | ${p in grantableScopes ? 'grantable' : 'never'} | ${roles.map((role) => (permissionsOf(role).has(p) ? 'yes' : '')).join(' | ')} |`);
    const decisions = readFileSync(new URL('../../../docs/decisions/accounts.md', import.meta.url), 'utf8');
    expect(decisions).toContain([...header, ...rows].join('\n'));
  });

  it('lists the same roles as the document', () => {
    const schemas = loadOpenApiDocument().components?.schemas as Record<string, { enum?: string[] }>;
    expect(schemas.Role?.enum).toEqual([...roles]);
  });
});

describe('authorize', () => {
  it('passes a held permission and refuses a missing one with the 403 of spec 5.12', () => {
    expect(() => authorize(person(['findings:read']), 'findings:read')).not.toThrow();
    const refusal = (() => {
      try {
        authorize(key(['findings:read']), 'findings:write');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 403, details: { required_scope: 'findings:write', principal: 'api_key' } });
  });

  it('passes any one of a list and, holding none, refuses naming them all with the first as required_scope', () => {
    const either = ['findings:write', 'findings:suppress'] as const;
    expect(() => authorize(key(['findings:suppress']), either)).not.toThrow();
    expect(() => authorize(person(['findings:write']), either)).not.toThrow();
    expect(() => authorize(key(['findings:read']), either)).toThrow(
      expect.objectContaining({ message: 'missing permission findings:write or findings:suppress', details: { required_scope: 'findings:write', principal: 'api_key' } }),
    );
  });
});

describe('authorizeRoleChange', () => {
  const admin = person(permissionsOf('admin'));
  const owner = person(permissionsOf('owner'));

  it('lets an admin move people between roles at or below admin', () => {
    expect(() => authorizeRoleChange(admin, 'viewer', 'admin')).not.toThrow();
    expect(() => authorizeRoleChange(admin, 'admin', 'analyst')).not.toThrow();
    expect(() => authorizeRoleChange(admin, 'analyst', undefined)).not.toThrow();
  });

  it('refuses an admin conferring owner, demoting an owner or removing one', () => {
    expect(() => authorizeRoleChange(admin, 'admin', 'owner')).toThrow(/missing permission identity:manage/);
    expect(() => authorizeRoleChange(admin, 'owner', 'admin')).toThrow(/missing permission identity:manage/);
    expect(() => authorizeRoleChange(admin, 'owner', undefined)).toThrow(/missing permission identity:manage/);
  });

  it('lets an owner confer owner', () => {
    expect(() => authorizeRoleChange(owner, 'viewer', 'owner')).not.toThrow();
  });

  it('refuses an analyst granting anything above analyst', () => {
    expect(() => authorizeRoleChange(person(permissionsOf('analyst')), 'viewer', 'admin')).toThrow(AppError);
  });

  it('admits a newcomer (an invitation, from no role) at or below the caller\'s role only', () => {
    expect(() => authorizeRoleChange(admin, undefined, 'admin')).not.toThrow();
    expect(() => authorizeRoleChange(admin, undefined, 'owner')).toThrow(/missing permission identity:manage/);
    expect(missingForRoleChange(permissionsOf('analyst'), undefined, 'admin')).toBe('identity:read');
    expect(missingForRoleChange(permissionsOf('analyst'), undefined, 'viewer')).toBeUndefined();
  });
});

describe('scopes of API keys', () => {
  const narrowed: ScopeRegistry = { grantable: new Map([...scopeRegistry.grantable].filter(([scope]) => scope !== 'findings:read')) };

  it('confers only stored scopes that are still grantable', () => {
    expect([...effectiveScopes(['findings:read', 'scans:read'], scopeRegistry)]).toEqual(['findings:read', 'scans:read']);
    expect([...effectiveScopes(['findings:read', 'scans:read'], narrowed)]).toEqual(['scans:read']);
    expect([...effectiveScopes(['members:manage', 'made:up'], scopeRegistry)]).toEqual([]);
  });

  it('names every refused scope and why', () => {
    const viewer = person(permissionsOf('viewer'));
    expect(refusedScopes(['findings:read', 'findings:write', 'members:manage', 'made:up'], viewer, scopeRegistry)).toEqual([
      { scope: 'findings:write', reason: 'not held by you' },
      { scope: 'members:manage', reason: 'never grantable' },
      { scope: 'made:up', reason: 'unknown' },
    ]);
    expect(refusedScopes(['findings:read'], viewer, narrowed)).toEqual([{ scope: 'findings:read', reason: 'never grantable' }]);
    expect(refusedScopes(['findings:read', 'findings:read'], viewer, scopeRegistry)).toEqual([]);
  });
});
