// The cloud-account collector against an AWS account on 127.0.0.1 behind TLS
// (testing/aws-peer.ts: emulate for STS and the access keys, a stub serving the
// real get-account-authorization-details output of test/fixtures/nhi/aws for what
// emulate lacks), through the connector's provider client. The peer is started
// once for the file; each test resets its log, scripts and state.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrgId } from '../../platform/db/database.js';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import { AppError } from '../../platform/errors.js';
import { PartialCollectionError, type CollectedEdge } from '../collection/index.js';
import { openSynchronizationSession, type ConnectorEgressPolicy } from '../connectors/index.js';
import { systemClock, type Clock } from '../connectors/request-pacer.js';
import { virtualClock } from '../connectors/testing/provider-peer.js';
import { AwsCallError } from './aws-calls.js';
import { cloudAccountIdentityKinds as kinds, createCloudAccountCollector, inlinePolicyExternalId } from './collector.js';
import { awsError, COLLECTION_ROLE_ARN, EMULATED_ACCOUNT, EMULATED_KEY, fixtureAuthorizationDetails, startAwsPeer, type AwsPeer } from './testing/aws-peer.js';
import { runCollector, type CollectorRun } from '../collection/testing/run-collector.js';

const certificates = createTestCertificates();
const testPolicy: ConnectorEgressPolicy = { allowedHosts: ['127.0.0.1'], allowPrivate: true };
const allCapabilities = ['role_discovery', 'user_discovery', 'access_key_discovery', 'key_last_used', 'relationship_discovery'];
const orgId = randomUUID() as OrgId;
const otherOrgId = randomUUID() as OrgId;
const EXTERNAL_ID = 'sentinel-generated-external-id-of-the-connector';
const arn = (resource: string) => `arn:aws:iam::${EMULATED_ACCOUNT}:${resource}`;

const credentialsDirectory = mkdtempSync(path.join(tmpdir(), 'aws-credentials-'));
const entries: Record<string, unknown> = {
  'aws-key': EMULATED_KEY,
  'aws-role': { ...EMULATED_KEY, roleArn: COLLECTION_ROLE_ARN },
  'aws-foreign-role': { ...EMULATED_KEY, roleArn: 'arn:aws:iam::210987654321:role/SentinelInventoryReader' },
  'aws-with-external-id': { ...EMULATED_KEY, roleArn: COLLECTION_ROLE_ARN, externalId: 'chosen-by-someone' },
};
mkdirSync(path.join(credentialsDirectory, orgId));
mkdirSync(path.join(credentialsDirectory, otherOrgId));
for (const [name, entry] of Object.entries(entries)) writeFileSync(path.join(credentialsDirectory, orgId, name), JSON.stringify(entry));

// Keys the peer creates in emulate, with the last use its stub reports for each.
const keyOwners = {
  'privesc-sre-user': { date: '2026-02-27T08:15:00Z', service: 's3', region: 'eu-west-1' },
  'privesc4-CreateAccessKey-user': 'never',
  obama: { date: '2025-11-03T21:40:12Z', service: 'iam', region: 'us-east-1' },
} as const;

let peer: AwsPeer;
beforeAll(async () => {
  peer = await startAwsPeer(certificates, Object.entries(keyOwners).map(([userName, lastUse]) => ({ userName, lastUse })));
}, 30_000);
afterAll(async () => {
  await peer?.close();
  rmSync(credentialsDirectory, { recursive: true, force: true });
});
beforeEach(() => peer.reset());

type Collection = CollectorRun;

interface CollectOptions {
  capabilities?: string[];
  settings?: Record<string, unknown>;
  credentialsReference?: string;
  accountId?: string;
  organization?: OrgId;
  trustedCaPem?: string;
  /** The session's clock: a fresh virtual one unless given (its sleeps pass at once and are recorded); the rate test gives the system's. */
  clock?: Clock;
}

