import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import type { OrgId } from '../db/database.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import { listIdentityEvents, recordIdentityEvent, recordSystemIdentityEvent, redact, REDACTED } from './identity-trail.js';

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
    await expect(database.db.query('TRUNCATE identity_audit_events')).rejects.toThrow(/append-only/);
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
});
