import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { enrol, movableClock } from '../../second-factor/testing/second-factor-harness.js';
import { ASK_FOR_COOKIE, cookieHeader, FROM_DASHBOARD, refreshCookieOf } from '../testing/refresh-cookie.js';

describe.each(handlerTestProfiles)('POST /api/v1/auth/login ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const login = (email: string, password: string) => t.current.call('POST', '/api/v1/auth/login', { body: { email, password } });

  it('starts a new session with the same token fields as signup', async () => {
    const person = await t.current.signup();
    const response = await login(person.email.toUpperCase(), person.password);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_expires_in', 'refresh_token', 'token_type']);
    const me = await t.current.call('GET', '/api/v1/me', { token: response.body.access_token });
    expect(me.body.id).toBe(person.id);
  });

  it('answers a wrong password and an unknown email with the same 401 body', async () => {
    const person = await t.current.signup();
    const wrongPassword = await login(person.email, `${person.password}x`);
    const unknownEmail = await login(`nobody-${person.id}@example.test`, person.password);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.raw).toBe(unknownEmail.raw);
    expect(wrongPassword.raw).toBe('{"error":"authentication required","code":"unauthorized"}');
  });

  it('audits sign-ins and refused passwords in the personal organization, never the password', async () => {
    const person = await t.current.signup();
    await login(person.email, 'a wrong password');
    await login(person.email, person.password);
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=session.sign_in_refused', { token: person.token });
    expect(trail.body.events).toHaveLength(1);
    expect(trail.body.events[0]).toMatchObject({ actor: { kind: 'user', id: person.id }, detail: { method: 'password', reason: 'wrong password' }, source_ip: '127.0.0.1' });
    const signIns = await t.current.call('GET', '/api/v1/identity/audit?action=session.signed_in', { token: person.token });
    expect(signIns.body.events).toHaveLength(2); // signup's and this one
    expect(JSON.stringify(trail.body)).not.toContain('a wrong password');
  });

  it('writes one refused sign-in for many wrong passwords at once, however many come', async () => {
    const person = await t.current.signup();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(person.email, `wrong password ${i}`)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 401));
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=session.sign_in_refused', { token: person.token });
    expect(trail.body.events).toHaveLength(1);
    expect(trail.body.events[0]).toMatchObject({ actor: { kind: 'user', id: person.id }, detail: { method: 'password', reason: 'wrong password', repeats_counted_until: expect.any(String) } });
  });

  it('records the X-Request-ID and user agent of the attempt', async () => {
    const person = await t.current.signup();
    await t.current.call('POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password }, headers: { 'x-request-id': 'login-trace-1', 'user-agent': 'sentinel-cli/1.0' } });
    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=session.signed_in&limit=1', { token: person.token })).body.events;
    expect(event).toMatchObject({ request_id: 'login-trace-1', user_agent: 'sentinel-cli/1.0' });
  });

  it('refuses a request without a password with 400', async () => {
    const response = await t.current.call('POST', '/api/v1/auth/login', { body: { email: 'a@example.test' } });
    expect(response.status).toBe(400);
  });

  it('keeps the refresh token in the cookie when the browser asks, at the second factor step too, and that cookie refreshes', async () => {
    const person = await t.current.signup();
    const asked = await t.current.call('POST', '/api/v1/auth/login', { headers: ASK_FOR_COOKIE, body: { email: person.email, password: person.password } });
    expect(asked.status).toBe(200);
    const refreshed = await t.current.call('POST', '/api/v1/auth/refresh', { headers: { ...FROM_DASHBOARD, ...cookieHeader(refreshCookieOf(asked)) } });
    expect(refreshed.status).toBe(200);

    const { recoveryCodes } = await enrol(t.current, person, movableClock());
    const body = { email: person.email, password: person.password };
    const challenged = await t.current.call('POST', '/api/v1/auth/login', { headers: ASK_FOR_COOKIE, body });
    expect(challenged.status).toBe(401);
    expect(challenged.headers['set-cookie']).toBeUndefined();
    const withCode = await t.current.call('POST', '/api/v1/auth/login', { headers: ASK_FOR_COOKIE, body: { ...body, recovery_code: recoveryCodes[0] } });
    expect(withCode.status).toBe(200);
    refreshCookieOf(withCode);
  });
});