async function collect(options: CollectOptions = {}): Promise<Collection> {
  const organization = options.organization ?? orgId;
  const session = await openSynchronizationSession(
    { credentialsDirectory, egress: testPolicy, trustedCaPem: 'trustedCaPem' in options ? options.trustedCaPem : certificates.caPem, clock: options.clock ?? virtualClock() },
    organization,
    { kind: 'cloud_account', credentialsReference: options.credentialsReference ?? 'aws-key' },
  );
  const run = await runCollector(createCloudAccountCollector({ endpoints: peer.endpoints }), {
    orgId: organization,
    connector: {
      id: randomUUID(),
      kind: 'cloud_account',
      endpoint: null,
      enabledCapabilities: options.capabilities ?? allCapabilities,
      settings: options.settings ?? { includeUsers: true, includeKeyLastUsed: true },
      accountId: options.accountId ?? EMULATED_ACCOUNT,
      externalId: EXTERNAL_ID,
    },
    session,
  });
  return run;
}

const ofKind = (collection: Collection, kind: string) => collection.identities.filter((identity) => identity.kind === kind);
const byId = (collection: Collection) => new Map(collection.identities.map((identity) => [identity.externalId, identity]));
const edgeText = (edge: CollectedEdge) => `${edge.fromExternalId} ${edge.type} ${edge.toExternalId}`;
const actions = () => peer.received.map((call) => call.action);

describe('cloud-account collector against the fixture account', () => {
  it('collects every role of the fixture with the last use IAM reports for it', async () => {
    const collection = await collect();
    expect(collection.error).toBeUndefined();
    const fixtureRoles = fixtureAuthorizationDetails().RoleDetailList;
    const roles = byId({ ...collection, identities: ofKind(collection, kinds.role) });
    expect(roles.size).toBe(78);
    expect([...roles.keys()].sort()).toEqual(fixtureRoles.map((role) => String(role.Arn)).sort());
    let used = 0;
    for (const role of fixtureRoles) {
      const collected = roles.get(String(role.Arn));
      const lastUsed = (role.RoleLastUsed as { LastUsedDate?: string }).LastUsedDate;
      // The fixture writes `2022-08-07 12:56:48+00:00`; the same instant.
      expect(collected?.lastUsedAt?.getTime() ?? null).toBe(lastUsed === undefined ? null : Date.parse(lastUsed.replace(' ', 'T')));
      expect(collected?.attributes.lastUse).toMatchObject({ status: lastUsed === undefined ? 'never_used' : 'used' });
      if (lastUsed !== undefined) used++;
    }
    expect(used).toBe(26);
    const sso = roles.get(arn('role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_AdministratorAccess_dc6414f7f2ab04fc'));
    expect(sso?.lastUsedAt?.toISOString()).toBe('2023-03-21T09:35:50.000Z');
    expect(sso?.attributes).toMatchObject({ principalType: 'unknown', lastUse: { status: 'used', region: 'us-east-1' } });
    const ssm = roles.get(arn('role/aws-service-role/ssm.amazonaws.com/AWSServiceRoleForAmazonSSM'));
    expect(ssm?.attributes).toMatchObject({ principalType: 'machine', serviceLinked: true, trustPolicy: { Statement: [{ Principal: { Service: 'ssm.amazonaws.com' } }] } });
  });
});

