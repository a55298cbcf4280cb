import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestPerson } from '../../../test/support/test-app.js';

const inDays = (days: number): string => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

describe.each(handlerTestProfiles)('POST /api/v1/api-keys ($profile)', (profile) => {
  const t = useTestApp(profile);
  const create = (token: string, body: Record<string, unknown>) => t.current.call('POST', '/api/v1/api-keys', { token, body });
  const keyCount = async (orgId: string) => (await t.current.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE org_id = $1', [orgId])).rows[0]!.n;
  const refusedIssues = async (reader: TestPerson) =>
    (await t.current.call('GET', '/api/v1/identity/audit?action=api_key.creation_refused', { token: reader.token })).body.events;

  it('issues a recognizable key, shown once, stored only as its SHA-256 digest', async () => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, { name: 'CI pipeline', scopes: ['scans:create', 'verdicts:request'], expires_at: inDays(90) });
    expect(response.status).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatchObject({ name: 'CI pipeline', scopes: ['scans:create', 'verdicts:request'], created_by: tenant.owner.id, last_used_at: null, revoked_at: null });
    expect(response.body.key).toMatch(/^snk_live_[A-Za-z0-9_-]{43}$/);
    expect(response.body.start).toBe(response.body.key.slice(0, 15));

    const { rows } = await t.current.db.query<{ key_hash: Uint8Array }>('SELECT key_hash FROM api_keys WHERE org_id = $1 AND id = $2', [tenant.id, response.body.id]);
    expect(Buffer.from(rows[0]!.key_hash).toString('hex')).toBe(createHash('sha256').update(response.body.key).digest('hex'));
    const stored = await t.current.db.query('SELECT * FROM api_keys WHERE org_id = $1', [tenant.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(response.body.key);
  });

  it('audits the issue and announces it, without the key, touching no other tenant', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const neighbourBefore = await t.current.snapshot(neighbour);
    const { id, key } = await t.current.apiKey(tenant.owner, ['scans:read']);
    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=api_key.created', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: tenant.owner.id }, detail: { api_key_id: id, scopes: ['scans:read'] } });
    const { rows } = await t.current.db.query<{ value: unknown }>("SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'api_key.created'", [tenant.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it.each([
    ['an unknown scope', ['findings:read', 'findings:everything'], 'scope findings:everything: unknown'],
    ['a never-grantable scope', ['members:manage'], 'scope members:manage: never grantable'],
    ['a scope the caller does not hold', ['identity:read'], 'scope identity:read: not held by you'],
  ])('refuses the whole request for %s with 400 naming the scope and why, and audits the attempt', async (_kind, scopes, problem) => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const neighbourBefore = await t.current.snapshot(neighbour);
    const analyst = await t.current.member(tenant, 'analyst'); // holds apikeys:manage, not identity:read
    const response = await create(analyst.token, { name: 'bad', scopes, expires_at: inDays(30) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', problems: [problem] });
    expect(response.body.error).toContain(problem);
    expect(await keyCount(tenant.id)).toBe(0);

    expect(await refusedIssues(tenant.owner)).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: analyst.id }, detail: { name: 'bad', scopes, reason: response.body.error } }),
    ]);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it('names every refused scope when several are refused, and issues nothing', async () => {
    const tenant = await t.current.tenant();
    const analyst = await t.current.member(tenant, 'analyst');
    const response = await create(analyst.token, { name: 'bad', scopes: ['scans:read', 'nope:nope', 'organization:delete', 'members:read', 'identity:read'], expires_at: inDays(30) });
    expect(response.status).toBe(400);
    expect(response.body.problems).toEqual(['scope nope:nope: unknown', 'scope organization:delete: never grantable', 'scope identity:read: not held by you']);
    expect(await keyCount(tenant.id)).toBe(0);
  });

  it.each([
    ['in the past', inDays(-1), 'expires_at must be in the future'],
    ['more than 365 days away', inDays(366), 'expires_at may be at most 365 days away'],
  ])('refuses an expiry %s with 400, and audits the attempt', async (_what, expires_at, message) => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, { name: 'k', scopes: ['scans:read'], expires_at });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(await refusedIssues(tenant.owner)).toEqual([expect.objectContaining({ detail: { name: 'k', scopes: ['scans:read'], reason: message } })]);
    expect(await keyCount(tenant.id)).toBe(0);
  });

  it('requires an expiry, and a real timestamp', async () => {
    const tenant = await t.current.tenant();
    expect((await create(tenant.owner.token, { name: 'k', scopes: ['scans:read'] })).status).toBe(400);
    expect((await create(tenant.owner.token, { name: 'k', scopes: ['scans:read'], expires_at: '2030-02-31T25:00:00Z' })).status).toBe(400);
    expect((await create(tenant.owner.token, { name: 'k', scopes: ['scans:read'], expires_at: inDays(364) })).status).toBe(201);
  });

  it('is refused to an API key even one holding every grantable scope, with 403 principal api_key', async () => {
    const tenant = await t.current.tenant();
    const scopes = (await t.current.call('GET', '/api/v1/api-keys/scopes', { token: tenant.owner.token })).body.scopes.map((s: { name: string }) => s.name);
    const { key } = await t.current.apiKey(tenant.owner, scopes);
    const response = await create(key, { name: 'k', scopes: ['scans:read'], expires_at: inDays(30) });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'missing permission apikeys:manage', code: 'forbidden', required_scope: 'apikeys:manage', principal: 'api_key' });
  });
});
