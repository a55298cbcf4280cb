import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCIM_UNAUTHORIZED_BODY } from '../../../../test/support/security-suite.js';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestPerson } from '../../../../test/support/test-app.js';
import { addresslessUserBody, SCIM } from '../testing/scim-client.js';

describe.each(handlerTestProfiles)('directory tokens: POST, GET and DELETE /api/v1/identity/scim-tokens ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const issue = (token: string, name = 'Entra ID') => t.current.call('POST', '/api/v1/identity/scim-tokens', { token, body: { name } });
  const trail = async (reader: TestPerson, action: string) => (await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token: reader.token })).body.events;

  it('issues a recognizable token, shown once and stored only as its SHA-256 digest, listed without it, audited', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const issued = await issue(tenant.owner.token, '  Okta  ');
    expect(issued.status).toBe(201);
    expect(issued.headers['cache-control']).toBe('no-store');
    const token: string = issued.body.token;
    expect(token).toMatch(/^snd_live_[A-Za-z0-9_-]{43}$/);
    expect(issued.body).toMatchObject({ name: 'Okta', start: token.slice(0, 15), created_by: tenant.owner.id, last_used_at: null, revoked_at: null });

    const { rows } = await t.current.db.query<{ token_hash: Uint8Array }>('SELECT token_hash FROM directory_tokens WHERE org_id = $1', [tenant.id]);
    expect(Buffer.from(rows[0]!.token_hash).toString('hex')).toBe(createHash('sha256').update(token).digest('hex'));
    const stored = await t.current.db.query('SELECT * FROM directory_tokens WHERE org_id = $1', [tenant.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    const listing = await t.current.call('GET', '/api/v1/identity/scim-tokens', { token: tenant.owner.token });
    const { token: _shownOnce, ...view } = issued.body;
    expect(listing.body.scim_tokens).toEqual([view]);
    expect(listing.raw).not.toContain(token);
    const [event] = await trail(tenant.owner, 'scim_token.issued');
    expect(event).toMatchObject({ actor: { kind: 'user', id: tenant.owner.id }, detail: { scim_token_id: issued.body.id, name: 'Okta' } });
    expect(JSON.stringify(await trail(tenant.owner, 'scim_token.issued'))).not.toContain(token);

    // The token acts at /api/scim/v2 in its organization, and its use is recorded.
    expect((await t.current.call('GET', `${SCIM}/Users`, { token })).status).toBe(200);
    const used = (await t.current.call('GET', '/api/v1/identity/scim-tokens', { token: tenant.owner.token })).body.scim_tokens[0];
    expect(used.last_used_at).not.toBeNull();

    expect((await t.current.call('GET', '/api/v1/identity/scim-tokens', { token: other.owner.token })).body.scim_tokens).toEqual([]);
  });

  it('is issued by owners alone; an admin may list (identity:read) but not issue or revoke; an API key may list', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    const refused = await issue(admin.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', required_scope: 'identity:manage' });
    const issued = await issue(tenant.owner.token);
    expect((await t.current.call('GET', '/api/v1/identity/scim-tokens', { token: admin.token })).body.scim_tokens).toHaveLength(1);
    expect((await t.current.call('DELETE', `/api/v1/identity/scim-tokens/${issued.body.id}`, { token: admin.token })).status).toBe(403);
    const { key } = await t.current.apiKey(tenant.owner, ['identity:read']);
    expect((await t.current.call('GET', '/api/v1/identity/scim-tokens', { token: key })).body.scim_tokens).toHaveLength(1);
  });

  it('revokes at once and idempotently; the revoked token gets the one 401 in SCIM shape, recorded in its organization', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const issued = await issue(tenant.owner.token);
    const token: string = issued.body.token;
    expect((await t.current.call('POST', `${SCIM}/Users`, { token, body: addresslessUserBody() })).status).toBe(201);

    expect((await t.current.call('DELETE', `/api/v1/identity/scim-tokens/${issued.body.id}`, { token: other.owner.token })).status).toBe(404);
    expect((await t.current.call('DELETE', `/api/v1/identity/scim-tokens/${issued.body.id}`, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/identity/scim-tokens/${issued.body.id}`, { token: tenant.owner.token })).status).toBe(204);
    expect(await trail(tenant.owner, 'scim_token.revoked')).toHaveLength(1);

    const refused = await t.current.call('GET', `${SCIM}/Users`, { token });
    expect(refused.status).toBe(401);
    expect(refused.raw).toBe(SCIM_UNAUTHORIZED_BODY);
    expect(refused.headers['content-type']).toMatch(/^application\/scim\+json/);
    const [recorded] = await trail(tenant.owner, 'scim_token.refused');
    expect(recorded).toMatchObject({ actor: { kind: 'directory_token', id: issued.body.id }, detail: { reason: 'revoked' } });
    const listed = (await t.current.call('GET', '/api/v1/identity/scim-tokens', { token: tenant.owner.token })).body.scim_tokens[0];
    expect(listed.revoked_at).not.toBeNull();
  });

  it('is a credential of the directory protocol alone: elsewhere it is the one 401, and an unknown token at /api/scim/v2 is too', async () => {
    const tenant = await t.current.tenant();
    const token = await t.current.directoryToken(tenant);
    const elsewhere = await t.current.call('GET', '/api/v1/members', { token });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toEqual({ error: 'authentication required', code: 'unauthorized' });
    const unknown = await t.current.call('GET', `${SCIM}/Users`, { token: `snd_live_${'A'.repeat(43)}` });
    expect(unknown.raw).toBe(SCIM_UNAUTHORIZED_BODY);
  });

  it("records what the directory does with the token as the actor, a machine: no person is named", async () => {
    const tenant = await t.current.tenant();
    const token = await t.current.directoryToken(tenant);
    const id = (await t.current.call('GET', '/api/v1/identity/scim-tokens', { token: tenant.owner.token })).body.scim_tokens[0].id;
    const created = await t.current.call('POST', `${SCIM}/Users`, { token, body: addresslessUserBody() });
    const [event] = await trail(tenant.owner, 'scim_user.created');
    expect(event).toMatchObject({ actor: { kind: 'directory_token', id }, detail: { scim_user_id: created.body.id } });
    const byActor = (await t.current.call('GET', `/api/v1/identity/audit?actor=${id}`, { token: tenant.owner.token })).body.events;
    expect(byActor.map((e: { action: string }) => e.action)).toContain('scim_user.created');
  });
});
