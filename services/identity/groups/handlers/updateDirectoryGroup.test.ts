import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { applyMappedRole, nameSsoGroups, replaceSsoGroupMembership } from '../index.js';
import { roleIn, scimGroup, seated, ssoProvider } from '../testing/groups.js';
import { actingAsSchemaOwner } from '../../../platform/db/tenant-scope.js';

describe.each(handlerTestProfiles)('PATCH /api/v1/identity/groups/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const patch = (token: string, id: string, body: unknown) => t.current.call('PATCH', `/api/v1/identity/groups/${id}`, { token, body });
  const trail = async (tenant: TestTenant, action: string) =>
    (await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token: tenant.owner.token })).body.events as { actor: { id: string }; detail: Record<string, unknown> }[];

  it('maps a group at once: its directory and just-in-time members take the role, the others keep theirs', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const otherBefore = await t.current.snapshot(other);
    const jit = await seated(t.current, tenant, 'viewer', 'jit');
    const directory = await seated(t.current, tenant, 'viewer', 'directory');
    const manual = await seated(t.current, tenant, 'viewer', 'manual');
    const directoryOwner = await seated(t.current, tenant, 'owner', 'directory');
    const group = await scimGroup(t.current, tenant, 'Platform admins', [jit.id, directory.id, manual.id, directoryOwner.id]);
    await t.current.actIn(jit, tenant.id);
    expect((await t.current.call('GET', `/api/v1/identity/groups/${group}`, { token: jit.token })).status).toBe(403);

    const response = await patch(tenant.owner.token, group, { role: 'admin' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: group, source: 'scim', name: 'Platform admins', sso_provider_id: null, role: 'admin', member_count: 4 });
    expect(response.body.mapped_at).toEqual(expect.any(String));
    expect(await roleIn(t.current, tenant, jit.id)).toBe('admin');
    expect(await roleIn(t.current, tenant, directory.id)).toBe('admin');
    expect(await roleIn(t.current, tenant, manual.id)).toBe('viewer');
    expect(await roleIn(t.current, tenant, directoryOwner.id)).toBe('owner');
    // The new role works at once: the person may now read the identity configuration.
    expect((await t.current.call('GET', `/api/v1/identity/groups/${group}`, { token: jit.token })).status).toBe(200);

    const [mapped] = await trail(tenant, 'directory_group.mapped');
    expect(mapped).toMatchObject({
      actor: { id: tenant.owner.id },
      detail: { group_id: group, name: 'Platform admins', source: 'scim', from: null, to: 'admin' },
    });
    expect((mapped!.detail.role_changes as { user_id: string }[]).map((c) => c.user_id).sort()).toEqual([jit.id, directory.id].sort());
    const changes = await trail(tenant, 'member.role_changed');
    expect(changes.map((e) => e.detail.user_id).sort()).toEqual([jit.id, directory.id].sort());
    expect(changes.every((e) => e.actor.id === tenant.owner.id && e.detail.via === 'group_mapping' && e.detail.to === 'admin')).toBe(true);

    // The same mapping again changes and records nothing.
    expect((await patch(tenant.owner.token, group, { role: 'admin' })).body.mapped_at).toBe(response.body.mapped_at);
    expect(await trail(tenant, 'directory_group.mapped')).toHaveLength(1);
    expect(await t.current.snapshot(other)).toEqual(otherBefore);
  });

  it('unmapping takes no role away by itself, but a member of another mapped group gets that group’s role', async () => {
    const tenant = await t.current.tenant();
    const onlyHere = await seated(t.current, tenant, 'viewer', 'directory');
    const inBoth = await seated(t.current, tenant, 'viewer', 'directory');
    const admins = await scimGroup(t.current, tenant, 'Admins', [onlyHere.id, inBoth.id]);
    const readers = await scimGroup(t.current, tenant, 'Readers', [inBoth.id]);
    await patch(tenant.owner.token, readers, { role: 'viewer' });
    await patch(tenant.owner.token, admins, { role: 'admin' });
    expect([await roleIn(t.current, tenant, onlyHere.id), await roleIn(t.current, tenant, inBoth.id)]).toEqual(['admin', 'admin']);

    const unmapped = await patch(tenant.owner.token, admins, { role: null });
    expect(unmapped.status).toBe(200);
    expect(unmapped.body).toMatchObject({ role: null, mapped_at: null });
    expect([await roleIn(t.current, tenant, onlyHere.id), await roleIn(t.current, tenant, inBoth.id)]).toEqual(['admin', 'viewer']);
    const [event] = await trail(tenant, 'directory_group.unmapped');
    expect(event!.detail).toMatchObject({ group_id: admins, from: 'admin', to: null, role_changes: [{ user_id: inBoth.id, from: 'admin', to: 'viewer' }] });
  });

  it('applies to whoever an SSO sign-in later puts in the group', async () => {
    const tenant = await t.current.tenant();
    const provider = await ssoProvider(t.current, tenant);
    const [listed] = await t.current.db.transaction((tx) => nameSsoGroups(tx, tenant.id, provider, ['sec-analysts']));
    expect((await patch(tenant.owner.token, listed!.id, { role: 'analyst' })).body).toMatchObject({ source: 'sso', sso_provider_id: provider, role: 'analyst', member_count: 0 });

    const arriving = await seated(t.current, tenant, 'viewer', 'jit');
    const role = await t.current.db.transaction(async (tx) => {
      const groups = await nameSsoGroups(tx, tenant.id, provider, ['sec-analysts']);
      await replaceSsoGroupMembership(tx, tenant.id, provider, arriving.id, groups.map((g) => g.id));
      return applyMappedRole(tx, tenant.id, arriving.id, { userId: arriving.id }, { sourceIp: '127.0.0.1', userAgent: null, requestId: 'sso-sign-in' });
    });
    expect(role).toBe('analyst');
    expect(await roleIn(t.current, tenant, arriving.id)).toBe('analyst');
  });

  it('refuses owner with a clear 400, admins (no identity:manage) with 403, and writes nothing', async () => {
    const tenant = await t.current.tenant();
    const person = await seated(t.current, tenant, 'viewer', 'directory');
    const group = await scimGroup(t.current, tenant, 'Everyone', [person.id]);
    const before = await t.current.snapshot(tenant);

    const owner = await patch(tenant.owner.token, group, { role: 'owner' });
    expect(owner.status).toBe(400);
    expect(owner.body.code).toBe('validation_failed');
    expect(owner.body.error).toContain('/role must be one of admin, analyst, viewer');

    const admin = await t.current.member(tenant, 'admin');
    const byAdmin = await patch(admin.token, group, { role: 'analyst' });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toMatchObject({ code: 'forbidden', required_scope: 'identity:manage' });

    expect(await roleIn(t.current, tenant, person.id)).toBe('viewer');
    const after = await t.current.snapshot(tenant);
    // The refusal's authz.denied is the only new entry of the trail.
    expect(after.auditEventIds.length - before.auditEventIds.length).toBe(1);
    expect((await t.current.call('GET', `/api/v1/identity/groups/${group}`, { token: tenant.owner.token })).body.role).toBeNull();
  });
});

