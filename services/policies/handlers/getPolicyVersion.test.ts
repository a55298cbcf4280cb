import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { createdPolicy } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/policies/{id}/versions/{version} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it("answers one version by number; a version that does not exist and another tenant's policy answer the same 404", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant);
    const read = await t.current.call('GET', `/api/v1/policies/${policy.id}/versions/1`, { token: tenant.owner.token });
    expect([read.status, read.body]).toEqual([200, policy.latest_version]);

    const absent = await t.current.call('GET', `/api/v1/policies/${policy.id}/versions/2`, { token: tenant.owner.token });
    const foreign = await t.current.call('GET', `/api/v1/policies/${policy.id}/versions/1`, { token: other.owner.token });
    expect(absent.status).toBe(404);
    expect(foreign.raw).toBe(absent.raw);
    expect((await t.current.call('GET', `/api/v1/policies/${policy.id}/versions/first`, { token: tenant.owner.token })).status).toBe(400);
  });
});
