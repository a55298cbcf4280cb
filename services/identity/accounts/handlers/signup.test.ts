import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { ASK_FOR_COOKIE, refreshCookieOf } from '../testing/refresh-cookie.js';

describe.each(handlerTestProfiles)('POST /api/v1/auth/signup ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('creates the account, a personal organization on the Free plan, and a session', async () => {
    const email = `Signup-${crypto.randomUUID()}@Example.test`;
    const response = await t.current.call('POST', '/api/v1/auth/signup', { body: { email, password: 'correct horse battery', name: 'Ada' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(response.body.refresh_token).toMatch(/^snr_/);

    const me = await t.current.call('GET', '/api/v1/me', { token: response.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email.toLowerCase());
    expect(me.body.acting_organization).toMatchObject({
      personal: true,
      role: 'owner',
      plan: { code: 'free', name: 'Free', seats: 3, concurrent_scans: 1 },
    });
    await t.current.expectNeighbourUntouched(me.body.id, me.body.email, me.body.acting_organization.id);
  });

  it('audits the signup and the first sign-in in the personal organization', async () => {
    const person = await t.current.signup();
    const trail = await t.current.call('GET', '/api/v1/identity/audit', { token: person.token });
    expect(trail.status).toBe(200);
    expect(trail.body.events.map((e: { action: string }) => e.action)).toEqual(['session.signed_in', 'user.signed_up']);
    expect(trail.body.events[0]).toMatchObject({ actor: { kind: 'user', id: person.id }, detail: { method: 'password' } });
  });

  it('stores the password as a scrypt hash, never the password', async () => {
    const person = await t.current.signup();
    const { rows } = await t.current.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [person.id]);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$ln=\d+,r=\d+,p=\d+\$/);
    expect(rows[0]!.password_hash).not.toContain(person.password);
  });

  it('refuses an email that is taken, in any letter case, with 409', async () => {
    const person = await t.current.signup();
    const again = await t.current.call('POST', '/api/v1/auth/signup', { body: { email: person.email.toUpperCase(), password: 'another password', name: 'Eve' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'an account with this email address already exists', code: 'conflict' });
  });

  it.each([
    ['a short password', { email: 'x@example.test', password: 'short', name: 'X' }],
    ['a missing name', { email: 'x@example.test', password: 'long enough password' }],
    ['a blank name', { email: 'x@example.test', password: 'long enough password', name: '   ' }],
    ['an address without @', { email: 'not-an-email', password: 'long enough password', name: 'X' }],
    ['an unknown field', { email: 'x@example.test', password: 'long enough password', name: 'X', role: 'owner' }],
  ])('refuses %s with 400', async (_what, body) => {
    const response = await t.current.call('POST', '/api/v1/auth/signup', { body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
  });

  it('keeps the refresh token in an HttpOnly cookie for the refresh route when the browser asks, and out of the body', async () => {
    const email = `signup-cookie-${crypto.randomUUID()}@example.test`;
    const response = await t.current.call('POST', '/api/v1/auth/signup', { headers: ASK_FOR_COOKIE, body: { email, password: 'correct horse battery', name: 'Ada' } });
    expect(response.status).toBe(201);
    expect(refreshCookieOf(response)).toMatch(/^snr_/);
    expect((await t.current.call('GET', '/api/v1/me', { token: response.body.access_token })).status).toBe(200);
    // A caller that does not ask (the CLI) gets no cookie.
    const plain = await t.current.call('POST', '/api/v1/auth/signup', { body: { email: `plain-${email}`, password: 'correct horse battery', name: 'Ada' } });
    expect(plain.headers['set-cookie']).toBeUndefined();
    expect(plain.body.refresh_token).toMatch(/^snr_/);
  });
});
