// End to end, on both profiles: cloud_account connectors created through the API,
// synchronizations requested through the API and run by the real worker with the
// cloud-account collector against the AWS peer on 127.0.0.1 behind TLS (emulate and
// the stub serving the cloudsplaining fixture), published through the outbox and
// applied by the inventory processor. Two organizations each see only their own
// inventory; a partial run removes nothing, the next complete one tombstones the
// key the account no longer has; credentials of another account collect nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import type { Collector } from '../collection/index.js';
import type { Identity, Relationship } from '../collection/inventory.js';
import type { SynchronizationRun } from '../collection/runs.js';
import { requestRun } from '../collection/testing/api-fixtures.js';
import { useCollectionPipeline } from '../collection/testing/collection-pipeline.js';
import { connectorBodies, createConnector } from '../connectors/testing/api-fixtures.js';
import { cloudAccountIdentityKinds as kinds, createCloudAccountCollector } from './index.js';
import { awsError, COLLECTION_ROLE_ARN, EMULATED_ACCOUNT, EMULATED_KEY, startAwsPeer, type AwsPeer } from './testing/aws-peer.js';

const certificates = createTestCertificates();
const REFERENCE = 'aws-prod-audit';
const arn = (resource: string) => `arn:aws:iam::${EMULATED_ACCOUNT}:${resource}`;
const SSO_ADMIN_ROLE = arn('role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_AdministratorAccess_dc6414f7f2ab04fc');

