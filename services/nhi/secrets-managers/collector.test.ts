// The secrets-manager collector against the Vault stub (testing/vault-stub.ts,
// written from the documented API) on 127.0.0.1 behind TLS. Sessions run on a
// virtual clock, so the waits a server asks for are asserted exactly; the
// rate-limit test runs on the real clock and measures at the stub.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrgId } from '../../platform/db/database.js';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import { PartialCollectionError } from '../collection/index.js';
import { openSynchronizationSession, ProviderCallError, type ConnectorEgressPolicy } from '../connectors/index.js';
import { virtualClock } from '../connectors/testing/provider-peer.js';
import { classifyEntity, secretsManagerCollector } from './collector.js';
import { expectedVaultEdges, vaultFixture } from './testing/vault-fixture.js';
import { startVaultStub, type VaultStub } from './testing/vault-stub.js';
import { runCollector, type CollectorRun } from '../collection/testing/run-collector.js';

const certificates = createTestCertificates();
const testPolicy: ConnectorEgressPolicy = { allowedHosts: ['127.0.0.1'], allowPrivate: true };
const allCapabilities = ['auth_role_discovery', 'policy_discovery', 'relationship_discovery'];
const VAULT_TOKEN = `hvs.${randomUUID().replaceAll('-', '')}`;
const orgId = randomUUID() as OrgId;
const credentialsDirectory = mkdtempSync(path.join(tmpdir(), 'vault-credentials-'));
mkdirSync(path.join(credentialsDirectory, orgId));
writeFileSync(path.join(credentialsDirectory, orgId, 'vault-token'), `${VAULT_TOKEN}\n`);
writeFileSync(path.join(credentialsDirectory, orgId, 'vault-json'), JSON.stringify({ token: VAULT_TOKEN, namespace: 'team-a' }));
writeFileSync(path.join(credentialsDirectory, orgId, 'vault-wrong'), 'hvs.not-the-right-token');

let stub: VaultStub;

beforeAll(async () => {
  stub = await startVaultStub(certificates, VAULT_TOKEN, vaultFixture());
});
afterAll(async () => {
  await stub?.close();
  rmSync(credentialsDirectory, { recursive: true, force: true });
});
beforeEach(() => stub.reset(vaultFixture()));

interface Collection extends CollectorRun {
  /** The waits a server asked for (the pacer's own, a second at most, left out). */
  sleeps: number[];
}

async function collect(options: { capabilities?: string[]; credentialsReference?: string; realClock?: boolean } = {}): Promise<Collection> {
  const clock = virtualClock(Date.now());
  const session = await openSynchronizationSession(
    { credentialsDirectory, egress: testPolicy, trustedCaPem: certificates.caPem, clock: options.realClock ? undefined : clock },
    orgId,
    { kind: 'secrets_manager', credentialsReference: options.credentialsReference ?? 'vault-token' },
  );
  const run = await runCollector(secretsManagerCollector, {
    orgId,
    connector: { id: randomUUID(), kind: 'secrets_manager', endpoint: stub.endpoint, enabledCapabilities: options.capabilities ?? allCapabilities, settings: {} },
    session,
  });
  const collection: Collection = { ...run, sleeps: clock.sleeps.filter((ms) => ms > 1_000) };
  return collection;
}

const named = (collection: Collection, kind: string) =>
  collection.identities.filter((identity) => identity.kind === kind && identity.attributes.principalType !== 'person').map((identity) => identity.name).sort();
const edgeLines = (collection: Collection) => collection.edges.map((edge) => `${edge.type} ${edge.fromExternalId} -> ${edge.toExternalId}`).sort();
const requestsTo = (pattern: RegExp) => stub.received.filter((request) => pattern.test(request.path));

