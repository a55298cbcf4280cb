// Approving a remediation, on both profiles with two
// organizations: the authority (an Organization Admin's own, a delegate's), separation
// of duties in its three layers (the domain's 403 and failure record for an owner who
// asked, the conditional update under concurrent approvals, the table's constraint
// refusing a self-approval written in SQL), the threshold, and the execution queued by
// the approval, not run in it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestApp, type TestPerson, type TestTenant } from '../../../../test/support/test-app.js';
import { auditRecords } from '../../connectors/testing/api-fixtures.js';
import { REMEDIATION_EXECUTION_JOB } from '../execution-queue.js';
import { pendingRemediation, remediationOf } from '../testing/api-fixtures.js';

const SELF_APPROVAL = { error: 'separation of duties: the person who asked for this may not decide it', code: 'forbidden' };

const approve = (t: TestApp, person: TestPerson, id: string) => t.call('POST', `/nhi/api/v1/remediations/${id}/approve`, { token: person.token });

async function queuedExecutions(t: TestApp, tenant: TestTenant, remediationId: string): Promise<number> {
  const found = await t.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM jobs WHERE org_id = $1 AND kind = $2 AND payload->>'remediationId' = $3`, [tenant.id, REMEDIATION_EXECUTION_JOB, remediationId]);
  return Number(found.rows[0]?.n ?? 0);
}

async function delegate(t: TestApp, tenant: TestTenant, from: TestPerson, to: TestPerson, authority: string[] = ['approving']): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO nhi_delegations (org_id, id, delegator_user_id, delegate_user_id, authority, starts_at, ends_at, created_at)
     VALUES ($1, $2, $3, $4, $5, now() - interval '1 hour', now() + interval '1 day', now())`,
    [tenant.id, id, from.id, to.id, authority],
  );
  return id;
}

