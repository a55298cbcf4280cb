import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { recoveryCodeDigest } from '../recovery-codes.js';
import { appWithClock, currentCode, movableClock, trail } from '../testing/second-factor-harness.js';
import { wrongTotpCodeAt } from '../testing/totp-codes.js';

describe.each(handlerTestProfiles)('POST /api/v1/me/second-factor/totp/confirm ($profile)', (profile) => {
  const clock = movableClock();
  const t = useTestApp(() => appWithClock(profile, clock));
  expectNeighbourUntouchedAfterEach(t);
  const confirm = (token: string, code: string) => t.current.call('POST', '/api/v1/me/second-factor/totp/confirm', { token, body: { code } });
  const started = async (token: string): Promise<string> => (await t.current.call('POST', '/api/v1/me/second-factor/totp', { token })).body.secret;

  it('enables the factor on a valid code and answers ten recovery codes once, stored only as digests', async () => {
    const person = await t.current.signup();
    const secret = await started(person.token);
    const response = await confirm(person.token, currentCode(clock, secret));
    clock.nextStep();
    expect(response.status).toBe(200);
    const codes: string[] = response.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);

    const { rows } = await t.current.db.query<{ code_digest: Buffer }>('SELECT code_digest FROM user_recovery_codes WHERE user_id = $1', [person.id]);
    expect(rows.map((row) => Buffer.from(row.code_digest).toString('hex')).sort()).toEqual(codes.map((code) => recoveryCodeDigest(code).toString('hex')).sort());

    const status = await t.current.call('GET', '/api/v1/me/second-factor', { token: person.token });
    expect(status.body).toMatchObject({ enabled: true, method: 'totp', enrolment_pending: false, recovery_codes_remaining: 10 });
    expect(Date.parse(status.body.enabled_at)).not.toBeNaN();
    expect(await trail(t.current, person, 'user.second_factor_enabled')).toMatchObject([{ actor: { kind: 'user', id: person.id }, detail: { method: 'totp', recovery_codes: 10 } }]);
    expect(JSON.stringify(await trail(t.current, person, 'user.second_factor_enabled'))).not.toContain(codes[0]);
  });

  it('refuses a wrong code with 422, records it, and leaves the factor disabled', async () => {
    const person = await t.current.signup();
    const secret = await started(person.token);
    const response = await confirm(person.token, wrongTotpCodeAt(secret, clock.now()));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: 'the code is not valid', code: 'unprocessable', rule: 'second_factor_refused' });
    expect(await trail(t.current, person, 'user.second_factor_refused')).toMatchObject([{ detail: { purpose: 'confirm_enrolment', method: 'totp', reason: 'wrong code' } }]);
    expect((await t.current.call('GET', '/api/v1/me/second-factor', { token: person.token })).body).toMatchObject({ enabled: false, enrolment_pending: true });
    expect((await t.current.call('POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password } })).status).toBe(200);
  });

  it('refuses with 409 when no enrolment waits, or it is confirmed already', async () => {
    const person = await t.current.signup();
    const none = await confirm(person.token, '123456');
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ error: 'no enrolment is waiting for confirmation; start one first', code: 'conflict' });
    const secret = await started(person.token);
    expect((await confirm(person.token, currentCode(clock, secret))).status).toBe(200);
    clock.nextStep();
    expect((await confirm(person.token, currentCode(clock, secret))).status).toBe(409);
  });

  it('refuses a code that is not six digits with 400', async () => {
    const person = await t.current.signup();
    await started(person.token);
    for (const code of ['12345', '1234567', 'abcdef']) expect((await confirm(person.token, code)).status).toBe(400);
  });

  it('limits attempts to five in five minutes, then refuses even a right code with 429', async () => {
    const person = await t.current.signup();
    const secret = await started(person.token);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await confirm(person.token, wrongTotpCodeAt(secret, clock.now()))).status).toBe(422);
    const limited = await confirm(person.token, currentCode(clock, secret));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
