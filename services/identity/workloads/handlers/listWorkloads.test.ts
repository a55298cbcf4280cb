import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { delegateTestWorkload } from '../testing/workloads.js';

describe.each(handlerTestProfiles)('GET /api/v1/workloads ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const list = async (token: string) => {
    const response = await t.current.call('GET', '/api/v1/workloads', { token });
    expect(response.status).toBe(200);
    return response.body.workloads as { id: string; standing: string; delegation: Record<string, unknown> }[];
  };
  const standings = async (token: string) => Object.fromEntries((await list(token)).map((workload) => [workload.id, workload.standing]));

  it('shows each delegation and its standing: active, narrowed, suspended, revoked, expired; newest first', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const demoted = await t.current.member(tenant, 'admin');
    const leaving = await t.current.member(tenant, 'admin');
    const active = await delegateTestWorkload(t.current, tenant.owner, ['scans:read', 'findings:read']);
    const narrowed = await delegateTestWorkload(t.current, demoted, ['scans:create', 'scans:read']);
    const suspended = await delegateTestWorkload(t.current, leaving, ['scans:read']);
    const revoked = await delegateTestWorkload(t.current, tenant.owner, ['scans:read']);
    const expired = await delegateTestWorkload(t.current, tenant.owner, ['scans:read']);

    expect((await t.current.call('PATCH', `/api/v1/members/${demoted.id}`, { token: tenant.owner.token, body: { role: 'viewer' } })).status).toBe(200);
    expect((await t.current.call('DELETE', `/api/v1/members/${leaving.id}`, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/workloads/${revoked.id}`, { token: tenant.owner.token })).status).toBe(204);
    // Time is not waited out: the expiry is moved to the past, as the clock would.
    await t.current.db.query("UPDATE workloads SET expires_at = now() - interval '1 second' WHERE org_id = $1 AND id = $2", [tenant.id, expired.id]);

    const workloads = await list(tenant.owner.token);
    expect(workloads.map((workload) => workload.id)).toEqual([expired.id, revoked.id, suspended.id, narrowed.id, active.id]);
    expect(await standings(tenant.owner.token)).toEqual({
      [active.id]: 'active',
      [narrowed.id]: 'narrowed',
      [suspended.id]: 'suspended',
      [revoked.id]: 'revoked',
      [expired.id]: 'expired',
    });
    const byId = new Map(workloads.map((workload) => [workload.id, workload.delegation]));
    expect(byId.get(active.id)).toEqual({ delegated_by: tenant.owner.id, delegator_role: 'owner', scopes: ['scans:read', 'findings:read'], effective_scopes: ['scans:read', 'findings:read'] });
    expect(byId.get(narrowed.id)).toEqual({ delegated_by: demoted.id, delegator_role: 'viewer', scopes: ['scans:create', 'scans:read'], effective_scopes: ['scans:read'] });
    expect(byId.get(suspended.id)).toEqual({ delegated_by: leaving.id, delegator_role: null, scopes: ['scans:read'], effective_scopes: [] });
    expect(byId.get(revoked.id)).toMatchObject({ effective_scopes: [] });
    expect(byId.get(expired.id)).toMatchObject({ effective_scopes: [] });

    expect(await list(other.owner.token)).toEqual([]);
  });

  it('is readable with workloads:read by an analyst, an API key and a workload, and refused to a viewer', async () => {
    const tenant = await t.current.tenant();
    const analyst = await t.current.member(tenant, 'analyst');
    const viewer = await t.current.member(tenant, 'viewer');
    const workload = await delegateTestWorkload(t.current, tenant.owner, ['workloads:read']);
    const { key } = await t.current.apiKey(tenant.owner, ['workloads:read']);

    for (const credential of [analyst.token, key, workload.credential]) expect((await list(credential)).map((w) => w.id)).toEqual([workload.id]);
    const refused = await t.current.call('GET', '/api/v1/workloads', { token: viewer.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'missing permission workloads:read', code: 'forbidden', required_scope: 'workloads:read', principal: 'user' });
  });
});
