// Resources of the shared security suite (test/support/security-suite.ts): campaigns
// over one seeded identity, reviewed by an analyst, created or started as the
// operation needs.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { itemsOf, openCampaign, seedIdentity, startedCampaign } from './campaigns.js';

const created: ResourceFixture = async (t, tenant) => {
  const reviewer = await t.member(tenant, 'analyst');
  const campaign = await openCampaign(t, tenant.owner, { scope: { identityIds: [await seedIdentity(t, tenant)] }, reviewerUserIds: [reviewer.id] });
  return { params: { campaignId: campaign.id } };
};
const started: ResourceFixture = async (t, tenant) => {
  const campaign = await startedCampaign(t, tenant.owner, [await seedIdentity(t, tenant)], [await t.member(tenant, 'analyst')]);
  return { params: { campaignId: campaign.id } };
};

export const securityFixtures: Record<string, ResourceFixture> = {
  getCertificationCampaign: created,
  startCertificationCampaign: created,
  cancelCertificationCampaign: created,
  closeCertificationCampaign: started,
  listCertificationItems: started,
  decideCertificationItem: async (t, tenant) => {
    const campaign = await startedCampaign(t, tenant.owner, [await seedIdentity(t, tenant)], [await t.member(tenant, 'analyst')]);
    const [item] = await itemsOf(t, tenant.owner, campaign.id);
    return { params: { campaignId: campaign.id, itemId: item!.id }, body: { decision: 'revoke' } };
  },
};