describe('cloud-account collector: what each capability and setting collects', () => {
  it('relates the fixture as its policies say: the edges listed here, and as many of each type as the fixture holds', async () => {
    const collection = await collect();
    expect(collection.error).toBeUndefined();
    const edges = new Set(collection.edges.map(edgeText));
    const sreKey = [...peer.accessKeys].find(([, key]) => key.userName === 'privesc-sre-user')?.[0];
    const expected = [
      // Trust policies: a service, a role of the account, another account's root, the account's own root, a user, a SAML provider.
      `Service:ssm.amazonaws.com ASSUMES ${arn('role/AWS-QuickSetup-EnableCRecording-1clff_ap-northeast-1')}`,
      `${arn('role/AWS-QuickSetup-StackSet-Local-AdministrationRole')} ASSUMES ${arn('role/AWS-QuickSetup-StackSet-Local-ExecutionRole')}`,
      `arn:aws:iam::072528804237:root ASSUMES ${arn('role/OrganizationAccountAccessRole')}`,
      `arn:aws:iam::072528804237:role/aws-service-role/stacksets.cloudformation.amazonaws.com/AWSServiceRoleForCloudFormationStackSetsOrgAdmin ASSUMES ${arn('role/stacksets-exec-b5520cb2730c2f54b523d6375a319abb')}`,
      `${arn('role/privesc-AssumeRole-starting-role')} ASSUMES ${arn('role/privesc-AssumeRole-intermediate-role')}`,
      `${arn('role/privesc-AssumeRole-intermediate-role')} ASSUMES ${arn('role/privesc-AssumeRole-ending-role')}`,
      `${arn('root')} ASSUMES ${arn('role/privesc-permissive-role-trust')}`,
      `${arn('user/privesc-sre-user')} ASSUMES ${arn('role/privesc-sre-role')}`,
      `${arn('saml-provider/AWSSSO_b937d2dff24f2774_DO_NOT_DELETE')} ASSUMES ${arn('role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_AdministratorAccess_dc6414f7f2ab04fc')}`,
      // Attached and inline policies of roles, users and groups; group membership; a key and its user.
      `${arn('role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_AdministratorAccess_dc6414f7f2ab04fc')} HAS_PERMISSION arn:aws:iam::aws:policy/AdministratorAccess`,
      `${arn('role/privesc-sre-role')} HAS_PERMISSION ${arn('policy/privesc-sre-admin-policy')}`,
      `${arn('role/AWS-QuickSetup-EnableCRecording-1clff_ap-northeast-1')} HAS_PERMISSION ${inlinePolicyExternalId(arn('role/AWS-QuickSetup-EnableCRecording-1clff_ap-northeast-1'), 'SSMQuickSetupEnableExplorerInlinePolicy')}`,
      `${arn('user/privesc-sre-user')} BELONGS_TO ${arn('group/privesc-sre-group')}`,
      `${arn('group/privesc-sre-group')} HAS_PERMISSION ${arn('policy/privesc-sre-admin-policy')}`,
      `arn:aws:iam::012345678901:group/biden HAS_PERMISSION ${inlinePolicyExternalId('arn:aws:iam::012345678901:group/biden', 'InlinePolicyForBidenGroup')}`,
      `arn:aws:iam::012345678901:user/biden BELONGS_TO arn:aws:iam::012345678901:group/biden`,
      `${arn('user/privesc-sre-user')} AUTHENTICATES_WITH ${sreKey}`,
    ];
    for (const edge of expected) expect(edges, edge).toContain(edge);
    const count = (type: string) => collection.edges.filter((edge) => edge.type === type).length;
    // 87 principals in 78 trust policies (40 of them the same Identity Center session); 106 attachments and 39 inline policies; 6 memberships; 3 keys.
    expect({ ASSUMES: count('ASSUMES'), HAS_PERMISSION: count('HAS_PERMISSION'), BELONGS_TO: count('BELONGS_TO'), AUTHENTICATES_WITH: count('AUTHENTICATES_WITH') }).toEqual({
      ASSUMES: 87,
      HAS_PERMISSION: 145,
      BELONGS_TO: 6,
      AUTHENTICATES_WITH: 3,
    });
    expect(edges.size).toBe(collection.edges.length);

    // The policies recorded are those held: 59 managed (each with its default version's document), 39 inline.
    expect(ofKind(collection, kinds.policy)).toHaveLength(59);
    expect(ofKind(collection, kinds.inlinePolicy)).toHaveLength(39);
    const administrator = byId(collection).get('arn:aws:iam::aws:policy/AdministratorAccess');
    expect(administrator?.attributes).toMatchObject({ awsManaged: true, document: { Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }] } });
    expect(ofKind(collection, kinds.user)).toHaveLength(44);
    expect(ofKind(collection, kinds.group)).toHaveLength(5);
  });

  it('records users and groups as unknown with includeUsers, and excludes them without it, keys still collected', async () => {
    const included = await collect();
    expect(ofKind(included, kinds.user).every((user) => user.attributes.principalType === 'unknown' && user.lastUsedAt === null)).toBe(true);
    expect(ofKind(included, kinds.group).every((group) => group.attributes.principalType === 'unknown')).toBe(true);

    const excluded = await collect({ settings: { includeUsers: false, includeKeyLastUsed: true } });
    expect(excluded.error).toBeUndefined();
    expect(ofKind(excluded, kinds.user)).toEqual([]);
    expect(ofKind(excluded, kinds.group)).toEqual([]);
    expect(ofKind(excluded, kinds.accessKey)).toHaveLength(3);
    // Only roles hold permissions now: 60 attachments of 57 policies, 36 inline; no membership.
    expect(excluded.edges.filter((edge) => edge.type === 'HAS_PERMISSION')).toHaveLength(96);
    expect(ofKind(excluded, kinds.policy)).toHaveLength(57);
    expect(excluded.edges.filter((edge) => edge.type === 'BELONGS_TO')).toEqual([]);
    // The users' details were read (for their keys) but not their groups.
    const filter = peer.received.filter((call) => call.action === 'GetAccountAuthorizationDetails' && call.params.Marker === undefined).at(-1)?.params;
    expect(Object.entries(filter ?? {}).filter(([name]) => name.startsWith('Filter.member.')).map(([, value]) => value)).toEqual(['Role', 'User', 'LocalManagedPolicy', 'AWSManagedPolicy']);
  });

  it("reports each key's last use only with includeKeyLastUsed and key_last_used", async () => {
    const reported = await collect();
    const keys = new Map(ofKind(reported, kinds.accessKey).map((key) => [String(key.attributes.userName), key]));
    expect(keys.get('privesc-sre-user')?.lastUsedAt?.toISOString()).toBe('2026-02-27T08:15:00.000Z');
    expect(keys.get('privesc-sre-user')?.attributes.lastUse).toEqual({ status: 'used', service: 's3', region: 'eu-west-1' });
    expect(keys.get('obama')?.lastUsedAt?.toISOString()).toBe('2025-11-03T21:40:12.000Z');
    expect(keys.get('privesc4-CreateAccessKey-user')?.lastUsedAt).toBeNull();
    expect(keys.get('privesc4-CreateAccessKey-user')?.attributes.lastUse).toEqual({ status: 'never_used', service: null, region: null });
    expect(keys.get('obama')?.attributes).toMatchObject({ principalType: 'unknown', userArn: 'arn:aws:iam::012345678901:user/obama', status: 'Active' });
    expect(actions().filter((action) => action === 'GetAccessKeyLastUsed')).toHaveLength(3);

    for (const options of [{ settings: { includeUsers: true, includeKeyLastUsed: false } }, { capabilities: allCapabilities.filter((capability) => capability !== 'key_last_used') }]) {
      peer.reset();
      const unreported = await collect(options);
      expect(unreported.error).toBeUndefined();
      expect(actions()).not.toContain('GetAccessKeyLastUsed');
      expect(ofKind(unreported, kinds.accessKey).map((key) => [key.lastUsedAt, key.attributes.lastUse])).toEqual([
        [null, undefined],
        [null, undefined],
        [null, undefined],
      ]);
    }
  });

  it('reports last use for roles and access keys only: every other identity is "not reported"', async () => {
    const collection = await collect();
    const reporting: string[] = [kinds.role, kinds.accessKey];
    expect(collection.identities.filter((identity) => !reporting.includes(identity.kind)).every((identity) => identity.lastUsedAt === null)).toBe(true);
    expect(collection.identities.filter((identity) => reporting.includes(identity.kind) && identity.lastUsedAt !== null)).toHaveLength(26 + 2);
  });

  it('reads and emits only what the enabled capabilities cover', async () => {
    const collection = await collect({ capabilities: ['role_discovery'] });
    expect(collection.error).toBeUndefined();
    expect(new Set(collection.identities.map((identity) => identity.kind))).toEqual(new Set([kinds.role]));
    expect(collection.edges).toEqual([]);
    expect(new Set(actions())).toEqual(new Set(['GetCallerIdentity', 'GetAccountAuthorizationDetails']));
    expect(peer.received.find((call) => call.action === 'GetAccountAuthorizationDetails')?.params).toMatchObject({ 'Filter.member.1': 'Role' });
    expect(peer.received.find((call) => call.action === 'GetAccountAuthorizationDetails')?.params['Filter.member.2']).toBeUndefined();
  });
});

