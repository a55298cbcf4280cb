// Changing runtime rules on both profiles: each change audited as what it is, a change
// that changes nothing recorded as nothing, another organization's rule a 404.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { createRule, runtimeAuditRecords } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('PATCH /nhi/api/v1/runtime/rules/{ruleId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('audits a change of definition as runtime_rule.updated and a switch as .enabled or .disabled, and nothing for no change', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const rule = await createRule(t.current, tenant.owner, { name: 'writes', effect: 'deny', enabled: true, match: { actions: ['write'] } });
    const patch = (body: unknown, token = tenant.owner.token) => t.current.call('PATCH', `/nhi/api/v1/runtime/rules/${rule.id}`, { token, body });

    const disabled = await patch({ enabled: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ enabled: false, name: 'writes' });
    const changed = await patch({ match: { actions: ['write', 'delete:*'] }, when: { openFinding: { policy: 'stale_identity' } }, enabled: true });
    expect(changed.body).toMatchObject({ enabled: true, match: { actions: ['write', 'delete:*'] }, when: { openFinding: { policy: 'stale_identity' } } });
    expect((await patch({ name: 'writes', enabled: true })).status).toBe(200);
    // Turning it into an allow rule would leave it naming an open finding: 400.
    expect((await patch({ effect: 'allow' })).status).toBe(400);
    expect((await patch({ when: {}, effect: 'allow' })).body).toMatchObject({ effect: 'allow', when: {} });

    expect((await runtimeAuditRecords(t.current, tenant)).map((record) => [record.action, record.detail.changed])).toEqual([
      ['runtime_rule.created', undefined],
      ['runtime_rule.disabled', undefined],
      ['runtime_rule.updated', ['match', 'when']],
      ['runtime_rule.enabled', undefined],
      ['runtime_rule.updated', ['effect', 'when']],
    ]);
    const updated = (await runtimeAuditRecords(t.current, tenant))[2]!;
    expect(updated.detail).toMatchObject({ before: { match: { actions: ['write'] }, when: {} }, after: { match: { actions: ['write', 'delete:*'] }, when: { openFinding: { policy: 'stale_identity' } } } });

    await createRule(t.current, tenant.owner, { name: 'other', effect: 'deny', enabled: true, match: {} });
    expect((await patch({ name: 'other' })).status).toBe(409);
    expect((await patch({ enabled: false }, other.owner.token)).status).toBe(404);
  });
});
