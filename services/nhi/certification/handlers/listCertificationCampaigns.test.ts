// Listing campaigns on both profiles: newest first, each with its progress, the organization's own only.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { openCampaign, seedIdentity, startedCampaign } from '../testing/campaigns.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/certification/campaigns ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('lists newest first with progress, paginated, to every module role', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'viewer');
    const older = await startedCampaign(t.current, tenant.owner, [await seedIdentity(t.current, tenant)], [reviewer]);
    const newer = await openCampaign(t.current, tenant.owner, { name: 'Later', scope: { kinds: ['aws_iam_role'] }, reviewerUserIds: [reviewer.id] });
    const listed = await t.current.call('GET', '/nhi/api/v1/certification/campaigns', { token: reviewer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((campaign: { id: string; state: string; progress: { items: number } }) => [campaign.id, campaign.state, campaign.progress.items])).toEqual([
      [newer.id, 'created', 0],
      [older.id, 'in_review', 1],
    ]);
    const firstPage = await t.current.call('GET', '/nhi/api/v1/certification/campaigns?limit=1', { token: reviewer.token });
    expect(firstPage.body.has_more).toBe(true);
    const secondPage = await t.current.call('GET', `/nhi/api/v1/certification/campaigns?limit=1&cursor=${encodeURIComponent(firstPage.body.next_cursor)}`, { token: reviewer.token });
    expect(secondPage.body.items.map((campaign: { id: string }) => campaign.id)).toEqual([older.id]);
    expect((await t.current.call('GET', '/nhi/api/v1/certification/campaigns', { token: other.owner.token })).body.items).toEqual([]);
  });
});
