// The request guard end to end: credential defects, the acting organization,
// X-Expected-Organization, refusals and their audit records.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { testProfiles, useTestApp, type TestApp, type TestPerson } from '../../../test/support/test-app.js';
import { closeDueRefusalWindows, REFUSAL_WINDOW_MS } from '../../platform/audit/identity-trail.js';
import { systemScope } from '../../platform/tenancy.js';
import { createAccessTokens } from '../accounts/access-tokens.js';

const UNAUTHORIZED = '{"error":"authentication required","code":"unauthorized"}';

const claimsOf = (token: string): { sid: string; sub: string } => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string; sub: string };

const auditActions = async (t: TestApp, reader: TestPerson, query = ''): Promise<Array<{ action: string; actor: { kind: string; id: string | null }; detail: Record<string, unknown> }>> => {
  const trail = await t.call('GET', `/api/v1/identity/audit${query}`, { token: reader.token });
  expect(trail.status).toBe(200);
  return trail.body.events;
};

const limiterCountOf = (response: { headers: Record<string, unknown> }) => ({ limit: response.headers['ratelimit-limit'], remaining: response.headers['ratelimit-remaining'] });

describe.each(testProfiles)('request guard ($profile)', (profile) => {
  // A test that closes refusal windows pins the clock; none sleeps.
  let pinnedNow: number | undefined;
  const t = useTestApp({ ...profile, rateLimit: { perMinute: 600 }, clock: () => new Date(pinnedNow ?? Date.now()) });
  afterEach(() => {
    pinnedNow = undefined;
  });

  describe('credential defects', () => {
    it('answers every one with the same 401 status, byte-identical body and the source address\'s limiter state', async () => {
      const { owner, id: orgId } = await t.current.tenant();
      const me = '/api/v1/me';
      const members = '/api/v1/members';

      const signedOut = await t.current.login(owner);
      expect((await t.current.call('POST', '/api/v1/auth/logout', { token: signedOut.token })).status).toBe(204);

      const { sid, sub } = claimsOf(owner.token);
      const expired = createAccessTokens({ signingKey: t.current.signingKey, now: () => Date.now() - 16 * 60 * 1000 }).issue({ sessionId: sid, userId: sub }).token;
      const foreignSigned = createAccessTokens({ signingKey: randomBytes(32) }).issue({ sessionId: sid, userId: sub }).token;
      const [version, payload, signature] = owner.token.split('.');
      const tamperedPayload = Buffer.from(JSON.stringify({ sid, sub, exp: 9_999_999_999 })).toString('base64url');

      const revoked = await t.current.apiKey(owner, ['members:read']);
      expect((await t.current.call('DELETE', `/api/v1/api-keys/${revoked.id}`, { token: owner.token })).status).toBe(204);
      const expiredKey = await t.current.apiKey(owner, ['members:read']);
      await t.current.db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE org_id = $1 AND id = $2", [orgId, expiredKey.id]);
      const liveKey = await t.current.apiKey(owner, ['members:read']);
      const wrongKey = liveKey.key.slice(0, -4) + (liveKey.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');

      const defects: Array<[string, string, Record<string, string>]> = [
        ['missing credential', me, {}],
        ['malformed: not a bearer scheme', me, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
        ['malformed: empty bearer', me, { authorization: 'Bearer ' }],
        ['malformed: junk', me, { authorization: 'Bearer not a token' }],
        ['unknown session token (another signing key)', me, { authorization: `Bearer ${foreignSigned}` }],
        ['tampered access token: claims', me, { authorization: `Bearer ${version}.${tamperedPayload}.${signature}` }],
        ['tampered access token: signature', me, { authorization: `Bearer ${version}.${payload}.${signature!.slice(0, -2)}xx` }],
        ['expired access token', me, { authorization: `Bearer ${expired}` }],
        ['access token of a signed-out session', me, { authorization: `Bearer ${signedOut.token}` }],
        ['unknown API key', members, { authorization: `Bearer snk_live_${randomBytes(32).toString('base64url')}` }],
        ['wrong API key (altered)', members, { authorization: `Bearer ${wrongKey}` }],
        ['revoked API key', members, { authorization: `Bearer ${revoked.key}` }],
        ['expired API key', members, { authorization: `Bearer ${expiredKey.key}` }],
      ];
      // No credential was resolved, so no per-credential state: the one an open route shows this address,
      // the same for every defect (nothing about the credential shows) and not counted (it does not move).
      const addressState = limiterCountOf(await t.current.call('GET', '/health'));
      expect(addressState).toEqual({ limit: '1000000', remaining: expect.stringMatching(/^\d+$/) }); // the harness's auth-route limit
      for (const [defect, url, headers] of defects) {
        const response = await t.current.call('GET', url, { headers });
        expect(response.status, defect).toBe(401);
        expect(response.raw, defect).toBe(UNAUTHORIZED);
        expect(limiterCountOf(response), defect).toEqual(addressState);
      }
      // The sound credentials still work, so the 401s above were about the defects.
      expect((await t.current.call('GET', me, { token: owner.token })).status).toBe(200);
      expect((await t.current.call('GET', members, { token: liveKey.key })).status).toBe(200);
    });

    it('audits a revoked or expired key in its organization, as the key, and nothing for an unknown one', async () => {
      const { owner } = await t.current.tenant();
      const revoked = await t.current.apiKey(owner, ['members:read']);
      await t.current.call('DELETE', `/api/v1/api-keys/${revoked.id}`, { token: owner.token });
      await t.current.call('GET', '/api/v1/members', { token: revoked.key });

      const refused = (await auditActions(t.current, owner, '?action=api_key.refused'))[0];
      expect(refused).toMatchObject({ actor: { kind: 'api_key', id: revoked.id }, detail: { reason: 'revoked' } });

      const countAll = async () => (await t.current.db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity_audit_events')).rows[0]!.n;
      const before = await countAll();
      await t.current.call('GET', '/api/v1/members', { token: `snk_live_${randomBytes(32).toString('base64url')}` });
      expect(await countAll()).toBe(before);
    });

    it('records a refused key presented a hundred times as one row at once and one count when its window closes', async () => {
      const [tenant, other] = await t.current.twoTenants();
      const revoked = await t.current.apiKey(tenant.owner, ['members:read']);
      await t.current.call('DELETE', `/api/v1/api-keys/${revoked.id}`, { token: tenant.owner.token });
      pinnedNow = Date.now();
      const openedAt = pinnedNow;

      const answers = await Promise.all(Array.from({ length: 100 }, () => t.current.call('GET', '/api/v1/members', { token: revoked.key })));
      expect(answers.every((answer) => answer.status === 401 && answer.raw === UNAUTHORIZED)).toBe(true);
      const closesAt = new Date(openedAt + REFUSAL_WINDOW_MS).toISOString();
      const atOnce = await auditActions(t.current, tenant.owner, '?action=api_key.refused');
      expect(atOnce).toHaveLength(1);
      expect(atOnce[0]).toMatchObject({ actor: { kind: 'api_key', id: revoked.id }, detail: { reason: 'revoked', repeats_counted_until: closesAt } });

      // What the workers role runs every minute: nothing is due before the window closes.
      const scope = systemScope('close-refusal-windows');
      await closeDueRefusalWindows(t.current.db, scope, new Date(openedAt + REFUSAL_WINDOW_MS - 1), 500);
      expect(await auditActions(t.current, tenant.owner, '?action=api_key.refused')).toHaveLength(1);
      await closeDueRefusalWindows(t.current.db, scope, new Date(openedAt + REFUSAL_WINDOW_MS), 500);
      const [summary, first] = await auditActions(t.current, tenant.owner, '?action=api_key.refused');
      expect(first).toEqual(atOnce[0]);
      expect(summary).toMatchObject({
        actor: { kind: 'api_key', id: revoked.id },
        detail: { reason: 'revoked', window_summary: { refusals: 100, opened_at: new Date(openedAt).toISOString(), closed_at: closesAt, source_ips: ['127.0.0.1'] } },
      });
      expect(await auditActions(t.current, other.owner, '?action=api_key.refused')).toEqual([]);
    });
  });

  describe('the acting organization', () => {
    it('is checked on every request: a removed member acts in their oldest remaining organization at once', async () => {
      const tenant = await t.current.tenant();
      const analyst = await t.current.member(tenant, 'analyst');
      expect((await t.current.call('GET', '/api/v1/me', { token: analyst.token })).body.acting_organization.id).toBe(tenant.id);

      expect((await t.current.call('DELETE', `/api/v1/members/${analyst.id}`, { token: tenant.owner.token })).status).toBe(204);
      const after = await t.current.call('GET', '/api/v1/me', { token: analyst.token });
      expect(after.body.acting_organization).toMatchObject({ id: analyst.personalOrgId, personal: true });
      const roster = await t.current.call('GET', '/api/v1/members', { token: analyst.token });
      expect(roster.body.members.map((m: { user_id: string }) => m.user_id)).toEqual([analyst.id]);
    });

    it('answers 409 when X-Expected-Organization differs, for sessions and keys, and passes when it matches', async () => {
      const [a, b] = await t.current.twoTenants();
      const both = await t.current.member(a, 'viewer');
      await t.current.db.transaction((tx) => tx.query("INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, 'viewer', 'manual')", [b.id, both.id]));

      const matching = await t.current.call('GET', '/api/v1/members', { token: both.token, headers: { 'x-expected-organization': a.id } });
      expect(matching.status).toBe(200);
      const differing = await t.current.call('GET', '/api/v1/members', { token: both.token, headers: { 'x-expected-organization': b.id } });
      expect(differing.status).toBe(409);
      expect(differing.body).toEqual({ error: 'X-Expected-Organization differs from the organization this request acts in', code: 'conflict' });
      expect(differing.headers['ratelimit-limit']).toBe('600');

      const { key } = await t.current.apiKey(a.owner, ['members:read']);
      expect((await t.current.call('GET', '/api/v1/members', { token: key, headers: { 'x-expected-organization': b.id } })).status).toBe(409);
      expect((await t.current.call('GET', '/api/v1/members', { token: key, headers: { 'x-expected-organization': a.id } })).status).toBe(200);
    });
  });

  describe('refusals', () => {
    it("refuses a person's missing permission with 403 and audits it as them", async () => {
      const tenant = await t.current.tenant();
      const viewer = await t.current.member(tenant, 'viewer');
      const response = await t.current.call('PATCH', '/api/v1/orgs/current', { token: viewer.token, body: { name: 'Renamed' } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'missing permission organization:manage', code: 'forbidden', required_scope: 'organization:manage', principal: 'user' });
      expect(response.headers['ratelimit-remaining']).toBeDefined();

      const [denied] = await auditActions(t.current, tenant.owner, '?action=authz.denied');
      expect(denied).toMatchObject({
        actor: { kind: 'user', id: viewer.id },
        detail: { operation_id: 'renameCurrentOrganization', required_scope: 'organization:manage', principal: 'user' },
      });
    });

    it("refuses a key's missing scope with 403 and audits it with the key's identity and no user id", async () => {
      const tenant = await t.current.tenant();
      const { id, key } = await t.current.apiKey(tenant.owner, ['findings:read']);
      const response = await t.current.call('GET', '/api/v1/members', { token: key });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'missing permission members:read', code: 'forbidden', required_scope: 'members:read', principal: 'api_key' });

      const { rows } = await t.current.db.query<{ actor_user_id: string | null; actor_api_key_id: string }>(
        "SELECT actor_user_id, actor_api_key_id FROM identity_audit_events WHERE org_id = $1 AND action = 'authz.denied'",
        [tenant.id],
      );
      expect(rows).toEqual([{ actor_user_id: null, actor_api_key_id: id }]);
    });

    it('refuses an API key on a session-only operation with 403 naming the principal', async () => {
      const tenant = await t.current.tenant();
      const { key } = await t.current.apiKey(tenant.owner, ['members:read']);
      const response = await t.current.call('GET', '/api/v1/me', { token: key });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'this operation needs a browser session', code: 'forbidden', principal: 'api_key' });
    });
  });
});
