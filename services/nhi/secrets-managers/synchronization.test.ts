// End to end, on both profiles: secrets_manager connectors created through the API in
// two organizations of the service, each naming its own Vault server (two stubs on
// 127.0.0.1 behind TLS), runs requested through the API and executed by the real
// synchronization worker, published through the outbox and applied by the inventory
// processor. Each organization sees only its own inventory; a partial run removes
// nothing; the next complete run removes exactly what the server dropped.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import type { Identity, Relationship } from '../collection/inventory.js';
import type { SynchronizationRun } from '../collection/runs.js';
import { requestRun } from '../collection/testing/api-fixtures.js';
import { useCollectionPipeline } from '../collection/testing/collection-pipeline.js';
import { createConnector } from '../connectors/testing/api-fixtures.js';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { secretsManagerCollector } from './index.js';
import { vaultFixture, type VaultFixture } from './testing/vault-fixture.js';
import { startVaultStub, type VaultStub } from './testing/vault-stub.js';

const certificates = createTestCertificates();
const CREDENTIALS_REFERENCE = 'vault-inventory';
const TOKENS = { first: `hvs.${randomUUID().replaceAll('-', '')}`, second: `hvs.${randomUUID().replaceAll('-', '')}` };

/** A second server with one role and one policy of its own. */
const smallFixture = (): VaultFixture => ({
  mounts: { 'approle/': { type: 'approle', accessor: 'auth_approle_00aa11bb', description: '' } },
  roles: { 'approle/': { 'report-writer': { token_policies: ['reports'], bind_secret_id: true } } },
  entities: [],
  policies: { reports: 'path "secret/data/reports/*" {\n  capabilities = ["read"]\n}\n' },
});

describe.each(testProfiles)('secrets-manager synchronization end to end ($profile)', (profile) => {
  const t = useTestApp({ ...profile, allowPrivateConnectorEndpoints: true, connectorAllowedHosts: ['127.0.0.1'] });
  const pipeline = useCollectionPipeline(t, profile.profile, [secretsManagerCollector], {
    session: { egress: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem },
  });
  let first: VaultStub;
  let second: VaultStub;

  beforeAll(async () => {
    [first, second] = await Promise.all([startVaultStub(certificates, TOKENS.first, vaultFixture()), startVaultStub(certificates, TOKENS.second, smallFixture())]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  async function vaultConnector(tenant: TestTenant, stub: VaultStub, token: string) {
    await pipeline.current.holdCredentials(tenant, CREDENTIALS_REFERENCE, token);
    return createConnector(t.current, tenant.owner, {
      kind: 'secrets_manager',
      name: 'Vault',
      enabledCapabilities: ['auth_role_discovery', 'policy_discovery', 'relationship_discovery'],
      endpoint: stub.endpoint,
      credentialsReference: CREDENTIALS_REFERENCE,
    });
  }

  async function synchronize(tenant: TestTenant, connectorId: string): Promise<SynchronizationRun> {
    const run = await requestRun(t.current, tenant.owner, connectorId);
    return pipeline.current.runApplied(tenant, connectorId, run.id);
  }

  async function identities(tenant: TestTenant): Promise<Identity[]> {
    const response = await t.current.call('GET', '/nhi/api/v1/identities?limit=200', { token: tenant.owner.token });
    expect(response.status).toBe(200);
    return response.body.items;
  }
  const states = (all: Identity[], kind: string) => Object.fromEntries(all.filter((identity) => identity.kind === kind).map((identity) => [identity.name, identity.state]));

  it('collects each server into its own organization, with its edges; a partial run removes nothing, the next complete one exactly what was dropped', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connector = await vaultConnector(tenant, first, TOKENS.first);
    const otherConnector = await vaultConnector(other, second, TOKENS.second);

    const run = await synchronize(tenant, connector.id);
    expect(run.state).toBe('completed');
    expect(run.counts.personsExcluded).toBe(2);
    expect((await synchronize(other, otherConnector.id)).state).toBe('completed');

    const collected = await identities(tenant);
    expect(states(collected, 'vault_auth_role')).toEqual({ 'approle/backup-job': 'active', 'approle/billing-svc': 'active', 'approle/ci-runner': 'active', 'kubernetes/payments': 'active' });
    expect(states(collected, 'vault_entity')).toEqual({ 'ci-runner-entity': 'active', 'payments-sa': 'active', 'legacy-service': 'active' });
    expect(collected.find((identity) => identity.name === 'legacy-service')?.principalType).toBe('unknown');
    expect(collected.find((identity) => identity.name === 'payments-sa')?.principalType).toBe('machine');
    expect(collected.every((identity) => identity.provider === 'vault' && identity.lastUsedAt === 'not reported')).toBe(true);

    // The role's edges, read through the API: its login method and its two policies, each an identity of the inventory.
    const ciRunner = collected.find((identity) => identity.name === 'approle/ci-runner');
    const relationships = await t.current.call('GET', `/nhi/api/v1/identities/${ciRunner?.id}/relationships?limit=100`, { token: tenant.owner.token });
    expect(relationships.status).toBe(200);
    const nameOf = (id: string | null) => collected.find((identity) => identity.id === id)?.name;
    expect((relationships.body.items as Relationship[]).map((edge) => `${edge.type} ${nameOf(edge.counterpartIdentityId)}`).sort()).toEqual(['BELONGS_TO approle/', 'HAS_PERMISSION ci-read', 'HAS_PERMISSION deploy']);

    // The other organization sees only its own server's.
    const seenByOther = await identities(other);
    expect(seenByOther.map((identity) => identity.name).sort()).toEqual(['approle/', 'approle/report-writer', 'reports']);
    expect((await t.current.call('GET', `/nhi/api/v1/identities/${ciRunner?.id}`, { token: other.owner.token })).status).toBe(404);

    // billing-svc is dropped, and the server refuses the entity listing: partial, nothing removed.
    delete first.fixture.roles['approle/']!['billing-svc'];
    first.script({ path: /^\/v1\/identity\/entity\/id\?list=true$/ }, { status: 403, body: '{"errors":["permission denied"]}' });
    const partial = await synchronize(tenant, connector.id);
    expect(partial.state).toBe('partial');
    expect(states(await identities(tenant), 'vault_auth_role')['approle/billing-svc']).toBe('active');

    const complete = await synchronize(tenant, connector.id);
    expect(complete.state).toBe('completed');
    expect(complete.counts.identitiesRemoved).toBe(1);
    const after = await identities(tenant);
    expect(after.filter((identity) => identity.state === 'removed').map((identity) => identity.name)).toEqual(['approle/billing-svc']);
  });
});
