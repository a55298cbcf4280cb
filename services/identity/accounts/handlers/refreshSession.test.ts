import { afterEach, describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, TEST_PUBLIC_URL, useTestApp } from '../../../../test/support/test-app.js';
import { secretDigest } from '../../../platform/crypto/secrets.js';
import { REFRESH_GRACE_MS } from '../sessions.js';
import { ASK_FOR_COOKIE, cookieHeader, FROM_DASHBOARD, refreshCookieOf } from '../testing/refresh-cookie.js';

describe.each(handlerTestProfiles)('POST /api/v1/auth/refresh ($profile)', (profile) => {
  // A test that measures the grace pins the clock and moves it; none sleeps.
  let pinnedNow: number | undefined;
  const t = useTestApp({ ...profile, clock: () => new Date(pinnedNow ?? Date.now()) });
  expectNeighbourUntouchedAfterEach(t);
  afterEach(() => {
    pinnedNow = undefined;
  });
  const refresh = (refreshToken: string) => t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: refreshToken } });

  it('trades a refresh token for a new pair; the new tokens work', async () => {
    const person = await t.current.signup();
    const rotated = await refresh(person.refreshToken);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(person.refreshToken);
    expect((await t.current.call('GET', '/api/v1/me', { token: rotated.body.access_token })).status).toBe(200);
    expect((await refresh(rotated.body.refresh_token)).status).toBe(200);
  });

  it('answers concurrent refreshes of one token with one identical pair, which then works', async () => {
    const person = await t.current.signup();
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(person.refreshToken)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const pair = answers[0]!.body;
    for (const answer of answers) expect(answer.body).toEqual(pair);
    expect(pair.refresh_token).not.toBe(person.refreshToken);

    expect((await t.current.call('GET', '/api/v1/me', { token: pair.access_token })).status).toBe(200);
    const next = await refresh(pair.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(pair.refresh_token);
    expect((await t.current.call('GET', '/api/v1/me', { token: next.body.access_token })).status).toBe(200);
    // One successor per rotation: the family holds the first token, the shared successor and its own.
    const { rows } = await t.current.db.query('SELECT 1 FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id WHERE s.user_id = $1', [person.id]);
    expect(rows).toHaveLength(3);
  });

  it('answers the same pair to a token presented again up to the end of the grace', async () => {
    const person = await t.current.signup();
    pinnedNow = Date.now();
    const first = await refresh(person.refreshToken);
    pinnedNow += REFRESH_GRACE_MS;
    const again = await refresh(person.refreshToken);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await t.current.call('GET', '/api/v1/me', { token: again.body.access_token })).status).toBe(200);
  });

  it('ends the whole family when a rotated token is replayed after the grace, and audits it in the personal organization', async () => {
    const person = await t.current.signup();
    const other = await t.current.login(person);
    pinnedNow = Date.now();
    const rotated = (await refresh(person.refreshToken)).body;

    pinnedNow += REFRESH_GRACE_MS + 1;
    const replay = await refresh(person.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.raw).toBe('{"error":"authentication required","code":"unauthorized"}');

    // Every token of the family is dead: the newest refresh token and both access tokens.
    expect((await refresh(rotated.refresh_token)).status).toBe(401);
    expect((await t.current.call('GET', '/api/v1/me', { token: rotated.access_token })).status).toBe(401);
    expect((await t.current.call('GET', '/api/v1/me', { token: person.token })).status).toBe(401);

    // Another session of the person is a different family and keeps working.
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=session.refresh_replayed', { token: other.token });
    expect(trail.status).toBe(200);
    expect(trail.body.events).toHaveLength(1);
    expect(trail.body.events[0]).toMatchObject({ actor: { kind: 'user', id: person.id } });
    const me = await t.current.call('GET', '/api/v1/me', { token: other.token });
    expect(me.body.acting_organization.id).toBe(person.personalOrgId);
  });

  it('refuses an expired refresh token', async () => {
    const person = await t.current.signup();
    await t.current.db.query(
      "UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE session_id IN (SELECT id FROM sessions WHERE user_id = $1)",
      [person.id],
    );
    expect((await refresh(person.refreshToken)).status).toBe(401);
  });

  it('refuses a refresh token of a signed-out session and an unknown one', async () => {
    const person = await t.current.signup();
    await t.current.call('POST', '/api/v1/auth/logout', { token: person.token });
    expect((await refresh(person.refreshToken)).status).toBe(401);
    expect((await refresh('snr_unknown')).status).toBe(401);
  });

  it('stores refresh tokens only as SHA-256 digests', async () => {
    const person = await t.current.signup();
    const { rows } = await t.current.db.query<{ token_hash: Uint8Array }>(
      'SELECT rt.token_hash FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id WHERE s.user_id = $1',
      [person.id],
    );
    const { createHash } = await import('node:crypto');
    expect(rows.map((r) => Buffer.from(r.token_hash).toString('hex'))).toEqual([createHash('sha256').update(person.refreshToken).digest('hex')]);
  });

  describe('by cookie (the dashboard)', () => {
    const signIn = async () => {
      const person = await t.current.signup();
      const signedIn = await t.current.call('POST', '/api/v1/auth/login', { headers: ASK_FOR_COOKIE, body: { email: person.email, password: person.password } });
      return { person, refreshToken: refreshCookieOf(signedIn) };
    };
    const refreshByCookie = (refreshToken: string, headers: Record<string, string> = FROM_DASHBOARD) =>
      t.current.call('POST', '/api/v1/auth/refresh', { headers: { ...headers, ...cookieHeader(refreshToken) } });

    it('trades the cookie, with no body, for a new access token and a new cookie', async () => {
      const { person, refreshToken } = await signIn();
      const rotated = await refreshByCookie(refreshToken);
      expect(rotated.status).toBe(200);
      const next = refreshCookieOf(rotated);
      expect(next).not.toBe(refreshToken);
      expect((await t.current.call('GET', '/api/v1/me', { token: rotated.body.access_token })).body.id).toBe(person.id);
      expect((await refreshByCookie(next)).status).toBe(200);
    });

    it('refuses a cookie-borne refresh another site could have started, and rotates nothing', async () => {
      const { refreshToken } = await signIn();
      const forgeries: Record<string, string>[] = [{}, { origin: TEST_PUBLIC_URL }, ASK_FOR_COOKIE, { ...ASK_FOR_COOKIE, origin: 'https://attacker.example.test' }, { ...ASK_FOR_COOKIE, origin: 'null' }];
      for (const headers of forgeries) {
        const forged = await refreshByCookie(refreshToken, headers);
        expect(forged.status).toBe(403);
        expect(forged.body).toEqual({ error: "a refresh by cookie is accepted only from the dashboard's origin, with the header x-sentinel-refresh: cookie", code: 'forbidden' });
        expect(forged.headers['set-cookie']).toBeUndefined();
      }
      // The token was never rotated: the dashboard's own refresh still works, and only once (no grace was opened).
      const { rows } = await t.current.db.query('SELECT 1 FROM refresh_tokens WHERE rotated_at IS NOT NULL AND token_hash = $1', [secretDigest(refreshToken)]);
      expect(rows).toHaveLength(0);
      expect((await refreshByCookie(refreshToken)).status).toBe(200);
    });

    it('answers the one 401 to a refresh with neither a body nor a cookie', async () => {
      const response = await t.current.call('POST', '/api/v1/auth/refresh', { headers: FROM_DASHBOARD });
      expect(response.status).toBe(401);
      expect(response.raw).toBe('{"error":"authentication required","code":"unauthorized"}');
    });

    it('ends the whole family when a rotated cookie comes back after the grace', async () => {
      const { refreshToken } = await signIn();
      pinnedNow = Date.now();
      const rotated = await refreshByCookie(refreshToken);
      const next = refreshCookieOf(rotated);
      pinnedNow += REFRESH_GRACE_MS + 1;
      expect((await refreshByCookie(refreshToken)).status).toBe(401);
      expect((await refreshByCookie(next)).status).toBe(401);
      expect((await t.current.call('GET', '/api/v1/me', { token: rotated.body.access_token })).status).toBe(401);
    });
  });
});
