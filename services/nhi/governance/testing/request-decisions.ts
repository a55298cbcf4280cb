// Test-only: the decisions on a request approved with separation of duties, the same for
// grants and policy exceptions (services/nhi/governance/requests.ts), proved for each
// kind by its handlers' tests on both profiles with two organizations.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { decide, delegateApproving, MINUTE_MS, read, requested, storedRow, trailOf, type RequestKind } from './requests.js';

const SELF_APPROVAL = { error: 'separation of duties: the person who asked for this may not decide it', code: 'forbidden' };

/** The failure records of the tenant (refusals), as [action, actor, detail]. */
async function refusals(t: TestApp, tenant: TestTenant, subject: string) {
  return (await trailOf(t, tenant, [subject])).filter((record) => record.result === 'failure').map((record) => [record.action, record.actor_id, record.detail]);
}

export function describeApproving(kind: RequestKind): void {
  const { kind: name } = kind;
  describe.each(testProfiles)(`POST ${kind.path}/{id}/approve ($profile)`, (profile) => {
    const t = useTestApp(profile);
    expectNeighbourUntouchedAfterEach(t);

    it(`approves with an Organization Admin's own authority: in force at once, audited as ${name}.approved with its basis`, async () => {
      const [tenant, other] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const asked = await requested(t.current, tenant, analyst, kind);
      expect(asked).toMatchObject({ status: 'pending', inForce: false, approvals: [], approvalsRequired: 1, requestedByUserId: analyst.id, decidedAt: null });

      // Another organization's request is the 404 of a missing one, and is left as it was.
      const foreign = await decide(t.current, other.owner, kind, asked.id, 'approve');
      expect(foreign.status).toBe(404);
      expect(foreign.raw).toBe((await decide(t.current, other.owner, kind, randomUUID(), 'approve')).raw);

      const approved = await decide(t.current, tenant.owner, kind, asked.id, 'approve');
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ id: asked.id, status: 'approved', inForce: true, approvals: [tenant.owner.id], decidedByUserId: tenant.owner.id });
      expect(await read(t.current, tenant, kind, asked.id)).toEqual(approved.body);
      // Decided: a second approval finds it no longer pending.
      const again = await decide(t.current, (await t.current.member(tenant, 'admin')), kind, asked.id, 'approve');
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(`the ${name} is approved, not pending`);

      expect((await trailOf(t.current, tenant, [asked.id])).map((record) => [record.action, record.actor_id, record.result])).toEqual([
        [`${name}.requested`, analyst.id, 'success'],
        [`${name}.approved`, tenant.owner.id, 'success'],
      ]);
      expect((await trailOf(t.current, tenant, [asked.id]))[1]!.detail).toMatchObject({ basis: 'own', status: 'approved', approvals: 1, approvals_required: 1 });
      expect(await trailOf(t.current, other, [asked.id])).toEqual([]);
    });

    it('refuses the requester, even an owner, with 403 and a failure record, changing nothing; another Organization Admin approves', async () => {
      const [tenant] = await t.current.twoTenants();
      const asked = await requested(t.current, tenant, tenant.owner, kind);
      const before = await storedRow(t.current, tenant, kind, asked.id);

      for (const verb of ['approve', 'reject'] as const) {
        const refused = await decide(t.current, tenant.owner, kind, asked.id, verb);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual(SELF_APPROVAL);
      }
      expect(await storedRow(t.current, tenant, kind, asked.id)).toEqual(before);
      expect(await refusals(t.current, tenant, asked.id)).toEqual([
        [`${name}.self_approval.refused`, tenant.owner.id, expect.objectContaining({ operation_id: expect.stringMatching(/^approve/), requested_by: tenant.owner.id })],
        [`${name}.self_approval.refused`, tenant.owner.id, expect.objectContaining({ operation_id: expect.stringMatching(/^reject/), requested_by: tenant.owner.id })],
      ]);

      const admin = await t.current.member(tenant, 'admin');
      expect((await decide(t.current, admin, kind, asked.id, 'approve')).body).toMatchObject({ status: 'approved', approvals: [admin.id] });
    });

    it('refuses a person without approving authority (a viewer, an analyst) with 403 recorded as authz.denied', async () => {
      const [tenant] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const viewer = await t.current.member(tenant, 'viewer');
      const asked = await requested(t.current, tenant, tenant.owner, kind);
      const before = await storedRow(t.current, tenant, kind, asked.id);

      for (const person of [viewer, analyst]) {
        const refused = await decide(t.current, person, kind, asked.id, 'approve');
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({
          error: "no approving authority: an Organization Admin's own, or a delegation in force",
          code: 'forbidden',
          required_scope: 'governance:decide',
          principal: 'user',
        });
      }
      expect(await storedRow(t.current, tenant, kind, asked.id)).toEqual(before);
      // Recorded as every refusal of the module is: with the caller's module roles.
      expect(await refusals(t.current, tenant, asked.id)).toEqual([
        ['authz.denied', viewer.id, expect.objectContaining({ required_permission: 'governance:decide', principal: 'user', module_roles: ['viewer'] })],
        ['authz.denied', analyst.id, expect.objectContaining({ required_permission: 'governance:decide', principal: 'user', module_roles: ['security_analyst'] })],
      ]);
    });

    it("approves through a delegation of an Organization Admin's approving: basis delegation, and delegation.used", async () => {
      const [tenant] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const viewer = await t.current.member(tenant, 'viewer');
      const delegationId = await delegateApproving(t.current, tenant, tenant.owner, viewer);
      const asked = await requested(t.current, tenant, analyst, kind);

      const approved = await decide(t.current, viewer, kind, asked.id, 'approve');
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'approved', approvals: [viewer.id], decidedByUserId: viewer.id });
      const trail = await trailOf(t.current, tenant, [asked.id]);
      expect(trail.map((record) => [record.action, record.actor_id, record.subject])).toEqual([
        [`${name}.requested`, analyst.id, asked.id],
        [`${name}.approved`, viewer.id, asked.id],
        ['delegation.used', viewer.id, delegationId],
      ]);
      expect(trail[1]!.detail).toMatchObject({ basis: 'delegation', delegation_id: delegationId, on_behalf_of: tenant.owner.id });
      expect(trail[2]!.detail).toMatchObject({ on_behalf_of: tenant.owner.id, decision: `${name}.approved`, decided_subject: asked.id });
    });

    it("refuses, as a self-approval, a delegate acting only through the requester's delegation", async () => {
      const [tenant] = await t.current.twoTenants();
      const admin = await t.current.member(tenant, 'admin');
      const viewer = await t.current.member(tenant, 'viewer');
      await delegateApproving(t.current, tenant, admin, viewer);
      const asked = await requested(t.current, tenant, admin, kind);
      const before = await storedRow(t.current, tenant, kind, asked.id);

      const refused = await decide(t.current, viewer, kind, asked.id, 'approve');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(SELF_APPROVAL);
      expect(await storedRow(t.current, tenant, kind, asked.id)).toEqual(before);
      expect(await refusals(t.current, tenant, asked.id)).toEqual([
        [`${name}.self_approval.refused`, viewer.id, expect.objectContaining({ requested_by: admin.id, through_delegation_of: admin.id })],
      ]);
    });

    it('of concurrent approvals of one request exactly one wins; the others are 409', async () => {
      const [tenant] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const approvers = [tenant.owner, ...(await Promise.all([1, 2, 3].map(() => t.current.member(tenant, 'admin'))))];
      const asked = await requested(t.current, tenant, analyst, kind);

      const answers = await Promise.all(approvers.map((approver) => decide(t.current, approver, kind, asked.id, 'approve')));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
      const winner = approvers[answers.findIndex((answer) => answer.status === 200)]!;
      expect(await read(t.current, tenant, kind, asked.id)).toMatchObject({ status: 'approved', approvals: [winner.id], decidedByUserId: winner.id });
      expect((await trailOf(t.current, tenant, [asked.id])).filter((record) => record.action === `${name}.approved`)).toHaveLength(1);
    });

    it('the database refuses a self-approval written directly, whatever the status', async () => {
      const [tenant] = await t.current.twoTenants();
      const asked = await requested(t.current, tenant, tenant.owner, kind);
      await expect(t.current.db.query(`UPDATE ${kind.table} SET approvals = approvals || requested_by_user_id WHERE org_id = $1 AND id = $2`, [tenant.id, asked.id])).rejects.toThrow(
        new RegExp(`${kind.table}_no_self_approval`),
      );
      await expect(
        t.current.db.query(
          `UPDATE ${kind.table} SET approvals = ARRAY[requested_by_user_id], status = 'approved', decided_at = now(), decided_by_user_id = requested_by_user_id WHERE org_id = $1 AND id = $2`,
          [tenant.id, asked.id],
        ),
      ).rejects.toThrow(new RegExp(`${kind.table}_no_self_approval`));
      expect(await read(t.current, tenant, kind, asked.id)).toMatchObject({ status: 'pending', approvals: [] });
    });
  });

  describe.each(testProfiles)(`POST ${kind.path}/{id}/approve with NHI_APPROVALS_REQUIRED=2 ($profile)`, (profile) => {
    const t = useTestApp({ ...profile, governanceApprovalsRequired: 2 });
    expectNeighbourUntouchedAfterEach(t);

    it('stays pending after one approval, refuses the same approver twice, and is approved by a second', async () => {
      const [tenant] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const admin = await t.current.member(tenant, 'admin');
      const asked = await requested(t.current, tenant, analyst, kind);
      expect(asked.approvalsRequired).toBe(2);

      const first = await decide(t.current, tenant.owner, kind, asked.id, 'approve');
      expect(first.body).toMatchObject({ status: 'pending', inForce: false, approvals: [tenant.owner.id], decidedAt: null });
      const twice = await decide(t.current, tenant.owner, kind, asked.id, 'approve');
      expect(twice.status).toBe(409);
      expect(twice.body.error).toBe(`you have already approved this ${name}; it needs another approver`);
      // The requester is never the second approver either.
      expect((await decide(t.current, analyst, kind, asked.id, 'approve')).status).toBe(403);

      const second = await decide(t.current, admin, kind, asked.id, 'approve');
      expect(second.body).toMatchObject({ status: 'approved', inForce: true, approvals: [tenant.owner.id, admin.id], decidedByUserId: admin.id });
      expect((await trailOf(t.current, tenant, [asked.id])).filter((record) => record.action === `${name}.approved`).map((record) => record.detail)).toEqual([
        expect.objectContaining({ status: 'pending', approvals: 1, approvals_required: 2 }),
        expect.objectContaining({ status: 'approved', approvals: 2, approvals_required: 2 }),
      ]);
    });

    it('of concurrent approvals at a threshold of two, both count and the request is approved once', async () => {
      const [tenant] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const admin = await t.current.member(tenant, 'admin');
      const asked = await requested(t.current, tenant, analyst, kind);
      const answers = await Promise.all([tenant.owner, admin].map((approver) => decide(t.current, approver, kind, asked.id, 'approve')));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const after = await read(t.current, tenant, kind, asked.id);
      expect(after).toMatchObject({ status: 'approved' });
      expect([...after.approvals].sort()).toEqual([tenant.owner.id, admin.id].sort());
    });
  });
}

