import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { auditedActions } from '../../assets/testing/fixtures.js';
import type { Rule } from '../rules.js';
import { createdPolicy, criticalBlocks } from '../testing/fixtures.js';
import { actingAsSchemaOwner } from '../../platform/db/tenant-scope.js';

describe.each(handlerTestProfiles)('POST /api/v1/policies/{id}/versions ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const addVersion = (token: string, id: string, rules: unknown) => t.current.call('POST', `/api/v1/policies/${id}/versions`, { token, body: { rules } });
  const stricter: Rule[] = [{ name: 'no highs', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'high' }] }];

  it('numbers versions 1, 2, 3, makes the newest the latest, and audits each', async () => {
    const [tenant] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant);
    const second = await addVersion(tenant.owner.token, policy.id, stricter);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ policy_id: policy.id, version: 2, rules: stricter, created_by: tenant.owner.id });
    const third = await addVersion(tenant.owner.token, policy.id, criticalBlocks);
    expect(third.body.version).toBe(3);

    const read = await t.current.call('GET', `/api/v1/policies/${policy.id}`, { token: tenant.owner.token });
    expect(read.body.latest_version).toEqual(third.body);
    expect((await auditedActions(t.current, tenant, 'policy.version_created')).map((e) => e.detail)).toEqual([
      { policy_id: policy.id, name: policy.name, version: 3, version_id: third.body.id, rule_count: 2 },
      { policy_id: policy.id, name: policy.name, version: 2, version_id: second.body.id, rule_count: 1 },
    ]);
  });

  it('keeps versions immutable in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const [tenant] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant);
    const versionId = policy.latest_version.id;
    await expect(t.current.db.query("UPDATE policy_versions SET rules = '[]' WHERE org_id = $1 AND id = $2", [tenant.id, versionId])).rejects.toThrow(
      /policy_versions is immutable: UPDATE refused/,
    );
    await expect(t.current.db.query('DELETE FROM policy_versions WHERE org_id = $1 AND id = $2', [tenant.id, versionId])).rejects.toThrow(/policy_versions is immutable: DELETE refused/);
    await expect(actingAsSchemaOwner(() => t.current.db.query('TRUNCATE policy_versions CASCADE'))).rejects.toThrow(/policy_versions is immutable: TRUNCATE refused/);
    expect((await t.current.call('GET', `/api/v1/policies/${policy.id}/versions/1`, { token: tenant.owner.token })).body).toEqual(policy.latest_version);
  });

  it("answers another tenant's policy exactly like a missing one, and refuses invalid rules with 400, writing nothing", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant);
    const before = await t.current.snapshot(tenant);
    const foreign = await addVersion(other.owner.token, policy.id, stricter);
    const missing = await addVersion(other.owner.token, other.id, stricter);
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect((await addVersion(tenant.owner.token, policy.id, [{ name: 'x', effect: 'block', when: [{ field: 'severity', op: 'at_most', value: 'high' }] }])).status).toBe(400);
    expect(await t.current.snapshot(tenant)).toEqual(before);
    expect((await t.current.call('GET', `/api/v1/policies/${policy.id}/versions`, { token: tenant.owner.token })).body.versions).toHaveLength(1);
  });
});
