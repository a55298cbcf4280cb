import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from '../../../platform/crypto/secret-box.js';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { appWithClock, currentCode, enrol, movableClock, trail } from '../testing/second-factor-harness.js';

describe.each(handlerTestProfiles)('POST /api/v1/me/second-factor/totp ($profile)', (profile) => {
  const clock = movableClock();
  const t = useTestApp(() => appWithClock(profile, clock));
  expectNeighbourUntouchedAfterEach(t);
  const start = (token: string) => t.current.call('POST', '/api/v1/me/second-factor/totp', { token });

  it('answers the secret and its otpauth URI once, and keeps the secret only sealed to the person', async () => {
    const person = await t.current.signup();
    const response = await start(person.token);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ algorithm: 'SHA1', digits: 6, period: 30 });
    expect(response.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(response.body.otpauth_uri);
    expect(uri.searchParams.get('secret')).toBe(response.body.secret);
    expect(decodeURIComponent(uri.pathname)).toBe(`/Sentinel:${person.email}`);

    const { rows } = await t.current.db.query<{ secret_ciphertext: string; confirmed_at: Date | null }>('SELECT secret_ciphertext, confirmed_at FROM user_second_factors WHERE user_id = $1', [person.id]);
    expect(rows[0]!.confirmed_at).toBeNull();
    expect(rows[0]!.secret_ciphertext).not.toContain(response.body.secret);
    const box = new SecretBox({ activeKeyId: 1, keys: new Map([[1, t.current.webhookSecretKey]]) });
    expect(box.open(rows[0]!.secret_ciphertext, `user_second_factor:${person.id}`).toString()).toBe(response.body.secret);
    // Bound to this person's row: under another person's name it does not open.
    const other = await t.current.signup();
    expect(() => box.open(rows[0]!.secret_ciphertext, `user_second_factor:${other.id}`)).toThrow(SecretBoxError);

    const status = await t.current.call('GET', '/api/v1/me/second-factor', { token: person.token });
    expect(status.body).toEqual({ enabled: false, method: null, enabled_at: null, enrolment_pending: true, recovery_codes_remaining: 0 });
    expect(status.raw).not.toContain(response.body.secret);
    expect(await trail(t.current, person, 'user.second_factor_enrolment_started')).toMatchObject([{ actor: { kind: 'user', id: person.id }, detail: { method: 'totp' } }]);
  });

  it('starts over with a new secret while the enrolment waits for its code; the old secret no longer confirms', async () => {
    const person = await t.current.signup();
    const first = await start(person.token);
    const second = await start(person.token);
    expect(second.status).toBe(201);
    expect(second.body.secret).not.toBe(first.body.secret);
    const stale = await t.current.call('POST', '/api/v1/me/second-factor/totp/confirm', { token: person.token, body: { code: currentCode(clock, first.body.secret) } });
    expect(stale.status).toBe(422);
    const fresh = await t.current.call('POST', '/api/v1/me/second-factor/totp/confirm', { token: person.token, body: { code: currentCode(clock, second.body.secret) } });
    expect(fresh.status).toBe(200);
    clock.nextStep();
  });

  it('refuses with 409 while a second factor is enabled, keeping it', async () => {
    const person = await t.current.signup();
    const { secret } = await enrol(t.current, person, clock);
    const response = await start(person.token);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'a second factor is already enabled; disable it before enrolling another', code: 'conflict' });
    const login = await t.current.call('POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password, totp_code: currentCode(clock, secret) } });
    expect(login.status).toBe(200);
  });
});
