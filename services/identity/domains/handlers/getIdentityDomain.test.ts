import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { claim } from '../testing/domains.js';

describe.each(handlerTestProfiles)('GET /api/v1/identity/domains/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('shows the claim with its record to identity:read; another organization gets the 404 of a missing one', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const claimed = await claim(t.current, tenant);
    const admin = await t.current.member(tenant, 'admin');
    const response = await t.current.call('GET', `/api/v1/identity/domains/${claimed.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(claimed);
    const foreign = await t.current.call('GET', `/api/v1/identity/domains/${claimed.id}`, { token: other.owner.token });
    const missing = await t.current.call('GET', `/api/v1/identity/domains/${crypto.randomUUID()}`, { token: other.owner.token });
    expect([foreign.status, foreign.raw]).toEqual([404, missing.raw]);
  });
});
