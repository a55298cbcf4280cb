// Creating runtime rules on both profiles: the canonical rule back, audited; the
// language's faults answered 400 with their path; names unique; Organization Admins only.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { createRule, runtimeAuditRecords } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/runtime/rules ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const post = (token: string, body: unknown) => t.current.call('POST', '/nhi/api/v1/runtime/rules', { token, body });

  it('creates a rule as an Organization Admin, answers it in canonical form and audits runtime_rule.created', async () => {
    const [tenant] = await t.current.twoTenants();
    const admin = await t.current.member(tenant, 'admin');
    const body = { when: { openFinding: { severityAtLeast: 'high', policy: 'stale_identity' } }, match: { resources: ['prod/*'], identityKinds: ['aws_iam_role'] }, enabled: true, effect: 'deny', name: 'stale roles off production' };
    const rule = await createRule(t.current, admin, body);
    expect(rule).toEqual({
      id: expect.any(String),
      name: 'stale roles off production',
      effect: 'deny',
      enabled: true,
      match: { identityKinds: ['aws_iam_role'], resources: ['prod/*'] },
      when: { openFinding: { policy: 'stale_identity', severityAtLeast: 'high' } },
      createdAt: expect.any(String),
      createdByUserId: admin.id,
      updatedAt: rule.createdAt,
      updatedByUserId: admin.id,
    });
    expect(JSON.stringify(rule.match)).toBe('{"identityKinds":["aws_iam_role"],"resources":["prod/*"]}');
    expect(await runtimeAuditRecords(t.current, tenant)).toEqual([
      { action: 'runtime_rule.created', subject: rule.id, actor_kind: 'person', actor_id: admin.id, detail: { ruleId: rule.id, rule: { name: rule.name, effect: 'deny', enabled: true, match: rule.match, when: rule.when } } },
    ]);
  });

  it('answers the faults of a rule with 400 naming their path, and a taken name with 409', async () => {
    const [tenant] = await t.current.twoTenants();
    const twice = await post(tenant.owner.token, { name: 'twice', effect: 'deny', enabled: true, match: { actions: ['read', 'write', 'read'] } });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toContain('match.actions[2]');
    const allowOnFinding = await post(tenant.owner.token, { name: 'odd', effect: 'allow', enabled: true, match: {}, when: { openFinding: {} } });
    expect(allowOnFinding.status).toBe(400);
    expect(allowOnFinding.body.error).toContain('when.openFinding');
    for (const body of [
      { name: 'x', effect: 'block', enabled: true, match: {} },
      { name: 'x', effect: 'deny', enabled: true, match: { actions: [] } },
      { name: 'x', effect: 'deny', enabled: true, match: { verbs: ['read'] } },
      { name: 'x', effect: 'deny', enabled: true, match: {}, when: { openFinding: { severityAtLeast: 'urgent' } } },
      { name: 'x', effect: 'deny', match: {} },
    ]) {
      expect((await post(tenant.owner.token, body)).status, JSON.stringify(body)).toBe(400);
    }
    await createRule(t.current, tenant.owner, { name: 'one', effect: 'deny', enabled: true, match: {} });
    const taken = await post(tenant.owner.token, { name: 'one', effect: 'allow', enabled: false, match: {} });
    expect(taken.status).toBe(409);
    expect((await runtimeAuditRecords(t.current, tenant)).map((record) => record.action)).toEqual(['runtime_rule.created']);
  });

  it('refuses analysts and viewers, recording the refusal', async () => {
    const [tenant] = await t.current.twoTenants();
    for (const role of ['analyst', 'viewer'] as const) {
      const person = await t.current.member(tenant, role);
      const refused = await post(person.token, { name: role, effect: 'deny', enabled: true, match: {} });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ required_scope: 'runtime-rules:manage', principal: 'user' });
    }
    const denials = await t.current.db.query(`SELECT subject FROM nhi_audit_records WHERE org_id = $1 AND action = 'authz.denied'`, [tenant.id]);
    expect(denials.rows).toEqual([{ subject: 'createRuntimeRule' }, { subject: 'createRuntimeRule' }]);
    expect((await t.current.call('GET', '/nhi/api/v1/runtime/rules', { token: tenant.owner.token })).body.items).toEqual([]);
  });
});
