import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('GET /api/v1/orgs ($profile)', (profile) => {
  const t = useTestApp(profile);

  it("lists the caller's organizations oldest first with their role, marking the acting one, and nobody else's", async () => {
    const [tenant, stranger] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const response = await t.current.call('GET', '/api/v1/orgs', { token: analyst.token });
    expect(response.status).toBe(200);
    expect(response.body.organizations.map((o: { id: string; role: string; acting: boolean; personal: boolean }) => [o.id, o.role, o.acting, o.personal])).toEqual([
      // The tenant's organization was created before the analyst signed up.
      [tenant.id, 'analyst', true, false],
      [analyst.personalOrgId, 'owner', false, true],
    ]);
    expect(JSON.stringify(response.body)).not.toContain(stranger.id);
  });
});
