// The code-hosting collector against GitHub on 127.0.0.1 behind TLS: emulate's
// GitHub service (organization, members, the app's JWT and installation token)
// with GitHub's own response examples for the calls it lacks (testing/github-peer.ts),
// seeded with the fixture organizations (testing/github-fixture.ts). The sessions
// run on a virtual clock, so the waits the provider asked for are asserted exactly;
// the rate-limit test runs on the real clock and measures at the peer.
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
import { createCodeHostingCollector } from './collector.js';
import { MAX_PAGES } from './github-client.js';
import { acme, acmeExpectedEdges, inventoryApp } from './testing/github-fixture.js';
import { startGitHubPeer, type GitHubPeer } from './testing/github-peer.js';
import { runCollector, type CollectorRun } from '../collection/testing/run-collector.js';

const certificates = createTestCertificates();
const testPolicy: ConnectorEgressPolicy = { allowedHosts: ['127.0.0.1'], allowPrivate: true };
const allCapabilities = ['app_discovery', 'bot_discovery', 'deploy_key_discovery', 'token_discovery', 'relationship_discovery'];
const orgId = randomUUID() as OrgId;
const credentialsDirectory = mkdtempSync(path.join(tmpdir(), 'github-credentials-'));
mkdirSync(path.join(credentialsDirectory, orgId));
const hold = (reference: string, value: string) => writeFileSync(path.join(credentialsDirectory, orgId, reference), value);

let peer: GitHubPeer;

beforeAll(async () => {
  peer = await startGitHubPeer(certificates);
  hold('github-app', JSON.stringify({ appId: inventoryApp.appId, privateKey: peer.appPrivateKey }));
  hold('github-app-installation', JSON.stringify({ appId: inventoryApp.appId, privateKey: peer.appPrivateKey, installationId: 9001 }));
  hold('github-token', `github_pat_11ABCDEFG0${'a'.repeat(40)}\n`);
  hold('not-github', '{"username": "someone"}');
}, 30_000);
afterAll(async () => {
  await peer?.close();
  rmSync(credentialsDirectory, { recursive: true, force: true });
});
beforeEach(() => peer.reset());

interface Collection extends CollectorRun {
  /** The waits a provider asked for (the pacer's own waits, a second at most, left out). */
  sleeps: number[];
}

interface CollectOptions {
  capabilities?: string[];
  settings?: Record<string, unknown>;
  credentialsReference?: string;
  organization?: string;
  realClock?: boolean;
  trustedCaPem?: string;
}

async function collect(options: CollectOptions = {}): Promise<Collection> {
  const clock = virtualClock(Date.now());
  const session = await openSynchronizationSession(
    { credentialsDirectory, egress: testPolicy, trustedCaPem: 'trustedCaPem' in options ? options.trustedCaPem : certificates.caPem, clock: options.realClock ? undefined : clock },
    orgId,
    { kind: 'code_hosting_organization', credentialsReference: options.credentialsReference ?? 'github-app' },
  );
  const run = await runCollector(createCodeHostingCollector({ apiBaseUrl: peer.origin }), {
    orgId,
    connector: { id: randomUUID(), kind: 'code_hosting_organization', endpoint: null, organization: options.organization ?? acme.login, enabledCapabilities: options.capabilities ?? allCapabilities, settings: options.settings ?? {} },
    session,
  });
  const collection: Collection = { ...run, sleeps: clock.sleeps.filter((ms) => ms > 1_000) };
  return collection;
}

const machines = (collection: Collection, kind: string) =>
  collection.identities.filter((identity) => identity.kind === kind && identity.attributes.principalType === 'machine').map((identity) => identity.name).sort();
const edgeLines = (collection: Collection) => collection.edges.map((edge) => `${edge.type} ${edge.fromExternalId} -> ${edge.toExternalId}`).sort();
const requestsTo = (pattern: RegExp) => peer.received.filter((request) => pattern.test(request.path));

