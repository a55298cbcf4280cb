// The organization's grants, newest request first, cursor-paginated, filtered by stored
// status, identity and whether in force now; another organization's never appear.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { seedIdentity } from '../../connectors/testing/api-fixtures.js';
import { decide, grantRequests, requested } from '../../governance/testing/requests.js';
import type { NhiGrant } from '../index.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/grants ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  const list = async (tenant: TestTenant, query = '') => {
    const response = await t.current.call('GET', `/nhi/api/v1/grants${query}`, { token: tenant.owner.token });
    expect(response.status).toBe(200);
    return response.body as { items: NhiGrant[]; next_cursor?: string };
  };
  const ids = (page: { items: NhiGrant[] }) => page.items.map((item) => item.id);

  it('lists newest first with filters by status, identity and in force, page by page', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const viewer = await t.current.member(tenant, 'viewer');
    const identityId = await seedIdentity(t.current, tenant);
    const first = await requested(t.current, tenant, analyst, grantRequests, { identityId });
    const second = await requested(t.current, tenant, analyst, grantRequests, { identityId });
    const third = await requested(t.current, tenant, analyst, grantRequests);
    await decide(t.current, tenant.owner, grantRequests, first.id, 'approve');
    await decide(t.current, tenant.owner, grantRequests, second.id, 'reject');
    await requested(t.current, other, other.owner, grantRequests);

    expect(ids(await list(tenant))).toEqual([third.id, second.id, first.id]);
    expect(ids(await list(tenant, '?status=approved,rejected'))).toEqual([second.id, first.id]);
    expect(ids(await list(tenant, `?identityId=${identityId}`))).toEqual([second.id, first.id]);
    expect(ids(await list(tenant, '?inForce=true'))).toEqual([first.id]);
    expect(ids(await list(tenant, '?inForce=false'))).toEqual([third.id, second.id]);

    const page1 = await list(tenant, '?limit=2');
    expect(ids(page1)).toEqual([third.id, second.id]);
    const page2 = await list(tenant, `?limit=2&cursor=${encodeURIComponent(page1.next_cursor!)}`);
    expect(ids(page2)).toEqual([first.id]);
    // Every module role reads grants (inventory:read).
    expect((await t.current.call('GET', '/nhi/api/v1/grants', { token: viewer.token })).body.items).toHaveLength(3);
    expect(ids(await list(other))).not.toContain(first.id);
  });

  it('refuses unknown filters values (400)', async () => {
    const [tenant] = await t.current.twoTenants();
    for (const query of ['?status=expired', '?inForce=yes', '?identityId=abc']) expect((await t.current.call('GET', `/nhi/api/v1/grants${query}`, { token: tenant.owner.token })).status, query).toBe(400);
  });
});
