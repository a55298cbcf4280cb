import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { createRule } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/runtime/rules ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it("lists the organization's rules by name to every module role, and nothing of them to another organization", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const second = await createRule(t.current, tenant.owner, { name: 'b reads', effect: 'allow', enabled: false, match: { actions: ['read'] } });
    const first = await createRule(t.current, tenant.owner, { name: 'a writes', effect: 'deny', enabled: true, match: { actions: ['write'] } });
    const viewer = await t.current.member(tenant, 'viewer');
    const listed = await t.current.call('GET', '/nhi/api/v1/runtime/rules', { token: viewer.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: [first, second] });
    expect((await t.current.call('GET', '/nhi/api/v1/runtime/rules', { token: other.owner.token })).body).toEqual({ items: [] });
  });
});