describe('secrets-manager collector against the Vault API', () => {
  it('collects the machine login methods, their roles, the entities that are not people and the policies', async () => {
    const collection = await collect();
    expect(collection.error).toBeUndefined();
    expect(named(collection, 'vault_auth_method')).toEqual(['approle/', 'kubernetes/']);
    expect(named(collection, 'vault_auth_role')).toEqual(['approle/backup-job', 'approle/billing-svc', 'approle/ci-runner', 'kubernetes/payments']);
    expect(named(collection, 'vault_entity')).toEqual(['ci-runner-entity', 'legacy-service', 'payments-sa']);
    expect(named(collection, 'vault_policy')).toEqual(['backup', 'billing', 'ci-read', 'default', 'deploy', 'legacy-admin', 'ops', 'payments-db', 'root']);

    const principal = (name: string) => collection.identities.find((identity) => identity.kind === 'vault_entity' && identity.name === name)?.attributes.principalType;
    expect(principal('ci-runner-entity')).toBe('machine');
    expect(principal('payments-sa')).toBe('machine');
    expect(principal('legacy-service')).toBe('unknown');
    // alice (userpass) and bob (OIDC and AppRole) are people: marked, nothing else of them, no edge.
    const people = collection.identities.filter((identity) => identity.attributes.principalType === 'person');
    expect(people.map((identity) => identity.externalId).sort()).toEqual([`vault:${stub.endpoint}#entity:1b2c3d4e-0000-4000-8000-000000000003`, `vault:${stub.endpoint}#entity:1b2c3d4e-0000-4000-8000-000000000004`]);
    expect(people.every((identity) => Object.keys(identity.attributes).join() === 'principalType')).toBe(true);
    expect(JSON.stringify(collection)).not.toMatch(/alice|bob@example/);

    const ciRunner = collection.identities.find((identity) => identity.name === 'approle/ci-runner');
    expect(ciRunner?.attributes).toMatchObject({ method: 'approle', policies: ['ci-read', 'deploy'], settings: { bind_secret_id: true, secret_id_ttl: 600, token_type: 'default' } });
    const backup = collection.identities.find((identity) => identity.name === 'approle/backup-job');
    expect(backup?.attributes.policies).toEqual(['backup']);
    const legacy = collection.identities.find((identity) => identity.name === 'legacy-admin');
    expect(legacy?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(collection.identities.every((identity) => identity.lastUsedAt === null)).toBe(true);
  });

  it('gives exactly the edges the fixture implies', async () => {
    const collection = await collect();
    expect(edgeLines(collection)).toEqual(expectedVaultEdges(stub.endpoint));
  });

  it('lists with GET ...?list=true, never the LIST verb, and sends the token (and namespace) from the credentials', async () => {
    await collect({ credentialsReference: 'vault-json' });
    expect(new Set(stub.received.map((request) => request.method))).toEqual(new Set(['GET']));
    expect(requestsTo(/\?list=true$/).map((request) => request.path).sort()).toEqual(['/v1/auth/approle/role?list=true', '/v1/auth/kubernetes/role?list=true', '/v1/identity/entity/id?list=true', '/v1/sys/policies/acl?list=true']);
    expect(stub.received.every((request) => request.tokenValid)).toBe(true);
  });

  it('changes a policy\'s fingerprint when its text changes', async () => {
    const first = await collect({ capabilities: ['policy_discovery'] });
    stub.fixture.policies.deploy = 'path "secret/data/deploy/*" {\n  capabilities = ["read", "list", "update"]\n}\n';
    const second = await collect({ capabilities: ['policy_discovery'] });
    const fingerprint = (collection: Collection, name: string) => collection.identities.find((identity) => identity.name === name)?.fingerprint;
    expect(fingerprint(second, 'deploy')).not.toBe(fingerprint(first, 'deploy'));
    expect(fingerprint(second, 'backup')).toBe(fingerprint(first, 'backup'));
  });

  it('treats an empty listing (Vault\'s 404) as nothing, and a role listing served twice with the same key as one role', async () => {
    stub.fixture.roles['kubernetes/'] = {};
    stub.script({ path: /^\/v1\/auth\/approle\/role\?list=true$/ }, { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { keys: ['ci-runner', 'ci-runner', 'backup-job'] } }) });
    const collection = await collect({ capabilities: ['auth_role_discovery'] });
    expect(collection.error).toBeUndefined();
    expect(named(collection, 'vault_auth_role')).toEqual(['approle/backup-job', 'approle/ci-runner']);
    expect(requestsTo(/^\/v1\/auth\/approle\/role\/ci-runner$/)).toHaveLength(1);
  });

  it('lists only what the connector enables', async () => {
    const policiesOnly = await collect({ capabilities: ['policy_discovery'] });
    expect(new Set(policiesOnly.identities.map((identity) => identity.kind))).toEqual(new Set(['vault_policy']));
    expect(policiesOnly.edges).toEqual([]);
    expect(requestsTo(/sys\/auth|identity|auth\//)).toEqual([]);
  });

  it('classifies entities by their aliases\' login methods', () => {
    expect(classifyEntity(['approle'])).toBe('machine');
    expect(classifyEntity(['kubernetes', 'cert'])).toBe('machine');
    expect(classifyEntity(['userpass'])).toBe('person');
    expect(classifyEntity(['approle', 'oidc'])).toBe('person');
    expect(classifyEntity([])).toBe('unknown');
    expect(classifyEntity(['jwt'])).toBe('unknown');
    expect(classifyEntity(['approle', 'token'])).toBe('unknown');
  });
});

describe('secrets-manager collector against the failures', () => {
  const expectFailed = (collection: Collection, failure: ProviderCallError['failure']) => {
    expect(collection.error).toBeInstanceOf(ProviderCallError);
    expect((collection.error as ProviderCallError).failure).toBe(failure);
    expect(collection.identities).toEqual([]);
  };

  it('waits what a 429 asks, in seconds and as an HTTP date', async () => {
    stub.script({ path: /^\/v1\/identity\/entity\/id\?list=true$/ }, { status: 429, headers: { 'retry-after': '5' }, body: '{"errors":["rate limit quota exceeded"]}' });
    const inSeconds = await collect();
    expect(inSeconds.error).toBeUndefined();
    expect(inSeconds.sleeps).toEqual([5_000]);
    expect(requestsTo(/^\/v1\/identity\/entity\/id\?list=true$/)).toHaveLength(2);

    stub.reset(vaultFixture());
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 9_000);
    stub.script({ path: /^\/v1\/sys\/policies\/acl\?list=true$/ }, { status: 429, headers: { 'retry-after': at.toUTCString() } });
    const asDate = await collect();
    expect(asDate.error).toBeUndefined();
    expect(asDate.sleeps).toHaveLength(1);
    expect(asDate.sleeps[0]).toBeGreaterThan(8_000);
    expect(asDate.sleeps[0]).toBeLessThanOrEqual(10_000);
  });

  it('never retries a refused token', async () => {
    const collection = await collect({ credentialsReference: 'vault-wrong' });
    expectFailed(collection, 'status');
    expect((collection.error as ProviderCallError).status).toBe(403);
    expect(stub.received).toHaveLength(1);
  });

  it('stops a body that never ends at the size limit, partial once something was collected', async () => {
    stub.script({ path: /^\/v1\/sys\/policies\/acl\?list=true$/ }, { status: 200, headers: { 'content-type': 'application/json' }, endless: true });
    const collection = await collect();
    expect(collection.error).toBeInstanceOf(PartialCollectionError);
    expect((collection.error as PartialCollectionError).reason).toMatch(/exceeds/);
    expect(named(collection, 'vault_auth_role')).toHaveLength(4);
    expect(requestsTo(/^\/v1\/sys\/policies\/acl\?list=true$/)).toHaveLength(1);
  });

  it('fails a response over the size limit before anything was collected', async () => {
    stub.script({ path: /^\/v1\/sys\/auth$/ }, { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.alloc(17 * 1024 * 1024, 0x20) });
    expectFailed(await collect(), 'too_large');
  });

  it('follows no redirect (a standby pointing at its active node)', async () => {
    stub.script({ path: /^\/v1\/sys\/auth$/ }, { status: 307, headers: { location: `${stub.endpoint}v1/sys/auth?active=1` } });
    expectFailed(await collect(), 'redirect');
    expect(stub.received).toHaveLength(1);
  });

  it('makes a collection partial when an item fails mid-way, and complete again once it answers', async () => {
    stub.script({ path: /^\/v1\/identity\/entity\/id\/1b2c3d4e-0000-4000-8000-000000000002$/ }, { status: 403, body: '{"errors":["permission denied"]}' });
    const partial = await collect();
    expect(partial.error).toBeInstanceOf(PartialCollectionError);
    expect(named(partial, 'vault_entity')).toEqual(['ci-runner-entity']);
    const complete = await collect();
    expect(complete.error).toBeUndefined();
  });
});

describe('secrets-manager collector pacing', () => {
  it('starts no more than 10 requests in any second, measured at the stub', async () => {
    const collection = await collect({ realClock: true });
    expect(collection.error).toBeUndefined();
    const arrivals = stub.received.map((request) => request.at);
    // sys/auth, 2 role listings and 4 roles, the entity listing and 5 entities, the policy listing and 9 policies.
    expect(arrivals).toHaveLength(23);
    // Every 11 consecutive arrivals span at least a second, less 100 ms allowed for loopback TLS arrival jitter.
    // The first request opens the connection (a TLS handshake after the pacer let it start), so it
    // arrives late by more than loopback jitter and no window is anchored on it (as for the cloud account).
    const anchored = arrivals.slice(1);
    const spans = anchored.slice(10).map((at, index) => at - anchored[index]!);
    expect(Math.min(...spans)).toBeGreaterThan(900);
  }, 30_000);
});
