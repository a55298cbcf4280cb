// Listing a campaign's items on both profiles: by identity name, filtered by decision and reviewer, paginated.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { answer, itemsOf, seedIdentity, startedCampaign } from '../testing/campaigns.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/certification/campaigns/{campaignId}/items ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('filters by decision and by reviewer, pages by identity name, and answers another organization 404', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const first = await t.current.member(tenant, 'analyst');
    const second = await t.current.member(tenant, 'viewer');
    const ids = [await seedIdentity(t.current, tenant, { name: 'alpha' }), await seedIdentity(t.current, tenant, { name: 'bravo' }), await seedIdentity(t.current, tenant, { name: 'charlie' })];
    const campaign = await startedCampaign(t.current, tenant.owner, ids, [first, second]);
    const [alpha, bravo, charlie] = await itemsOf(t.current, second, campaign.id);
    expect([alpha, bravo, charlie].map((item) => item!.identity.name)).toEqual(['alpha', 'bravo', 'charlie']);
    await answer(t.current, first, campaign.id, alpha!.id, { decision: 'keep' });
    await answer(t.current, second, campaign.id, bravo!.id, { decision: 'revoke' });
    const names = async (query: string) => (await itemsOf(t.current, second, campaign.id, query)).map((item) => item.identity.name);
    expect(await names('&decision=keep')).toEqual(['alpha']);
    expect(await names('&decision=revoke')).toEqual(['bravo']);
    expect(await names('&decision=none')).toEqual(['charlie']);
    expect(await names(`&reviewer=${second.id}`)).toEqual(['bravo']);
    const page = await t.current.call('GET', `/nhi/api/v1/certification/campaigns/${campaign.id}/items?limit=2`, { token: second.token });
    const rest = await t.current.call('GET', `/nhi/api/v1/certification/campaigns/${campaign.id}/items?limit=2&cursor=${encodeURIComponent(page.body.next_cursor)}`, { token: second.token });
    expect(rest.body.items.map((item: { id: string }) => item.id)).toEqual([charlie!.id]);
    expect((await t.current.call('GET', `/nhi/api/v1/certification/campaigns/${campaign.id}/items`, { token: other.owner.token })).status).toBe(404);
  });
});
