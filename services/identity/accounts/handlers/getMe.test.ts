import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { specPersonPermissions } from '../../../../test/support/spec-permissions.js';

describe.each(handlerTestProfiles)('GET /api/v1/me ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it("answers the person and the acting organization with their role and permissions there, their module role's included", async () => {
    const tenant = await t.current.tenant();
    const viewer = await t.current.member(tenant, 'viewer');
    const me = await t.current.call('GET', '/api/v1/me', { token: viewer.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: viewer.id, email: viewer.email, name: viewer.name });
    expect(me.body.acting_organization).toMatchObject({ id: tenant.id, role: 'viewer', personal: false });
    expect([...me.body.acting_organization.permissions].sort()).toEqual([...specPersonPermissions('viewer')].sort());
    // The module's Viewer reads no audit trail; its Organization Admin does.
    expect(me.body.acting_organization.permissions).not.toContain('audit:read');
    const owner = await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token });
    expect(owner.body.acting_organization.permissions).toContain('audit:read');
  });
});