describe('cloud-account collector: before anything is collected', () => {
  it("refuses credentials of another account after the identity check, reading nothing else", async () => {
    const collection = await collect({ accountId: '210987654321' });
    expect(collection.error).toBeInstanceOf(AppError);
    expect((collection.error as AppError).code).toBe('configuration_error');
    expect((collection.error as Error).message).toBe(`the credentials belong to AWS account ${EMULATED_ACCOUNT}, not the connector's account 210987654321: nothing was collected`);
    expect(actions()).toEqual(['GetCallerIdentity']);
    expect(collection.identities).toEqual([]);
  });

  it("assumes the entry's role with the connector's generated external id, then signs everything with the role's credentials", async () => {
    const collection = await collect({ credentialsReference: 'aws-role', capabilities: ['role_discovery'] });
    expect(collection.error).toBeUndefined();
    const [assume, ...after] = peer.received;
    expect(assume).toMatchObject({ service: 'sts', action: 'AssumeRole', signedWith: EMULATED_KEY.accessKeyId });
    expect(assume?.params).toMatchObject({ RoleArn: COLLECTION_ROLE_ARN, ExternalId: EXTERNAL_ID });
    expect(assume?.params.RoleSessionName).toMatch(/^sentinel-[0-9a-f-]{36}$/);
    expect(after.map((call) => call.action)).toEqual(['GetCallerIdentity', ...after.slice(1).map(() => 'GetAccountAuthorizationDetails')]);
    expect(after.every((call) => call.signedWith?.startsWith('ASIA'))).toBe(true);
  });

  it('never takes an external id from the credentials entry: the entry is refused before any request', async () => {
    const collection = await collect({ credentialsReference: 'aws-with-external-id' });
    expect(collection.error).toBeInstanceOf(AppError);
    expect((collection.error as AppError).code).toBe('configuration_error');
    expect((collection.error as Error).message).toMatch(/externalId.*generated by the service/);
    expect((collection.error as Error).message).not.toContain('chosen-by-someone');
    expect(peer.received).toEqual([]);
  });

  it("refuses a role of another account before any request", async () => {
    const collection = await collect({ credentialsReference: 'aws-foreign-role' });
    expect((collection.error as AppError).code).toBe('configuration_error');
    expect((collection.error as Error).message).toMatch(/role of AWS account 210987654321, not of the connector's account 123456789012/);
    expect(peer.received).toEqual([]);
  });

  it('refuses, without a retry, credentials STS does not accept', async () => {
    peer.script('GetCallerIdentity', awsError(403, 'InvalidClientTokenId', 'The security token included in the request is invalid.'));
    const collection = await collect();
    expect((collection.error as AppError).code).toBe('configuration_error');
    expect((collection.error as Error).message).toMatch(/credentials were refused: STS GetCallerIdentity failed: InvalidClientTokenId \(HTTP 403\)/);
    expect(actions()).toEqual(['GetCallerIdentity']);
  });

  it("never reads another organization's credentials entry: its session fails before any request", async () => {
    await expect(collect({ organization: otherOrgId })).rejects.toMatchObject({ code: 'configuration_error' });
    expect(peer.received).toEqual([]);
  });

  it('verifies TLS against the deployment CA only: without it nothing is sent', async () => {
    const collection = await collect({ trustedCaPem: undefined });
    expect(collection.error).toBeInstanceOf(AwsCallError);
    expect(collection.error).toMatchObject({ code: 'network', operation: 'STS GetCallerIdentity' });
    expect((collection.error as Error).message).toMatch(/certificate/i);
    expect(peer.received).toEqual([]);
  });
});

describe('cloud-account collector: what the provider plays', () => {
  const detailsCalls = () => peer.received.filter((call) => call.action === 'GetAccountAuthorizationDetails');

  it('waits what a 429 asks in seconds, then carries on', async () => {
    const clock = virtualClock();
    peer.script('GetAccountAuthorizationDetails', { status: 429, headers: { 'retry-after': '7' } });
    const collection = await collect({ clock, capabilities: ['role_discovery'] });
    expect(collection.error).toBeUndefined();
    expect(ofKind(collection, kinds.role)).toHaveLength(78);
    expect(clock.sleeps).toContain(7_000);
    expect(detailsCalls()[0]?.params.Marker).toBeUndefined();
    expect(detailsCalls()[1]?.params.Marker).toBeUndefined();
  });

  it('waits until the HTTP date a 429 names, then carries on', async () => {
    const clock = virtualClock();
    peer.script('GetAccountAuthorizationDetails', { status: 429, headers: { 'retry-after': new Date(clock.now() + 12_000).toUTCString() } });
    const collection = await collect({ clock, capabilities: ['role_discovery'] });
    expect(collection.error).toBeUndefined();
    expect(clock.sleeps).toContain(12_000);
  });

  it('fails on an authorization failure without retrying it, and collects nothing', async () => {
    peer.script('GetAccountAuthorizationDetails', awsError(403, 'AccessDenied', 'User is not authorized to perform: iam:GetAccountAuthorizationDetails'));
    const collection = await collect();
    expect(collection.error).toBeInstanceOf(AwsCallError);
    expect(collection.error).toMatchObject({ code: 'AccessDenied', status: 403 });
    expect(collection.error).not.toBeInstanceOf(PartialCollectionError);
    expect(detailsCalls()).toHaveLength(1);
    expect(collection.identities).toEqual([]);
  });

  it('is partial when a call fails after identities were emitted', async () => {
    peer.script('ListAccessKeys', awsError(403, 'AccessDenied', 'User is not authorized to perform: iam:ListAccessKeys'));
    const collection = await collect();
    expect(collection.error).toBeInstanceOf(PartialCollectionError);
    expect((collection.error as PartialCollectionError).reason).toMatch(/IAM ListAccessKeys failed: AccessDenied \(HTTP 403\)/);
    expect(ofKind(collection, kinds.role)).toHaveLength(78);
    expect(actions().filter((action) => action === 'ListAccessKeys')).toHaveLength(1);
  });

  it('records an entry the provider repeats on two pages once', async () => {
    peer.state.repeatAcrossPages = true;
    const collection = await collect();
    expect(collection.error).toBeUndefined();
    const ids = collection.identities.map((identity) => `${identity.kind} ${identity.externalId}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ofKind(collection, kinds.role)).toHaveLength(78);
    expect(ofKind(collection, kinds.user)).toHaveLength(44);
    expect(new Set(collection.edges.map(edgeText)).size).toBe(collection.edges.length);
    expect(collection.edges.filter((edge) => edge.type === 'ASSUMES')).toHaveLength(87);
  });

  it('stops a listing that never ends', async () => {
    peer.state.endless = true;
    const collection = await collect();
    expect(collection.error).toMatchObject({ code: 'endless_listing', operation: 'IAM GetAccountAuthorizationDetails' });
    expect(detailsCalls()).toHaveLength(2);
    expect(collection.identities).toEqual([]);
  });

  it('refuses a response over the size limit', async () => {
    peer.script('GetAccountAuthorizationDetails', { status: 200, headers: { 'content-type': 'text/xml' }, body: Buffer.alloc(16 * 1024 * 1024 + 1, 0x20) });
    const collection = await collect();
    expect(collection.error).toMatchObject({ code: 'too_large' });
    expect(detailsCalls()).toHaveLength(1);
  });

  it('never follows a redirect', async () => {
    peer.script('GetAccountAuthorizationDetails', { status: 307, headers: { location: `${peer.endpoints.iam}?moved=1` } });
    const collection = await collect();
    expect(collection.error).toMatchObject({ code: 'redirect', status: 307 });
    expect(detailsCalls()).toHaveLength(1);
  });
});

describe('cloud-account collector: the connector request rate', () => {
  it('never sends more than 10 requests in a second, measured from the peer log', async () => {
    const collection = await collect({ clock: systemClock });
    expect(collection.error).toBeUndefined();
    const times = peer.received.map((call) => call.at);
    // 1 identity check, 6 pages of details, 44 key listings, 3 last uses.
    expect(times).toHaveLength(54);
    // The pacer limits request starts; the peer sees arrivals, later by a moment. A connection's first request is
    // later by more (the client builds its TLS context before connecting), so the log dates it at the connection's
    // acceptance and no window is anchored on it. Windows are 900 ms: 100 ms for the moment. Pacing 11 a second
    // would still put 11 in one.
    const anchors = peer.received.filter((call) => !call.opensConnection).map((call) => call.at);
    const busiest = Math.max(...anchors.map((start) => times.filter((at) => at >= start && at < start + 900).length));
    expect(busiest).toBeLessThanOrEqual(10);
    // 54 requests at 10 a second take at least five whole seconds: the limit held them back.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(5 * 1000 - 100);
  }, 30_000);
});