describe.each(testProfiles)('cloud-account synchronization end to end ($profile)', (profile) => {
  const t = useTestApp(profile);
  let peer: AwsPeer;
  // The peer's endpoints are known once it listens; the worker asks for the collector per run.
  const collector: Collector = { kind: 'cloud_account', collect: (context) => createCloudAccountCollector({ endpoints: peer.endpoints }).collect(context) };
  const pipeline = useCollectionPipeline(t, profile.profile, [collector], {
    session: { egress: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem },
  });

  beforeAll(async () => {
    peer = await startAwsPeer(certificates, [
      { userName: 'privesc-sre-user', lastUse: { date: '2026-02-27T08:15:00Z', service: 's3', region: 'eu-west-1' } },
      { userName: 'privesc4-CreateAccessKey-user', lastUse: 'never' },
    ]);
  }, 30_000);
  afterAll(() => peer?.close());

  /** A connector of the tenant whose entry holds the emulated key and, unless told otherwise, the role to assume with it. */
  async function cloudConnector(tenant: TestTenant, overrides: Record<string, unknown> = {}, entry: Record<string, string> = { ...EMULATED_KEY, roleArn: COLLECTION_ROLE_ARN }) {
    await pipeline.current.holdCredentials(tenant, REFERENCE, JSON.stringify(entry));
    return createConnector(t.current, tenant.owner, {
      ...connectorBodies.cloud_account,
      enabledCapabilities: ['role_discovery', 'user_discovery', 'access_key_discovery', 'key_last_used', 'relationship_discovery'],
      settings: { includeUsers: false, includeKeyLastUsed: true },
      accountId: EMULATED_ACCOUNT,
      credentialsReference: REFERENCE,
      ...overrides,
    });
  }

  async function synchronize(tenant: TestTenant, connectorId: string): Promise<SynchronizationRun> {
    const run = await requestRun(t.current, tenant.owner, connectorId);
    return pipeline.current.runApplied(tenant, connectorId, run.id);
  }

  async function identities(tenant: TestTenant, query = ''): Promise<Identity[]> {
    const all: Identity[] = [];
    let cursor: string | undefined;
    do {
      const response = await t.current.call('GET', `/nhi/api/v1/identities?limit=200${query}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, { token: tenant.owner.token });
      expect(response.status).toBe(200);
      all.push(...response.body.items);
      cursor = response.body.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return all;
  }

  const assumeRoleCalls = () => peer.received.filter((call) => call.action === 'AssumeRole');

  it('collects into each organization only its own inventory, roles with the last use of the fixture, keys with theirs', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connector = await cloudConnector(tenant);
    const otherConnector = await cloudConnector(other, { enabledCapabilities: ['role_discovery'] });
    expect(connector.externalId).toMatch(/^sentinel-[A-Za-z0-9_-]{32}$/);
    expect(otherConnector.externalId).not.toBe(connector.externalId);

    peer.reset();
    const run = await synchronize(tenant, connector.id);
    expect(run).toMatchObject({ state: 'completed', error: null, counts: { identitiesSeen: 78 + 2 + 57 + 36, personsExcluded: 0 } });
    const otherRun = await synchronize(other, otherConnector.id);
    expect(otherRun.state).toBe('completed');
    // Each organization's role was assumed with its own connector's generated external id.
    expect(assumeRoleCalls().map((call) => call.params.ExternalId)).toEqual([connector.externalId, otherConnector.externalId]);

    const mine = await identities(tenant);
    const count = (all: Identity[], kind: string) => all.filter((identity) => identity.kind === kind).length;
    // Users excluded (includeUsers false); the keys and the policies the roles hold are in.
    expect({ roles: count(mine, kinds.role), users: count(mine, kinds.user), keys: count(mine, kinds.accessKey), policies: count(mine, kinds.policy), inline: count(mine, kinds.inlinePolicy) }).toEqual({
      roles: 78,
      users: 0,
      keys: 2,
      policies: 57,
      inline: 36,
    });
    expect(mine.every((identity) => identity.provider === 'aws' && identity.connectorId === connector.id)).toBe(true);
    const administrator = mine.find((identity) => identity.externalId === SSO_ADMIN_ROLE);
    expect(administrator).toMatchObject({ principalType: 'unknown', lastUsedAt: '2023-03-21T09:35:50.000Z' });
    const neverUsedRole = mine.find((identity) => identity.externalId === arn('role/privesc-sre-role'));
    expect(neverUsedRole).toMatchObject({ principalType: 'machine', lastUsedAt: 'not reported', attributes: { lastUse: { status: 'never_used' } } });
    const keys = Object.fromEntries(mine.filter((identity) => identity.kind === kinds.accessKey).map((key) => [key.attributes.userName, key.lastUsedAt]));
    expect(keys).toEqual({ 'privesc-sre-user': '2026-02-27T08:15:00.000Z', 'privesc4-CreateAccessKey-user': 'not reported' });
    expect(mine.filter((identity) => identity.kind === kinds.policy).every((identity) => identity.lastUsedAt === 'not reported')).toBe(true);

    // A role's edges over the API: who may assume it, what it holds.
    const sre = mine.find((identity) => identity.externalId === arn('role/privesc-sre-role'));
    const relationships = await t.current.call('GET', `/nhi/api/v1/identities/${sre?.id}/relationships?limit=100`, { token: tenant.owner.token });
    expect(relationships.status).toBe(200);
    const policy = mine.find((identity) => identity.externalId === arn('policy/privesc-sre-admin-policy'));
    expect((relationships.body.items as Relationship[]).map(({ type, direction, fromExternalId, toExternalId, counterpartIdentityId }) => ({ type, direction, fromExternalId, toExternalId, counterpartIdentityId }))).toEqual(
      expect.arrayContaining([
        { type: 'ASSUMES', direction: 'incoming', fromExternalId: arn('user/privesc-sre-user'), toExternalId: arn('role/privesc-sre-role'), counterpartIdentityId: null },
        { type: 'HAS_PERMISSION', direction: 'outgoing', fromExternalId: arn('role/privesc-sre-role'), toExternalId: arn('policy/privesc-sre-admin-policy'), counterpartIdentityId: policy?.id },
      ]),
    );

    // The other organization sees only its roles, never the first one's identities.
    const theirs = await identities(other);
    expect(theirs).toHaveLength(78);
    expect(theirs.every((identity) => identity.connectorId === otherConnector.id)).toBe(true);
    const foreign = await t.current.call('GET', `/nhi/api/v1/identities/${administrator?.id}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
  }, 60_000);

  it('removes nothing after a partial run, and tombstones the deleted key after the next complete one', async () => {
    const [tenant] = await t.current.twoTenants();
    const connector = await cloudConnector(tenant, { enabledCapabilities: ['role_discovery', 'access_key_discovery', 'relationship_discovery'] });
    expect((await synchronize(tenant, connector.id)).state).toBe('completed');
    const [keyId] = [...peer.accessKeys].find(([, key]) => key.userName === 'privesc4-CreateAccessKey-user') ?? [];
    expect(keyId).toBeDefined();
    const keyState = async () => (await identities(tenant, `&kind=${kinds.accessKey}`)).find((identity) => identity.externalId === keyId)?.state;
    expect(await keyState()).toBe('active');

    // The account no longer has the key, and a listing fails after the roles went out: partial, nothing removed.
    await peer.deleteAccessKey(keyId!);
    peer.script('ListAccessKeys', awsError(403, 'AccessDenied', 'User is not authorized to perform: iam:ListAccessKeys'));
    const partial = await synchronize(tenant, connector.id);
    expect(partial).toMatchObject({ state: 'partial', error: { code: 'partial_collection' } });
    expect(partial.error?.message).toMatch(/AccessDenied/);
    expect(partial.counts.identitiesRemoved).toBe(0);
    expect(await keyState()).toBe('active');

    const complete = await synchronize(tenant, connector.id);
    expect(complete.state).toBe('completed');
    expect(complete.counts.identitiesRemoved).toBe(1);
    expect(await keyState()).toBe('removed');
    const roles = await identities(tenant, `&kind=${kinds.role}`);
    expect(roles.filter((role) => role.state === 'active')).toHaveLength(78);
  }, 90_000);

  it('fails the run with configuration_error when the credentials belong to another account, collecting nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const connector = await cloudConnector(tenant, { accountId: '210987654321' }, { ...EMULATED_KEY });
    peer.reset();
    const run = await synchronize(tenant, connector.id);
    expect(run).toMatchObject({ state: 'failed', error: { code: 'configuration_error' }, counts: { identitiesSeen: 0 } });
    expect(run.error?.message).toBe(`the credentials belong to AWS account ${EMULATED_ACCOUNT}, not the connector's account 210987654321: nothing was collected`);
    expect(peer.received.map((call) => call.action)).toEqual(['GetCallerIdentity']);
    expect(await identities(tenant)).toEqual([]);
  }, 60_000);

  it('never accepts an external id from the request: not as a member, not as a setting', async () => {
    const [tenant] = await t.current.twoTenants();
    for (const body of [
      { ...connectorBodies.cloud_account, externalId: 'sentinel-chosen-by-the-caller' },
      { ...connectorBodies.cloud_account, settings: { includeUsers: false, externalId: 'sentinel-chosen-by-the-caller' } },
    ]) {
      const response = await t.current.call('POST', '/nhi/api/v1/connectors', { token: tenant.owner.token, body });
      expect(response.status).toBe(400);
    }
    const connector = await createConnector(t.current, tenant.owner, connectorBodies.cloud_account);
    const patched = await t.current.call('PATCH', `/nhi/api/v1/connectors/${connector.id}`, { token: tenant.owner.token, body: { settings: { externalId: 'sentinel-chosen-by-the-caller' } } });
    expect(patched.status).toBe(400);
    const shown = await t.current.call('GET', `/nhi/api/v1/connectors/${connector.id}`, { token: tenant.owner.token });
    expect(shown.body.externalId).toBe(connector.externalId);
  });
});
