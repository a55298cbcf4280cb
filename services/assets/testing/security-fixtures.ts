// Resources of the shared security suite (test/support/security-suite.ts): an
// asset of the tenant, with a schedule where the operation reads or removes one.
import type { ResourceFixture } from '../../../test/support/security-suite.js';
import { assetOf } from './fixtures.js';

const asset: ResourceFixture = async (t, tenant) => ({ params: { id: await assetOf(t, tenant) } });

const scheduledAsset: ResourceFixture = async (t, tenant) => {
  const id = await assetOf(t, tenant);
  await t.call('PUT', `/api/v1/assets/${id}/schedule`, { token: tenant.owner.token, body: { interval_hours: 24, scanners: ['trivy'] } });
  return { params: { id } };
};

export const securityFixtures: Record<string, ResourceFixture> = {
  getAsset: asset,
  deleteAsset: asset,
  archiveAsset: async (t, tenant) => ({ ...(await asset(t, tenant)), body: { reason: 'retired' } }),
  unarchiveAsset: asset,
  putAssetSchedule: async (t, tenant) => ({ ...(await asset(t, tenant)), body: { interval_hours: 24, scanners: ['trivy'] } }),
  getAssetSchedule: scheduledAsset,
  deleteAssetSchedule: scheduledAsset,
};
