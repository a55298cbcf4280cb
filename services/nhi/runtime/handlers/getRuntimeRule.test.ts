import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { createRule } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/runtime/rules/{ruleId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('shows a rule to every module role, and another organization the 404 of a missing one', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const rule = await createRule(t.current, tenant.owner);
    for (const role of ['analyst', 'viewer'] as const) {
      const person = await t.current.member(tenant, role);
      const read = await t.current.call('GET', `/nhi/api/v1/runtime/rules/${rule.id}`, { token: person.token });
      expect(read.status, role).toBe(200);
      expect(read.body).toEqual(rule);
    }
    const foreign = await t.current.call('GET', `/nhi/api/v1/runtime/rules/${rule.id}`, { token: other.owner.token });
    const missing = await t.current.call('GET', '/nhi/api/v1/runtime/rules/00000000-0000-4000-8000-000000000000', { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });
});