describe.each(handlerTestProfiles)('POST /nhi/api/v1/remediations/{id}/approve ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('an Organization Admin approves what an analyst asked for: approved, audited with its basis, its execution queued', async () => {
    const [tenant] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const admin = await t.current.member(tenant, 'admin');
    const asked = await pendingRemediation(t.current, tenant, analyst);
    expect(await queuedExecutions(t.current, tenant, asked.id)).toBe(0);

    const response = await approve(t.current, admin, asked.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: asked.id, status: 'approved', approvedByUserIds: [admin.id], requestedByUserId: analyst.id });
    expect(response.body.approvedAt).not.toBeNull();
    expect(await queuedExecutions(t.current, tenant, asked.id)).toBe(1);
    const [record] = await auditRecords(t.current, tenant, 'remediation.approved');
    expect(record).toMatchObject({ actor_kind: 'person', actor_id: admin.id, subject: asked.id, result: 'success', detail: { basis: 'own', approvals: 1, approvals_required: 1, status: 'approved' } });
  });

  it('refuses the requester, an owner, with 403 and a failure record, and changes nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const asked = await pendingRemediation(t.current, tenant, tenant.owner);

    const refused = await approve(t.current, tenant.owner, asked.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(SELF_APPROVAL);
    const rejected = await t.current.call('POST', `/nhi/api/v1/remediations/${asked.id}/reject`, { token: tenant.owner.token, body: { reason: 'changed my mind' } });
    expect(rejected.status).toBe(403);
    expect(rejected.body).toEqual(SELF_APPROVAL);

    expect(await remediationOf(t.current, tenant.owner, asked.id)).toEqual(asked);
    expect(await queuedExecutions(t.current, tenant, asked.id)).toBe(0);
    const records = await auditRecords(t.current, tenant, 'remediation.self_approval.refused');
    expect(records.map((record) => [record.actor_id, record.subject, record.result, record.detail.operation_id])).toEqual([
      [tenant.owner.id, asked.id, 'failure', 'approveRemediation'],
      [tenant.owner.id, asked.id, 'failure', 'rejectRemediation'],
    ]);
    expect(await auditRecords(t.current, tenant, 'remediation.approved')).toEqual([]);
  });

  it('refuses a person with no approving authority (authz.denied), and admits a delegate of an admin while the delegation is in force', async () => {
    const [tenant] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const viewer = await t.current.member(tenant, 'viewer');
    const admin = await t.current.member(tenant, 'admin');
    const asked = await pendingRemediation(t.current, tenant, analyst);

    const refused = await approve(t.current, viewer, asked.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', required_scope: 'governance:decide' });
    expect((await auditRecords(t.current, tenant, 'authz.denied')).filter((record) => record.subject === asked.id).map((record) => [record.detail.authority, record.detail.module_roles])).toEqual([['approving', ['viewer']]]);

    const delegationId = await delegate(t.current, tenant, admin, viewer);
    const approved = await approve(t.current, viewer, asked.id);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    const [record] = await auditRecords(t.current, tenant, 'remediation.approved');
    expect(record?.detail).toMatchObject({ basis: 'delegation', delegation_id: delegationId, on_behalf_of: admin.id });
    const [used] = await auditRecords(t.current, tenant, 'delegation.used');
    expect(used).toMatchObject({ actor_id: viewer.id, subject: delegationId, detail: { decision: 'remediation.approved', decided_subject: asked.id } });
  });

  it('refuses someone acting only through the requester’s own delegation, as the requester', async () => {
    const [tenant] = await t.current.twoTenants();
    const requester = await t.current.member(tenant, 'admin');
    const viewer = await t.current.member(tenant, 'viewer');
    const asked = await pendingRemediation(t.current, tenant, requester);
    await delegate(t.current, tenant, requester, viewer);

    const refused = await approve(t.current, viewer, asked.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(SELF_APPROVAL);
    expect((await remediationOf(t.current, tenant.owner, asked.id)).status).toBe('pending');
  });

  it('of concurrent approvals exactly one wins; the others are 409 and change nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const admins = [tenant.owner, ...(await Promise.all([1, 2, 3].map(() => t.current.member(tenant, 'admin'))))];
    const asked = await pendingRemediation(t.current, tenant, analyst);

    const answers = await Promise.all(admins.map((admin) => approve(t.current, admin, asked.id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = admins[answers.findIndex((answer) => answer.status === 200)]!;
    const stored = await remediationOf(t.current, tenant.owner, asked.id);
    expect(stored).toMatchObject({ status: 'approved', approvedByUserIds: [winner.id] });
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.error === 'the remediation is no longer pending: it is approved')).toBe(true);
    expect(await auditRecords(t.current, tenant, 'remediation.approved')).toHaveLength(1);
    expect(await queuedExecutions(t.current, tenant, asked.id)).toBe(1);
  });

  it('the database refuses a self-approval or self-rejection written directly in SQL', async () => {
    const [tenant] = await t.current.twoTenants();
    const asked = await pendingRemediation(t.current, tenant, tenant.owner);
    await expect(t.current.db.query(`UPDATE nhi_remediations SET approvals = ARRAY[requested_by_user_id], status = 'approved', approved_at = now() WHERE org_id = $1 AND id = $2`, [tenant.id, asked.id])).rejects.toMatchObject({
      code: '23514',
      constraint: 'nhi_remediations_requester_not_approver',
    });
    await expect(
      t.current.db.query(`UPDATE nhi_remediations SET rejected_by_user_id = requested_by_user_id, rejected_at = now(), status = 'rejected' WHERE org_id = $1 AND id = $2`, [tenant.id, asked.id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'nhi_remediations_requester_not_rejecter' });
    expect(await remediationOf(t.current, tenant.owner, asked.id)).toEqual(asked);
  });

  it('a remediation no longer pending is 409; another organization’s is the same 404 as a missing one', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const asked = await pendingRemediation(t.current, tenant, analyst);
    expect((await approve(t.current, tenant.owner, asked.id)).status).toBe(200);
    const again = await approve(t.current, tenant.owner, asked.id);
    expect(again.status).toBe(409);

    const foreign = await approve(t.current, other.owner, asked.id);
    const missing = await approve(t.current, other.owner, randomUUID());
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect(await auditRecords(t.current, other, 'remediation.approved')).toEqual([]);
  });
});

describe.each(handlerTestProfiles)('approving with NHI_APPROVALS_REQUIRED 2 ($profile)', (profile) => {
  const t = useTestApp({ ...profile, governanceApprovalsRequired: 2 });
  expectNeighbourUntouchedAfterEach(t);

  it('stays pending after one approval, counts each approver once, and is approved by the second', async () => {
    const [tenant] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const admin = await t.current.member(tenant, 'admin');
    const asked = await pendingRemediation(t.current, tenant, analyst);

    const first = await approve(t.current, tenant.owner, asked.id);
    expect(first.body).toMatchObject({ status: 'pending', approvedByUserIds: [tenant.owner.id], approvedAt: null });
    expect(await queuedExecutions(t.current, tenant, asked.id)).toBe(0);
    const twice = await approve(t.current, tenant.owner, asked.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('you have already approved this remediation: another approver is needed');

    const second = await approve(t.current, admin, asked.id);
    expect(second.body).toMatchObject({ status: 'approved', approvedByUserIds: [tenant.owner.id, admin.id] });
    expect(await queuedExecutions(t.current, tenant, asked.id)).toBe(1);
    expect((await auditRecords(t.current, tenant, 'remediation.approved')).map((record) => record.detail.status)).toEqual(['pending', 'approved']);
  });
});
