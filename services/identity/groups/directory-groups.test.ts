import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { roles } from '../../platform/authorization/permissions.js';
import type { RequestOrigin } from '../../platform/audit/identity-trail.js';
import { highestRole, mappableRoles } from './directory-groups.js';
import { applyMappedRole, mappedRoleOf, nameSsoGroups, replaceSsoGroupMembership } from './index.js';
import { mapDirectly, roleIn, scimGroup, seated, ssoProvider } from './testing/groups.js';

const origin: RequestOrigin = { sourceIp: '203.0.113.7', userAgent: 'test', requestId: 'req-groups-1' };

describe('mappable roles', () => {
  it('are the roles below owner, highest first, as the role registry orders them', () => {
    expect(mappableRoles).toEqual(roles.filter((role) => role !== 'owner'));
    expect(highestRole(['viewer', 'admin', 'analyst'])).toBe('admin');
    expect(highestRole(['viewer', 'analyst'])).toBe('analyst');
    expect(highestRole([])).toBeUndefined();
  });
});

describe.each(testProfiles)('directory groups ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  const trail = async (tenant: TestTenant, action: string) =>
    (await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token: tenant.owner.token })).body.events as { actor: { kind: string; id: string | null }; detail: Record<string, unknown>; request_id: string | null }[];

  it('lists the groups an assertion names once, mapped to nothing, and only for a provider of the organization', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const provider = await ssoProvider(t.current, tenant);
    const first = await t.current.db.transaction((tx) => nameSsoGroups(tx, tenant.id, provider, ['Engineering', 'Security', 'Engineering', '', 'x'.repeat(257), 'nul\u0000here']));
    expect(first.map((g) => [g.name, g.source, g.role])).toEqual([
      ['Engineering', 'sso', null],
      ['Security', 'sso', null],
      ['nul\uFFFDhere', 'sso', null],
    ]);
    const again = await t.current.db.transaction((tx) => nameSsoGroups(tx, tenant.id, provider, ['Security', 'Engineering']));
    expect(again.map((g) => g.id).sort()).toEqual(first.filter((g) => g.name !== 'nul\uFFFDhere').map((g) => g.id).sort());
    const listed = await trail(tenant, 'directory_group.listed');
    expect(listed).toHaveLength(3);
    expect(listed.every((e) => e.actor.kind === 'system' && e.detail.sso_provider_id === provider)).toBe(true);

    // Another organization cannot list groups under this organization's provider.
    expect(await t.current.db.transaction((tx) => nameSsoGroups(tx, other.id, provider, ['Engineering']))).toEqual([]);
    const { rows } = await t.current.db.query('SELECT 1 FROM directory_groups WHERE org_id = $1', [other.id]);
    expect(rows).toEqual([]);
    expect(await trail(other, 'directory_group.listed')).toEqual([]);
  });

  it('replaces the person’s memberships in the provider’s groups exactly, leaving other providers’ and SCIM groups alone', async () => {
    const tenant = await t.current.tenant();
    const provider = await ssoProvider(t.current, tenant);
    const otherProvider = await ssoProvider(t.current, tenant);
    const person = await seated(t.current, tenant, 'viewer', 'jit');
    const [a, b, c] = await t.current.db.transaction((tx) => nameSsoGroups(tx, tenant.id, provider, ['A', 'B', 'C']));
    const [foreign] = await t.current.db.transaction((tx) => nameSsoGroups(tx, tenant.id, otherProvider, ['A']));
    const scim = await scimGroup(t.current, tenant, 'SCIM team', [person.id]);
    await t.current.db.transaction((tx) => replaceSsoGroupMembership(tx, tenant.id, otherProvider, person.id, [foreign!.id]));

    await t.current.db.transaction((tx) => replaceSsoGroupMembership(tx, tenant.id, provider, person.id, [a!.id, b!.id]));
    await t.current.db.transaction((tx) => replaceSsoGroupMembership(tx, tenant.id, provider, person.id, [b!.id, c!.id, scim, foreign!.id]));
    // Unchanged: nothing recorded.
    await t.current.db.transaction((tx) => replaceSsoGroupMembership(tx, tenant.id, provider, person.id, [c!.id, b!.id]));
    const { rows } = await t.current.db.query<{ group_id: string }>('SELECT group_id FROM directory_group_members WHERE org_id = $1 AND user_id = $2', [tenant.id, person.id]);
    expect(rows.map((r) => r.group_id).sort()).toEqual([b!.id, c!.id, foreign!.id, scim].sort());

    const events = (await trail(tenant, 'directory_group_membership.replaced')).filter((e) => e.detail.sso_provider_id === provider).reverse();
    expect(events.map((e) => [e.detail.joined_group_ids, e.detail.left_group_ids])).toEqual([
      [[a!.id, b!.id].sort(), []],
      [[c!.id], [a!.id]],
    ]);
  });

  it('answers the highest role mapped to any SSO or SCIM group the person is in', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const provider = await ssoProvider(t.current, tenant);
    const person = await seated(t.current, tenant, 'viewer', 'directory');
    expect(await mappedRoleOf(t.current.db, tenant.id, person.id)).toBeUndefined();
    const [sso] = await t.current.db.transaction((tx) => nameSsoGroups(tx, tenant.id, provider, ['Analysts']));
    await t.current.db.transaction((tx) => replaceSsoGroupMembership(tx, tenant.id, provider, person.id, [sso!.id]));
    expect(await mappedRoleOf(t.current.db, tenant.id, person.id)).toBeUndefined();
    await mapDirectly(t.current, tenant, sso!.id, 'analyst');
    expect(await mappedRoleOf(t.current.db, tenant.id, person.id)).toBe('analyst');
    const scim = await scimGroup(t.current, tenant, 'Admins', [person.id]);
    await mapDirectly(t.current, tenant, scim, 'admin');
    expect(await mappedRoleOf(t.current.db, tenant.id, person.id)).toBe('admin');
    // The same person in another organization: that organization's groups alone count there.
    expect(await mappedRoleOf(t.current.db, other.id, person.id)).toBeUndefined();
  });

  it('brings a directory or just-in-time membership to the mapped role, audited and announced, and leaves the others alone', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const jit = await seated(t.current, tenant, 'viewer', 'jit');
    const directory = await seated(t.current, tenant, 'admin', 'directory');
    const manual = await seated(t.current, tenant, 'viewer', 'manual');
    const invited = await seated(t.current, tenant, 'viewer', 'invitation');
    const directoryOwner = await seated(t.current, tenant, 'owner', 'directory');
    const unmapped = await seated(t.current, tenant, 'analyst', 'jit');
    const group = await scimGroup(t.current, tenant, 'Analysts', [jit.id, directory.id, manual.id, invited.id, directoryOwner.id, other.owner.id]);
    await scimGroup(t.current, tenant, 'Nothing mapped', [unmapped.id]);
    await mapDirectly(t.current, tenant, group, 'analyst');

    const apply = (userId: string, actor: Parameters<typeof applyMappedRole>[3], from: RequestOrigin | null) =>
      t.current.db.transaction((tx) => applyMappedRole(tx, tenant.id, userId, actor, from));
    expect(await apply(jit.id, { userId: tenant.owner.id }, origin)).toBe('analyst');
    expect(await apply(directory.id, 'system', null)).toBe('analyst');
    expect(await apply(manual.id, 'system', null)).toBe('viewer');
    expect(await apply(invited.id, 'system', null)).toBe('viewer');
    expect(await apply(directoryOwner.id, 'system', null)).toBe('owner');
    expect(await apply(unmapped.id, 'system', null)).toBe('analyst');
    // In the group of this organization, but not a member of it.
    expect(await apply(other.owner.id, 'system', null)).toBeUndefined();
    // Already in line: nothing more happens.
    expect(await apply(jit.id, 'system', null)).toBe('analyst');

    expect(await roleIn(t.current, tenant, jit.id)).toBe('analyst');
    expect(await roleIn(t.current, tenant, directory.id)).toBe('analyst');
    expect(await roleIn(t.current, tenant, manual.id)).toBe('viewer');
    expect(await roleIn(t.current, tenant, directoryOwner.id)).toBe('owner');

    const changes = (await trail(tenant, 'member.role_changed')).reverse();
    expect(changes).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, request_id: origin.requestId, detail: { user_id: jit.id, from: 'viewer', to: 'analyst', via: 'group_mapping' } }),
      expect.objectContaining({ actor: { kind: 'system', id: null }, request_id: null, detail: { user_id: directory.id, from: 'admin', to: 'analyst', via: 'group_mapping' } }),
    ]);
    const { rows } = await t.current.db.query<{ value: { subject_id: string; actor: unknown; correlation_id: string | null; payload: string } }>(
      "SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'member.role_changed' ORDER BY seq",
      [tenant.id],
    );
    expect(rows.map((r) => [r.value.subject_id, r.value.actor, r.value.correlation_id, JSON.parse(r.value.payload).to])).toEqual([
      [jit.id, { kind: 'user', id: tenant.owner.id }, origin.requestId, 'analyst'],
      [directory.id, { kind: 'system', id: null }, null, 'analyst'],
    ]);
    expect(await trail(other, 'member.role_changed')).toEqual([]);
  });
});
