// The execution worker, on both profiles with two organizations: revoke_tool_approval
// carried out by the service through services/nhi/policies after the approval (and
// not in a dry run), an action whose executor the deployment lacks, and
// remediationsAgainst, the blocking remediations the runtime decisions read.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { auditRecords, connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { POLICY_EVALUATION_JOB } from '../../policies/evaluation-queue.js';
import { remediationsAgainst } from '../index.js';
import { askForRemediation, seedIdentity } from '../testing/api-fixtures.js';
import { approvedRemediation } from '../testing/decisions.js';
import { useRemediationExecution } from '../testing/execution.js';
import type { RemediationExecutor } from '../executors.js';

/** A tool of a tool server with an approved definition, approved through the API by the tenant's owner. */
async function approvedTool(t: TestApp, tenant: TestTenant): Promise<{ identityId: string; fingerprint: string }> {
  const fingerprint = randomBytes(32).toString('hex');
  const identityId = await seedIdentity(t, tenant, { kind: 'mcp_tool', provider: 'mcp', externalId: `mcp:https://tools.example.com/mcp#tool:${fingerprint.slice(0, 8)}`, name: 'search', fingerprint });
  const approved = await t.call('PUT', `/nhi/api/v1/identities/${identityId}/approval`, { token: tenant.owner.token, body: { fingerprint } });
  if (approved.status !== 200) throw new Error(`PUT approval answered ${approved.status}: ${approved.raw}`);
  return { identityId, fingerprint };
}

const approvalStatus = async (t: TestApp, tenant: TestTenant, identityId: string) => (await t.call('GET', `/nhi/api/v1/identities/${identityId}/approval`, { token: tenant.owner.token })).status;

describe.each(testProfiles)('remediation execution ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const execution = useRemediationExecution(t, () => []);

  it('revoke_tool_approval withdraws the approved definition through the policies after the approval, and the policies judge it again', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { identityId, fingerprint } = await approvedTool(t.current, tenant);
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'revoke_tool_approval', reason: 'the tool’s description asks for credentials' });

    const done = await execution.current.outcome(requester, remediation.id);
    expect(done).toMatchObject({ status: 'executed', result: { withdrawnFingerprint: fingerprint }, plan: [{ method: 'DELETE', target: expect.stringMatching(/^mcp:/) }] });
    expect(await approvalStatus(t.current, tenant, identityId)).toBe(404);
    const [revoked] = await auditRecords(t.current, tenant, 'agent.tool.revoked');
    expect(revoked).toMatchObject({ actor_kind: 'system', subject: identityId, correlation_id: remediation.id, detail: { fingerprint } });
    const evaluations = await t.current.db.query(`SELECT payload FROM jobs WHERE org_id = $1 AND kind = $2 AND payload->>'trigger' = 'approval'`, [tenant.id, POLICY_EVALUATION_JOB]);
    // Asked for by the approval through the API, and again by its withdrawal, which counted into the evaluation still queued.
    expect(evaluations.rows.map((row) => row.payload)).toEqual([{ trigger: 'approval', runId: null, coalesced: 1 }]);
    expect(await remediationsAgainst(t.current.db, tenant.id, identityId)).toEqual([{ id: remediation.id, action: 'revoke_tool_approval', status: 'executed' }]);
    expect(await remediationsAgainst(t.current.db, other.id, identityId)).toEqual([]);
  });

  it('a dry run of revoke_tool_approval records the plan and withdraws nothing; it takes nothing out of use', async () => {
    const [tenant] = await t.current.twoTenants();
    const { identityId } = await approvedTool(t.current, tenant);
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'revoke_tool_approval', reason: 'what would it do?', dryRun: true });

    expect(await execution.current.outcome(requester, remediation.id)).toMatchObject({ status: 'executed', dryRun: true, result: { dryRun: true } });
    expect(await approvalStatus(t.current, tenant, identityId)).toBe(200);
    expect(await auditRecords(t.current, tenant, 'agent.tool.revoked')).toEqual([]);
    expect(await remediationsAgainst(t.current.db, tenant.id, identityId)).toEqual([]);
  });

  it('remediationsAgainst names approved blocking remediations only: not pending ones, not manual ones', async () => {
    const [tenant] = await t.current.twoTenants();
    const { identityId } = await approvedTool(t.current, tenant);
    await askForRemediation(t.current, tenant.owner, { identityId, action: 'revoke_tool_approval', reason: 'pending only' });
    const manual = await approvedRemediation(t.current, tenant, { identityId, action: 'manual', reason: 'tell the server’s owner' });
    expect(await execution.current.outcome(manual.requester, manual.remediation.id)).toMatchObject({ status: 'manual_required' });
    expect(await remediationsAgainst(t.current.db, tenant.id, identityId)).toEqual([]);
  });

  it('an action a connector carries out fails with configuration_error when the deployment has no executor for it', async () => {
    const [tenant] = await t.current.twoTenants();
    const identityId = await seedIdentity(t.current, tenant, { kind: 'aws_iam_access_key', provider: 'aws', externalId: 'AKIAEXAMPLEKEY000001', name: 'AKIAEXAMPLEKEY000001', attributes: { userName: 'ci' } });
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'disable_access_key', reason: 'leaked' });
    expect(await execution.current.outcome(requester, remediation.id)).toMatchObject({
      status: 'failed',
      failure: { code: 'configuration_error', message: 'this deployment has no executor for disable_access_key' },
    });
    expect((await auditRecords(t.current, tenant, 'remediation.failed')).map((record) => record.subject)).toEqual([remediation.id]);
  });
});

describe.each(testProfiles)('remediation execution failing unexpectedly ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  // An executor failing in a way nobody foresaw: the job is not retried, and the remediation must not stay executing.
  const broken: RemediationExecutor = {
    action: 'disable_access_key',
    plan: () => [{ method: 'POST', operation: 'IAM UpdateAccessKey', target: 'a key' }],
    execute: async () => {
      throw new TypeError('the executor broke');
    },
  };
  const execution = useRemediationExecution(t, () => [broken]);

  it('records failed, internal_error, with the message', async () => {
    const [tenant] = await t.current.twoTenants();
    await execution.current.holdCredentials(tenant, connectorBodies.cloud_account.credentialsReference);
    const connector = await createConnector(t.current, tenant.owner, connectorBodies.cloud_account);
    const identityId = await seedIdentity(t.current, tenant, { kind: 'aws_iam_access_key', provider: 'aws', externalId: 'AKIAEXAMPLEKEY000003', name: 'AKIAEXAMPLEKEY000003', connectorId: connector.id, attributes: { userName: 'ci' } });
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'disable_access_key', reason: 'leaked' });
    expect(await execution.current.outcome(requester, remediation.id)).toMatchObject({ status: 'failed', failure: { code: 'internal_error', message: 'the executor broke' } });
    expect((await auditRecords(t.current, tenant, 'remediation.failed')).map((record) => record.detail.code)).toEqual(['internal_error']);
  });
});
