// The manual flow, on both profiles with two organizations: an
// approved manual remediation waits for a person (manual_required, set by the worker
// after the approval), who marks it done with a note: the requester or an
// Organization Admin, nobody else, and only then.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestApp, type TestPerson } from '../../../../test/support/test-app.js';
import { auditRecords } from '../../connectors/testing/api-fixtures.js';
import { pendingRemediation, remediationOf, seedRole } from '../testing/api-fixtures.js';
import { approvedRemediation } from '../testing/decisions.js';
import { useRemediationExecution } from '../testing/execution.js';

const complete = (t: TestApp, person: TestPerson, id: string, body: Record<string, unknown> = { note: 'removed the AdministratorAccess policy by hand' }) =>
  t.call('POST', `/nhi/api/v1/remediations/${id}/complete`, { token: person.token, body });

describe.each(handlerTestProfiles)('POST /nhi/api/v1/remediations/{id}/complete ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const execution = useRemediationExecution(t, () => []);

  it('a manual remediation waits for a person after its approval; the requester marks it done with a note, audited as executed', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const identityId = await seedRole(t.current, tenant);
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'manual', reason: 'remove the administrator policy' });
    const waiting = await execution.current.outcome(requester, remediation.id);
    expect(waiting).toMatchObject({ status: 'manual_required', plan: null, finishedAt: null });
    expect(await auditRecords(t.current, tenant, 'remediation.executed')).toEqual([]);

    const foreign = await complete(t.current, other.owner, remediation.id);
    expect(foreign.status).toBe(404);
    const response = await complete(t.current, requester, remediation.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'executed', completedByUserId: requester.id, completionNote: 'removed the AdministratorAccess policy by hand' });
    expect(response.body.finishedAt).not.toBeNull();
    const [record] = await auditRecords(t.current, tenant, 'remediation.executed');
    expect(record).toMatchObject({ actor_kind: 'person', actor_id: requester.id, subject: remediation.id, detail: { carried_out_by: 'person', note: 'removed the AdministratorAccess policy by hand' } });
    expect((await complete(t.current, requester, remediation.id)).status).toBe(409);
  });

  it('an Organization Admin may mark it done; another analyst may not (403, recorded); a note is required; nothing is marked done before it waits', async () => {
    const [tenant] = await t.current.twoTenants();
    const pending = await pendingRemediation(t.current, tenant, await t.current.member(tenant, 'analyst'));
    const early = await complete(t.current, tenant.owner, pending.id);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('only a remediation waiting for a person (manual_required) is marked done; this one is pending');

    const identityId = await seedRole(t.current, tenant);
    const { remediation, requester } = await approvedRemediation(t.current, tenant, { identityId, action: 'manual', reason: 'remove the administrator policy' });
    await execution.current.outcome(requester, remediation.id);
    const analyst = await t.current.member(tenant, 'analyst');
    const refused = await complete(t.current, analyst, remediation.id);
    expect(refused.status).toBe(403);
    expect((await auditRecords(t.current, tenant, 'authz.denied')).filter((record) => record.subject === remediation.id).map((record) => [record.actor_id, record.detail.operation_id, record.detail.module_roles])).toEqual([[analyst.id, 'completeRemediation', ['security_analyst']]]);
    expect((await complete(t.current, tenant.owner, remediation.id, {})).status).toBe(400);
    expect((await remediationOf(t.current, requester, remediation.id)).status).toBe('manual_required');

    const admin = await t.current.member(tenant, 'admin');
    const done = await complete(t.current, admin, remediation.id);
    expect(done.body).toMatchObject({ status: 'executed', completedByUserId: admin.id });
    expect((await complete(t.current, admin, randomUUID())).status).toBe(404);
  });
});
