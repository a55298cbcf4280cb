// Reading one delegation on both profiles: its state evaluated at the read, another
// organization's the 404 of a missing one.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { delegate } from '../testing/delegations.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/delegations/{delegationId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('answers every module role with the delegation, and another organization with 404', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const viewer = await t.current.member(tenant, 'viewer');
    const analyst = await t.current.member(tenant, 'analyst');
    const created = await delegate(t.current, tenant.owner, analyst, ['reviewing']);
    const read = await t.current.call('GET', `/nhi/api/v1/delegations/${created.id}`, { token: viewer.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
    const foreign = await t.current.call('GET', `/nhi/api/v1/delegations/${created.id}`, { token: other.owner.token });
    const missing = await t.current.call('GET', '/nhi/api/v1/delegations/00000000-0000-4000-8000-000000000000', { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });
});
