// The sealed secret is bound to its row, its organization and its registry: the
// ciphertext moved anywhere else in the database does not open, and the scan runs
// without it while the credential says why.
import { describe, expect, it } from 'vitest';
import { testProfiles, useTestApp } from '../../test/support/test-app.js';
import { createLogger } from '../platform/logger.js';
import { createRegistryLogins, registrySecretBox } from './registry-credentials.js';
import { storeCredential, uniqueRegistry } from './testing/api-fixtures.js';

describe.each(testProfiles)('registry credential secrets at rest ($profile)', (profile) => {
  const t = useTestApp(profile);
  const logins = () => createRegistryLogins({ db: t.current.db, secretBox: registrySecretBox(t.current.webhookSecretKey), logger: createLogger('silent') });
  const ciphertextOf = async (id: string) =>
    (await t.current.db.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM registry_credentials WHERE id = $1', [id])).rows[0]!.secret_ciphertext;
  const view = async (token: string, id: string) => (await t.current.call('GET', `/api/v1/registry-credentials/${id}`, { token })).body;

  it('opens in its own row only: copied to another row of the organization or to another tenant it fails, and the credential says so', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const own = await storeCredential(t.current, tenant.owner);
    const sibling = await storeCredential(t.current, tenant.owner);
    const foreign = await storeCredential(t.current, other.owner);
    expect(await logins().loginFor(tenant.id, own.registry)).toMatchObject({ credentialId: own.id, username: own.username, secret: own.secret });

    const stolen = await ciphertextOf(own.id);
    await t.current.db.query('UPDATE registry_credentials SET secret_ciphertext = $2 WHERE id = $1', [sibling.id, stolen]);
    await t.current.db.query('UPDATE registry_credentials SET secret_ciphertext = $2 WHERE id = $1', [foreign.id, stolen]);

    expect(await logins().loginFor(tenant.id, sibling.registry)).toBeNull();
    expect(await logins().loginFor(other.id, foreign.registry)).toBeNull();
    const failure = { status: 'failed', last_error: 'the stored secret cannot be opened: set it again', last_used_at: expect.any(String) };
    expect(await view(tenant.owner.token, sibling.id)).toMatchObject(failure);
    expect(await view(other.owner.token, foreign.id)).toMatchObject(failure);
    // The row it was sealed for still opens it.
    expect(await logins().loginFor(tenant.id, own.registry)).toMatchObject({ secret: own.secret });
  });

  it('does not follow a registry rewritten in the database to another host', async () => {
    const tenant = await t.current.tenant();
    const stored = await storeCredential(t.current, tenant.owner);
    const elsewhere = uniqueRegistry();
    await t.current.db.query('UPDATE registry_credentials SET registry = $2 WHERE id = $1', [stored.id, elsewhere]);
    expect(await logins().loginFor(tenant.id, elsewhere)).toBeNull();
  });

  it('does not open under another deployment key', async () => {
    const tenant = await t.current.tenant();
    const stored = await storeCredential(t.current, tenant.owner);
    const otherKey = createRegistryLogins({ db: t.current.db, secretBox: registrySecretBox(Buffer.alloc(32, 7)), logger: createLogger('silent') });
    expect(await otherKey.loginFor(tenant.id, stored.registry)).toBeNull();
  });

  it("finds nothing for a registry the organization has no credential for, nor for another organization's registry", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const stored = await storeCredential(t.current, tenant.owner);
    expect(await logins().loginFor(tenant.id, uniqueRegistry())).toBeNull();
    expect(await logins().loginFor(other.id, stored.registry)).toBeNull();
  });
});
