import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { auditedActions } from '../../assets/testing/fixtures.js';
import { createdPolicy } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('PATCH /api/v1/policies/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const update = (token: string, id: string, body: unknown) => t.current.call('PATCH', `/api/v1/policies/${id}`, { token, body });
  const enabledIds = async (tenant: TestTenant) =>
    (await t.current.call('GET', '/api/v1/policies', { token: tenant.owner.token })).body.policies.filter((p: { enabled: boolean }) => p.enabled).map((p: { id: string }) => p.id);

  it('renames and describes, audited once; a change to the current values writes nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant, { name: 'gate' });
    const response = await update(tenant.owner.token, policy.id, { name: 'release gate', description: 'for CI' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: policy.id, name: 'release gate', description: 'for CI', enabled: false, latest_version: policy.latest_version });
    const before = await t.current.snapshot(tenant);
    expect((await update(tenant.owner.token, policy.id, { name: 'release gate', description: 'for CI', enabled: false })).status).toBe(200);
    expect(await t.current.snapshot(tenant)).toEqual(before);
    expect(await auditedActions(t.current, tenant, 'policy.updated')).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { policy_id: policy.id, changes: { name: 'release gate', description: 'for CI' } } }),
    ]);
    expect((await update(tenant.owner.token, policy.id, { description: null })).body.description).toBeNull();
  });

  it('keeps at most one policy enabled: enabling one disables the other, each audited; disabling leaves none', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const first = await createdPolicy(t.current, tenant);
    const second = await createdPolicy(t.current, tenant);
    const elsewhere = await createdPolicy(t.current, other, { enabled: true });

    expect((await update(tenant.owner.token, first.id, { enabled: true })).body.enabled).toBe(true);
    expect(await enabledIds(tenant)).toEqual([first.id]);
    expect((await update(tenant.owner.token, second.id, { enabled: true })).body.enabled).toBe(true);
    expect(await enabledIds(tenant)).toEqual([second.id]);
    expect(await enabledIds(other)).toEqual([elsewhere.id]);

    expect((await update(tenant.owner.token, second.id, { enabled: false })).body.enabled).toBe(false);
    expect(await enabledIds(tenant)).toEqual([]);
    expect((await auditedActions(t.current, tenant, 'policy.enabled')).map((e) => e.detail)).toEqual([
      { policy_id: second.id, name: second.name, replaced: first.id },
      { policy_id: first.id, name: first.name, replaced: null },
    ]);
    expect((await auditedActions(t.current, tenant, 'policy.disabled')).map((e) => e.detail)).toEqual([
      { policy_id: second.id, name: second.name, reason: 'manual' },
      { policy_id: first.id, name: first.name, reason: 'replaced', replaced_by: second.id },
    ]);
  });

  if (profile.profile === 'postgres') {
    it('leaves exactly one policy enabled when several are enabled at once', async () => {
      const [tenant] = await t.current.twoTenants();
      const policies = await Promise.all(Array.from({ length: 6 }, () => createdPolicy(t.current, tenant)));
      const answers = await Promise.all(policies.map((policy) => update(tenant.owner.token, policy.id, { enabled: true })));
      expect(answers.map((answer) => answer.status)).toEqual(policies.map(() => 200));
      expect(await enabledIds(tenant)).toHaveLength(1);
      expect(await auditedActions(t.current, tenant, 'policy.enabled')).toHaveLength(6);
      expect(await auditedActions(t.current, tenant, 'policy.disabled')).toHaveLength(5);
    });
  }

  it('refuses rules (they change only through a new version) and an empty change with 400', async () => {
    const [tenant] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant);
    const withRules = await update(tenant.owner.token, policy.id, { rules: [] });
    expect(withRules.status).toBe(400);
    expect(withRules.body.problems).toEqual(['/requestBody has an unknown property "rules"']);
    expect((await update(tenant.owner.token, policy.id, {})).status).toBe(400);
  });

  it('is refused to an analyst, changing nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant);
    const analyst = await t.current.member(tenant, 'analyst');
    const response = await update(analyst.token, policy.id, { enabled: true });
    expect(response.status).toBe(403);
    expect(await enabledIds(tenant)).toEqual([]);
  });
});