describe('code-hosting collector against GitHub (emulate and GitHub\'s response examples)', () => {
  it('collects the installed apps, their bots, the deploy keys and the tokens granted, and no person', async () => {
    const collection = await collect();
    expect(collection.error).toBeUndefined();
    expect(machines(collection, 'github_app_installation')).toEqual(['deploy-helper', 'sentinel-inventory']);
    expect(machines(collection, 'github_bot')).toEqual(['deploy-helper[bot]', 'sentinel-inventory[bot]']);
    expect(machines(collection, 'github_deploy_key')).toEqual(['ci-deploy', 'mirror', 'terraform']);
    expect(machines(collection, 'github_fine_grained_token')).toEqual(['metrics-export', 'release-script', 'unused-grant']);

    // The members are people: each is handed over marked as one (the run counts and drops them), with nothing of them but the mark.
    const people = collection.identities.filter((identity) => identity.attributes.principalType === 'person');
    expect(people.map((identity) => identity.name).sort()).toEqual(acme.members);
    expect(people.every((identity) => Object.keys(identity.attributes).join() === 'principalType')).toBe(true);

    const installation = collection.identities.find((identity) => identity.externalId === 'github:installation:9002');
    expect(installation?.attributes).toMatchObject({ appId: 515151, repositorySelection: 'selected', permissions: { contents: 'write', deployments: 'write', metadata: 'read' } });
    const ciDeploy = collection.identities.find((identity) => identity.name === 'ci-deploy');
    expect(ciDeploy?.attributes).toMatchObject({ repository: 'acme-corp/api', readOnly: false, keyFingerprint: expect.stringMatching(/^SHA256:[A-Za-z0-9+/]{43}$/) });
    const release = collection.identities.find((identity) => identity.name === 'release-script');
    expect(release?.attributes).toMatchObject({ owner: { login: 'alice', id: 1001 }, repositorySelection: 'subset', tokenId: 98716, grantId: 25381 });

    // Spec 8: last use is not reported, even where GitHub has a field for it (deploy keys' last_used, token_last_used_at).
    expect(collection.identities.every((identity) => identity.lastUsedAt === null)).toBe(true);
    expect(JSON.stringify(collection.identities.map((identity) => identity.attributes))).not.toMatch(/last_?used/i);
  });

  it('gives exactly the edges the fixture implies', async () => {
    const collection = await collect();
    expect(edgeLines(collection)).toEqual(acmeExpectedEdges);
  });

  it('authenticates as the app installation: JWT for the lookup and the token, the installation token for everything else', async () => {
    await collect();
    const [lookup, token, ...rest] = peer.received;
    expect(lookup).toMatchObject({ method: 'GET', path: '/orgs/acme-corp/installation', authorization: 'Bearer jwt' });
    expect(token).toMatchObject({ method: 'POST', path: '/app/installations/9001/access_tokens', authorization: 'Bearer jwt' });
    expect(rest.length).toBeGreaterThan(10);
    expect(rest.every((request) => request.authorization === 'token ghs')).toBe(true);
  });

  it('skips the installation lookup when the credentials name the installation', async () => {
    const collection = await collect({ credentialsReference: 'github-app-installation' });
    expect(collection.error).toBeUndefined();
    expect(requestsTo(/\/installation$/)).toEqual([]);
    expect(peer.received[0]).toMatchObject({ method: 'POST', path: '/app/installations/9001/access_tokens' });
  });

  it('with a token instead of an app, collects everything but the token grants, which only an app may list: partial, the refusal not retried', async () => {
    const collection = await collect({ credentialsReference: 'github-token' });
    expect(collection.error).toBeInstanceOf(PartialCollectionError);
    expect((collection.error as PartialCollectionError).reason).toMatch(/HTTP 403/);
    expect(machines(collection, 'github_deploy_key')).toEqual(['ci-deploy', 'mirror', 'terraform']);
    expect(machines(collection, 'github_fine_grained_token')).toEqual([]);
    expect(requestsTo(/personal-access-tokens/)).toHaveLength(1);
    expect(peer.received.every((request) => request.authorization === 'token other')).toBe(true);
  });

  it('lists only what the connector enables', async () => {
    const keysOnly = await collect({ capabilities: ['deploy_key_discovery'] });
    expect(keysOnly.error).toBeUndefined();
    expect(new Set(keysOnly.identities.map((identity) => identity.kind))).toEqual(new Set(['github_deploy_key']));
    expect(keysOnly.edges).toEqual([]);
    expect(requestsTo(/^\/orgs\/acme-corp\/(installations|members|personal-access-tokens)/)).toEqual([]);

    peer.reset();
    const noBots = await collect({ settings: { includeBots: false } });
    expect(machines(noBots, 'github_bot')).toEqual([]);
    expect(requestsTo(/members/)).toEqual([]);
    expect(machines(noBots, 'github_app_installation')).toEqual(['deploy-helper', 'sentinel-inventory']);
  });

  it('keeps a member of type Bot as a machine', async () => {
    peer.script(
      { path: /^\/orgs\/acme-corp\/members/ },
      { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ login: 'release-robot', id: 4242, type: 'Bot' }, { login: 'erin', id: 4343, type: 'User' }]) },
    );
    const collection = await collect({ capabilities: ['bot_discovery'] });
    expect(collection.error).toBeUndefined();
    expect(collection.identities.find((identity) => identity.externalId === 'github:user:4242')?.attributes).toMatchObject({ principalType: 'machine', login: 'release-robot', source: 'member' });
    expect(collection.identities.find((identity) => identity.externalId === 'github:user:4343')?.attributes).toEqual({ principalType: 'person' });
  });

  it('refuses credentials that are not GitHub\'s before any request', async () => {
    const collection = await collect({ credentialsReference: 'not-github' });
    expect(collection.error).toMatchObject({ code: 'configuration_error' });
    expect(String((collection.error as Error).message)).not.toMatch(/someone/);
    expect(peer.received).toEqual([]);
  });
});

