// The shared approving authority (authority.ts) on both profiles, asked directly at
// chosen moments: an Organization Admin's own, a delegate's while a delegation of an
// Organization Admin who still is one is in force, never the requester's (nor anyone
// acting only through the requester's delegation), each refusal recorded as a failure.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestPerson, type TestTenant } from '../../../test/support/test-app.js';
import { auditRecords } from '../connectors/testing/api-fixtures.js';
import { authorizeApproval, type GovernanceCaller } from './authority.js';
import { delegate } from './testing/delegations.js';

const HOUR_MS = 60 * 60 * 1000;

describe.each(testProfiles)('authorizeApproval ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  const callerOf = (tenant: TestTenant, person: TestPerson): GovernanceCaller => ({
    orgId: tenant.id,
    userId: person.id,
    audit: { orgId: tenant.id, actor: { kind: 'person', id: person.id }, sourceAddress: '127.0.0.1', correlationId: null },
  });
  const approve = (tenant: TestTenant, approver: TestPerson, requester: TestPerson, at = new Date()) =>
    authorizeApproval(t.current.db, callerOf(tenant, approver), { requestedByUserId: requester.id, subject: 'request-1', selfApprovalAction: 'grant.self_approval.refused', operationId: 'approveGrant' }, at);
  /** The refusal authorizeApproval throws, as [status, message]. */
  const refusalOf = async (attempt: Promise<unknown>): Promise<[number, string]> => {
    const refusal = await attempt.then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(refusal instanceof AppError)) throw new Error(`expected a refusal, got ${String(refusal)}`);
    return [refusal.status, refusal.message];
  };
  const NO_AUTHORITY: [number, string] = [403, "no approving authority: an Organization Admin's own, or a delegation in force"];
  const SELF_APPROVAL: [number, string] = [403, 'separation of duties: the person who asked for this may not decide it'];

  it("stands on an Organization Admin's own authority, and refuses a Security Analyst or a Viewer with none recorded as authz.denied", async () => {
    const [tenant] = await t.current.twoTenants();
    const admin = await t.current.member(tenant, 'admin');
    const analyst = await t.current.member(tenant, 'analyst');
    expect(await approve(tenant, admin, analyst)).toEqual({ kind: 'own' });
    expect(await approve(tenant, tenant.owner, analyst)).toEqual({ kind: 'own' });
    expect(await refusalOf(approve(tenant, analyst, admin))).toEqual(NO_AUTHORITY);
    expect(await auditRecords(t.current, tenant, 'authz.denied')).toEqual([
      expect.objectContaining({ actor_id: analyst.id, subject: 'request-1', result: 'failure', detail: expect.objectContaining({ operation_id: 'approveGrant', authority: 'approving', required_permission: 'governance:decide' }) }),
    ]);
  });

  it('refuses the requester, an owner included, as a self-approval recorded as a failure', async () => {
    const [tenant] = await t.current.twoTenants();
    expect(await refusalOf(approve(tenant, tenant.owner, tenant.owner))).toEqual(SELF_APPROVAL);
    expect(await auditRecords(t.current, tenant, 'grant.self_approval.refused')).toEqual([
      expect.objectContaining({ actor_id: tenant.owner.id, subject: 'request-1', result: 'failure', detail: expect.objectContaining({ requested_by: tenant.owner.id, operation_id: 'approveGrant' }) }),
    ]);
  });

  it("stands on a delegation of approving while it is in force, and on nothing before its start, after its end or once revoked", async () => {
    const [tenant] = await t.current.twoTenants();
    const viewer = await t.current.member(tenant, 'viewer');
    const analyst = await t.current.member(tenant, 'analyst');
    const now = Date.now();
    const delegation = await delegate(t.current, tenant.owner, viewer, ['approving'], { startsAt: new Date(now + HOUR_MS), endsAt: new Date(now + 3 * HOUR_MS) });
    // Not yet started.
    expect(await refusalOf(approve(tenant, viewer, analyst, new Date(now)))).toEqual(NO_AUTHORITY);
    expect(await approve(tenant, viewer, analyst, new Date(now + 2 * HOUR_MS))).toEqual({ kind: 'delegation', delegationId: delegation.id, delegatorUserId: tenant.owner.id });
    // Ended: the stored delegation is unchanged, and confers nothing.
    expect(await refusalOf(approve(tenant, viewer, analyst, new Date(now + 3 * HOUR_MS)))).toEqual(NO_AUTHORITY);
    const read = await t.current.call('GET', `/nhi/api/v1/delegations/${delegation.id}`, { token: viewer.token });
    expect(read.body).toMatchObject({ revokedAt: null, startsAt: delegation.startsAt, endsAt: delegation.endsAt });
    // Revoked: nothing from then on.
    expect((await t.current.call('POST', `/nhi/api/v1/delegations/${delegation.id}/revoke`, { token: tenant.owner.token })).status).toBe(200);
    expect(await refusalOf(approve(tenant, viewer, analyst, new Date(now + 2 * HOUR_MS)))).toEqual(NO_AUTHORITY);
    expect(await auditRecords(t.current, tenant, 'authz.denied')).toHaveLength(3);
  });

  it('confers nothing through a delegator who is no longer an Organization Admin', async () => {
    const [tenant] = await t.current.twoTenants();
    const admin = await t.current.member(tenant, 'admin');
    const viewer = await t.current.member(tenant, 'viewer');
    const analyst = await t.current.member(tenant, 'analyst');
    await delegate(t.current, admin, viewer, ['approving']);
    expect((await approve(tenant, viewer, analyst)).kind).toBe('delegation');
    const demoted = await t.current.call('PATCH', `/api/v1/members/${admin.id}`, { token: tenant.owner.token, body: { role: 'analyst' } });
    expect(demoted.status, demoted.raw).toBe(200);
    expect(await refusalOf(approve(tenant, viewer, analyst))).toEqual(NO_AUTHORITY);
  });

  it("refuses acting only through the requester's own delegation as a self-approval, and stands on another delegator's", async () => {
    const [tenant] = await t.current.twoTenants();
    const admin = await t.current.member(tenant, 'admin');
    const viewer = await t.current.member(tenant, 'viewer');
    await delegate(t.current, admin, viewer, ['approving']);
    // The admin asked: the viewer holds approving only through the admin.
    expect(await refusalOf(approve(tenant, viewer, admin))).toEqual(SELF_APPROVAL);
    expect(await auditRecords(t.current, tenant, 'grant.self_approval.refused')).toEqual([
      expect.objectContaining({ actor_id: viewer.id, result: 'failure', detail: expect.objectContaining({ requested_by: admin.id, through_delegation_of: admin.id }) }),
    ]);
    // With the owner's delegation too, the viewer decides on the owner's authority.
    const fromOwner = await delegate(t.current, tenant.owner, viewer, ['approving']);
    expect(await approve(tenant, viewer, admin)).toEqual({ kind: 'delegation', delegationId: fromOwner.id, delegatorUserId: tenant.owner.id });
  });
});
