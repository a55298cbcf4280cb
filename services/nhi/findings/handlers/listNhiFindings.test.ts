// The findings listing on both profiles, over findings opened by evaluations of
// identities the collection pipeline put in the inventory.
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { scriptedCollector } from '../../collection/testing/api-fixtures.js';
import { connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { accessKey, role } from '../../policies/testing/cloud-identities.js';
import { usePolicyPipeline } from '../../policies/testing/policy-evaluation.js';
import type { NhiFinding } from '../findings.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/findings ($profile)', (profile) => {
  const t = useTestApp(profile);
  const cloud = scriptedCollector('cloud_account');
  const pipeline = usePolicyPipeline(t, profile.profile, [cloud.collector]);

  /** Five stale roles and two keys both stale and long-lived: seven findings. */
  async function findingsIn(tenant: TestTenant): Promise<void> {
    await pipeline.current.holdCredentials(tenant, connectorBodies.cloud_account.credentialsReference);
    const connector = await createConnector(t.current, tenant.owner, connectorBodies.cloud_account);
    cloud.script(connector.id, {
      identities: [
        ...['a', 'b', 'c', 'd', 'e'].map((name) => role(`dormant-${name}`, { usedDaysAgo: 200 })),
        accessKey('AKIAOLDKEYNUMBER0001', { usedDaysAgo: 150, createdDaysAgo: 400 }),
        accessKey('AKIAOLDKEYNUMBER0002', { usedDaysAgo: 150, createdDaysAgo: 400 }),
      ],
    });
    await pipeline.current.synchronizeAndEvaluate(tenant, connector.id);
  }
  const list = async (tenant: TestTenant, query: string) => {
    const response = await t.current.call('GET', `/nhi/api/v1/findings?${query}`, { token: tenant.owner.token });
    expect(response.status, response.raw).toBe(200);
    return response.body;
  };

  it('pages through the findings newest first, filtered by policy, status, severity and identity, and only the organization’s', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await findingsIn(tenant);
    const all: NhiFinding[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(tenant, `limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page).toMatchObject({ total: 9, page: { limit: 3, stable: true } });
      all.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor !== undefined);
    expect(all).toHaveLength(9);
    expect(new Set(all.map((finding) => finding.id)).size).toBe(9);
    const detected = all.map((finding) => finding.firstDetectedAt);
    expect([...detected].sort().reverse()).toEqual(detected);

    expect((await list(tenant, 'policy=long_lived_access_key')).items.map((finding: NhiFinding) => finding.identity.externalId).sort()).toEqual(['AKIAOLDKEYNUMBER0001', 'AKIAOLDKEYNUMBER0002']);
    const key = all.find((finding) => finding.identity.externalId === 'AKIAOLDKEYNUMBER0001')!;
    expect((await list(tenant, `identityId=${key.identity.id}`)).items.map((finding: NhiFinding) => finding.policy).sort()).toEqual(['long_lived_access_key', 'stale_identity']);

    await t.current.call('PATCH', `/nhi/api/v1/findings/${key.id}`, { token: tenant.owner.token, body: { status: 'acknowledged' } });
    expect((await list(tenant, 'status=acknowledged')).items.map((finding: NhiFinding) => finding.id)).toEqual([key.id]);
    expect((await list(tenant, 'status=open,acknowledged')).total).toBe(9);
    expect((await list(tenant, 'severity=high,critical')).total).toBe(0);
    expect((await list(tenant, 'severity=medium&status=open')).total).toBe(8);

    expect(await list(other, 'limit=200')).toMatchObject({ items: [], total: 0 });
    expect((await list(other, `identityId=${key.identity.id}`)).items).toEqual([]);
    await t.current.expectNeighbourUntouched();
  });

  it('refuses unknown filter values and a cursor taken under other filters', async () => {
    const [tenant] = await t.current.twoTenants();
    await findingsIn(tenant);
    for (const query of ['status=closed', 'severity=urgent', 'policy=Not A Policy', 'identityId=42']) {
      expect((await t.current.call('GET', `/nhi/api/v1/findings?${query}`, { token: tenant.owner.token })).status, query).toBe(400);
    }
    const first = await list(tenant, 'limit=2&policy=stale_identity');
    const elsewhere = await t.current.call('GET', `/nhi/api/v1/findings?limit=2&policy=long_lived_access_key&cursor=${encodeURIComponent(first.next_cursor)}`, { token: tenant.owner.token });
    expect(elsewhere.status).toBe(400);
  });
});