describe('code-hosting collector against GitHub\'s failures', () => {
  const expectFailed = (collection: Collection, failure: ProviderCallError['failure']) => {
    expect(collection.error).toBeInstanceOf(ProviderCallError);
    expect((collection.error as ProviderCallError).failure).toBe(failure);
    expect(collection.identities).toEqual([]);
  };

  it('waits what a 429 asks, in seconds and as an HTTP date, and completes', async () => {
    const inSeconds = { status: 429, headers: { 'retry-after': '7', 'content-type': 'application/json' }, body: '{"message":"slow down"}' };
    peer.script({ path: /^\/orgs\/acme-corp\/members/ }, inSeconds);
    const first = await collect();
    expect(first.error).toBeUndefined();
    expect(first.sleeps).toEqual([7_000]);
    expect(requestsTo(/^\/orgs\/acme-corp\/members/)).toHaveLength(2);

    peer.reset();
    // An HTTP date a whole number of seconds ahead of the virtual clock, which starts at the real time.
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 12_000);
    peer.script({ path: /^\/orgs\/acme-corp\/repos/ }, { status: 429, headers: { 'retry-after': at.toUTCString() } });
    const second = await collect();
    expect(second.error).toBeUndefined();
    expect(second.sleeps).toHaveLength(1);
    expect(second.sleeps[0]).toBeGreaterThan(11_000);
    expect(second.sleeps[0]).toBeLessThanOrEqual(13_000);
  });

  it("obeys GitHub's 403 rate limit (x-ratelimit-remaining 0) until its reset, and gives up on a reset too far away", async () => {
    const resetIn = (seconds: number) => String(Math.ceil(Date.now() / 1000) + seconds);
    peer.script({ path: /^\/orgs\/acme-corp\/installations/ }, { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(30), 'content-type': 'application/json' }, body: '{"message":"API rate limit exceeded"}' });
    const waited = await collect();
    expect(waited.error).toBeUndefined();
    expect(waited.sleeps).toHaveLength(1);
    expect(waited.sleeps[0]).toBeGreaterThan(28_000);
    expect(waited.sleeps[0]).toBeLessThanOrEqual(31_000);

    peer.reset();
    peer.script({ path: /^\/orgs\/acme-corp$/ }, { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(3600) }, body: '{"message":"API rate limit exceeded"}' });
    const refused = await collect();
    expectFailed(refused, 'rate_limited');
    expect(requestsTo(/^\/orgs\/acme-corp$/)).toHaveLength(1);
  });

  it('never retries an authentication failure', async () => {
    peer.script({ method: 'POST', path: /access_tokens$/ }, { status: 401, headers: { 'content-type': 'application/json' }, body: '{"message":"A JSON web token could not be decoded"}' });
    const collection = await collect();
    expectFailed(collection, 'status');
    expect((collection.error as ProviderCallError).status).toBe(401);
    expect(requestsTo(/access_tokens$/)).toHaveLength(1);
    expect(peer.received).toHaveLength(2);
  });

  it('collects an item served on two pages once', async () => {
    peer.state.grantsPaging = 'repeat-item';
    peer.state.grantsPageSize = 2;
    const collection = await collect({ capabilities: ['token_discovery'] });
    expect(collection.error).toBeUndefined();
    expect(requestsTo(/personal-access-tokens\?/)).toHaveLength(2);
    expect(collection.identities.map((identity) => identity.name).sort()).toEqual(['metrics-export', 'release-script', 'unused-grant']);
  });

  it('stops a listing whose pages never end, as a partial collection', async () => {
    peer.state.grantsPaging = 'endless';
    peer.state.grantsPageSize = 1;
    const collection = await collect({ capabilities: ['token_discovery'] });
    expect(collection.error).toBeInstanceOf(PartialCollectionError);
    expect((collection.error as PartialCollectionError).reason).toMatch(/more than 1000 pages/);
    expect(requestsTo(/personal-access-tokens/)).toHaveLength(MAX_PAGES);
  }, 120_000);

  it('fails a response over the size limit, partial once something was collected', async () => {
    peer.script({ path: /^\/orgs\/acme-corp\/members/ }, { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.alloc(17 * 1024 * 1024, 0x20) });
    const collection = await collect();
    expect(collection.error).toBeInstanceOf(PartialCollectionError);
    expect((collection.error as PartialCollectionError).reason).toMatch(/exceeds/);
    expect(machines(collection, 'github_app_installation')).toHaveLength(2);
    expect(requestsTo(/^\/orgs\/acme-corp\/members/)).toHaveLength(1);
  });

  it('follows no redirect', async () => {
    peer.script({ path: /^\/orgs\/acme-corp$/ }, { status: 301, headers: { location: `${peer.origin}/orgs/elsewhere` } });
    const collection = await collect();
    expectFailed(collection, 'redirect');
    expect(requestsTo(/elsewhere/)).toEqual([]);
  });

  it('verifies TLS against the deployment CA only', async () => {
    const collection = await collect({ trustedCaPem: undefined });
    expectFailed(collection, 'network');
    expect(String((collection.error as Error).message)).toMatch(/certificate/i);
  });
});

describe('code-hosting collector pacing', () => {
  it('starts no more than 10 requests in any second, measured at the peer', async () => {
    const collection = await collect({ realClock: true });
    expect(collection.error).toBeUndefined();
    const arrivals = peer.received.map((request) => request.at);
    // 2 authentication calls, the organization, installations, members, repositories, 12 key listings, grants, one grant's repositories.
    expect(arrivals).toHaveLength(20);
    // Every window of 11 consecutive arrivals spans at least a second, less 100 ms allowed for
    // the arrival jitter of loopback TLS (a first request's handshake makes it arrive later than it started).
    // The first request opens the connection (a TLS handshake after the pacer let it start), so it
    // arrives late by more than loopback jitter and no window is anchored on it (as for the cloud account).
    const anchored = arrivals.slice(1);
    const spans = anchored.slice(10).map((at, index) => at - anchored[index]!);
    expect(Math.min(...spans)).toBeGreaterThan(900);
  }, 30_000);
});
