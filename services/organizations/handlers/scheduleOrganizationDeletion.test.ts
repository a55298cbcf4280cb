import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { DELETION_GRACE_MS } from '../deletion.js';
import { setPlan } from '../../identity/invitations/testing/invitations.js';

const nameOf = async (t: TestApp, tenant: TestTenant): Promise<string> => (await t.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.name;

describe.each(handlerTestProfiles)('POST /api/v1/orgs/current/deletion ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const schedule = (token: string, confirm_name: string) => t.current.call('POST', '/api/v1/orgs/current/deletion', { token, body: { confirm_name } });

  it('schedules the deletion seven days ahead, shows it on the organization, audits and announces it', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const otherBefore = await t.current.snapshot(other);
    const name = await nameOf(t.current, tenant);
    const before = Date.now();

    const response = await t.current.call('POST', '/api/v1/orgs/current/deletion', { token: tenant.owner.token, body: { confirm_name: name }, headers: { 'x-request-id': 'delete-org-1' } });
    expect(response.status, response.raw).toBe(200);
    expect(response.body).toMatchObject({ id: tenant.id, name, deletion: { scheduled_by: tenant.owner.id } });
    const deletesAt = new Date(response.body.deletion.deletes_at).getTime();
    const scheduledAt = new Date(response.body.deletion.scheduled_at).getTime();
    expect(scheduledAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(deletesAt - scheduledAt).toBe(DELETION_GRACE_MS);

    // Every view of the organization shows the schedule.
    expect((await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.deletion).toEqual(response.body.deletion);
    const listed = (await t.current.call('GET', '/api/v1/orgs', { token: tenant.owner.token })).body.organizations;
    expect(listed.find((o: { id: string }) => o.id === tenant.id).deletion).toEqual(response.body.deletion);
    expect(listed.find((o: { id: string }) => o.id === tenant.owner.personalOrgId).deletion).toBeNull();

    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=organization.deletion_scheduled', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: tenant.owner.id }, request_id: 'delete-org-1', detail: { name, deletes_at: response.body.deletion.deletes_at } });
    const announced = await t.current.db.query<{ value: { type: string; correlation_id: string; payload: string } }>(
      "SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'organization.deletion_scheduled'",
      [tenant.id],
    );
    expect(announced.rows).toHaveLength(1);
    expect(announced.rows[0]!.value.correlation_id).toBe('delete-org-1');
    expect(JSON.parse(announced.rows[0]!.value.payload)).toEqual({ organization_id: tenant.id, name, scheduled_by: tenant.owner.id, deletes_at: response.body.deletion.deletes_at });

    expect(await t.current.snapshot(other)).toEqual(otherBefore);
    await t.current.expectNeighbourUntouched();
  });

  it('refuses a name that is not exactly the organization’s with 400, and changes nothing', async () => {
    const tenant = await t.current.tenant();
    const before = await t.current.snapshot(tenant);
    const name = await nameOf(t.current, tenant);
    for (const wrong of [name.toUpperCase(), `${name} `, '', 'something else']) {
      const response = await schedule(tenant.owner.token, wrong);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed', error: "confirm_name must be the organization's exact name" });
    }
    expect(await t.current.snapshot(tenant)).toEqual(before);
    expect((await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.deletion).toBeNull();
  });

  it('refuses a personal organization with 409, whatever is typed', async () => {
    const person = await t.current.signup();
    const name = (await t.current.call('GET', '/api/v1/me', { token: person.token })).body.acting_organization.name;
    const response = await schedule(person.token, name);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'a personal organization cannot be deleted', code: 'conflict' });
    expect((await t.current.call('GET', '/api/v1/me', { token: person.token })).body.acting_organization.deletion).toBeNull();
  });

  it('refuses an admin with 403 (owners only), audited, and changes nothing', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    const response = await schedule(admin.token, await nameOf(t.current, tenant));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'missing permission organization:delete', code: 'forbidden', required_scope: 'organization:delete', principal: 'user' });
    expect((await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization.deletion).toBeNull();
    const [denied] = (await t.current.call('GET', '/api/v1/identity/audit?action=authz.denied', { token: tenant.owner.token })).body.events;
    expect(denied).toMatchObject({ actor: { kind: 'user', id: admin.id }, detail: { operation_id: 'scheduleOrganizationDeletion', required_scope: 'organization:delete' } });
  });

  it('leaves the organization read-only during the grace period: reads answer, writes are 409, removing access and cancelling still work', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const admin = await t.current.member(tenant, 'admin');
    const analyst = await t.current.member(tenant, 'analyst');
    const key = await t.current.apiKey(tenant.owner, ['scans:read', 'scans:create']);
    const leaver = await t.current.member(tenant, 'viewer');
    await setPlan(t.current, tenant, 'pro');
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const created = async (url: string, body: unknown) => {
      const response = await t.current.call('POST', url, { token: admin.token, body });
      expect(response.status, response.raw).toBe(201);
      return response.body as { id: string };
    };
    const invitation = await created('/api/v1/invitations', { email: `later-${tenant.id}@example.test`, role: 'viewer' });
    const workload = await created('/api/v1/workloads', { name: 'ci', scopes: ['scans:read'], expires_at: until });
    const credential = await created('/api/v1/registry-credentials', { registry: 'registry.example.com', username: 'ci', secret: 'rs-grace-secret-0123456789' });
    expect((await schedule(tenant.owner.token, await nameOf(t.current, tenant))).status).toBe(200);
    const refused = { error: 'organization is scheduled for deletion', code: 'conflict' };

    // Reads, by people and keys.
    expect((await t.current.call('GET', '/api/v1/members', { token: admin.token })).status).toBe(200);
    expect((await t.current.call('GET', '/api/v1/scans', { token: key.key })).status).toBe(200);
    // Writes, by people and keys, at any role.
    const writes: Array<[string, string, string, unknown]> = [
      ['PATCH', '/api/v1/orgs/current', tenant.owner.token, { name: 'Still here' }],
      ['POST', '/api/v1/api-keys', admin.token, { name: 'ci', scopes: ['scans:read'], expires_at: new Date(Date.now() + 86_400_000).toISOString() }],
      ['POST', '/api/v1/scans', key.key, { image: 'ghcr.io/acme/app:1', scanners: ['trivy'] }],
      ['POST', '/api/v1/policies', admin.token, { name: 'gate', rules: [{ name: 'all', effect: 'warn', when: [] }] }],
      ['POST', '/api/v1/orgs/current/deletion', tenant.owner.token, { confirm_name: 'anything' }],
      ['PATCH', `/api/v1/members/${analyst.id}`, admin.token, { role: 'viewer' }],
      ['POST', '/api/v1/invitations', admin.token, { email: `refused-${tenant.id}@example.test`, role: 'viewer' }],
      ['POST', '/api/v1/workloads', admin.token, { name: 'refused', scopes: ['scans:read'], expires_at: until }],
      ['POST', '/api/v1/registry-credentials', admin.token, { registry: 'other.example.com', username: 'ci', secret: 'rs-refused-0123456789' }],
    ];
    for (const [method, url, token, body] of writes) {
      const response = await t.current.call(method, url, { token, body });
      expect({ method, url, status: response.status, body: response.body }).toEqual({ method, url, status: 409, body: refused });
    }
    // The other organization is not affected, nor are the people's other organizations.
    expect((await t.current.call('PATCH', '/api/v1/orgs/current', { token: other.owner.token, body: { name: 'Unaffected' } })).status).toBe(200);
    expect((await t.current.call('POST', '/api/v1/orgs', { token: admin.token, body: { name: 'Elsewhere' } })).status).toBe(201);
    // Taking access away still works.
    expect((await t.current.call('DELETE', `/api/v1/api-keys/${key.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/members/${analyst.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/invitations/${invitation.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/workloads/${workload.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/registry-credentials/${credential.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/me/memberships/${tenant.id}`, { token: leaver.token })).status).toBe(204);
    // A person's own second factor is theirs, not the organization's.
    expect((await t.current.call('POST', '/api/v1/me/second-factor/totp', { token: admin.token })).status).toBeLessThan(300);
    expect((await t.current.call('PUT', '/api/v1/me/active-org', { token: admin.token, body: { org_id: admin.personalOrgId } })).status).toBe(200);
    expect((await t.current.call('DELETE', '/api/v1/orgs/current/deletion', { token: tenant.owner.token })).status).toBe(200);
    expect((await t.current.call('PATCH', '/api/v1/orgs/current', { token: tenant.owner.token, body: { name: 'Kept after all' } })).status).toBe(200);
    await t.current.expectNeighbourUntouched();
  });
});
