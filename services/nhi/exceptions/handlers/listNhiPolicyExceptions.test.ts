// The organization's policy exceptions, newest request first, cursor-paginated, filtered
// by stored status, identity, policy and whether in force now.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { decide, exceptionRequests, requested } from '../../governance/testing/requests.js';
import type { NhiPolicyException } from '../index.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/exceptions ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  const ids = async (tenant: TestTenant, query = '') => {
    const response = await t.current.call('GET', `/nhi/api/v1/exceptions${query}`, { token: tenant.owner.token });
    expect(response.status).toBe(200);
    return (response.body.items as NhiPolicyException[]).map((item) => item.id);
  };

  it('lists newest first with filters by status, identity, policy and in force', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const stale = await requested(t.current, tenant, analyst, exceptionRequests);
    const keyId = (
      await t.current.call('POST', '/nhi/api/v1/exceptions', {
        token: analyst.token,
        body: { ...exceptionRequests.body(stale.identityId, new Date(), 24 * 60 * 60 * 1000), policy: 'long_lived_access_key' },
      })
    ).body.id as string;
    const elsewhere = await requested(t.current, tenant, analyst, exceptionRequests);
    await decide(t.current, tenant.owner, exceptionRequests, stale.id, 'approve');
    await requested(t.current, other, other.owner, exceptionRequests);

    expect(await ids(tenant)).toEqual([elsewhere.id, keyId, stale.id]);
    expect(await ids(tenant, '?policy=long_lived_access_key')).toEqual([keyId]);
    expect(await ids(tenant, `?identityId=${stale.identityId}`)).toEqual([keyId, stale.id]);
    expect(await ids(tenant, '?inForce=true')).toEqual([stale.id]);
    expect(await ids(tenant, '?status=pending&policy=stale_identity')).toEqual([elsewhere.id]);
    expect(await ids(other)).not.toContain(stale.id);
    expect((await t.current.call('GET', '/nhi/api/v1/exceptions?policy=no_such_policy', { token: tenant.owner.token })).status).toBe(400);
  });
});
