// Findings of an exempted identity show the exception: the module
// finding view carries the exception in force for its identity and policy at read time,
// in get and list, and stops showing it once the exception's end passes or it is revoked.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { openStaleFinding } from '../findings/testing/api-fixtures.js';
import { decide, exceptionRequests, MINUTE_MS, requested } from '../governance/testing/requests.js';

describe.each(testProfiles)('module findings show the exception in force ($profile)', (profile) => {
  let aheadMs = 0;
  const t = useTestApp({ ...profile, clock: () => new Date(Date.now() + aheadMs) });
  expectNeighbourUntouchedAfterEach(t);

  const shown = async (tenant: TestTenant, findingId: string) => {
    const one = await t.current.call('GET', `/nhi/api/v1/findings/${findingId}`, { token: tenant.owner.token });
    const listed = await t.current.call('GET', '/nhi/api/v1/findings?limit=200', { token: tenant.owner.token });
    const inList = listed.body.items.find((item: { id: string }) => item.id === findingId);
    expect(inList.exception).toEqual(one.body.exception);
    return one.body.exception;
  };

  it("shows an approved exception for the finding's identity and policy until its end, and nothing after", async () => {
    aheadMs = 0;
    const [tenant] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const finding = await openStaleFinding(t.current, tenant);
    expect(finding.exception).toBeNull();

    const exemption = await requested(t.current, tenant, analyst, exceptionRequests, { identityId: finding.identity.id, endsInMs: 5 * MINUTE_MS });
    // Another policy's exception for the same identity is not this finding's.
    const otherPolicy = await t.current.call('POST', '/nhi/api/v1/exceptions', {
      token: analyst.token,
      body: { ...exceptionRequests.body(finding.identity.id, new Date(), 60 * MINUTE_MS), policy: 'long_lived_access_key' },
    });
    await decide(t.current, tenant.owner, exceptionRequests, otherPolicy.body.id, 'approve');
    // Pending is not in force.
    expect(await shown(tenant, finding.id)).toBeNull();

    await decide(t.current, tenant.owner, exceptionRequests, exemption.id, 'approve');
    expect(await shown(tenant, finding.id)).toEqual({ id: exemption.id, endsAt: exemption.endsAt });
    // The finding's own status is its own: the exception changes nothing stored about it.
    expect((await t.current.call('GET', `/nhi/api/v1/findings/${finding.id}`, { token: tenant.owner.token })).body.status).toBe('open');

    aheadMs = 10 * MINUTE_MS;
    expect(await shown(tenant, finding.id)).toBeNull();
  });

  it('stops showing a revoked exception, and shows nothing of it to another organization', async () => {
    aheadMs = 0;
    const [tenant, other] = await t.current.twoTenants();
    const finding = await openStaleFinding(t.current, tenant);
    const otherFinding = await openStaleFinding(t.current, other);
    const exemption = await requested(t.current, tenant, await t.current.member(tenant, 'analyst'), exceptionRequests, { identityId: finding.identity.id });
    await decide(t.current, tenant.owner, exceptionRequests, exemption.id, 'approve');
    expect(await shown(tenant, finding.id)).toEqual({ id: exemption.id, endsAt: exemption.endsAt });
    expect(await shown(other, otherFinding.id)).toBeNull();

    await decide(t.current, tenant.owner, exceptionRequests, exemption.id, 'revoke');
    expect(await shown(tenant, finding.id)).toBeNull();
  });
});
