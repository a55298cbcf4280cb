// Evaluation on demand and after synchronization, on both profiles, over identities
// the collection pipeline put in the inventory: the long-lived key policy over AWS
// access keys and GitHub deploy keys, a partial run's evaluation, a disabled policy
// resolving its findings, and who may ask.
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { PartialCollectionError, type CollectedIdentity } from '../../collection/index.js';
import { scriptedCollector, type ScriptedCollection } from '../../collection/testing/api-fixtures.js';
import { auditRecords, connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { accessKey, daysAgo, role } from '../testing/cloud-identities.js';
import { usePolicyPipeline } from '../testing/policy-evaluation.js';

const deployKey = (id: number, createdDaysAgo: number, enabled: boolean): CollectedIdentity => ({
  externalId: `github:deploy-key:${id}`,
  kind: 'github_deploy_key',
  name: `deploy key ${id}`,
  attributes: { principalType: 'machine', repository: 'acme-corp/api', readOnly: false, enabled, createdAt: daysAgo(createdDaysAgo).toISOString() },
  fingerprint: null,
  lastUsedAt: null,
});

describe.each(handlerTestProfiles)('POST /nhi/api/v1/policies/evaluations ($profile)', (profile) => {
  const t = useTestApp(profile);
  const cloud = scriptedCollector('cloud_account');
  const github = scriptedCollector('code_hosting_organization');
  const pipeline = usePolicyPipeline(t, profile.profile, [cloud.collector, github.collector]);

  async function connector(tenant: TestTenant, kind: 'cloud_account' | 'code_hosting_organization', script: ScriptedCollection): Promise<string> {
    const body = connectorBodies[kind];
    await pipeline.current.holdCredentials(tenant, body.credentialsReference);
    const created = await createConnector(t.current, tenant.owner, body);
    (kind === 'cloud_account' ? cloud : github).script(created.id, script);
    return created.id;
  }
  const evaluate = (token: string) => t.current.call('POST', '/nhi/api/v1/policies/evaluations', { token });
  const findings = async (tenant: TestTenant, policy: string) =>
    (await t.current.call('GET', `/nhi/api/v1/findings?policy=${policy}&limit=200`, { token: tenant.owner.token })).body.items as { identity: { externalId: string }; status: string; detail: Record<string, unknown> }[];

  it('finds keys still active past their maximum age, AWS access keys and GitHub deploy keys alike', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const aws = await connector(tenant, 'cloud_account', {
      identities: [
        accessKey('AKIAOLDACTIVEKEY0001', { usedDaysAgo: 1, createdDaysAgo: 400 }),
        accessKey('AKIAOLDINACTIVEKEY01', { usedDaysAgo: 300, createdDaysAgo: 400, status: 'Inactive' }),
        accessKey('AKIANEWACTIVEKEY0001', { usedDaysAgo: 1, createdDaysAgo: 30 }),
        accessKey('AKIANOCREATEDATE0002', { usedDaysAgo: 1, createdDaysAgo: null }),
        role('old-role', { usedDaysAgo: 1, createdDaysAgo: 900 }),
      ],
    });
    const code = await connector(tenant, 'code_hosting_organization', { identities: [deployKey(1, 200, true), deployKey(2, 200, false), deployKey(3, 10, true)] });
    await pipeline.current.synchronizeAndEvaluate(tenant, aws);
    const { evaluation } = await pipeline.current.synchronizeAndEvaluate(tenant, code);
    expect(evaluation.policies.long_lived_access_key).toMatchObject({ enabled: true, holding: 2 });

    const found = await findings(tenant, 'long_lived_access_key');
    expect(found.map((finding) => finding.identity.externalId).sort()).toEqual(['AKIAOLDACTIVEKEY0001', 'github:deploy-key:1']);
    expect(found.find((finding) => finding.identity.externalId === 'AKIAOLDACTIVEKEY0001')!.detail).toMatchObject({ kind: 'aws_iam_access_key', maxAgeDays: 90 });
    expect(await findings(other, 'long_lived_access_key')).toEqual([]);

    // With a longer maximum, on demand: both resolved.
    expect((await t.current.call('PATCH', '/nhi/api/v1/policies', { token: tenant.owner.token, body: { long_lived_access_key: { maxAgeDays: 500 } } })).status).toBe(200);
    const analyst = await t.current.member(tenant, 'analyst');
    const response = await evaluate(analyst.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ trigger: 'manual', runId: null });
    expect((await findings(tenant, 'long_lived_access_key')).map((finding) => finding.status)).toEqual(['resolved', 'resolved']);
    const manual = (await auditRecords(t.current, tenant, 'policy.evaluated')).filter((record) => record.actor_kind === 'person');
    expect(manual.map((record) => [record.actor_id, record.detail.trigger])).toEqual([[analyst.id, 'manual']]);
  });

  it('evaluates after a partial run too, and resolves the findings of a policy that is disabled', async () => {
    const [tenant] = await t.current.twoTenants();
    const aws = await connector(tenant, 'cloud_account', {
      identities: [role('dormant', { usedDaysAgo: 200 })],
      endWith: new PartialCollectionError('IAM stopped answering after the roles'),
    });
    const { run, evaluation } = await pipeline.current.synchronizeAndEvaluate(tenant, aws);
    expect(run.state).toBe('partial');
    expect(evaluation).toMatchObject({ trigger: 'synchronization', runId: run.id, policies: { stale_identity: { holding: 1, opened: 1 } } });

    // Disabling it queues an evaluation, which resolves its findings.
    const sequence = await pipeline.current.lastSequence(tenant);
    expect((await t.current.call('PATCH', '/nhi/api/v1/policies', { token: tenant.owner.token, body: { stale_identity: { enabled: false } } })).status).toBe(200);
    const afterChange = await pipeline.current.evaluationAfter(tenant, sequence);
    expect(afterChange).toMatchObject({ trigger: 'settings', policies: { stale_identity: { enabled: false, holding: 0, opened: 0, reopened: 0, resolved: 1 } } });
    expect((await findings(tenant, 'stale_identity')).map((finding) => finding.status)).toEqual(['resolved']);
    const resolved = await auditRecords(t.current, tenant, 'finding.resolved');
    expect(resolved.map((record) => [record.actor_kind, record.detail.reason])).toEqual([['system', 'policy_disabled']]);
    // Nothing holds and nothing changes: an evaluation again changes no finding.
    const again = await evaluate(tenant.owner.token);
    expect(Object.values(again.body.policies as Record<string, { opened: number; reopened: number; resolved: number }>).every((outcome) => outcome.opened + outcome.reopened + outcome.resolved === 0)).toBe(true);
  });

  it('is refused to viewers, with the refusal recorded', async () => {
    const [tenant] = await t.current.twoTenants();
    const viewer = await t.current.member(tenant, 'viewer');
    const refused = await evaluate(viewer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.required_scope).toBe('nhi-findings:triage');
    expect((await auditRecords(t.current, tenant, 'authz.denied')).map((record) => record.subject)).toEqual(['evaluateNhiPolicies']);
    expect(await auditRecords(t.current, tenant, 'policy.evaluated')).toEqual([]);
  });
});
