// Reading one campaign on both profiles: every module role, with its progress; another organization's is 404.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { answer, itemsOf, seedIdentity, startedCampaign } from '../testing/campaigns.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/certification/campaigns/{campaignId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('shows the progress to a Viewer, and another organization the 404 of a missing campaign', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const viewer = await t.current.member(tenant, 'viewer');
    const campaign = await startedCampaign(t.current, tenant.owner, [await seedIdentity(t.current, tenant), await seedIdentity(t.current, tenant)], [reviewer]);
    const [item] = await itemsOf(t.current, reviewer, campaign.id);
    await answer(t.current, reviewer, campaign.id, item!.id, { decision: 'revoke' });
    const read = await t.current.call('GET', `/nhi/api/v1/certification/campaigns/${campaign.id}`, { token: viewer.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: campaign.id, state: 'in_review', progress: { items: 2, answered: 1, kept: 0, revoked: 1, remaining: 1 } });
    const foreign = await t.current.call('GET', `/nhi/api/v1/certification/campaigns/${campaign.id}`, { token: other.owner.token });
    const missing = await t.current.call('GET', '/nhi/api/v1/certification/campaigns/00000000-0000-4000-8000-000000000000', { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });
});
