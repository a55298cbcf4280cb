import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { seedTool, seedUsedRole } from '../../findings/testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/identities/{identityId}/approval ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('shows the approved definition to every module role, and 404 for an identity without one', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const tool = await seedTool(t.current, tenant);
    const url = `/nhi/api/v1/identities/${tool.id}/approval`;
    expect((await t.current.call('GET', url, { token: tenant.owner.token })).status).toBe(404);

    const approved = await t.current.call('PUT', url, { token: tenant.owner.token, body: { fingerprint: tool.fingerprint } });
    expect(approved.status).toBe(200);
    const viewer = await t.current.member(tenant, 'viewer');
    const read = await t.current.call('GET', url, { token: viewer.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ identityId: tool.id, fingerprint: tool.fingerprint, approvedAt: approved.body.approvedAt, approvedByUserId: tenant.owner.id, current: true });

    // Another organization's request is the 404 of an identity that does not exist.
    const foreign = await t.current.call('GET', url, { token: other.owner.token });
    const missing = await t.current.call('GET', '/nhi/api/v1/identities/00000000-0000-4000-8000-000000000000/approval', { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });

  it('has nothing to approve on an identity without a definition', async () => {
    const [tenant] = await t.current.twoTenants();
    const roleId = await seedUsedRole(t.current, tenant, 1);
    const refused = await t.current.call('PUT', `/nhi/api/v1/identities/${roleId}/approval`, { token: tenant.owner.token, body: { fingerprint: 'a'.repeat(64) } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('this identity has no definition to approve (only a tool server’s tools, resources and the server itself have one)');
    expect((await t.current.call('GET', `/nhi/api/v1/identities/${roleId}/approval`, { token: tenant.owner.token })).status).toBe(404);
  });
});
