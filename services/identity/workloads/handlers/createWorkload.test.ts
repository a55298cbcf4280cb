import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestPerson } from '../../../../test/support/test-app.js';
import { delegateTestWorkload } from '../testing/workloads.js';

const inDays = (days: number): string => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
const DELEGATION_REFUSED = 'only a person can delegate authority: a machine principal (an API key or a workload) cannot';

describe.each(handlerTestProfiles)('POST /api/v1/workloads ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const create = (token: string, body: Record<string, unknown>) => t.current.call('POST', '/api/v1/workloads', { token, body });
  const workloadCount = async (orgId: string) => (await t.current.db.query<{ n: number }>('SELECT count(*)::int AS n FROM workloads WHERE org_id = $1', [orgId])).rows[0]!.n;
  const trail = async (reader: TestPerson, action: string) => (await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token: reader.token })).body.events;

  it('delegates to a recognizable credential, shown once, stored only as its SHA-256 digest, with no read path', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const admin = await t.current.member(tenant, 'admin');
    const response = await create(admin.token, { name: 'release pipeline', scopes: ['scans:create', 'scans:read', 'scans:read'], expires_at: inDays(90) });
    expect(response.status).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatchObject({
      name: 'release pipeline',
      delegation: { delegated_by: admin.id, delegator_role: 'admin', scopes: ['scans:create', 'scans:read'], effective_scopes: ['scans:create', 'scans:read'] },
      standing: 'active',
      last_acted_at: null,
      revoked_at: null,
    });
    const credential: string = response.body.credential;
    expect(credential).toMatch(/^snw_live_[A-Za-z0-9_-]{43}$/);
    expect(response.body.start).toBe(credential.slice(0, 15));

    const { rows } = await t.current.db.query<{ credential_hash: Uint8Array }>('SELECT credential_hash FROM workloads WHERE org_id = $1 AND id = $2', [tenant.id, response.body.id]);
    expect(Buffer.from(rows[0]!.credential_hash).toString('hex')).toBe(createHash('sha256').update(credential).digest('hex'));
    const stored = await t.current.db.query('SELECT * FROM workloads WHERE org_id = $1', [tenant.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(credential);

    // Neither the listing, the trail nor the announcement ever shows it again.
    const listing = await t.current.call('GET', '/api/v1/workloads', { token: tenant.owner.token });
    expect(listing.body.workloads).toEqual([expect.objectContaining({ id: response.body.id, start: response.body.start })]);
    expect(listing.raw).not.toContain(credential);
    const [created] = await trail(tenant.owner, 'workload.created');
    expect(created).toMatchObject({
      actor: { kind: 'user', id: admin.id },
      detail: { workload_id: response.body.id, name: 'release pipeline', scopes: ['scans:create', 'scans:read'], delegated_by: admin.id },
    });
    const announced = await t.current.db.query<{ value: { actor: unknown; subject_id: string } }>(
      "SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'workload.created'",
      [tenant.id],
    );
    expect(announced.rows.map((row) => row.value)).toEqual([expect.objectContaining({ subject_id: response.body.id, actor: { kind: 'user', id: admin.id } })]);
    expect(JSON.stringify(announced.rows)).not.toContain(credential);

    expect((await t.current.call('GET', '/api/v1/workloads', { token: other.owner.token })).body.workloads).toEqual([]);
  });

  it.each([
    ['an unknown scope', ['findings:read', 'findings:everything'], 'scope findings:everything: unknown'],
    ['a never-grantable scope', ['workloads:manage'], 'scope workloads:manage: never grantable'],
  ])('refuses the whole request for %s with 400 naming the scope and why, and audits the attempt', async (_kind, scopes, problem) => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, { name: 'bad', scopes, expires_at: inDays(30) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', problems: [problem] });
    expect(await workloadCount(tenant.id)).toBe(0);
    expect(await trail(tenant.owner, 'workload.creation_refused')).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { name: 'bad', scopes, reason: response.body.error } }),
    ]);
  });

  it.each([
    ['in the past', inDays(-1), 'expires_at must be in the future'],
    ['more than 365 days away', inDays(366), 'expires_at may be at most 365 days away'],
  ])('refuses an expiry %s with 400', async (_kind, expiresAt, message) => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, { name: 'bad expiry', scopes: ['scans:read'], expires_at: expiresAt });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message, code: 'validation_failed' });
    expect(await workloadCount(tenant.id)).toBe(0);
  });

  it('refuses a person without workloads:manage with the usual 403', async () => {
    const tenant = await t.current.tenant();
    const analyst = await t.current.member(tenant, 'analyst');
    const response = await create(analyst.token, { name: 'not mine to give', scopes: ['scans:read'], expires_at: inDays(30) });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'missing permission workloads:manage', code: 'forbidden', required_scope: 'workloads:manage', principal: 'user' });
  });

  it('refuses delegation to an API key and to a workload before consulting any permission, and audits it', async () => {
    const tenant = await t.current.tenant();
    const body = { name: 'delegated by a machine', scopes: ['scans:read'], expires_at: inDays(30) };
    // Both machines hold every scope that would matter if permissions were asked first (workloads:read among them).
    const apiKey = await t.current.apiKey(tenant.owner, ['scans:read', 'workloads:read']);
    const workload = await delegateTestWorkload(t.current, tenant.owner, ['scans:read', 'workloads:read']);

    const byKey = await create(apiKey.key, body);
    expect(byKey.status).toBe(403);
    expect(byKey.body).toEqual({ error: DELEGATION_REFUSED, code: 'forbidden', principal: 'api_key' });
    const byWorkload = await create(workload.credential, body);
    expect(byWorkload.status).toBe(403);
    expect(byWorkload.body).toEqual({ error: DELEGATION_REFUSED, code: 'forbidden', principal: 'workload' });

    expect(await workloadCount(tenant.id)).toBe(1);
    const denied = await trail(tenant.owner, 'authz.denied');
    expect(denied).toEqual([
      expect.objectContaining({ actor: { kind: 'workload', id: workload.id }, detail: { operation_id: 'createWorkload', required_scope: null, principal: 'workload', reason: DELEGATION_REFUSED } }),
      expect.objectContaining({ actor: { kind: 'api_key', id: apiKey.id }, detail: { operation_id: 'createWorkload', required_scope: null, principal: 'api_key', reason: DELEGATION_REFUSED } }),
    ]);
  });
});
