import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { auditedActions } from '../../assets/testing/fixtures.js';
import { createdPolicy, criticalBlocks } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('POST /api/v1/policies ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const create = (token: string, body: unknown) => t.current.call('POST', '/api/v1/policies', { token, body });

  it('creates a disabled policy with version 1 of its rules, audited, in the acting organization only', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const response = await create(tenant.owner.token, { name: 'release gate', description: 'what CI may ship', rules: criticalBlocks });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'release gate',
      description: 'what CI may ship',
      enabled: false,
      created_by: tenant.owner.id,
      latest_version: { version: 1, policy_id: response.body.id, rules: criticalBlocks, created_by: tenant.owner.id },
    });
    expect(await auditedActions(t.current, tenant, 'policy.created')).toEqual([
      expect.objectContaining({
        actor: { kind: 'user', id: tenant.owner.id },
        detail: { policy_id: response.body.id, name: 'release gate', version: 1, version_id: response.body.latest_version.id, rule_count: 2 },
      }),
    ]);
    expect((await t.current.call('GET', '/api/v1/policies', { token: other.owner.token })).body.policies).toEqual([]);
  });

  it('stores rules in one canonical shape, whatever the order of their keys', async () => {
    const [tenant] = await t.current.twoTenants();
    const response = await create(tenant.owner.token, { rules: [{ when: [{ value: 7, op: 'at_least', field: 'cvss' }], effect: 'warn', name: 'scored' }], name: 'shuffled' });
    expect(response.status).toBe(201);
    expect(response.raw).toContain('"rules":[{"name":"scored","effect":"warn","when":[{"field":"cvss","op":"at_least","value":7}]}]');
  });

  it('enables it at creation when asked, disabling the policy enabled before', async () => {
    const [tenant] = await t.current.twoTenants();
    const first = await createdPolicy(t.current, tenant, { enabled: true });
    const second = await createdPolicy(t.current, tenant, { enabled: true });
    expect(second.enabled).toBe(true);
    expect((await t.current.call('GET', `/api/v1/policies/${first.id}`, { token: tenant.owner.token })).body.enabled).toBe(false);
    expect(await auditedActions(t.current, tenant, 'policy.disabled')).toEqual([
      expect.objectContaining({ detail: { policy_id: first.id, name: first.name, reason: 'replaced', replaced_by: second.id } }),
    ]);
  });

  it('is refused to an analyst and to every API key, changing nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const { key } = await t.current.apiKey(tenant.owner, ['policies:read', 'verdicts:request']);
    const before = await t.current.snapshot(tenant);
    const byAnalyst = await create(analyst.token, { name: 'x', rules: criticalBlocks });
    expect(byAnalyst.status).toBe(403);
    expect(byAnalyst.body).toMatchObject({ required_scope: 'policies:manage', principal: 'user' });
    expect((await create(key, { name: 'x', rules: criticalBlocks })).status).toBe(403);
    const after = await t.current.snapshot(tenant);
    expect(after.domainEventIds).toEqual(before.domainEventIds);
    expect((await t.current.call('GET', '/api/v1/policies', { token: tenant.owner.token })).body.policies).toEqual([]);
  });

  const rule = (when: unknown[]) => ({ name: 'r', effect: 'block', when });
  it.each([
    ['an unknown property of a condition', [rule([{ field: 'kind', op: 'in', value: ['secret'], negate: true }])], '/requestBody/rules/0/when/0 has an unknown property "negate"'],
    ['an unknown field', [rule([{ field: 'epss', op: 'at_least', value: 0.5 }])], '/requestBody/rules/0/when/0/field must be one of kind, severity, fixability, status, cvss, first_seen_age_days, advisory, component, not "epss"'],
    ['an operator the field does not have', [rule([{ field: 'kind', op: 'at_least', value: ['secret'] }])], '/requestBody/rules/0/when/0/op must be one of in, not "at_least"'],
    ['an unknown severity operator', [rule([{ field: 'severity', op: 'gt', value: 'high' }])], '/requestBody/rules/0/when/0/op must be one of at_least, in, not "gt"'],
    ['unknown as a threshold', [rule([{ field: 'severity', op: 'at_least', value: 'unknown' }])], '/requestBody/rules/0/when/0/value must be one of critical, high, medium, low, none, not "unknown"'],
    ['a value of the wrong type', [rule([{ field: 'cvss', op: 'at_least', value: 'high' }])], '/requestBody/rules/0/when/0/value must be number'],
    ['a score out of range', [rule([{ field: 'cvss', op: 'at_least', value: 11 }])], '/requestBody/rules/0/when/0/value must be <= 10'],
    ['a fractional age', [rule([{ field: 'first_seen_age_days', op: 'at_least', value: 1.5 }])], '/requestBody/rules/0/when/0/value must be integer'],
    ['suppressed as a status', [rule([{ field: 'status', op: 'in', value: ['suppressed'] }])], '/requestBody/rules/0/when/0/value/0 must be one of open, triaged, reopened, not "suppressed"'],
    ['an unknown effect', [{ name: 'r', effect: 'deny', when: [] }], '/requestBody/rules/0/effect must be one of block, warn, not "deny"'],
    ['an unknown property of a rule', [{ name: 'r', effect: 'block', when: [], severity: 'high' }], '/requestBody/rules/0 has an unknown property "severity"'],
    ['no rules', [], '/requestBody/rules must NOT have fewer than 1 items'],
  ])('refuses %s with 400 naming it', async (_case, rules, problem) => {
    const [tenant] = await t.current.twoTenants();
    const response = await create(tenant.owner.token, { name: 'bad', rules });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.problems).toEqual([problem]);
  });

  it('refuses two rules with one name, naming both', async () => {
    const [tenant] = await t.current.twoTenants();
    const response = await create(tenant.owner.token, { name: 'bad', rules: [rule([]), { name: 'other', effect: 'warn', when: [] }, rule([])] });
    expect(response.status).toBe(400);
    expect(response.body.problems).toEqual(['rules[2].name: "r" is already the name of rules[0]; a verdict reports rules by name']);
    expect(await auditedActions(t.current, tenant, 'policy.created')).toEqual([]);
  });
});
