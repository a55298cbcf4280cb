import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { createRule, runtimeAuditRecords } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('DELETE /nhi/api/v1/runtime/rules/{ruleId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('deletes the rule, auditing runtime_rule.deleted with the rule it was; a second delete and another organization get 404', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const rule = await createRule(t.current, tenant.owner);
    const url = `/nhi/api/v1/runtime/rules/${rule.id}`;
    expect((await t.current.call('DELETE', url, { token: other.owner.token })).status).toBe(404);
    const analyst = await t.current.member(tenant, 'analyst');
    expect((await t.current.call('DELETE', url, { token: analyst.token })).status).toBe(403);

    expect((await t.current.call('DELETE', url, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('GET', url, { token: tenant.owner.token })).status).toBe(404);
    expect((await t.current.call('DELETE', url, { token: tenant.owner.token })).status).toBe(404);
    const records = await runtimeAuditRecords(t.current, tenant);
    expect(records.map((record) => record.action)).toEqual(['runtime_rule.created', 'runtime_rule.deleted']);
    expect(records[1]!.detail).toEqual({ ruleId: rule.id, rule: { name: rule.name, effect: rule.effect, enabled: true, match: rule.match, when: {} } });
  });
});
