// Withdrawing one's own remediation, on both profiles with two organizations: only
// the requester (403, recorded, for anyone else, an owner included), only while
// pending (409), audited as remediation.cancelled.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords } from '../../connectors/testing/api-fixtures.js';
import { pendingRemediation, remediationOf } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/remediations/{id}/cancel ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('the requester withdraws it while pending; nobody else may, and a withdrawn one cannot be withdrawn again', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const asked = await pendingRemediation(t.current, tenant, analyst);
    const cancel = (token: string) => t.current.call('POST', `/nhi/api/v1/remediations/${asked.id}/cancel`, { token });

    expect((await cancel(other.owner.token)).status).toBe(404);
    const refused = await cancel(tenant.owner.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('only the person who asked for a remediation may withdraw it');
    expect((await auditRecords(t.current, tenant, 'authz.denied')).filter((record) => record.subject === asked.id).map((record) => [record.actor_id, record.detail.module_roles])).toEqual([[tenant.owner.id, ['organization_admin']]]);
    expect((await remediationOf(t.current, analyst, asked.id)).status).toBe('pending');

    const response = await cancel(analyst.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'cancelled' });
    expect(response.body.cancelledAt).not.toBeNull();
    expect((await auditRecords(t.current, tenant, 'remediation.cancelled')).map((record) => [record.actor_id, record.subject])).toEqual([[analyst.id, asked.id]]);
    const again = await cancel(analyst.token);
    expect(again.status).toBe(409);
  });
});
