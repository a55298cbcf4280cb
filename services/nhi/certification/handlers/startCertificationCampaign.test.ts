// Starting a campaign on both profiles: the active identities matching every criterion
// of its scope become its items, once.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { campaignAction, itemsOf, openCampaign, seedIdentity, trailOf } from '../testing/campaigns.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/certification/campaigns/{campaignId}/start ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('snapshots the active identities in scope as items, and refuses a second start with 409', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'viewer');
    const connectorId = '0b8f6a2e-7c41-4d3a-8e5f-2a9c1d7e3b64';
    const inScope = await seedIdentity(t.current, tenant, { kind: 'aws_iam_access_key', connectorId, name: 'in-scope' });
    await seedIdentity(t.current, tenant, { kind: 'aws_iam_role', connectorId });
    await seedIdentity(t.current, tenant, { kind: 'aws_iam_access_key' });
    const removed = await seedIdentity(t.current, tenant, { kind: 'aws_iam_access_key', connectorId });
    await t.current.db.query(`UPDATE nhi_identities SET state = 'removed', removed_at = now() WHERE org_id = $1 AND id = $2`, [tenant.id, removed]);
    await seedIdentity(t.current, other, { kind: 'aws_iam_access_key', connectorId });
    const campaign = await openCampaign(t.current, tenant.owner, { scope: { connectorIds: [connectorId], kinds: ['aws_iam_access_key'] }, reviewerUserIds: [reviewer.id] });

    const started = await campaignAction(t.current, tenant.owner, campaign.id, 'start');
    expect(started.status, started.raw).toBe(200);
    expect(started.body).toMatchObject({ state: 'in_review', progress: { items: 1, remaining: 1 } });
    expect(started.body.startedAt).not.toBeNull();
    expect(await itemsOf(t.current, reviewer, campaign.id)).toEqual([
      expect.objectContaining({ campaignId: campaign.id, identity: expect.objectContaining({ id: inScope, kind: 'aws_iam_access_key', name: 'in-scope', connectorId }), decision: null }),
    ]);
    const again = await campaignAction(t.current, tenant.owner, campaign.id, 'start');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('only a created campaign can start; it is in_review');
    expect((await trailOf(t.current, tenant, ['certification.campaign.started'])).map((record) => record.detail)).toEqual([{ items: 1 }]);
    expect((await campaignAction(t.current, other.owner, campaign.id, 'start')).status).toBe(404);
  });

  it('refuses a campaign with no active identity in scope with 409, leaving it created', async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'viewer');
    const campaign = await openCampaign(t.current, tenant.owner, { scope: { kinds: ['gcp_service_account'] }, reviewerUserIds: [reviewer.id] });
    const refused = await campaignAction(t.current, tenant.owner, campaign.id, 'start');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('no active identity is in the campaign’s scope: there is nothing to review');
    expect((await t.current.call('GET', `/nhi/api/v1/certification/campaigns/${campaign.id}`, { token: reviewer.token })).body.state).toBe('created');
  });
});
