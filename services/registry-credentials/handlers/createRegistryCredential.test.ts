import { afterAll, describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { auditEvents, expectNoResponseCarriedASecret, newRegistrySecret, storeCredential, uniqueRegistry, watchResponses } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('POST /api/v1/registry-credentials ($profile)', (profile) => {
  const t = useTestApp(profile);
  const create = (token: string, body: unknown) => {
    watchResponses(t.current);
    return t.current.call('POST', '/api/v1/registry-credentials', { token, body });
  };

  it('stores the credential without ever answering its secret, audited and announced without it', async () => {
    const [tenant] = await t.current.twoTenants();
    const registry = uniqueRegistry();
    const secret = newRegistrySecret();
    const response = await create(tenant.owner.token, { registry: `${registry.toUpperCase()}:5000`, username: 'ci-robot', secret });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      registry: `${registry}:5000`,
      username: 'ci-robot',
      status: 'unused',
      last_used_at: null,
      last_error: null,
      created_by_user_id: tenant.owner.id,
      created_at: expect.any(String),
      updated_at: response.body.created_at,
    });
    const [event] = await auditEvents(t.current, tenant, 'registry_credential.created');
    expect(event).toMatchObject({
      actor: { kind: 'user', id: tenant.owner.id },
      detail: { registry_credential_id: response.body.id, registry: `${registry}:5000`, username: 'ci-robot' },
    });
    const stored = await t.current.db.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM registry_credentials WHERE org_id = $1', [tenant.id]);
    expect(stored.rows[0]!.secret_ciphertext).toMatch(/^v1:1:/);
    expect(stored.rows[0]!.secret_ciphertext).not.toContain(secret);
    const mentions = await t.current.db.query(
      `SELECT 1 FROM identity_audit_events WHERE org_id = $1 AND detail::text LIKE '%' || $2 || '%'
       UNION ALL SELECT 1 FROM outbox_events WHERE org_id = $1 AND value::text LIKE '%' || $2 || '%'`,
      [tenant.id, secret],
    );
    expect(mentions.rowCount).toBe(0);
    const announced = await t.current.db.query("SELECT 1 FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'registry_credential.created'", [tenant.id]);
    expect(announced.rowCount).toBe(1);
    await t.current.expectNeighbourUntouched(response.body.id);
  });

  it("stores Docker Hub's names as docker.io, and refuses a second credential for the same registry with 409", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const first = await storeCredential(t.current, tenant.owner, { registry: 'registry-1.docker.io' });
    expect(first.registry).toBe('docker.io');
    const again = await create(tenant.owner.token, { registry: 'index.docker.io', username: 'someone', secret: newRegistrySecret() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'the organization already has a credential for docker.io: change it instead', code: 'conflict' });
    // Another organization has registries of its own.
    expect((await create(other.owner.token, { registry: 'docker.io', username: 'someone', secret: newRegistrySecret() })).status).toBe(201);
  });

  it('keeps one credential per registry when several are stored at once', async () => {
    const tenant = await t.current.tenant();
    const registry = uniqueRegistry();
    const responses = await Promise.all(Array.from({ length: 6 }, () => create(tenant.owner.token, { registry, username: 'ci-robot', secret: newRegistrySecret() })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await auditEvents(t.current, tenant, 'registry_credential.created')).length).toBe(1);
  });

  it.each([
    ['https://ghcr.io', 'without a scheme'],
    ['ghcr.io/acme', 'without a path'],
    ['robot@ghcr.io', 'must not carry a user'],
    ['ghcr.io:0', 'port must be a number'],
    ['ghcr.io:99999', 'port must be a number'],
    ['bad_host.example.com', 'is not a host name'],
    ['2001:db8::1', 'needs brackets'],
  ])('refuses the registry %s with 400 (%s), writing nothing', async (registry, problem) => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, { registry, username: 'ci-robot', secret: newRegistrySecret() });
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(problem);
    expect((await t.current.call('GET', '/api/v1/registry-credentials', { token: tenant.owner.token })).body.registry_credentials).toEqual([]);
  });

  it('is for owners and admins: an analyst, who may read credentials, is refused with 403', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    expect((await create(admin.token, { registry: uniqueRegistry(), username: 'ci-robot', secret: newRegistrySecret() })).status).toBe(201);
    const analyst = await t.current.member(tenant, 'analyst');
    const refused = await create(analyst.token, { registry: uniqueRegistry(), username: 'ci-robot', secret: newRegistrySecret() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', required_scope: 'credentials:manage', principal: 'user' });
  });

  afterAll(() => expectNoResponseCarriedASecret());
});
