// disable_access_key carried out for real, on both profiles with two organizations:
// remediations asked for and approved through the API, executed by the worker through
// the connector's provider client against the AWS peer on 127.0.0.1 behind TLS
// (emulate, and the stub answering UpdateAccessKey). A dry run calls no mutating
// operation (the peer's log says so); AWS refusing, a deleted connector and an unknown
// credentials reference are recorded failures.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { createTestCertificates } from '../../../platform/egress/testing/certificates.js';
import { awsError, COLLECTION_ROLE_ARN, EMULATED_ACCOUNT, EMULATED_KEY, startAwsPeer, type AwsPeer } from '../../cloud-accounts/testing/aws-peer.js';
import { auditRecords, connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { seedIdentity } from '../testing/api-fixtures.js';
import { approvedRemediation } from '../testing/decisions.js';
import { useRemediationExecution } from '../testing/execution.js';
import { createAccessKeyExecutor } from './aws-access-key.js';

const certificates = createTestCertificates();
const REFERENCE = 'aws-remediation';
const USER = 'privesc-sre-user';

let peer: AwsPeer;
beforeAll(async () => {
  peer = await startAwsPeer(certificates, [{ userName: USER, lastUse: 'never' }]);
}, 30_000);
afterAll(() => peer?.close());
beforeEach(() => {
  peer.reset();
  for (const key of peer.accessKeys.values()) delete key.status;
});

const keyId = (): string => [...peer.accessKeys.keys()][0]!;
const mutatingCalls = () => peer.received.filter((call) => call.action === 'UpdateAccessKey');

describe.each(testProfiles)('disable_access_key against the AWS peer ($profile)', (profile) => {
  const t = useTestApp({ ...profile, allowPrivateConnectorEndpoints: true, connectorAllowedHosts: ['127.0.0.1'] });
  expectNeighbourUntouchedAfterEach(t);
  const execution = useRemediationExecution(t, () => [createAccessKeyExecutor({ endpoints: peer.endpoints })], {
    egress: { allowedHosts: ['127.0.0.1'], allowPrivate: true },
    trustedCaPem: certificates.caPem,
  });

  /** The tenant's cloud-account connector, its entry held unless told otherwise, and the peer's key in its inventory. */
  async function keyInInventory(tenant: TestTenant, options: { holdCredentials?: boolean } = {}) {
    if (options.holdCredentials !== false) await execution.current.holdCredentials(tenant, REFERENCE, JSON.stringify({ ...EMULATED_KEY, roleArn: COLLECTION_ROLE_ARN }));
    const connector = await createConnector(t.current, tenant.owner, { ...connectorBodies.cloud_account, accountId: EMULATED_ACCOUNT, credentialsReference: REFERENCE });
    const identityId = await seedIdentity(t.current, tenant, {
      kind: 'aws_iam_access_key',
      provider: 'aws',
      externalId: keyId(),
      name: keyId(),
      connectorId: connector.id,
      attributes: { accessKeyId: keyId(), userName: USER },
    });
    return { connector, identityId };
  }

  it('disables the key through the connector after the approval: executed, the key Inactive at AWS, the plan and result recorded and audited', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { connector, identityId } = await keyInInventory(tenant);
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'disable_access_key', reason: 'the key leaked in a build log' });

    const done = await execution.current.outcome(requester, remediation.id);
    const plan = [{ method: 'POST', operation: 'IAM UpdateAccessKey', target: `access key ${keyId()} of user ${USER} in account ${EMULATED_ACCOUNT}`, parameters: { UserName: USER, AccessKeyId: keyId(), Status: 'Inactive' } }];
    expect(done).toMatchObject({ status: 'executed', dryRun: false, plan, result: { accessKeyId: keyId(), userName: USER, status: 'Inactive' }, failure: null });
    expect(done.executionStartedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    expect(peer.accessKeys.get(keyId())?.status).toBe('Inactive');
    // Signed in as the collector is: the role assumed with the connector's external id, the account confirmed, then the one change.
    expect(peer.received.map((call) => call.action)).toEqual(['AssumeRole', 'GetCallerIdentity', 'UpdateAccessKey']);
    expect(peer.received[0]?.params.ExternalId).toBe(connector.externalId);
    expect(mutatingCalls()[0]?.params).toMatchObject({ UserName: USER, AccessKeyId: keyId(), Status: 'Inactive' });
    const [record] = await auditRecords(t.current, tenant, 'remediation.executed');
    expect(record).toMatchObject({ actor_kind: 'system', subject: remediation.id, correlation_id: remediation.id, detail: { dry_run: false, carried_out_by: 'connector', plan } });

    const theirs = await t.current.call('GET', '/nhi/api/v1/remediations', { token: other.owner.token });
    expect(theirs.body.items).toEqual([]);
  });

  it('a dry run resolves everything and records the plan, and the provider’s mutating operation is never called', async () => {
    const [tenant] = await t.current.twoTenants();
    const { identityId } = await keyInInventory(tenant);
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'disable_access_key', reason: 'see what it would do', dryRun: true });

    const done = await execution.current.outcome(requester, remediation.id);
    expect(done).toMatchObject({ status: 'executed', dryRun: true, result: { dryRun: true } });
    expect(done.plan).toEqual([expect.objectContaining({ method: 'POST', operation: 'IAM UpdateAccessKey', parameters: { UserName: USER, AccessKeyId: keyId(), Status: 'Inactive' } })]);
    expect(mutatingCalls()).toEqual([]);
    expect(peer.accessKeys.get(keyId())?.status).toBeUndefined();
    const [record] = await auditRecords(t.current, tenant, 'remediation.executed');
    expect(record?.detail).toMatchObject({ dry_run: true, plan: done.plan });
  });

  it('records AWS refusing the change as failed, provider_refused, with the plan', async () => {
    const [tenant] = await t.current.twoTenants();
    const { identityId } = await keyInInventory(tenant);
    peer.script('UpdateAccessKey', awsError(403, 'AccessDenied', 'User is not authorized to perform: iam:UpdateAccessKey'));
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'disable_access_key', reason: 'the key leaked' });

    const done = await execution.current.outcome(requester, remediation.id);
    expect(done.status).toBe('failed');
    expect(done.failure?.code).toBe('provider_refused');
    expect(done.failure?.message).toContain('IAM UpdateAccessKey failed: AccessDenied (HTTP 403)');
    expect(done.plan).toHaveLength(1);
    expect(peer.accessKeys.get(keyId())?.status).toBeUndefined();
    const [record] = await auditRecords(t.current, tenant, 'remediation.failed');
    expect(record).toMatchObject({ result: 'failure', subject: remediation.id, detail: { code: 'provider_refused' } });
  });

  it('records configuration_error and calls nothing when the connector was deleted, or its credentials reference is unknown', async () => {
    const [tenant] = await t.current.twoTenants();
    const deleted = await keyInInventory(tenant);
    expect((await t.current.call('DELETE', `/nhi/api/v1/connectors/${deleted.connector.id}`, { token: tenant.owner.token })).status).toBe(204);
    const gone = await approvedRemediation(t.current, tenant, { identityId: deleted.identityId, action: 'disable_access_key', reason: 'the key leaked' });
    expect(await execution.current.outcome(gone.requester, gone.remediation.id)).toMatchObject({
      status: 'failed',
      plan: null,
      failure: { code: 'configuration_error', message: 'the connector that found the identity was deleted: nothing was changed' },
    });

    const [unheld] = await t.current.twoTenants();
    const unknown = await keyInInventory(unheld, { holdCredentials: false });
    const unresolved = await approvedRemediation(t.current, unheld, { identityId: unknown.identityId, action: 'disable_access_key', reason: 'the key leaked' });
    const failed = await execution.current.outcome(unresolved.requester, unresolved.remediation.id);
    expect(failed).toMatchObject({ status: 'failed', failure: { code: 'configuration_error' } });
    expect(failed.failure?.message).toContain(REFERENCE);
    expect(peer.received).toEqual([]);
    expect(peer.accessKeys.get(keyId())?.status).toBeUndefined();
  });

  it('a remediation of another organization’s identity cannot be asked for (404)', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { identityId } = await keyInInventory(tenant);
    const response = await t.current.call('POST', '/nhi/api/v1/remediations', { token: other.owner.token, body: { identityId, action: 'disable_access_key', reason: 'not mine' } });
    const missing = await t.current.call('POST', '/nhi/api/v1/remediations', { token: other.owner.token, body: { identityId: randomUUID(), action: 'disable_access_key', reason: 'not mine' } });
    expect(response.status).toBe(404);
    expect(response.raw).toBe(missing.raw);
  });
});