export function describeRejecting(kind: RequestKind): void {
  const { kind: name } = kind;
  describe.each(testProfiles)(`POST ${kind.path}/{id}/reject ($profile)`, (profile) => {
    const t = useTestApp(profile);
    expectNeighbourUntouchedAfterEach(t);

    it('the database refuses the requester recorded as the decider of anything but a withdrawal, written directly in SQL', async () => {
      const [tenant] = await t.current.twoTenants();
      const admin = await t.current.member(tenant, 'admin');
      const asked = await requested(t.current, tenant, tenant.owner, kind);
      const constraint = `${kind.table}_requester_not_decider`;
      await expect(
        t.current.db.query(`UPDATE ${kind.table} SET status = 'rejected', decided_at = now(), decided_by_user_id = requested_by_user_id WHERE org_id = $1 AND id = $2`, [tenant.id, asked.id]),
      ).rejects.toMatchObject({ code: '23514', constraint });
      await expect(
        t.current.db.query(`UPDATE ${kind.table} SET approvals = ARRAY[$3::uuid], status = 'approved', decided_at = now(), decided_by_user_id = requested_by_user_id WHERE org_id = $1 AND id = $2`, [
          tenant.id,
          asked.id,
          admin.id,
        ]),
      ).rejects.toMatchObject({ code: '23514', constraint });
      expect(await read(t.current, tenant, kind, asked.id)).toMatchObject({ status: 'pending', approvals: [], decidedByUserId: null });
      // Withdrawing is the requester's own decision.
      expect((await decide(t.current, tenant.owner, kind, asked.id, 'withdraw', { reason: 'not needed' })).status).toBe(200);
      expect(await read(t.current, tenant, kind, asked.id)).toMatchObject({ status: 'withdrawn', decidedByUserId: tenant.owner.id });
    });

    it(`one rejection ends a pending ${name}, with its reason, audited as ${name}.rejected; it can no longer be approved`, async () => {
      const [tenant, other] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const asked = await requested(t.current, tenant, analyst, kind);
      expect((await decide(t.current, other.owner, kind, asked.id, 'reject', { reason: 'no' })).status).toBe(404);

      const rejected = await decide(t.current, tenant.owner, kind, asked.id, 'reject', { reason: 'the bucket holds personal data' });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({ status: 'rejected', inForce: false, approvals: [], decidedByUserId: tenant.owner.id, decisionReason: 'the bucket holds personal data' });
      const late = await decide(t.current, await t.current.member(tenant, 'admin'), kind, asked.id, 'approve');
      expect(late.status).toBe(409);
      expect(late.body.error).toBe(`the ${name} is rejected, not pending`);
      expect((await decide(t.current, tenant.owner, kind, asked.id, 'reject')).status).toBe(409);
      const trail = await trailOf(t.current, tenant, [asked.id]);
      expect(trail.map((record) => [record.action, record.actor_id])).toEqual([
        [`${name}.requested`, analyst.id],
        [`${name}.rejected`, tenant.owner.id],
      ]);
      expect(trail[1]!.detail).toMatchObject({ basis: 'own', reason: 'the bucket holds personal data' });
    });

    it('refuses a viewer without authority (authz.denied) and an empty reason (400), changing nothing', async () => {
      const [tenant] = await t.current.twoTenants();
      const viewer = await t.current.member(tenant, 'viewer');
      const asked = await requested(t.current, tenant, await t.current.member(tenant, 'analyst'), kind);
      const before = await storedRow(t.current, tenant, kind, asked.id);
      expect((await decide(t.current, viewer, kind, asked.id, 'reject')).status).toBe(403);
      expect((await decide(t.current, tenant.owner, kind, asked.id, 'reject', { reason: '' })).status).toBe(400);
      expect((await decide(t.current, tenant.owner, kind, asked.id, 'reject', { reason: '   ' })).status).toBe(400);
      expect(await storedRow(t.current, tenant, kind, asked.id)).toEqual(before);
      expect(await refusals(t.current, tenant, asked.id)).toEqual([['authz.denied', viewer.id, expect.objectContaining({ module_roles: ['viewer'] })]]);
    });
  });
}

