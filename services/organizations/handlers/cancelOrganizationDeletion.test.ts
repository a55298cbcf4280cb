import { describe, expect, it } from 'vitest';
import { createSqlAnalytics } from '../../analytics/store/sql-analytics.js';
import { systemScope } from '../../platform/tenancy.js';
import { handlerTestProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { deleteDueOrganizations } from '../workers/deletion-sweep.js';

const DAY_MS = 24 * 60 * 60 * 1000;

async function scheduled(t: TestApp, tenant: TestTenant): Promise<{ deletes_at: string }> {
  const name = (await t.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.name;
  const response = await t.call('POST', '/api/v1/orgs/current/deletion', { token: tenant.owner.token, body: { confirm_name: name } });
  if (response.status !== 200) throw new Error(`scheduling answered ${response.status}: ${response.raw}`);
  return response.body.deletion;
}

describe.each(handlerTestProfiles)('DELETE /api/v1/orgs/current/deletion ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const cancel = (token: string) => t.current.call('DELETE', '/api/v1/orgs/current/deletion', { token, headers: { 'x-request-id': 'keep-org-1' } });

  it('lets another owner cancel during the grace period, audited and announced; the organization is writable again and never deleted', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const otherBefore = await t.current.snapshot(other);
    const colleague = await t.current.member(tenant, 'owner');
    const deletion = await scheduled(t.current, tenant);

    const response = await cancel(colleague.token);
    expect(response.status, response.raw).toBe(200);
    expect(response.body).toMatchObject({ id: tenant.id, deletion: null });
    expect((await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.deletion).toBeNull();
    expect((await t.current.call('PATCH', '/api/v1/orgs/current', { token: tenant.owner.token, body: { name: 'Kept' } })).status).toBe(200);

    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=organization.deletion_cancelled', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: colleague.id }, request_id: 'keep-org-1', detail: { deletes_at: deletion.deletes_at } });
    const announced = await t.current.db.query<{ value: { actor: unknown; payload: string } }>(
      "SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'organization.deletion_cancelled'",
      [tenant.id],
    );
    expect(announced.rows.map((row) => row.value.actor)).toEqual([{ kind: 'user', id: colleague.id }]);

    // The sweep passing the old date deletes nothing.
    expect(await deleteDueOrganizations({ db: t.current.db, analytics: createSqlAnalytics({ db: t.current.db }) }, systemScope('delete-organizations'), new Date(new Date(deletion.deletes_at).getTime() + DAY_MS))).not.toContain(tenant.id);
    expect((await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members).toHaveLength(2);
    expect(await t.current.snapshot(other)).toEqual(otherBefore);
  });

  it('answers the organization unchanged and records nothing when no deletion is scheduled', async () => {
    const tenant = await t.current.tenant();
    const before = await t.current.snapshot(tenant);
    const response = await cancel(tenant.owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: tenant.id, deletion: null });
    expect(await t.current.snapshot(tenant)).toEqual(before);
  });

  it('refuses an admin with 403: owners only', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    const deletion = await scheduled(t.current, tenant);
    const response = await cancel(admin.token);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ required_scope: 'organization:delete' });
    expect((await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.deletion).toEqual(expect.objectContaining(deletion));
  });
});

describe.each(handlerTestProfiles)('DELETE /api/v1/orgs/current/deletion after the grace period ($profile)', ({ profile, counters }) => {
  // The deletion's clock, moved past the grace period below; tokens keep the real one.
  let aheadMs = 0;
  const t = useTestApp({ profile, counters, clock: () => new Date(Date.now() + aheadMs) });

  it('refuses with 409 once the grace period is over, before the sweep has started', async () => {
    const tenant = await t.current.tenant();
    await scheduled(t.current, tenant);
    aheadMs = 8 * DAY_MS;
    try {
      const response = await t.current.call('DELETE', '/api/v1/orgs/current/deletion', { token: tenant.owner.token });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: 'the deletion is under way and can no longer be cancelled', code: 'conflict' });
      expect((await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.deletion).not.toBeNull();
    } finally {
      aheadMs = 0;
    }
  });
});
