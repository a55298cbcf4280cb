// One remediation (inventory:read), on both profiles with two organizations: shown to
// every module role of its organization, the same 404 as a missing one elsewhere.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { pendingRemediation } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/remediations/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('shows the remediation to a viewer of its organization, and another organization’s as missing', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const asked = await pendingRemediation(t.current, tenant);
    const viewer = await t.current.member(tenant, 'viewer');
    const shown = await t.current.call('GET', `/nhi/api/v1/remediations/${asked.id}`, { token: viewer.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(asked);

    const foreign = await t.current.call('GET', `/nhi/api/v1/remediations/${asked.id}`, { token: other.owner.token });
    const missing = await t.current.call('GET', `/nhi/api/v1/remediations/${randomUUID()}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });
});
