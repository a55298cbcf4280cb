import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { createdPolicy } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/policies ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it("lists the organization's policies newest first, bounded by limit, to a key with policies:read; none of another tenant", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await createdPolicy(t.current, tenant));
    await createdPolicy(t.current, other);
    const { key } = await t.current.apiKey(tenant.owner, ['policies:read']);

    const all = await t.current.call('GET', '/api/v1/policies', { token: key });
    expect(all.status).toBe(200);
    expect(all.body.limit).toBe(50);
    expect(all.body.policies.map((p: { id: string }) => p.id)).toEqual(created.map((p) => p.id).reverse());
    expect(all.body.policies[0]).toEqual(created[2]);

    const bounded = await t.current.call('GET', '/api/v1/policies?limit=2', { token: key });
    expect(bounded.body.policies.map((p: { id: string }) => p.id)).toEqual([created[2].id, created[1].id]);
    expect((await t.current.call('GET', '/api/v1/policies?limit=5000', { token: key })).body.limit).toBe(200);
    expect((await t.current.call('GET', '/api/v1/policies?limit=0', { token: key })).status).toBe(400);
  });
});
