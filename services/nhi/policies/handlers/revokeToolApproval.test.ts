import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords } from '../../connectors/testing/api-fixtures.js';
import { seedTool } from '../../findings/testing/api-fixtures.js';

describe.each(handlerTestProfiles)('DELETE /nhi/api/v1/identities/{identityId}/approval ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('withdraws an approval, audited as agent.tool.revoked, and answers 204 again with nothing recorded', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const tool = await seedTool(t.current, tenant);
    const url = `/nhi/api/v1/identities/${tool.id}/approval`;
    expect((await t.current.call('PUT', url, { token: tenant.owner.token, body: { fingerprint: tool.fingerprint } })).status).toBe(200);

    // Another organization's request withdraws nothing.
    expect((await t.current.call('DELETE', url, { token: other.owner.token })).status).toBe(404);
    expect((await t.current.call('GET', url, { token: tenant.owner.token })).status).toBe(200);

    expect((await t.current.call('DELETE', url, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('GET', url, { token: tenant.owner.token })).status).toBe(404);
    expect((await t.current.call('DELETE', url, { token: tenant.owner.token })).status).toBe(204);
    const records = await auditRecords(t.current, tenant, 'agent.tool.revoked');
    expect(records.map((record) => [record.actor_kind, record.actor_id, record.subject, record.detail.fingerprint])).toEqual([['person', tenant.owner.id, tool.id, tool.fingerprint]]);
    // Each change asked for an evaluation by the workers role: the second, while the first was still queued, counted into it.
    const queued = await t.current.db.query<{ payload: { trigger: string; coalesced?: number } }>("SELECT payload FROM jobs WHERE org_id = $1 AND kind = 'nhi.policy_evaluation' ORDER BY created_at", [tenant.id]);
    expect(queued.rows.map((row) => row.payload)).toEqual([{ trigger: 'approval', runId: null, coalesced: 1 }]);
    // Once a worker has claimed it, the next occasion queues an evaluation of its own.
    await t.current.db.query("UPDATE jobs SET state = 'running' WHERE org_id = $1 AND kind = 'nhi.policy_evaluation'", [tenant.id]);
    expect((await t.current.call('PUT', url, { token: tenant.owner.token, body: { fingerprint: tool.fingerprint } })).status).toBe(200);
    const after = await t.current.db.query<{ state: string }>("SELECT state FROM jobs WHERE org_id = $1 AND kind = 'nhi.policy_evaluation' ORDER BY created_at", [tenant.id]);
    expect(after.rows.map((row) => row.state)).toEqual(['running', 'queued']);
  });

  it('is for Organization Admins only', async () => {
    const [tenant] = await t.current.twoTenants();
    const tool = await seedTool(t.current, tenant);
    const analyst = await t.current.member(tenant, 'analyst');
    const refused = await t.current.call('DELETE', `/nhi/api/v1/identities/${tool.id}/approval`, { token: analyst.token });
    expect(refused.status).toBe(403);
    expect(refused.body.required_scope).toBe('nhi-policies:manage');
  });
});
