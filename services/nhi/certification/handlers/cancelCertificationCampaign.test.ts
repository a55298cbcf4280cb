// Cancelling a campaign on both profiles: from created or in review, once.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { answer, campaignAction, itemsOf, openCampaign, seedIdentity, startedCampaign, trailOf } from '../testing/campaigns.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/certification/campaigns/{campaignId}/cancel ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('cancels a created campaign and one in review (its answers stay), and refuses a cancelled or closed one with 409', async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const created = await openCampaign(t.current, tenant.owner, { scope: { kinds: ['aws_iam_role'] }, reviewerUserIds: [reviewer.id] });
    const cancelled = await campaignAction(t.current, tenant.owner, created.id, 'cancel');
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelledByUserId: tenant.owner.id });
    expect((await campaignAction(t.current, tenant.owner, created.id, 'cancel')).status).toBe(409);
    expect((await campaignAction(t.current, tenant.owner, created.id, 'start')).status).toBe(409);

    const inReview = await startedCampaign(t.current, tenant.owner, [await seedIdentity(t.current, tenant), await seedIdentity(t.current, tenant)], [reviewer]);
    const [item] = await itemsOf(t.current, reviewer, inReview.id);
    await answer(t.current, reviewer, inReview.id, item!.id, { decision: 'keep' });
    const stopped = await campaignAction(t.current, tenant.owner, inReview.id, 'cancel');
    expect(stopped.body).toMatchObject({ state: 'cancelled', progress: { items: 2, answered: 1, kept: 1 } });
    expect((await answer(t.current, reviewer, inReview.id, (await itemsOf(t.current, reviewer, inReview.id, '&decision=none'))[0]!.id, { decision: 'keep' })).status).toBe(409);
    expect((await trailOf(t.current, tenant, ['certification.campaign.cancelled'])).map((record) => record.detail.from)).toEqual(['created', 'in_review']);

    const done = await startedCampaign(t.current, tenant.owner, [await seedIdentity(t.current, tenant)], [reviewer]);
    await campaignAction(t.current, tenant.owner, done.id, 'close');
    const late = await campaignAction(t.current, tenant.owner, done.id, 'cancel');
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('only a created campaign or one in review can be cancelled; it is closed');
  });
});