export function describeWithdrawing(kind: RequestKind): void {
  const { kind: name } = kind;
  describe.each(testProfiles)(`POST ${kind.path}/{id}/withdraw ($profile)`, (profile) => {
    const t = useTestApp(profile);
    expectNeighbourUntouchedAfterEach(t);

    it(`the requester withdraws a pending ${name}, audited as ${name}.withdrawn; then it is no longer pending`, async () => {
      const [tenant, other] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const asked = await requested(t.current, tenant, analyst, kind);
      expect((await decide(t.current, other.owner, kind, asked.id, 'withdraw')).status).toBe(404);

      const withdrawn = await decide(t.current, analyst, kind, asked.id, 'withdraw', { reason: 'the export moved to another job' });
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body).toMatchObject({ status: 'withdrawn', inForce: false, decidedByUserId: analyst.id, decisionReason: 'the export moved to another job' });
      expect((await decide(t.current, analyst, kind, asked.id, 'withdraw')).status).toBe(409);
      expect((await decide(t.current, tenant.owner, kind, asked.id, 'approve')).status).toBe(409);
      expect((await trailOf(t.current, tenant, [asked.id])).map((record) => [record.action, record.actor_id])).toEqual([
        [`${name}.requested`, analyst.id],
        [`${name}.withdrawn`, analyst.id],
      ]);
    });

    it('refuses anyone but the requester, even an owner (403, authz.denied), and an approved request (409)', async () => {
      const [tenant] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const asked = await requested(t.current, tenant, analyst, kind);
      const before = await storedRow(t.current, tenant, kind, asked.id);
      const refused = await decide(t.current, tenant.owner, kind, asked.id, 'withdraw');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: `only the person who asked for the ${name} may withdraw it`, code: 'forbidden' });
      expect(await storedRow(t.current, tenant, kind, asked.id)).toEqual(before);
      expect(await refusals(t.current, tenant, asked.id)).toEqual([['authz.denied', tenant.owner.id, expect.objectContaining({ principal: 'user', module_roles: ['organization_admin'] })]]);

      await decide(t.current, tenant.owner, kind, asked.id, 'approve');
      const late = await decide(t.current, analyst, kind, asked.id, 'withdraw');
      expect(late.status).toBe(409);
      expect(late.body.error).toBe(`the ${name} is approved, not pending`);
    });
  });
}