// PGlite runs one transaction at a time, so only PostgreSQL can interleave a push with a mapping.
describe('PATCH /api/v1/identity/groups/{id} racing a directory push (postgres)', () => {
  const t = useTestApp({ profile: 'postgres' });

  it('waits for a push that is applying the group’s mapping, then brings the member it added along', async () => {
    const tenant = await t.current.tenant();
    const joining = await seated(t.current, tenant, 'viewer', 'directory');
    const group = await scimGroup(t.current, tenant, 'Responders');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let applied!: () => void;
    const appliedOldMapping = new Promise<void>((resolve) => (applied = resolve));
    // The push adds the person to the group and applies the mapping it reads (none yet), then stays open.
    const push = t.current.db.transaction(async (tx) => {
      await tx.query('INSERT INTO directory_group_members (org_id, group_id, user_id) VALUES ($1, $2, $3)', [tenant.id, group, joining.id]);
      expect(await applyMappedRole(tx, tenant.id, joining.id, 'system', null)).toBe('viewer');
      applied();
      await released;
    });
    await appliedOldMapping;
    let patched = false;
    const mapping = t.current.call('PATCH', `/api/v1/identity/groups/${group}`, { token: tenant.owner.token, body: { role: 'analyst' } }).then((response) => {
      patched = true;
      return response;
    });
    // Until the mapping either finished or waits on a lock the push holds.
    for (;;) {
      const { rows } = await actingAsSchemaOwner(() => t.current.db.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"));
      if (patched || rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(patched, 'the mapping waits for the push').toBe(false);
    release();
    await push;
    expect((await mapping).body).toMatchObject({ role: 'analyst', member_count: 1 });
    expect(await roleIn(t.current, tenant, joining.id)).toBe('analyst');
  });
});
