// Listing delegations on both profiles: every module role reads them, filtered by
// delegator, delegate and whether they are in force at the read.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { delegate } from '../testing/delegations.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(handlerTestProfiles)('GET /nhi/api/v1/delegations ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('lists newest first with the filters, inForce evaluated at the read, to every module role', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const viewer = await t.current.member(tenant, 'viewer');
    const toAnalyst = await delegate(t.current, tenant.owner, analyst, ['approving']);
    const scheduled = await delegate(t.current, tenant.owner, viewer, ['reviewing'], { startsAt: new Date(Date.now() + DAY_MS), endsAt: new Date(Date.now() + 2 * DAY_MS) });
    const fromViewer = await delegate(t.current, viewer, analyst, ['reviewing']);
    const list = async (query: string) => {
      const response = await t.current.call('GET', `/nhi/api/v1/delegations${query}`, { token: viewer.token });
      expect(response.status, response.raw).toBe(200);
      return response.body.items.map((item: { id: string }) => item.id);
    };
    expect(await list('')).toEqual([fromViewer.id, scheduled.id, toAnalyst.id]);
    expect(await list(`?delegatorUserId=${tenant.owner.id}`)).toEqual([scheduled.id, toAnalyst.id]);
    expect(await list(`?delegateUserId=${analyst.id}`)).toEqual([fromViewer.id, toAnalyst.id]);
    expect(await list('?inForce=true')).toEqual([fromViewer.id, toAnalyst.id]);
    expect(await list('?inForce=false')).toEqual([scheduled.id]);
    expect(await list(`?inForce=true&delegatorUserId=${viewer.id}`)).toEqual([fromViewer.id]);
    const paged = await t.current.call('GET', '/nhi/api/v1/delegations?limit=2', { token: analyst.token });
    expect(paged.body.has_more).toBe(true);
    const rest = await t.current.call('GET', `/nhi/api/v1/delegations?limit=2&cursor=${encodeURIComponent(paged.body.next_cursor)}`, { token: analyst.token });
    expect(rest.body.items.map((item: { id: string }) => item.id)).toEqual([toAnalyst.id]);
    expect((await t.current.call('GET', '/nhi/api/v1/delegations', { token: other.owner.token })).body.items).toEqual([]);
  });

  it('refuses a malformed filter with 400', async () => {
    const tenant = await t.current.tenant();
    const refused = await t.current.call('GET', '/nhi/api/v1/delegations?inForce=yes', { token: tenant.owner.token });
    expect(refused.status).toBe(400);
  });
});
