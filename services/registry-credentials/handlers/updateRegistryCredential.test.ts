import { afterAll, describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { createLogger } from '../../platform/logger.js';
import { createRegistryLogins, registrySecretBox } from '../registry-credentials.js';
import { auditEvents, expectForeignAnsweredAsMissing, expectNoResponseCarriedASecret, newRegistrySecret, storeCredential, watchResponses } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('PATCH /api/v1/registry-credentials/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const patch = (token: string, id: string, body: unknown) => {
    watchResponses(t.current);
    return t.current.call('PATCH', `/api/v1/registry-credentials/${id}`, { token, body });
  };
  const logins = () => createRegistryLogins({ db: t.current.db, secretBox: registrySecretBox(t.current.webhookSecretKey), logger: createLogger('silent') });

  it('rotates the secret: scans get the new one, the status starts again at unused, and the trail names the change without the value', async () => {
    const tenant = await t.current.tenant();
    const stored = await storeCredential(t.current, tenant.owner);
    const used = await logins().loginFor(tenant.id, stored.registry);
    await logins().recordUse(tenant.id, used!, { usedAt: new Date(), failure: 'UNAUTHORIZED: authentication required' });
    expect((await t.current.call('GET', `/api/v1/registry-credentials/${stored.id}`, { token: tenant.owner.token })).body).toMatchObject({ status: 'failed' });

    const secret = newRegistrySecret();
    const response = await patch(tenant.owner.token, stored.id, { secret });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: stored.id, username: stored.username, status: 'unused', last_used_at: null, last_error: null });
    expect(response.raw).not.toContain(secret);
    expect(await logins().loginFor(tenant.id, stored.registry)).toMatchObject({ username: stored.username, secret, revision: used!.revision + 1 });
    // The run that used the old secret reports late: it lands on nothing.
    await logins().recordUse(tenant.id, used!, { usedAt: new Date(), failure: 'late' });
    expect((await t.current.call('GET', `/api/v1/registry-credentials/${stored.id}`, { token: tenant.owner.token })).body).toMatchObject({ status: 'unused', last_error: null });

    const [event] = await auditEvents(t.current, tenant, 'registry_credential.updated');
    expect(event).toMatchObject({ actor: { kind: 'user', id: tenant.owner.id }, detail: { registry_credential_id: stored.id, registry: stored.registry, changed: ['secret'] } });
    const mentions = await t.current.db.query("SELECT 1 FROM identity_audit_events WHERE org_id = $1 AND detail::text LIKE '%' || $2 || '%'", [tenant.id, secret]);
    expect(mentions.rowCount).toBe(0);
  });

  it('changes the username alone, and a request that changes nothing writes nothing', async () => {
    const tenant = await t.current.tenant();
    const stored = await storeCredential(t.current, tenant.owner);
    const renamed = await patch(tenant.owner.token, stored.id, { username: 'deploy-bot' });
    expect(renamed.body).toMatchObject({ username: 'deploy-bot' });
    expect(await logins().loginFor(tenant.id, stored.registry)).toMatchObject({ username: 'deploy-bot', secret: stored.secret });
    const [event] = await auditEvents(t.current, tenant, 'registry_credential.updated');
    expect(event!.detail).toEqual({ registry_credential_id: stored.id, registry: stored.registry, changed: ['username'], username: 'deploy-bot' });

    const before = await t.current.snapshot(tenant);
    expect((await patch(tenant.owner.token, stored.id, { username: 'deploy-bot' })).status).toBe(200);
    expect(await t.current.snapshot(tenant)).toEqual(before);
  });

  it('refuses an empty change and a registry change with 400, and an analyst with 403', async () => {
    const tenant = await t.current.tenant();
    const stored = await storeCredential(t.current, tenant.owner);
    expect((await patch(tenant.owner.token, stored.id, {})).status).toBe(400);
    expect((await patch(tenant.owner.token, stored.id, { registry: 'other.example.com' })).status).toBe(400);
    const analyst = await t.current.member(tenant, 'analyst');
    expect((await patch(analyst.token, stored.id, { secret: newRegistrySecret() })).status).toBe(403);
  });

  it("answers another tenant's credential exactly like a missing one, and leaves it unchanged", async () => {
    const [owner, other] = await t.current.twoTenants();
    const stored = await storeCredential(t.current, owner.owner);
    await expectForeignAnsweredAsMissing(t.current, { owner, other }, (token, id) => patch(token, id, { secret: newRegistrySecret() }), stored.id);
    expect(await logins().loginFor(owner.id, stored.registry)).toMatchObject({ secret: stored.secret });
  });

  afterAll(() => expectNoResponseCarriedASecret());
});
