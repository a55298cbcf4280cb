// Who may use the module (spec 2.3, 1.1 rule 10): the module's roles and permissions,
// refusals recorded as authz.denied in the organization's chain, and the acting
// organization shared with the service's sessions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleCatalogue } from '../../../test/support/module-catalogue.js';
import { specNhiGrantableScopes, specNhiPermissionsByRole, specRoles } from '../../../test/support/spec-permissions.js';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { grantableScopes, nhiPermissions, nhiPermissionsOf, nhiRoleOf, nhiRoles, personPermissionsOf, permissionsOf, refusedScopes, roles, scopeRegistry } from '../../platform/authorization/permissions.js';
import type { Principal } from '../../platform/principal.js';
import { addMembership } from '../../organizations/index.js';
import { recordModuleRefusal } from './module-refusals.js';
import { readChain } from './records.js';

const OPERATIONS = ['/nhi/api/v1/audit/records', '/nhi/api/v1/audit/integrity', '/nhi/api/v1/audit/evidence'];

describe('module roles and permissions', () => {
  it('give each role exactly its row of the table: owner and admin are Organization Admins, analyst a Security Analyst, viewer a Viewer', () => {
    expect(roles.map(nhiRoleOf)).toEqual(['organization_admin', 'organization_admin', 'security_analyst', 'viewer']);
    for (const role of specRoles) {
      expect([...nhiPermissionsOf(nhiRoleOf(role))].sort(), role).toEqual([...specNhiPermissionsByRole[role]].sort());
      expect([...personPermissionsOf(role)].sort(), role).toEqual([...new Set([...permissionsOf(role), ...specNhiPermissionsByRole[role]])].sort());
    }
  });

  it('are never grantable to an API key, and so to no workload, but the runtime decision scope, which an Organization Admin may grant', () => {
    const owner: Principal = { kind: 'user', userId: 'u', sessionId: 's', orgId: 'o' as never, permissions: personPermissionsOf('owner') };
    const personal = nhiPermissions.filter((permission) => !specNhiGrantableScopes.includes(permission as never));
    expect(refusedScopes([...nhiPermissions], owner, scopeRegistry)).toEqual(personal.map((scope) => ({ scope, reason: 'never grantable' })));
    expect(nhiPermissions.filter((permission) => permission in grantableScopes)).toEqual([]);
    expect(nhiPermissions.filter((permission) => scopeRegistry.grantable.has(permission))).toEqual([...specNhiGrantableScopes]);
    const analyst: Principal = { ...owner, permissions: personPermissionsOf('analyst') };
    expect(refusedScopes([...specNhiGrantableScopes], analyst, scopeRegistry)).toEqual([{ scope: 'nhi-runtime:decide', reason: 'not held by you' }]);
  });

  it('is shown exactly, as generated from the registry, in docs/decisions/nhi.md', () => {
    const header = [`| Permission | ${nhiRoles.join(' | ')} | held by (service role) |`, `|---|${nhiRoles.map(() => '---').join('|')}|---|`];
    const rows = nhiPermissions.map(
      (permission) =>
        `| \`${permission}\` | ${nhiRoles.map((role) => (nhiPermissionsOf(role).has(permission) ? 'yes' : '')).join(' | ')} | ${roles.filter((role) => personPermissionsOf(role).has(permission)).join(', ')} |`,
    );
    expect(readFileSync(new URL('../../../docs/decisions/nhi.md', import.meta.url), 'utf8')).toContain([...header, ...rows].join('\n'));
  });

  it("records the refusals of every module's operations in the module's trail", () => {
    const nhiModules = moduleCatalogue().filter((module) => module.name.startsWith('nhi/'));
    expect(nhiModules.length).toBeGreaterThan(0);
    for (const module of nhiModules) expect(module.refusalRecorder, module.name).toBe(recordModuleRefusal);
  });
});

