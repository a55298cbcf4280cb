import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords } from '../../connectors/testing/api-fixtures.js';

describe.each(handlerTestProfiles)('PATCH /nhi/api/v1/policies ($profile)', (profile) => {
  const t = useTestApp(profile);
  const patch = (token: string, body: unknown) => t.current.call('PATCH', '/nhi/api/v1/policies', { token, body });
  const policy = (items: { id: string }[], id: string) => items.find((item) => item.id === id);

  it('changes the policies named, audits each change as policy.updated with before and after, and queues an evaluation', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const admin = await t.current.member(tenant, 'admin');
    const response = await patch(admin.token, { stale_identity: { thresholdDays: 30, kindThresholdDays: { aws_iam_access_key: 45 } }, tool_definition_changed: { enabled: false } });
    expect(response.status).toBe(200);
    expect(policy(response.body.items, 'stale_identity')).toMatchObject({ enabled: true, settings: { thresholdDays: 30, kindThresholdDays: { aws_iam_access_key: 45 } }, updatedByUserId: admin.id });
    expect(policy(response.body.items, 'tool_definition_changed')).toMatchObject({ enabled: false, settings: {}, updatedByUserId: admin.id });
    expect(policy(response.body.items, 'long_lived_access_key')).toMatchObject({ enabled: true, settings: { maxAgeDays: 90 }, updatedAt: null });

    const records = await auditRecords(t.current, tenant, 'policy.updated');
    expect(records.map((record) => [record.subject, record.actor_id, record.detail])).toEqual([
      ['stale_identity', admin.id, { policy: 'stale_identity', changed: ['thresholdDays', 'kindThresholdDays'], before: { enabled: true, thresholdDays: 90, kindThresholdDays: {} }, after: { enabled: true, thresholdDays: 30, kindThresholdDays: { aws_iam_access_key: 45 } } }],
      ['tool_definition_changed', admin.id, { policy: 'tool_definition_changed', changed: ['enabled'], before: { enabled: true }, after: { enabled: false } }],
    ]);
    const queued = await t.current.db.query<{ payload: { trigger: string } }>("SELECT payload FROM jobs WHERE org_id = $1 AND kind = 'nhi.policy_evaluation'", [tenant.id]);
    expect(queued.rows.map((row) => row.payload.trigger)).toEqual(['settings']);

    // A change of nothing records nothing; members not given are kept.
    expect((await patch(tenant.owner.token, { stale_identity: { thresholdDays: 30 } })).status).toBe(200);
    expect(await auditRecords(t.current, tenant, 'policy.updated')).toHaveLength(2);
    // The other organization keeps the defaults.
    const others = await t.current.call('GET', '/nhi/api/v1/policies', { token: other.owner.token });
    expect(policy(others.body.items, 'stale_identity')).toMatchObject({ settings: { thresholdDays: 90, kindThresholdDays: {} }, updatedAt: null });
  });

  it('refuses settings out of range, unknown policies and kinds, and anyone but Organization Admins', async () => {
    const [tenant] = await t.current.twoTenants();
    for (const body of [{}, { stale_identity: { thresholdDays: 0 } }, { stale_identity: { thresholdDays: 4000 } }, { long_lived_access_key: { maxAgeDays: 1.5 } }, { unknown_policy: { enabled: true } }, { stale_identity: { kindThresholdDays: { 'AWS Role': 10 } } }, { tool_definition_changed: { maxAgeDays: 10 } }]) {
      expect((await patch(tenant.owner.token, body)).status, JSON.stringify(body)).toBe(400);
    }
    const analyst = await t.current.member(tenant, 'analyst');
    const refused = await patch(analyst.token, { stale_identity: { thresholdDays: 10 } });
    expect(refused.status).toBe(403);
    expect(refused.body.required_scope).toBe('nhi-policies:manage');
    expect(await auditRecords(t.current, tenant, 'policy.updated')).toEqual([]);
  });
});
