// Rejecting a remediation, on both profiles with two organizations: one rejection by
// someone with authority ends it (audited with the reason); the requester is refused
// (covered with approving); a decided remediation is 409.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords } from '../../connectors/testing/api-fixtures.js';
import { pendingRemediation } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/remediations/{id}/reject ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('an Organization Admin rejects a pending remediation: rejected, audited with the reason, and no longer approvable', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const asked = await pendingRemediation(t.current, tenant, analyst);

    const foreign = await t.current.call('POST', `/nhi/api/v1/remediations/${asked.id}/reject`, { token: other.owner.token, body: { reason: 'no' } });
    expect(foreign.status).toBe(404);
    const response = await t.current.call('POST', `/nhi/api/v1/remediations/${asked.id}/reject`, { token: tenant.owner.token, body: { reason: 'the role is still needed by the nightly job' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'rejected', rejectedByUserId: tenant.owner.id, rejectionReason: 'the role is still needed by the nightly job', approvedByUserIds: [] });
    const [record] = await auditRecords(t.current, tenant, 'remediation.rejected');
    expect(record).toMatchObject({ actor_id: tenant.owner.id, subject: asked.id, detail: { reason: 'the role is still needed by the nightly job', basis: 'own' } });

    const approve = await t.current.call('POST', `/nhi/api/v1/remediations/${asked.id}/approve`, { token: tenant.owner.token });
    expect(approve.status).toBe(409);
    expect(approve.body.error).toBe('the remediation is no longer pending: it is rejected');
  });
});
