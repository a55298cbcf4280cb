import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { createdPolicy, criticalBlocks } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/policies/{id}/versions ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('lists versions newest first, bounded by limit; another tenant gets the 404 of a missing policy', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant);
    for (let i = 0; i < 2; i++) await t.current.call('POST', `/api/v1/policies/${policy.id}/versions`, { token: tenant.owner.token, body: { rules: criticalBlocks } });

    const all = await t.current.call('GET', `/api/v1/policies/${policy.id}/versions`, { token: tenant.owner.token });
    expect(all.body.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(all.body.versions[2]).toEqual(policy.latest_version);
    const bounded = await t.current.call('GET', `/api/v1/policies/${policy.id}/versions?limit=1`, { token: tenant.owner.token });
    expect(bounded.body).toMatchObject({ limit: 1, versions: [{ version: 3 }] });

    const foreign = await t.current.call('GET', `/api/v1/policies/${policy.id}/versions`, { token: other.owner.token });
    const missing = await t.current.call('GET', `/api/v1/policies/${other.id}/versions`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });
});