export function describeRevoking(kind: RequestKind): void {
  const { kind: name } = kind;
  describe.each(testProfiles)(`POST ${kind.path}/{id}/revoke ($profile)`, (profile) => {
    const t = useTestApp(profile);
    expectNeighbourUntouchedAfterEach(t);

    it(`the requester revokes an approved ${name}: no longer in force, audited as ${name}.revoked`, async () => {
      const [tenant, other] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const asked = await requested(t.current, tenant, analyst, kind);
      await decide(t.current, tenant.owner, kind, asked.id, 'approve');
      expect((await decide(t.current, other.owner, kind, asked.id, 'revoke')).status).toBe(404);

      const revoked = await decide(t.current, analyst, kind, asked.id, 'revoke', { reason: 'the export is done' });
      expect(revoked.status).toBe(200);
      expect(revoked.body).toMatchObject({ status: 'revoked', inForce: false, revokedByUserId: analyst.id, decisionReason: 'the export is done', approvals: [tenant.owner.id] });
      const again = await decide(t.current, analyst, kind, asked.id, 'revoke');
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(`the ${name} is revoked: only an approved ${name} is revoked`);
      expect((await trailOf(t.current, tenant, [asked.id])).map((record) => [record.action, record.actor_id])).toEqual([
        [`${name}.requested`, analyst.id],
        [`${name}.approved`, tenant.owner.id],
        [`${name}.revoked`, analyst.id],
      ]);
    });

    it("an Organization Admin revokes another's; an owner revokes their own (removing access is never a self-approval)", async () => {
      const [tenant] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const admin = await t.current.member(tenant, 'admin');
      const analysts = await requested(t.current, tenant, analyst, kind);
      const owners = await requested(t.current, tenant, tenant.owner, kind);
      for (const asked of [analysts, owners]) await decide(t.current, admin, kind, asked.id, 'approve');

      expect((await decide(t.current, admin, kind, analysts.id, 'revoke')).body).toMatchObject({ status: 'revoked', revokedByUserId: admin.id });
      expect((await decide(t.current, tenant.owner, kind, owners.id, 'revoke')).body).toMatchObject({ status: 'revoked', revokedByUserId: tenant.owner.id });
      const trail = await trailOf(t.current, tenant, [analysts.id, owners.id]);
      expect(trail.filter((record) => record.action === `${name}.revoked`).map((record) => record.detail.by)).toEqual(['organization_admin', 'requester']);
    });

    it('refuses an analyst who did not ask (403, authz.denied) and a request that is not approved (409), changing nothing', async () => {
      const [tenant] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const pending = await requested(t.current, tenant, tenant.owner, kind);
      const approved = await requested(t.current, tenant, tenant.owner, kind);
      await decide(t.current, await t.current.member(tenant, 'admin'), kind, approved.id, 'approve');
      const before = await storedRow(t.current, tenant, kind, approved.id);

      const refused = await decide(t.current, analyst, kind, approved.id, 'revoke');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: `only an Organization Admin or the person who asked for the ${name} may revoke it`, code: 'forbidden' });
      expect(await storedRow(t.current, tenant, kind, approved.id)).toEqual(before);
      expect(await refusals(t.current, tenant, approved.id)).toEqual([['authz.denied', analyst.id, expect.objectContaining({ principal: 'user', module_roles: ['security_analyst'] })]]);
      const notApproved = await decide(t.current, tenant.owner, kind, pending.id, 'revoke');
      expect(notApproved.status).toBe(409);
      expect(notApproved.body.error).toBe(`the ${name} is pending: only an approved ${name} is revoked`);
    });
  });
}