describe.each(testProfiles)('module access ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const denials = async (tenant: TestTenant) => (await readChain(t.current.db, tenant.id, 0, 1000)).filter((record) => record.action === 'authz.denied');

  it('admits Organization Admins to the audit trail and refuses analysts and viewers, recording each refusal with its reason and module roles', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const admin = await t.current.member(tenant, 'admin');
    const analyst = await t.current.member(tenant, 'analyst');
    const viewer = await t.current.member(tenant, 'viewer');
    for (const url of OPERATIONS) {
      for (const person of [tenant.owner, admin]) expect((await t.current.call('GET', url, { token: person.token })).status, url).toBe(200);
    }
    // The evidence exports above are the chain so far.
    const before = await readChain(t.current.db, tenant.id, 0, 1000);
    expect(before.map((record) => record.action)).toEqual(['audit.evidence.exported', 'audit.evidence.exported']);

    for (const [person, moduleRole] of [
      [analyst, 'security_analyst'],
      [viewer, 'viewer'],
    ] as const) {
      for (const url of OPERATIONS) {
        const refused = await t.current.call('GET', url, { token: person.token, headers: { 'x-request-id': `refused-${moduleRole}` } });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ error: 'missing permission audit:read', code: 'forbidden', required_scope: 'audit:read', principal: 'user' });
      }
      const recorded = (await denials(tenant)).filter((record) => record.actorId === person.id);
      expect(recorded.map((record) => record.subject)).toEqual(['listAuditRecords', 'getAuditIntegrity', 'exportAuditEvidence']);
      for (const record of recorded) {
        expect(record).toMatchObject({
          actorKind: 'person',
          result: 'failure',
          correlationId: `refused-${moduleRole}`,
          detail: { operation_id: record.subject, reason: 'missing permission audit:read', required_permission: 'audit:read', principal: 'user', module_roles: [moduleRole] },
        });
      }
    }
    // The refused requests wrote nothing else; the other organization's chain saw none of it.
    expect((await readChain(t.current.db, tenant.id, 0, 1000)).filter((record) => record.action !== 'authz.denied')).toEqual(before);
    expect(await readChain(t.current.db, other.id, 0, 1000)).toEqual([]);
  });

  it('refuses API keys and workloads, which hold no module permission, recording them as machines with no module role', async () => {
    const [tenant] = await t.current.twoTenants();
    const { id, key } = await t.current.apiKey(tenant.owner, Object.keys(grantableScopes));
    const refused = await t.current.call('GET', '/nhi/api/v1/audit/records', { token: key });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ required_scope: 'audit:read', principal: 'api_key' });
    expect(await denials(tenant)).toMatchObject([{ actorKind: 'system', actorId: `api_key:${id}`, detail: { principal: 'api_key', module_roles: [] } }]);
  });

  it('acts in the organization the person chose (PUT /me/active-org), for module calls too, at once and with the same session', async () => {
    const [first, second] = await t.current.twoTenants();
    // An admin of the first organization and a viewer in the second; acting in the first.
    const person = await t.current.member(second, 'viewer');
    await t.current.db.transaction((tx) => addMembership(tx, first.id, { userId: person.id, role: 'admin', arrival: 'manual', actor: { kind: 'user', id: first.owner.id } }));
    await t.current.actIn(person, first.id);
    const list = () => t.current.call('GET', '/nhi/api/v1/audit/records', { token: person.token });

    await t.current.call('GET', '/nhi/api/v1/audit/evidence', { token: person.token });
    const inFirst = await list();
    expect(inFirst.status).toBe(200);
    expect(inFirst.body.items).toMatchObject([{ action: 'audit.evidence.exported', actor: { kind: 'person', id: person.id } }]);

    await t.current.actIn(person, second.id);
    expect((await list()).status).toBe(403);
    expect(await denials(second)).toMatchObject([{ actorId: person.id, detail: { module_roles: ['viewer'] } }]);
    expect(await denials(first)).toEqual([]);
    const expected = await t.current.call('GET', '/nhi/api/v1/audit/records', { token: person.token, headers: { 'x-expected-organization': first.id } });
    expect(expected.status).toBe(409);

    await t.current.actIn(person, first.id);
    expect((await list()).body.items).toHaveLength(1);
  });
});
