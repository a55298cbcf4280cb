// The shared security suite (test/support/security-suite.ts) over the assets,
// schedules, licences and scanner-settings operations: 401 without a credential,
// 403 without the permission, and for every {id} route another tenant's asset
// answered exactly like a missing one, changing nothing.
import { describeSecuritySuite, type ResourceFixture } from '../../test/support/security-suite.js';
import type { TestApp, TestTenant } from '../../test/support/test-app.js';
import { assetOf } from './testing/fixtures.js';

const asset: ResourceFixture = async (t, tenant) => ({ params: { id: await assetOf(t, tenant) } });

async function scheduledAsset(t: TestApp, tenant: TestTenant): Promise<{ params: { id: string } }> {
  const id = await assetOf(t, tenant);
  await t.call('PUT', `/api/v1/assets/${id}/schedule`, { token: tenant.owner.token, body: { interval_hours: 24, scanners: ['trivy'] } });
  return { params: { id } };
}

describeSecuritySuite({
  title: 'assets and scanner settings',
  includes: (operation) => operation.tags.includes('assets') || operation.tags.includes('settings'),
  fixtures: {
    getAsset: asset,
    deleteAsset: asset,
    archiveAsset: async (t, tenant) => ({ ...(await asset(t, tenant)), body: { reason: 'retired' } }),
    unarchiveAsset: asset,
    putAssetSchedule: async (t, tenant) => ({ ...(await asset(t, tenant)), body: { interval_hours: 24, scanners: ['trivy'] } }),
    getAssetSchedule: scheduledAsset,
    deleteAssetSchedule: scheduledAsset,
  },
});