/**
 * End dates evaluated when read (spec 3.2): the app's clock moves past a request's end;
 * it stops being in force with no stored change and no record, and can no longer be approved.
 */
export function describeEndDates(kind: RequestKind): void {
  const { kind: name } = kind;
  describe.each(testProfiles)(`GET ${kind.path}/{id}: the end date, evaluated when read ($profile)`, (profile) => {
    let aheadMs = 0;
    const t = useTestApp({ ...profile, clock: () => new Date(Date.now() + aheadMs) });
    expectNeighbourUntouchedAfterEach(t);

    it(`an approved ${name} stops being in force when its end passes, with nothing stored changed and nothing recorded`, async () => {
      aheadMs = 0;
      const [tenant] = await t.current.twoTenants();
      const analyst = await t.current.member(tenant, 'analyst');
      const asked = await requested(t.current, tenant, analyst, kind, { endsInMs: 5 * MINUTE_MS });
      const approved = await decide(t.current, tenant.owner, kind, asked.id, 'approve');
      expect(approved.body).toMatchObject({ status: 'approved', inForce: true });
      expect((await t.current.call('GET', `${kind.path}?inForce=true`, { token: tenant.owner.token })).body.items.map((item: { id: string }) => item.id)).toEqual([asked.id]);
      const stored = await storedRow(t.current, tenant, kind, asked.id);
      const trail = await trailOf(t.current, tenant, [asked.id]);

      aheadMs = 10 * MINUTE_MS;
      expect(await read(t.current, tenant, kind, asked.id)).toEqual({ ...approved.body, inForce: false });
      expect((await t.current.call('GET', `${kind.path}?inForce=true`, { token: tenant.owner.token })).body.items).toEqual([]);
      expect((await t.current.call('GET', `${kind.path}?inForce=false&status=approved`, { token: tenant.owner.token })).body.items.map((item: { id: string }) => item.id)).toEqual([asked.id]);
      expect(await storedRow(t.current, tenant, kind, asked.id)).toEqual(stored);
      expect(await trailOf(t.current, tenant, [asked.id])).toEqual(trail);
      const { rows } = await t.current.db.query('SELECT action FROM nhi_audit_records WHERE org_id = $1 AND action LIKE $2', [tenant.id, '%.expired']);
      expect(rows).toEqual([]);
    });

    it(`a pending ${name} whose end has passed can no longer be approved (409), and stays pending`, async () => {
      aheadMs = 0;
      const [tenant] = await t.current.twoTenants();
      const asked = await requested(t.current, tenant, await t.current.member(tenant, 'analyst'), kind, { endsInMs: 5 * MINUTE_MS });
      aheadMs = 10 * MINUTE_MS;
      const late = await decide(t.current, tenant.owner, kind, asked.id, 'approve');
      expect(late.status).toBe(409);
      expect(late.body.error).toBe(`the ${name}'s end has passed: it can no longer be approved`);
      expect(await read(t.current, tenant, kind, asked.id)).toMatchObject({ status: 'pending', inForce: false, approvals: [] });
    });
  });
}
