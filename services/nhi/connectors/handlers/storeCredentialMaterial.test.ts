import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { configuredSecretBox } from '../../../platform/crypto/secret-box.js';
import { materialAssociatedData } from '../credential-material.js';
import { auditRecords, newCredentialValues, seedIdentity } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/credentials/material ($profile)', (profile) => {
  const t = useTestApp(profile);
  const store = (token: string, body: unknown) => t.current.call('POST', '/nhi/api/v1/credentials/material', { token, body });

  it('seals the values at rest, attached to the identity, and never answers or records them', async () => {
    const tenant = await t.current.tenant();
    const identityId = await seedIdentity(t.current, tenant);
    const values = newCredentialValues();
    const response = await store(tenant.owner.token, { identityId, label: 'break-glass key', values });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      identityId,
      label: 'break-glass key',
      valueNames: ['accessKeyId', 'secretAccessKey'],
      createdByUserId: tenant.owner.id,
      createdAt: expect.any(String),
    });
    for (const value of Object.values(values)) expect(response.raw).not.toContain(value);

    const stored = await t.current.db.query<{ material_ciphertext: string; row: string }>(
      'SELECT material_ciphertext, row_to_json(m)::text AS row FROM nhi_credential_material m WHERE org_id = $1 AND id = $2',
      [tenant.id, response.body.id],
    );
    const { material_ciphertext: ciphertext, row } = stored.rows[0]!;
    for (const value of Object.values(values)) expect(row).not.toContain(value);
    expect(ciphertext).toMatch(/^v1:1:/);
    // It opens with the service's key, bound to this organization, row and identity only.
    const box = configuredSecretBox(t.current.webhookSecretKey);
    expect(JSON.parse(box.open(ciphertext, materialAssociatedData(tenant.id, response.body.id, identityId)).toString('utf8'))).toEqual(values);
    expect(() => box.open(ciphertext, materialAssociatedData(tenant.id, response.body.id, randomUUID()))).toThrow();

    const [record] = await auditRecords(t.current, tenant, 'credential.material.stored');
    expect(record).toMatchObject({ subject: identityId, actor_id: tenant.owner.id, detail: { identityId, materialId: response.body.id, valueNames: ['accessKeyId', 'secretAccessKey'] } });
    const trail = await t.current.db.query<{ detail: string }>('SELECT detail::text AS detail FROM nhi_audit_records WHERE org_id = $1', [tenant.id]);
    for (const value of Object.values(values)) expect(trail.rows.map((r) => r.detail).join('\n')).not.toContain(value);
  });

  it("answers an identity outside the organization's inventory exactly as a missing one, storing nothing", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const theirs = await seedIdentity(t.current, other);
    const foreign = await store(tenant.owner.token, { identityId: theirs, values: newCredentialValues() });
    const missing = await store(tenant.owner.token, { identityId: randomUUID(), values: newCredentialValues() });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    const rows = await t.current.db.query('SELECT 1 FROM nhi_credential_material WHERE org_id IN ($1, $2)', [tenant.id, other.id]);
    expect(rows.rowCount).toBe(0);
    expect(await auditRecords(t.current, tenant, 'credential.material.stored')).toEqual([]);
  });

  it('refuses a removed identity with 409, as every operation naming one does, storing nothing', async () => {
    const tenant = await t.current.tenant();
    const identityId = await seedIdentity(t.current, tenant);
    await t.current.db.query("UPDATE nhi_identities SET state = 'removed', removed_at = now() WHERE org_id = $1 AND id = $2", [tenant.id, identityId]);
    const refused = await store(tenant.owner.token, { identityId, values: newCredentialValues() });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'conflict', error: 'the identity has been removed from the inventory: no credential material is stored against it' });
    expect((await t.current.db.query('SELECT 1 FROM nhi_credential_material WHERE org_id = $1', [tenant.id])).rowCount).toBe(0);
    expect(await auditRecords(t.current, tenant, 'credential.material.stored')).toEqual([]);
  });

  it('refuses values named unlike names, and a request without values (400)', async () => {
    const tenant = await t.current.tenant();
    const identityId = await seedIdentity(t.current, tenant);
    expect((await store(tenant.owner.token, { identityId, values: { 'not a name': 'x' } })).status).toBe(400);
    expect((await store(tenant.owner.token, { identityId, values: {} })).status).toBe(400);
  });

  it.each(['analyst', 'viewer'] as const)('is for Organization Admins: a %s is refused with 403', async (role) => {
    const tenant = await t.current.tenant();
    const identityId = await seedIdentity(t.current, tenant);
    const person = await t.current.member(tenant, role);
    const refused = await store(person.token, { identityId, values: newCredentialValues() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ required_scope: 'credential-material:write' });
  });
});
