// A module finding's lifecycle on both profiles: opened by the evaluation a
// synchronization queued (the real collection pipeline), worked by people, resolved
// when its condition stops holding and reopened when it holds again; the module's
// audit trail holds exactly the audited transitions (spec 3.1's module rule).
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestPerson, type TestTenant } from '../../../../test/support/test-app.js';
import { scriptedCollector } from '../../collection/testing/api-fixtures.js';
import { auditRecords, connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { role } from '../../policies/testing/cloud-identities.js';
import { usePolicyPipeline } from '../../policies/testing/policy-evaluation.js';
import type { NhiFinding } from '../findings.js';

const DORMANT = 'arn:aws:iam::123456789012:role/dormant';
const FINDING_ACTIONS = ['finding.opened', 'finding.resolved', 'finding.reopened', 'finding.risk_accepted', 'finding.false_positive_recorded'];

describe.each(handlerTestProfiles)('PATCH /nhi/api/v1/findings/{findingId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const cloud = scriptedCollector('cloud_account');
  const pipeline = usePolicyPipeline(t, profile.profile, [cloud.collector]);

  /** A cloud account whose role 'dormant' was last used `usedDaysAgo` days ago, synchronized and evaluated. */
  async function account(tenant: TestTenant, usedDaysAgo: number): Promise<string> {
    await pipeline.current.holdCredentials(tenant, connectorBodies.cloud_account.credentialsReference);
    const connector = await createConnector(t.current, tenant.owner, connectorBodies.cloud_account);
    await synchronize(tenant, connector.id, usedDaysAgo);
    return connector.id;
  }
  async function synchronize(tenant: TestTenant, connectorId: string, usedDaysAgo: number) {
    cloud.script(connectorId, { identities: [role('dormant', { usedDaysAgo, createdDaysAgo: 900 })] });
    return pipeline.current.synchronizeAndEvaluate(tenant, connectorId);
  }
  async function theFinding(tenant: TestTenant): Promise<NhiFinding> {
    const listed = await t.current.call('GET', '/nhi/api/v1/findings?policy=stale_identity', { token: tenant.owner.token });
    expect(listed.body.items).toHaveLength(1);
    return listed.body.items[0];
  }
  const patch = (person: TestPerson, findingId: string, body: unknown) => t.current.call('PATCH', `/nhi/api/v1/findings/${findingId}`, { token: person.token, body });
  /** The tenant's finding records, oldest first, as [action, actor kind, from, to]. */
  async function findingTrail(tenant: TestTenant) {
    const records = [];
    for (const action of FINDING_ACTIONS) records.push(...(await t.current.db.query<{ sequence: string; action: string; actor_kind: string; actor_id: string | null; detail: Record<string, unknown> }>(
      'SELECT sequence, action, actor_kind, actor_id, detail FROM nhi_audit_records WHERE org_id = $1 AND action = $2', [tenant.id, action])).rows);
    return records.sort((a, b) => Number(a.sequence) - Number(b.sequence)).map((record) => ({ action: record.action, actorKind: record.actor_kind, actorId: record.actor_id, detail: record.detail }));
  }

  it('moves through acknowledged, in progress, accepted risk, reopened and false positive, auditing exactly the audited moves', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    await account(tenant, 200);
    const opened = await theFinding(tenant);
    expect(opened).toMatchObject({ policy: 'stale_identity', severity: 'medium', status: 'open', reason: null, statusChangedByUserId: null, identity: { externalId: DORMANT, kind: 'aws_iam_role', state: 'active' } });
    expect(opened.detail).toMatchObject({ answer: 'stale', basis: 'last_use', thresholdDays: 90 });

    const acknowledged = await patch(analyst, opened.id, { status: 'acknowledged' });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body).toMatchObject({ status: 'acknowledged', statusChangedByUserId: analyst.id, reason: null });
    expect((await patch(analyst, opened.id, { status: 'in_progress', reason: 'rotating the role away' })).body).toMatchObject({ status: 'in_progress', reason: 'rotating the role away' });
    // Asking for the status it has changes nothing and records nothing.
    const again = await patch(analyst, opened.id, { status: 'in_progress' });
    expect(again.status).toBe(200);
    expect(again.body.reason).toBe('rotating the role away');

    const until = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
    const accepted = await patch(tenant.owner, opened.id, { status: 'risk_accepted', reason: 'break-glass role, used yearly', riskAcceptedUntil: until });
    expect(accepted.body).toMatchObject({ status: 'risk_accepted', reason: 'break-glass role, used yearly', riskAcceptedUntil: until, statusChangedByUserId: tenant.owner.id });
    const reopened = await patch(analyst, opened.id, { status: 'open', reason: 'the exception was not approved' });
    expect(reopened.body).toMatchObject({ status: 'open', reason: 'the exception was not approved', riskAcceptedUntil: null });
    expect(reopened.body.reopenedAt).not.toBeNull();
    const falsePositive = await patch(analyst, opened.id, { status: 'false_positive', reason: 'the role is used through a path IAM does not track' });
    expect(falsePositive.body).toMatchObject({ status: 'false_positive', reason: 'the role is used through a path IAM does not track' });

    expect(await findingTrail(tenant)).toEqual([
      { action: 'finding.opened', actorKind: 'system', actorId: null, detail: expect.objectContaining({ findingId: opened.id, policy: 'stale_identity', identityId: opened.identity.id }) },
      { action: 'finding.risk_accepted', actorKind: 'person', actorId: tenant.owner.id, detail: expect.objectContaining({ from: 'in_progress', to: 'risk_accepted', reason: 'break-glass role, used yearly', riskAcceptedUntil: until }) },
      { action: 'finding.reopened', actorKind: 'person', actorId: analyst.id, detail: expect.objectContaining({ from: 'risk_accepted', to: 'open', reason: 'the exception was not approved' }) },
      { action: 'finding.false_positive_recorded', actorKind: 'person', actorId: analyst.id, detail: expect.objectContaining({ from: 'open', to: 'false_positive', reason: 'the role is used through a path IAM does not track' }) },
    ]);
    // The other organization sees none of it, and its request for the finding is the 404 of a missing one.
    expect((await t.current.call('GET', '/nhi/api/v1/findings', { token: other.owner.token })).body.items).toEqual([]);
    const foreign = await patch(other.owner, opened.id, { status: 'acknowledged' });
    const missing = await patch(other.owner, '00000000-0000-4000-8000-000000000000', { status: 'acknowledged' });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    await t.current.expectNeighbourUntouched();
  });

  it('is resolved by the evaluation when its condition stops holding, whatever its status, and reopened by it when the condition holds again', async () => {
    const [tenant] = await t.current.twoTenants();
    const connectorId = await account(tenant, 200);
    const opened = await theFinding(tenant);
    await patch(tenant.owner, opened.id, { status: 'risk_accepted', reason: 'decommissioning next quarter' });

    // The role was used yesterday: the next synchronization's evaluation resolves the finding.
    const used = await synchronize(tenant, connectorId, 1);
    expect(used.evaluation.policies.stale_identity).toMatchObject({ holding: 0, resolved: 1 });
    const resolved = await theFinding(tenant);
    expect(resolved).toMatchObject({ id: opened.id, status: 'resolved', reason: null, statusChangedByUserId: null, firstDetectedAt: opened.firstDetectedAt });
    expect(resolved.resolvedAt).not.toBeNull();
    // Nobody resolves or moves a resolved finding.
    const refused = await patch(tenant.owner, opened.id, { status: 'acknowledged' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('a resolved finding cannot move to acknowledged: it reopens by itself when its policy’s condition holds again');

    // Unused again for 200 days: the same finding reopens, its first detection kept.
    const dormantAgain = await synchronize(tenant, connectorId, 200);
    expect(dormantAgain.evaluation.policies.stale_identity).toMatchObject({ holding: 1, opened: 0, reopened: 1 });
    const back = await theFinding(tenant);
    expect(back).toMatchObject({ id: opened.id, status: 'open', resolvedAt: null, statusChangedByUserId: null, firstDetectedAt: opened.firstDetectedAt });
    expect(back.reopenedAt).not.toBeNull();

    const trail = await findingTrail(tenant);
    expect(trail.map((record) => [record.action, record.actorKind])).toEqual([
      ['finding.opened', 'system'],
      ['finding.risk_accepted', 'person'],
      ['finding.resolved', 'system'],
      ['finding.reopened', 'system'],
    ]);
    expect(trail[2]!.detail).toMatchObject({ previousStatus: 'risk_accepted', reason: 'condition_no_longer_holds' });
    expect(trail[3]!.detail).toMatchObject({ reason: 'condition_holds_again' });
  });

  it('refuses illegal moves with 409, requesting resolved and missing reasons with 400, and changes nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    await account(tenant, 200);
    const finding = await theFinding(tenant);
    const before = await findingTrail(tenant);

    const resolvedAsked = await patch(tenant.owner, finding.id, { status: 'resolved' });
    expect(resolvedAsked.status).toBe(400);
    expect(resolvedAsked.body.error).toBe('a finding is resolved only by evaluation, when its policy’s condition stops holding: resolved cannot be requested');
    for (const [body, message] of [
      [{ status: 'risk_accepted' }, 'a reason is required to accept a risk'],
      [{ status: 'false_positive', reason: '   ' }, 'a reason is required to record a false positive'],
      [{ status: 'acknowledged', riskAcceptedUntil: new Date(Date.now() + 86_400_000).toISOString() }, 'riskAcceptedUntil is given only to accept a risk'],
      [{ status: 'risk_accepted', reason: 'accepted', riskAcceptedUntil: '2020-01-01T00:00:00Z' }, 'riskAcceptedUntil must be in the future'],
    ] as const) {
      const refused = await patch(tenant.owner, finding.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe(message);
    }

    await patch(tenant.owner, finding.id, { status: 'in_progress' });
    const backwards = await patch(tenant.owner, finding.id, { status: 'acknowledged' });
    expect(backwards.status).toBe(409);
    expect(backwards.body.error).toBe('a finding in status in_progress cannot move to acknowledged; from in_progress it may move to: risk_accepted, false_positive');
    await patch(tenant.owner, finding.id, { status: 'false_positive', reason: 'a test role' });
    const fromFalsePositive = await patch(tenant.owner, finding.id, { status: 'risk_accepted', reason: 'accepted' });
    expect(fromFalsePositive.status).toBe(409);
    expect((await theFinding(tenant)).status).toBe('false_positive');
    expect((await findingTrail(tenant)).slice(before.length).map((record) => record.action)).toEqual(['finding.false_positive_recorded']);
  });

  it('reads an accepted risk whose end passed as open, from its end and by nobody, and lets it be accepted again', async () => {
    const [tenant] = await t.current.twoTenants();
    await account(tenant, 200);
    const finding = await theFinding(tenant);
    const until = new Date(Date.now() + 1_500);
    await patch(tenant.owner, finding.id, { status: 'risk_accepted', reason: 'until the migration window', riskAcceptedUntil: until.toISOString() });
    expect((await theFinding(tenant)).status).toBe('risk_accepted');
    await new Promise((resolve) => setTimeout(resolve, until.getTime() - Date.now() + 100));

    const lapsed = await theFinding(tenant);
    expect(lapsed).toMatchObject({ status: 'open', reason: null, statusChangedByUserId: null, riskAcceptedUntil: until.toISOString(), statusChangedAt: until.toISOString() });
    expect((await t.current.call('GET', '/nhi/api/v1/findings?status=open', { token: tenant.owner.token })).body.items.map((item: NhiFinding) => item.id)).toEqual([finding.id]);
    expect((await t.current.call('GET', '/nhi/api/v1/findings?status=risk_accepted', { token: tenant.owner.token })).body.items).toEqual([]);
    // Reopening what already reads open changes nothing; accepting it again is a move from open.
    expect((await patch(tenant.owner, finding.id, { status: 'open', reason: 'lapsed' })).body.status).toBe('open');
    const acceptedAgain = await patch(tenant.owner, finding.id, { status: 'risk_accepted', reason: 'extended' });
    expect(acceptedAgain.body).toMatchObject({ status: 'risk_accepted', reason: 'extended', riskAcceptedUntil: null });
    expect((await findingTrail(tenant)).map((record) => record.action)).toEqual(['finding.opened', 'finding.risk_accepted', 'finding.risk_accepted']);
  });

  it('lets analysts and Organization Admins change a status and refuses viewers, recording the refusal', async () => {
    const [tenant] = await t.current.twoTenants();
    await account(tenant, 200);
    const finding = await theFinding(tenant);
    const viewer = await t.current.member(tenant, 'viewer');
    const refused = await patch(viewer, finding.id, { status: 'acknowledged' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'missing permission nhi-findings:triage', code: 'forbidden', required_scope: 'nhi-findings:triage', principal: 'user' });
    expect((await auditRecords(t.current, tenant, 'authz.denied')).map((record) => [record.subject, record.actor_id])).toEqual([['changeNhiFindingStatus', viewer.id]]);
    expect((await theFinding(tenant)).status).toBe('open');
    // Viewers read findings.
    expect((await t.current.call('GET', `/nhi/api/v1/findings/${finding.id}`, { token: viewer.token })).status).toBe(200);
    const admin = await t.current.member(tenant, 'admin');
    expect((await patch(admin, finding.id, { status: 'acknowledged' })).status).toBe(200);
  });
});
