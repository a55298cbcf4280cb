// Reading one policy exception: its stored status and whether it is in force now,
// computed when read (spec 3.2); exceptionsInForce gives an identity's exceptions in
// force to the findings and to whatever decides at run time.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { describeEndDates } from '../../governance/testing/request-decisions.js';
import { decide, exceptionRequests, MINUTE_MS, requested } from '../../governance/testing/requests.js';
import { exceptionsInForce } from '../index.js';

describeEndDates(exceptionRequests);

describe.each(handlerTestProfiles)('exceptionsInForce ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it("gives the identity's approved exceptions before their end, and nothing to another organization", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const approved = await requested(t.current, tenant, analyst, exceptionRequests, { endsInMs: 60 * MINUTE_MS });
    const pending = await requested(t.current, tenant, analyst, exceptionRequests, { identityId: approved.identityId });
    await decide(t.current, tenant.owner, exceptionRequests, approved.id, 'approve');

    const now = new Date();
    expect(await exceptionsInForce(t.current.db, tenant.id, approved.identityId, now)).toEqual([
      { id: approved.id, identityId: approved.identityId, policy: 'stale_identity', endsAt: new Date(approved.endsAt) },
    ]);
    expect((await exceptionsInForce(t.current.db, tenant.id, approved.identityId, new Date(now.getTime() + 61 * MINUTE_MS)))).toEqual([]);
    expect(await exceptionsInForce(t.current.db, other.id, approved.identityId, now)).toEqual([]);
    expect((await t.current.call('GET', `/nhi/api/v1/exceptions/${pending.id}`, { token: tenant.owner.token })).body).toMatchObject({ status: 'pending', inForce: false });
    expect((await t.current.call('GET', `/nhi/api/v1/exceptions/${approved.id}`, { token: other.owner.token })).status).toBe(404);
  });
});
