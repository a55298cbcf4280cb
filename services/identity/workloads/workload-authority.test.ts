// A workload's authority at every request (spec 2.2, 5.5): its scopes within its
// delegator's role at that moment, and its own request budget.
import { describe, expect, it } from 'vitest';
import { freshImage } from '../../../test/support/findings.js';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestApp, type TestTenant } from '../../../test/support/test-app.js';
import { delegateTestWorkload } from './testing/workloads.js';

const queueScan = (t: TestApp, credential: string, image: string) => t.call('POST', '/api/v1/scans', { token: credential, body: { image, scanners: ['trivy'] } });
const changeRole = async (t: TestApp, tenant: TestTenant, userId: string, role: string) =>
  expect((await t.call('PATCH', `/api/v1/members/${userId}`, { token: tenant.owner.token, body: { role } })).status).toBe(200);
const standingOf = async (t: TestApp, tenant: TestTenant, id: string) =>
  (await t.call('GET', '/api/v1/workloads', { token: tenant.owner.token })).body.workloads.find((workload: { id: string }) => workload.id === id);

describe.each(testProfiles)('workload authority ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it("narrows at once when the delegator is demoted: the same request, allowed before, is 403 after, and allowed again on promotion", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const delegator = await t.current.member(tenant, 'admin');
    const workload = await delegateTestWorkload(t.current, delegator, ['scans:create', 'scans:read']);
    const image = freshImage();

    expect((await queueScan(t.current, workload.credential, image)).status).toBe(202);

    await changeRole(t.current, tenant, delegator.id, 'viewer');
    const narrowed = await queueScan(t.current, workload.credential, image);
    expect(narrowed.status).toBe(403);
    expect(narrowed.body).toEqual({ error: 'missing permission scans:create', code: 'forbidden', required_scope: 'scans:create', principal: 'workload' });
    // What the viewer still holds, the workload still may do.
    expect((await t.current.call('GET', '/api/v1/scans', { token: workload.credential })).status).toBe(200);
    expect(await standingOf(t.current, tenant, workload.id)).toMatchObject({ standing: 'narrowed', delegation: { delegator_role: 'viewer', effective_scopes: ['scans:read'] } });
    const [denied] = (await t.current.call('GET', '/api/v1/identity/audit?action=authz.denied', { token: tenant.owner.token })).body.events;
    expect(denied).toMatchObject({ actor: { kind: 'workload', id: workload.id }, detail: { operation_id: 'createScan', required_scope: 'scans:create', principal: 'workload' } });

    await changeRole(t.current, tenant, delegator.id, 'analyst');
    expect((await queueScan(t.current, workload.credential, image)).status).toBe(202);
    expect(await standingOf(t.current, tenant, workload.id)).toMatchObject({ standing: 'active' });

    // The other organization saw none of it.
    expect((await t.current.call('GET', '/api/v1/scans', { token: other.owner.token })).body.items).toEqual([]);
  });

  it('is suspended when the delegator leaves: authenticated, but every operation answers 403', async () => {
    const tenant = await t.current.tenant();
    const delegator = await t.current.member(tenant, 'admin');
    const workload = await delegateTestWorkload(t.current, delegator, ['scans:read']);
    expect((await t.current.call('GET', '/api/v1/scans', { token: workload.credential })).status).toBe(200);

    expect((await t.current.call('DELETE', `/api/v1/members/${delegator.id}`, { token: tenant.owner.token })).status).toBe(204);
    const suspended = await t.current.call('GET', '/api/v1/scans', { token: workload.credential });
    expect(suspended.status).toBe(403);
    expect(suspended.body).toEqual({ error: 'missing permission scans:read', code: 'forbidden', required_scope: 'scans:read', principal: 'workload' });
    expect(await standingOf(t.current, tenant, workload.id)).toMatchObject({ standing: 'suspended', delegation: { delegator_role: null, effective_scopes: [] } });
  });

  it('never exceeds what was delegated, whatever the delegator holds', async () => {
    const tenant = await t.current.tenant();
    const workload = await delegateTestWorkload(t.current, tenant.owner, ['scans:read']);
    const refused = await t.current.call('GET', '/api/v1/findings', { token: workload.credential });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'missing permission findings:read', code: 'forbidden', required_scope: 'findings:read', principal: 'workload' });
    // A session-only operation stays a person's, as for API keys.
    const me = await t.current.call('GET', '/api/v1/me', { token: workload.credential });
    expect(me.status).toBe(403);
    expect(me.body).toEqual({ error: 'this operation needs a browser session', code: 'forbidden', principal: 'workload' });
  });
});

describe.each(testProfiles)('workload rate limit ($profile)', (profile) => {
  const perMinute = 30;
  const t = useTestApp({ ...profile, rateLimit: { perMinute } });

  it('counts each workload on its own budget, apart from its delegator and from other workloads of the same delegator', async () => {
    const tenant = await t.current.tenant();
    const first = await delegateTestWorkload(t.current, tenant.owner, ['scans:read']);
    const second = await delegateTestWorkload(t.current, tenant.owner, ['scans:read']);
    const statuses: number[] = [];
    for (let i = 0; i <= perMinute; i += 1) statuses.push((await t.current.call('GET', '/api/v1/scans', { token: first.credential })).status);
    expect(statuses).toEqual([...Array.from({ length: perMinute }, () => 200), 429]);

    const fresh = await t.current.call('GET', '/api/v1/scans', { token: second.credential });
    expect(fresh.status).toBe(200);
    expect(fresh.headers['ratelimit-remaining']).toBe(String(perMinute - 1));
    expect((await t.current.call('GET', '/api/v1/workloads', { token: tenant.owner.token })).status).toBe(200);
  });
});
