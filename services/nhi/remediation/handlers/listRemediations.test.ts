// Reading remediations (inventory:read, every module role), on both profiles with two
// organizations: newest first, cursor-paginated, filtered by status and identity;
// the other organization sees none of them.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import type { Remediation } from '../records.js';
import { askForRemediation, seedRole } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/remediations ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('lists newest first across pages, filters by status and identity, and shows the other organization nothing', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const first = await seedRole(t.current, tenant);
    const second = await seedRole(t.current, tenant);
    const asked: Remediation[] = [];
    for (const identityId of [first, second, first]) asked.push(await askForRemediation(t.current, tenant.owner, { identityId, action: 'manual', reason: 'tidy up' }));
    const cancelled = await t.current.call('POST', `/nhi/api/v1/remediations/${asked[0]!.id}/cancel`, { token: tenant.owner.token });
    expect(cancelled.status).toBe(200);
    const viewer = await t.current.member(tenant, 'viewer');

    const page1 = await t.current.call('GET', '/nhi/api/v1/remediations?limit=2', { token: viewer.token });
    expect(page1.status).toBe(200);
    expect(page1.body.items.map((item: Remediation) => item.id)).toEqual([asked[2]!.id, asked[1]!.id]);
    const page2 = await t.current.call('GET', `/nhi/api/v1/remediations?limit=2&cursor=${encodeURIComponent(page1.body.next_cursor)}`, { token: viewer.token });
    expect(page2.body.items.map((item: Remediation) => item.id)).toEqual([asked[0]!.id]);

    const pending = await t.current.call('GET', '/nhi/api/v1/remediations?status=pending', { token: viewer.token });
    expect(pending.body.items.map((item: Remediation) => item.id)).toEqual([asked[2]!.id, asked[1]!.id]);
    const ofFirst = await t.current.call('GET', `/nhi/api/v1/remediations?identityId=${first}&status=cancelled,pending`, { token: viewer.token });
    expect(ofFirst.body.items.map((item: Remediation) => item.id)).toEqual([asked[2]!.id, asked[0]!.id]);
    expect((await t.current.call('GET', '/nhi/api/v1/remediations?status=done', { token: viewer.token })).status).toBe(400);

    const theirs = await t.current.call('GET', `/nhi/api/v1/remediations?identityId=${first}`, { token: other.owner.token });
    expect(theirs.body.items).toEqual([]);
  });
});
