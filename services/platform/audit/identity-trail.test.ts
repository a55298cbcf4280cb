import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import type { OrgId } from '../db/database.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import { systemScope } from '../tenancy.js';
import { closeDueRefusalWindows, recordIdentityEvent, recordRepeatableRefusal, recordSystemIdentityEvent, redact, REDACTED, REFUSAL_WINDOW_MS } from './identity-trail.js';
import { listIdentityEvents } from './testing/identity-events.js';
import { actingAsSchemaOwner } from '../db/tenant-scope.js';

describe('redact', () => {
  it('replaces the values of secret-looking keys at any depth and keeps the rest', () => {
    expect(
      redact({
        password: 'hunter2',
        nested: { refresh_token: 'snr_x', list: [{ client_secret: 's', note: 'kept' }], Authorization: 'Bearer x' },
        apiKey: 'snk_live_x',
        private_key: 'k',
        session_id: 'sid',
        cookie: 'c',
        credentials: { user: 'u' },
        reason: 'wrong password',
      }),
    ).toEqual({
      password: REDACTED,
      nested: { refresh_token: REDACTED, list: [{ client_secret: REDACTED, note: 'kept' }], Authorization: REDACTED },
      apiKey: REDACTED,
      private_key: REDACTED,
      session_id: REDACTED,
      cookie: REDACTED,
      credentials: REDACTED,
      reason: 'wrong password',
    });
  });

  it('keeps identifiers of credentials, which are not secrets', () => {
    expect(redact({ api_key_id: 'id-1', credential_id: 'id-2', tokenIds: ['a'] })).toEqual({ api_key_id: 'id-1', credential_id: 'id-2', tokenIds: ['a'] });
  });

  it('walks any depth without recursion, copies without touching the original, and keeps a member named __proto__ as data', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'{"a":['.repeat(depth)}{"token":"t"}${']}'.repeat(depth)}`);
    let innermost = redact(deep) as { a: [unknown] };
    for (let level = 0; level < depth; level += 1) innermost = innermost.a[0] as { a: [unknown] };
    expect(innermost).toEqual({ token: REDACTED });
    const original = JSON.parse('{"__proto__": {"password": "p"}, "list": [1, "two", null]}');
    const copy = redact(original) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe(`{"__proto__":{"password":"${REDACTED}"},"list":[1,"two",null]}`);
    expect(original.__proto__).toEqual({ password: 'p' });
  });
});

// Key names as they occur in real configurations, HTTP headers, SDKs and token
// responses. Each one's value is a secret, or gives what a secret gives.
const SECRET_KEY_NAMES = [
  'password', 'Password', 'PASSWORD', 'passwd', 'pwd', 'db_pwd', 'dbPwd', 'new_password', 'oldPassword', 'passphrase', 'key_passphrase', 'mypassword',
  'secret', 'client_secret', 'clientSecret', 'AWS_SECRET_ACCESS_KEY', 'secretKey', 'webhookSecret', 'x-hub-secret',
  'token', 'access_token', 'accessToken', 'refresh_token', 'id_token', 'idToken', 'X-Auth-Token', 'XAuthToken', 'accesstoken', 'GITHUB_TOKEN', 'csrfToken',
  'auth', 'Auth', 'basic_auth', 'basicAuth', 'proxy-auth', 'auth_header', 'authValue', 'auth_key',
  'authorization', 'Authorization', 'Proxy-Authorization', 'x-authorization',
  'bearer', 'Bearer', 'bearer_value',
  'jwt', 'JWT', 'jwt_assertion', 'signedJwt', 'JWTToken',
  'sid', 'SID', 'session_id', 'sessionId', 'SessionId', 'session_ids', 'connect.sid', 'secret_id', 'secretId',
  'cookie', 'Cookie', 'Set-Cookie', 'cookies',
  'credential', 'credentials', 'Credentials', 'creds', 'aws_creds', 'client_credentials',
  'api_key', 'apiKey', 'APIKey', 'apikey', 'x-api-key', 'X-API-KEY', 'api key', 'api_keys',
  'private_key', 'privateKey', 'private key', 'PRIVATE_KEY', 'private_pem', 'privatePem', 'private_key_pem', 'privatekey',
  'signing_key', 'signingKey', 'client_key', 'clientKey', 'encryption_key', 'encryptionKey', 'decryption_key', 'master_key', 'masterKey', 'shared_key', 'session_key', 'hmac_key',
  'otp', 'otp_code', 'psk', 'wifi_psk', 'dsn', 'sentry_dsn',
];

// Harmless names that share letters with the ones above; identifiers of secrets are not secrets.
const HARMLESS_KEY_NAMES = [
  'author', 'authors', 'author_name', 'authorId', 'authority', 'authorities', 'authored_at', 'authenticated', 'authentication_method', 'oauth_provider',
  'auth_method', 'authMethod', 'authRole', 'auth_type', 'jwt_ttl', 'otp_enabled', 'sid_format',
  'sidebar', 'side', 'consider', 'inside', 'residence', 'keyboard', 'key', 'keys', 'monkey', 'primary_key', 'public_key', 'publicKey', 'public_pem', 'key_type',
  'private', 'is_private', 'client', 'client_id', 'clientId', 'session', 'signing_algorithm', 'bypass', 'compass', 'passed', 'pass_rate', 'sessions_count',
  'api_key_id', 'apiKeyId', 'credential_id', 'tokenIds', 'token_id', 'auth_id', 'client_key_id', 'jwt_id', 'key_ids',
  'reason', 'method', 'subject', 'operation_id',
];

describe('redaction rule', () => {
  it.each(SECRET_KEY_NAMES)('redacts %s', (key) => {
    expect(redact({ [key]: 'value' })).toEqual({ [key]: REDACTED });
  });

  it.each(HARMLESS_KEY_NAMES)('keeps %s', (key) => {
    expect(redact({ [key]: 'value' })).toEqual({ [key]: 'value' });
  });
});

describe.each(databaseProfiles)('identity audit table ($name)', ({ create }) => {
  let database: TestDatabase;
  let orgId: OrgId;
  let userId: string;
  const origin = { sourceIp: '203.0.113.9', userAgent: 'test-agent', requestId: 'req-1' };

  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => {
    await database.drop();
  });

  const freshOrganization = async (): Promise<void> => {
    const user = await database.db.query<{ id: string }>("INSERT INTO users (email, name) VALUES ($1, 'A') RETURNING id", [`${randomUUID()}@example.test`]);
    userId = user.rows[0]!.id;
    const org = await database.db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('Audit org') RETURNING id");
    orgId = asOrgId(org.rows[0]!.id);
  };

  it('records the actor, origin and redacted detail', async () => {
    await freshOrganization();
    await recordIdentityEvent(database.db, orgId, origin, { actor: { userId }, action: 'test.happened', detail: { token: 'secret', outcome: 'ok' } });
    const [event] = await listIdentityEvents(database.db, orgId, { limit: 10 });
    expect(event).toMatchObject({
      actor: { kind: 'user', id: userId },
      action: 'test.happened',
      source_ip: '203.0.113.9',
      user_agent: 'test-agent',
      request_id: 'req-1',
      detail: { token: REDACTED, outcome: 'ok' },
    });
  });

  it('records what the system did on its own with actor system and no origin', async () => {
    await freshOrganization();
    await recordSystemIdentityEvent(database.db, orgId, { action: 'test.automatic', detail: { secret: 's', reason: 'threshold' } });
    const [event] = await listIdentityEvents(database.db, orgId, { limit: 10 });
    expect(event).toMatchObject({
      actor: { kind: 'system', id: null },
      action: 'test.automatic',
      source_ip: null,
      user_agent: null,
      request_id: null,
      detail: { secret: REDACTED, reason: 'threshold' },
    });
  });

  it('refuses a row naming the system together with a person', async () => {
    await freshOrganization();
    await expect(
      database.db.query("INSERT INTO identity_audit_events (org_id, actor_user_id, actor_system, action) VALUES ($1, $2, true, 'both')", [orgId, userId]),
    ).rejects.toThrow(/identity_audit_events_system_acts_alone/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await freshOrganization();
    await recordIdentityEvent(database.db, orgId, origin, { actor: 'anonymous', action: 'test.kept' });
    await expect(database.db.query("UPDATE identity_audit_events SET action = 'rewritten' WHERE org_id = $1", [orgId])).rejects.toThrow(/append-only/);
    await expect(database.db.query('DELETE FROM identity_audit_events WHERE org_id = $1', [orgId])).rejects.toThrow(/append-only/);
    await expect(actingAsSchemaOwner(() => database.db.query('TRUNCATE identity_audit_events'))).rejects.toThrow(/append-only/);
    expect((await listIdentityEvents(database.db, orgId, { limit: 10 })).map((e) => e.action)).toEqual(['test.kept']);
  });

  it('refuses a row naming both a person and an API key as the actor', async () => {
    await freshOrganization();
    const key = await database.db.query<{ id: string }>(
      "INSERT INTO api_keys (org_id, name, key_hash, start, scopes, expires_at) VALUES ($1, 'k', $2, 'snk_live_', '{}', now() + interval '1 day') RETURNING id",
      [orgId, Buffer.from(randomUUID())],
    );
    await expect(
      database.db.query("INSERT INTO identity_audit_events (org_id, actor_user_id, actor_api_key_id, action) VALUES ($1, $2, $3, 'both')", [orgId, userId, key.rows[0]!.id]),
    ).rejects.toThrow(/identity_audit_events_one_actor/);
  });

  it('filters by actor and action, newest first, within the organization only', async () => {
    await freshOrganization();
    const otherOrg = asOrgId((await database.db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('Other') RETURNING id")).rows[0]!.id);
    await recordIdentityEvent(database.db, orgId, origin, { actor: { userId }, action: 'a.first' });
    await recordIdentityEvent(database.db, orgId, origin, { actor: 'anonymous', action: 'a.second' });
    await recordIdentityEvent(database.db, orgId, origin, { actor: { userId }, action: 'a.third' });
    await recordIdentityEvent(database.db, otherOrg, origin, { actor: { userId }, action: 'a.elsewhere' });

    const actions = async (filter: Parameters<typeof listIdentityEvents>[2]) => (await listIdentityEvents(database.db, orgId, filter)).map((e) => e.action);
    expect(await actions({ limit: 10 })).toEqual(['a.third', 'a.second', 'a.first']);
    expect(await actions({ limit: 10, actor: userId })).toEqual(['a.third', 'a.first']);
    expect(await actions({ limit: 10, action: 'a.second' })).toEqual(['a.second']);
    expect(await actions({ limit: 1 })).toEqual(['a.third']);
  });

  it('bounds by time: since inclusive, until exclusive, to the microsecond', async () => {
    await freshOrganization();
    for (const [action, at] of [
      ['t.before', '2030-01-01T00:00:00.000001Z'],
      ['t.start', '2030-01-01T00:00:00.000002Z'],
      ['t.end', '2030-01-01T00:00:00.000003Z'],
    ]) {
      await database.db.query('INSERT INTO identity_audit_events (org_id, action, created_at) VALUES ($1, $2, $3)', [orgId, action, at]);
    }
    const window = await listIdentityEvents(database.db, orgId, { limit: 10, since: '2030-01-01T00:00:00.000002Z', until: '2030-01-01T00:00:00.000003Z' });
    expect(window.map((e) => [e.action, e.created_at])).toEqual([['t.start', '2030-01-01T00:00:00.000002Z']]);
  });

  describe('repeatable refusals', () => {
    const at = (ms: number) => new Date(Date.parse('2031-05-01T10:00:00.000Z') + ms);
    const refuse = (org: OrgId, now: Date, sourceIp = '203.0.113.9') =>
      recordRepeatableRefusal(database.db, org, { ...origin, sourceIp }, { actor: { userId }, subject: userId, action: 'test.refused', detail: { reason: 'not a member', token: 'snr_secret' } }, now);
    const refusals = async (org: OrgId) => listIdentityEvents(database.db, org, { limit: 100, action: 'test.refused' });
    const closeAll = (now: Date) => closeDueRefusalWindows(database.db, systemScope('close-refusal-windows'), now, 500);

    it('writes the first of concurrent refusals at once and their count when the window closes, in their organization only', async () => {
      await freshOrganization();
      const otherOrg = asOrgId((await database.db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('Other') RETURNING id")).rows[0]!.id);
      // Twelve source addresses; the summary names the first ten.
      await Promise.all(Array.from({ length: 100 }, (_, i) => refuse(orgId, at(i), `198.51.100.${i % 12}`)));

      const [first, ...rest] = await refusals(orgId);
      expect(rest).toEqual([]);
      expect(first).toMatchObject({ actor: { kind: 'user', id: userId }, request_id: 'req-1', detail: { reason: 'not a member', token: REDACTED } });
      // Whichever of the concurrent refusals arrived first opened the window, and only it was written.
      const openedAt = Date.parse(first!.detail.repeats_counted_until as string) - REFUSAL_WINDOW_MS;
      expect(openedAt).toBeGreaterThanOrEqual(at(0).getTime());
      expect(openedAt).toBeLessThanOrEqual(at(99).getTime());
      const closesAt = new Date(openedAt + REFUSAL_WINDOW_MS);
      const stored = await database.db.query('SELECT * FROM identity_refusal_windows WHERE org_id = $1', [orgId]);
      expect(JSON.stringify(stored.rows)).not.toContain('snr_secret');

      await closeAll(new Date(closesAt.getTime() - 1));
      expect(await refusals(orgId)).toHaveLength(1);
      await closeAll(closesAt);
      const [summary, stillFirst] = await refusals(orgId);
      expect(stillFirst).toEqual(first);
      // The last refusal's origin: the one at(99) came from 198.51.100.3 (99 % 12).
      expect(summary).toMatchObject({ actor: { kind: 'user', id: userId }, source_ip: '198.51.100.3', user_agent: 'test-agent', request_id: 'req-1' });
      expect(summary!.detail).toEqual({
        reason: 'not a member',
        token: REDACTED,
        window_summary: { refusals: 100, opened_at: new Date(openedAt).toISOString(), closed_at: closesAt.toISOString(), last_refused_at: at(99).toISOString(), source_ips: expect.any(Array) },
      });
      expect(new Set((summary!.detail.window_summary as { source_ips: string[] }).source_ips)).toHaveProperty('size', 10);
      expect((await database.db.query('SELECT 1 FROM identity_refusal_windows WHERE org_id = $1', [orgId])).rows).toEqual([]);
      expect(await listIdentityEvents(database.db, otherOrg, { limit: 10 })).toEqual([]);
    });

    it('closes a window itself when the subject is refused again after it, and opens the next', async () => {
      await freshOrganization();
      for (const ms of [0, 1_000, 2_000]) await refuse(orgId, at(ms));
      await refuse(orgId, at(REFUSAL_WINDOW_MS + 5_000));
      const [next, summary, first] = await refusals(orgId);
      expect(first!.detail).toMatchObject({ repeats_counted_until: at(REFUSAL_WINDOW_MS).toISOString() });
      expect(summary!.detail).toMatchObject({ window_summary: { refusals: 3, last_refused_at: at(2_000).toISOString() } });
      expect(next!.detail).toMatchObject({ repeats_counted_until: at(2 * REFUSAL_WINDOW_MS + 5_000).toISOString() });
      expect(next!.source_ip).toBe('203.0.113.9');
    });

    it('counts refusals of another detail in a window of their own, so each summary states its own purpose', async () => {
      await freshOrganization();
      const refuseCode = (purpose: string, ms: number) =>
        recordRepeatableRefusal(database.db, orgId, origin, { actor: { userId }, subject: userId, action: 'test.code_refused', detail: { purpose, method: 'totp', reason: 'wrong code' } }, at(ms));
      await refuseCode('confirm_enrolment', 0);
      await refuseCode('confirm_enrolment', 1_000);
      for (const ms of [2_000, 3_000, 4_000]) await refuseCode('sign_in', ms);
      await closeAll(at(REFUSAL_WINDOW_MS + 4_000));
      const events = await listIdentityEvents(database.db, orgId, { limit: 100, action: 'test.code_refused' });
      const counted = events.map((event) => [event.detail.purpose, (event.detail.window_summary as { refusals: number } | undefined)?.refusals ?? 'first']);
      expect(counted.sort()).toEqual([['confirm_enrolment', 'first'], ['confirm_enrolment', 2], ['sign_in', 'first'], ['sign_in', 3]].sort());
    });

    it('gives the summary the last refusal\'s source address, user agent and request id', async () => {
      await freshOrganization();
      const from = (sourceIp: string, userAgent: string, requestId: string, ms: number) =>
        recordRepeatableRefusal(database.db, orgId, { sourceIp, userAgent, requestId }, { actor: { userId }, subject: userId, action: 'test.refused', detail: { reason: 'not a member' } }, at(ms));
      await from('198.51.100.1', 'agent-1', 'req-a', 0);
      await from('198.51.100.2', 'agent-2', 'req-b', 1_000);
      await from('198.51.100.3', 'agent-3', 'req-c', 2_000);
      await closeAll(at(REFUSAL_WINDOW_MS));
      const [summary, first] = await refusals(orgId);
      expect(first).toMatchObject({ source_ip: '198.51.100.1', user_agent: 'agent-1', request_id: 'req-a' });
      expect(summary).toMatchObject({ source_ip: '198.51.100.3', user_agent: 'agent-3', request_id: 'req-c', detail: { window_summary: { refusals: 3, source_ips: ['198.51.100.1', '198.51.100.2', '198.51.100.3'] } } });
    });

    it('keeps the member a caller varies at will out of the window: the summary names the last value and the distinct ones', async () => {
      await freshOrganization();
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      const ask = (requested: string, ms: number) =>
        recordRepeatableRefusal(
          database.db,
          orgId,
          origin,
          { actor: { userId }, subject: userId, action: 'test.org_refused', detail: { requested_org_id: requested, reason: 'not a member' }, varies: 'requested_org_id' },
          at(ms),
        );
      for (const [requested, ms] of [[a, 0], [b, 1_000], [a, 2_000], [c, 3_000]] as const) await ask(requested, ms);
      await closeAll(at(REFUSAL_WINDOW_MS));
      const [summary, first, ...none] = await listIdentityEvents(database.db, orgId, { limit: 100, action: 'test.org_refused' });
      expect(none).toEqual([]);
      expect(first!.detail).toMatchObject({ requested_org_id: a, reason: 'not a member' });
      expect(summary!.detail).toMatchObject({ requested_org_id: c, reason: 'not a member', window_summary: { refusals: 4, distinct: { requested_org_id: [a, b, c] } } });
    });

    it('adds no summary for a window with a single refusal, and counts each organization apart', async () => {
      await freshOrganization();
      const otherOrg = asOrgId((await database.db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('Other') RETURNING id")).rows[0]!.id);
      await refuse(orgId, at(0));
      await refuse(otherOrg, at(0));
      await refuse(otherOrg, at(1));
      await closeAll(at(REFUSAL_WINDOW_MS));
      expect(await refusals(orgId)).toHaveLength(1);
      const other = await refusals(otherOrg);
      expect(other.map((event) => (event.detail.window_summary as { refusals: number } | undefined)?.refusals ?? 'first')).toEqual([2, 'first']);
    });
  });
});
