import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { createdPolicy } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/policies/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('answers the policy with its latest version to a viewer, and another tenant the same 404 as a missing policy', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant);
    const viewer = await t.current.member(tenant, 'viewer');
    const read = await t.current.call('GET', `/api/v1/policies/${policy.id}`, { token: viewer.token });
    expect([read.status, read.body]).toEqual([200, policy]);

    const foreign = await t.current.call('GET', `/api/v1/policies/${policy.id}`, { token: other.owner.token });
    const missing = await t.current.call('GET', `/api/v1/policies/${other.id}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });
});
