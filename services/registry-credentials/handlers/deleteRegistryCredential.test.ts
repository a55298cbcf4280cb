import { afterAll, describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { auditEvents, expectForeignAnsweredAsMissing, expectNoResponseCarriedASecret, storeCredential, watchResponses } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('DELETE /api/v1/registry-credentials/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const remove = (token: string, id: string) => {
    watchResponses(t.current);
    return t.current.call('DELETE', `/api/v1/registry-credentials/${id}`, { token });
  };

  it('deletes the credential, audited and announced, touching no other tenant; the registry can then get a new one', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const stored = await storeCredential(t.current, tenant.owner);
    const othersBefore = await t.current.snapshot(other);

    expect((await remove(tenant.owner.token, stored.id)).status).toBe(204);
    expect((await t.current.call('GET', `/api/v1/registry-credentials/${stored.id}`, { token: tenant.owner.token })).status).toBe(404);
    const [event] = await auditEvents(t.current, tenant, 'registry_credential.deleted');
    expect(event).toMatchObject({ actor: { kind: 'user', id: tenant.owner.id }, detail: { registry_credential_id: stored.id, registry: stored.registry } });
    const announced = await t.current.db.query("SELECT 1 FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'registry_credential.deleted'", [tenant.id]);
    expect(announced.rowCount).toBe(1);
    expect((await remove(tenant.owner.token, stored.id)).status).toBe(404);
    expect(await t.current.snapshot(other)).toEqual(othersBefore);
    expect((await storeCredential(t.current, tenant.owner, { registry: stored.registry })).registry).toBe(stored.registry);
  });

  it("answers another tenant's credential exactly like a missing one, and leaves it in place", async () => {
    const [owner, other] = await t.current.twoTenants();
    const stored = await storeCredential(t.current, owner.owner);
    await expectForeignAnsweredAsMissing(t.current, { owner, other }, remove, stored.id);
  });

  it('refuses an analyst with 403', async () => {
    const tenant = await t.current.tenant();
    const stored = await storeCredential(t.current, tenant.owner);
    const analyst = await t.current.member(tenant, 'analyst');
    expect((await remove(analyst.token, stored.id)).status).toBe(403);
  });

  afterAll(() => expectNoResponseCarriedASecret());
});
