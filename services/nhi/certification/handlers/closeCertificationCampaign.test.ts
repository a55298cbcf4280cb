// Closing a campaign on both profiles: 409 unless active, unanswered items taking the
// campaign's onNoResponse (revoke opens remediations), then the remediation stage.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { answer, campaignAction, itemsOf, openCampaign, seedIdentity, startedCampaign, trailOf } from '../testing/campaigns.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/certification/campaigns/{campaignId}/close ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('answers 409 for a campaign that is not active: created, cancelled, closed', async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const created = await openCampaign(t.current, tenant.owner, { scope: { kinds: ['aws_iam_role'] }, reviewerUserIds: [reviewer.id] });
    const refused = await campaignAction(t.current, tenant.owner, created.id, 'close');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('only an active campaign can be closed; it is created');
    await campaignAction(t.current, tenant.owner, created.id, 'cancel');
    expect((await campaignAction(t.current, tenant.owner, created.id, 'close')).body.error).toBe('only an active campaign can be closed; it is cancelled');
    expect(await trailOf(t.current, tenant, ['certification.campaign.closed'])).toEqual([]);
  });

  it('keeps unanswered items by default and closes at once when nothing was revoked', async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const campaign = await startedCampaign(t.current, tenant.owner, [await seedIdentity(t.current, tenant)], [reviewer]);
    const closed = await campaignAction(t.current, tenant.owner, campaign.id, 'close');
    expect(closed.body).toMatchObject({ state: 'closed', progress: { answered: 1, kept: 1, revoked: 0 } });
    expect(await itemsOf(t.current, reviewer, campaign.id)).toEqual([expect.objectContaining({ decision: 'keep', decisionSource: 'no_response', decidedByUserId: tenant.owner.id, remediationId: null })]);
    expect((await trailOf(t.current, tenant, ['certification.campaign.closed'])).map((record) => record.detail)).toEqual([
      { from: 'in_review', to: 'closed', no_response: { items: 1, decision: 'keep' } },
    ]);
  });

  it('revokes unanswered items when the campaign says so, opening remediations requested by the closer, and moves to in_remediation', async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const admin = await t.current.member(tenant, 'admin');
    const answered = await seedIdentity(t.current, tenant, { name: 'a-answered' });
    const silent = await seedIdentity(t.current, tenant, { kind: 'aws_iam_access_key', name: 'b-silent' });
    const campaign = await startedCampaign(t.current, tenant.owner, [answered, silent], [reviewer], { onNoResponse: 'revoke' });
    const [first] = await itemsOf(t.current, reviewer, campaign.id);
    await answer(t.current, reviewer, campaign.id, first!.id, { decision: 'keep' });

    const closing = await campaignAction(t.current, admin, campaign.id, 'close');
    expect(closing.body).toMatchObject({ state: 'in_remediation', progress: { answered: 2, kept: 1, revoked: 1 } });
    const [, revoked] = await itemsOf(t.current, reviewer, campaign.id);
    expect(revoked).toMatchObject({ identity: { id: silent }, decision: 'revoke', decisionSource: 'no_response', decidedByUserId: admin.id });
    const remediation = await t.current.db.query('SELECT action, requested_by_user_id, campaign_item_id FROM nhi_remediations WHERE org_id = $1 AND id = $2', [tenant.id, revoked!.remediationId]);
    expect(remediation.rows).toEqual([{ action: 'disable_access_key', requested_by_user_id: admin.id, campaign_item_id: revoked!.id }]);
    expect((await trailOf(t.current, tenant, ['certification.item.revoked'])).map((record) => record.detail)).toEqual([expect.objectContaining({ source: 'no_response', remediation_id: revoked!.remediationId })]);
    expect((await campaignAction(t.current, admin, campaign.id, 'close')).body.state).toBe('closed');
  });
});
