// Sign-in (POST /auth/login, services/identity/accounts) for a person with a second factor.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp } from '../../../test/support/test-app.js';
import { appWithClock, currentCode, enrol, login, movableClock, trail } from './testing/second-factor-harness.js';
import { wrongTotpCodeAt } from './testing/totp-codes.js';

const ONE_401 = '{"error":"authentication required","code":"unauthorized"}';

describe.each(testProfiles)('sign-in with a second factor ($profile)', (profile) => {
  const clock = movableClock();
  const t = useTestApp(() => appWithClock(profile, clock));
  expectNeighbourUntouchedAfterEach(t);

  it('answers the right password alone with the second_factor_required challenge, and starts no session', async () => {
    const person = await t.current.signup();
    await enrol(t.current, person, clock);
    const signInsBefore = await trail(t.current, person, 'session.signed_in');

    const response = await login(t.current, person);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'second factor required', code: 'unauthorized', rule: 'second_factor_required' });
    expect(await trail(t.current, person, 'session.signed_in')).toEqual(signInsBefore);
  });

  it('signs in with the password and the current code, audited with the factor used', async () => {
    const person = await t.current.signup();
    const { secret } = await enrol(t.current, person, clock);

    const response = await login(t.current, person, { totp_code: currentCode(clock, secret) });
    expect(response.status).toBe(200);
    const me = await t.current.call('GET', '/api/v1/me', { token: response.body.access_token });
    expect(me.body.id).toBe(person.id);
    const [signIn] = await trail(t.current, person, 'session.signed_in');
    expect(signIn).toMatchObject({ actor: { kind: 'user', id: person.id }, detail: { method: 'password', second_factor: 'totp' } });
  });

  it('answers a wrong password with the one 401 whatever the code, without spending the code', async () => {
    const person = await t.current.signup();
    const { secret } = await enrol(t.current, person, clock);
    const code = currentCode(clock, secret);

    const wrongPassword = await login(t.current, { email: person.email, password: `${person.password}x` }, { totp_code: code });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.raw).toBe(ONE_401);
    expect(await trail(t.current, person, 'user.second_factor_refused')).toEqual([]);
    expect((await login(t.current, person, { totp_code: code })).status).toBe(200);
  });

  it('refuses a wrong code with the one 401 and records it in the personal organization', async () => {
    const person = await t.current.signup();
    const { secret } = await enrol(t.current, person, clock);
    const wrong = wrongTotpCodeAt(secret, clock.now());

    const response = await login(t.current, person, { totp_code: wrong });
    expect(response.status).toBe(401);
    expect(response.raw).toBe(ONE_401);
    const refusals = await trail(t.current, person, 'user.second_factor_refused');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ actor: { kind: 'user', id: person.id }, source_ip: '127.0.0.1', detail: { purpose: 'sign_in', method: 'totp', reason: 'wrong code' } });
    expect(JSON.stringify(refusals)).not.toContain(wrong);
  });

  it('refuses a code used once already within its time step (replay), and accepts the next step\'s', async () => {
    const person = await t.current.signup();
    const { secret } = await enrol(t.current, person, clock);
    const code = currentCode(clock, secret);

    expect((await login(t.current, person, { totp_code: code })).status).toBe(200);
    const replay = await login(t.current, person, { totp_code: code });
    expect(replay.status).toBe(401);
    expect(replay.raw).toBe(ONE_401);
    expect((await trail(t.current, person, 'user.second_factor_refused'))[0]).toMatchObject({ detail: { purpose: 'sign_in', reason: 'code already used' } });

    clock.nextStep();
    expect((await login(t.current, person, { totp_code: currentCode(clock, secret) })).status).toBe(200);
  });

  it('lets exactly one of two simultaneous sign-ins with the same code through', async () => {
    const person = await t.current.signup();
    const { secret } = await enrol(t.current, person, clock);
    const code = currentCode(clock, secret);
    const answers = await Promise.all([login(t.current, person, { totp_code: code }), login(t.current, person, { totp_code: code })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('refuses the confirming code at sign-in: enrolment used its step', async () => {
    const person = await t.current.signup();
    const started = await t.current.call('POST', '/api/v1/me/second-factor/totp', { token: person.token });
    const code = currentCode(clock, started.body.secret);
    expect((await t.current.call('POST', '/api/v1/me/second-factor/totp/confirm', { token: person.token, body: { code } })).status).toBe(200);
    expect((await login(t.current, person, { totp_code: code })).status).toBe(401);
    clock.nextStep();
  });

  it('signs in once with each recovery code, however it is typed, and never twice with the same', async () => {
    const person = await t.current.signup();
    const { recoveryCodes } = await enrol(t.current, person, clock);
    const [first, second] = recoveryCodes as [string, string];

    const response = await login(t.current, person, { recovery_code: first });
    expect(response.status).toBe(200);
    const [signIn] = await trail(t.current, person, 'session.signed_in');
    expect(signIn).toMatchObject({ detail: { method: 'password', second_factor: 'recovery_code' } });

    const again = await login(t.current, person, { recovery_code: first });
    expect(again.status).toBe(401);
    expect(again.raw).toBe(ONE_401);
    expect((await trail(t.current, person, 'user.second_factor_refused'))[0]).toMatchObject({ detail: { purpose: 'sign_in', method: 'recovery_code', reason: 'recovery code already used' } });

    expect((await login(t.current, person, { recovery_code: ` ${second.replaceAll('-', '').toUpperCase()} ` })).status).toBe(200);
    const status = await t.current.call('GET', '/api/v1/me/second-factor', { token: person.token });
    expect(status.body.recovery_codes_remaining).toBe(recoveryCodes.length - 2);
  });

  it("refuses another person's recovery code", async () => {
    const [person, other] = [await t.current.signup(), await t.current.signup()];
    await enrol(t.current, person, clock);
    const { recoveryCodes } = await enrol(t.current, other, clock);
    const response = await login(t.current, person, { recovery_code: recoveryCodes[0]! });
    expect(response.status).toBe(401);
    expect((await trail(t.current, person, 'user.second_factor_refused'))[0]).toMatchObject({ detail: { reason: 'wrong recovery code' } });
    expect((await login(t.current, other, { recovery_code: recoveryCodes[0]! })).status).toBe(200);
  });

  it('limits code attempts per person to five in five minutes, a right code included, with Retry-After', async () => {
    const person = await t.current.signup();
    const { secret } = await enrol(t.current, person, clock);
    const wrong = wrongTotpCodeAt(secret, clock.now());
    // The confirming code of enrolment was the first attempt.
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await login(t.current, person, { totp_code: wrong })).status).toBe(401);

    const limited = await login(t.current, person, { totp_code: currentCode(clock, secret) });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another person is not limited by it.
    const other = await t.current.signup();
    const enrolled = await enrol(t.current, other, clock);
    expect((await login(t.current, other, { totp_code: currentCode(clock, enrolled.secret) })).status).toBe(200);
  });

  it('refuses both kinds of code at once with 400', async () => {
    const person = await t.current.signup();
    const { secret, recoveryCodes } = await enrol(t.current, person, clock);
    const response = await login(t.current, person, { totp_code: currentCode(clock, secret), recovery_code: recoveryCodes[0]! });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('send totp_code or recovery_code, not both');
  });

  it('signs in a person without a second factor with the password alone, a code sent or not', async () => {
    const person = await t.current.signup();
    expect((await login(t.current, person)).status).toBe(200);
    expect((await login(t.current, person, { totp_code: '123456' })).status).toBe(200);
    // An enrolment not confirmed yet asks for nothing.
    await t.current.call('POST', '/api/v1/me/second-factor/totp', { token: person.token });
    expect((await login(t.current, person)).status).toBe(200);
  });

  it("leaves the other organization's people signing in with their password alone", async () => {
    const [tenant, other] = await t.current.twoTenants();
    await t.current.actIn(tenant.owner, tenant.owner.personalOrgId);
    await enrol(t.current, tenant.owner, clock);
    expect((await login(t.current, tenant.owner)).status).toBe(401);
    expect((await login(t.current, other.owner)).status).toBe(200);
    const otherTrail = await t.current.call('GET', '/api/v1/identity/audit?limit=200', { token: other.owner.token });
    expect(JSON.stringify(otherTrail.body)).not.toContain('second_factor');
  });
});
