// delete_service_account_token carried out for real, on both profiles with two
// organizations: executed by the worker through the connector's provider client
// against fabric8's Kubernetes mock (CRUD mode) behind the test proxy, the connector's
// endpoint. The secret is gone from the cluster afterwards; a dry run sends no DELETE
// (the proxy's log says so); the cluster refusing is a recorded failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { createTestCertificates } from '../../../platform/egress/testing/certificates.js';
import { startKubernetesPeer, type KubernetesPeer } from '../../clusters/testing/kubernetes-peer.js';
import { auditRecords, connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { seedIdentity } from '../testing/api-fixtures.js';
import { approvedRemediation } from '../testing/decisions.js';
import { useRemediationExecution } from '../testing/execution.js';
import { serviceAccountTokenExecutor } from './kubernetes-token.js';

const certificates = createTestCertificates();
const REFERENCE = 'cluster-remediator';
const NAMESPACE = 'demo-ns';
const SECRET = 'demo-sa-token-7xk2p';
const SECRET_PATH = `/api/v1/namespaces/${NAMESPACE}/secrets/${SECRET}`;

let peer: KubernetesPeer;
beforeAll(async () => {
  peer = await startKubernetesPeer(certificates);
}, 300_000);
afterAll(() => peer?.close());

/** The fixture's demo-sa names this legacy token secret; the cluster holds it before each test. */
beforeEach(async () => {
  peer.proxy.reset();
  if ((await peer.mock.request('GET', SECRET_PATH)).status === 200) return;
  const created = await peer.mock.request('POST', `/api/v1/namespaces/${NAMESPACE}/secrets`, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: SECRET, namespace: NAMESPACE, annotations: { 'kubernetes.io/service-account.name': 'demo-sa' } },
    type: 'kubernetes.io/service-account-token',
  });
  if (created.status !== 201 && created.status !== 200) throw new Error(`the mock did not create the secret: ${created.status}`);
});

const secretStatus = async () => (await peer.mock.request('GET', SECRET_PATH)).status;
const deletes = () => peer.proxy.received.filter((request) => request.method === 'DELETE');

describe.each(testProfiles)('delete_service_account_token against the Kubernetes mock ($profile)', (profile) => {
  const t = useTestApp({ ...profile, allowPrivateConnectorEndpoints: true, connectorAllowedHosts: ['127.0.0.1'] });
  expectNeighbourUntouchedAfterEach(t);
  const execution = useRemediationExecution(t, () => [serviceAccountTokenExecutor], { egress: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem });

  async function accountInInventory(tenant: TestTenant): Promise<string> {
    await execution.current.holdCredentials(tenant, REFERENCE);
    const connector = await createConnector(t.current, tenant.owner, { ...connectorBodies.container_cluster, endpoint: peer.proxy.origin, credentialsReference: REFERENCE });
    return seedIdentity(t.current, tenant, {
      kind: 'k8s_service_account',
      provider: 'kubernetes',
      externalId: `k8s:${peer.proxy.origin}#serviceaccount:${NAMESPACE}/demo-sa`,
      name: `${NAMESPACE}/demo-sa`,
      connectorId: connector.id,
      attributes: { namespace: NAMESPACE, name: 'demo-sa', tokenSecrets: [SECRET] },
    });
  }

  it('deletes the token secret with the connector’s token after the approval; the cluster no longer holds it', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const identityId = await accountInInventory(tenant);
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'delete_service_account_token', reason: 'a long-lived token of a deploy account' });

    const done = await execution.current.outcome(requester, remediation.id);
    expect(done).toMatchObject({
      status: 'executed',
      plan: [{ method: 'DELETE', operation: 'Kubernetes delete Secret', target: `${NAMESPACE}/${SECRET}`, parameters: { url: `${peer.proxy.origin}${SECRET_PATH}` } }],
      result: { deleted: [`${NAMESPACE}/${SECRET}`], alreadyGone: [] },
    });
    expect(deletes().map((request) => [request.path, request.authorization?.startsWith('Bearer token-')])).toEqual([[SECRET_PATH, true]]);
    expect(await secretStatus()).toBe(404);
    expect((await auditRecords(t.current, tenant, 'remediation.executed')).map((record) => record.subject)).toEqual([remediation.id]);
    expect(await auditRecords(t.current, other, 'remediation.executed')).toEqual([]);
  });

  it('a dry run sends no DELETE and leaves the secret in place', async () => {
    const [tenant] = await t.current.twoTenants();
    const identityId = await accountInInventory(tenant);
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'delete_service_account_token', reason: 'what would it delete?', dryRun: true });

    const done = await execution.current.outcome(requester, remediation.id);
    expect(done).toMatchObject({ status: 'executed', dryRun: true, result: { dryRun: true }, plan: [{ method: 'DELETE', target: `${NAMESPACE}/${SECRET}` }] });
    expect(deletes()).toEqual([]);
    expect(await secretStatus()).toBe(200);
  });

  it('records the cluster refusing as failed, provider_refused, and a secret already gone as deleted', async () => {
    const [tenant] = await t.current.twoTenants();
    const identityId = await accountInInventory(tenant);
    peer.proxy.answer(SECRET_PATH, { status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'Forbidden', code: 403 }) });
    const refused = await approvedRemediation(t.current, tenant, { identityId, action: 'delete_service_account_token', reason: 'leaked' });
    const failed = await execution.current.outcome(refused.requester, refused.remediation.id);
    expect(failed).toMatchObject({ status: 'failed', failure: { code: 'provider_refused' } });
    expect(failed.failure?.message).toContain('HTTP 403');
    expect(await secretStatus()).toBe(200);
    expect((await auditRecords(t.current, tenant, 'remediation.failed')).map((record) => record.detail.code)).toEqual(['provider_refused']);

    await peer.mock.request('DELETE', SECRET_PATH);
    const again = await approvedRemediation(t.current, tenant, { identityId, action: 'delete_service_account_token', reason: 'leaked, second attempt' });
    expect(await execution.current.outcome(again.requester, again.remediation.id)).toMatchObject({ status: 'executed', result: { deleted: [], alreadyGone: [`${NAMESPACE}/${SECRET}`] } });
  });
});
