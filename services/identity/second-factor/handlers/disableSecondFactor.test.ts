import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { appWithClock, currentCode, enrol, login, movableClock, trail } from '../testing/second-factor-harness.js';
import { wrongTotpCodeAt } from '../testing/totp-codes.js';

describe.each(handlerTestProfiles)('POST /api/v1/me/second-factor/disable ($profile)', (profile) => {
  const clock = movableClock();
  const t = useTestApp(() => appWithClock(profile, clock));
  expectNeighbourUntouchedAfterEach(t);
  const disable = (token: string, body: Record<string, string>) => t.current.call('POST', '/api/v1/me/second-factor/disable', { token, body });
  const status = async (token: string) => (await t.current.call('GET', '/api/v1/me/second-factor', { token })).body;

  it('disables the factor on a current code: the password alone signs in again, and the recovery codes are gone', async () => {
    const person = await t.current.signup();
    const { secret, recoveryCodes } = await enrol(t.current, person, clock);
    const response = await disable(person.token, { totp_code: currentCode(clock, secret) });
    expect(response.status).toBe(204);
    expect(await status(person.token)).toEqual({ enabled: false, method: null, enabled_at: null, enrolment_pending: false, recovery_codes_remaining: 0 });
    expect((await login(t.current, person)).status).toBe(200);
    expect((await t.current.db.query('SELECT 1 FROM user_recovery_codes WHERE user_id = $1', [person.id])).rows).toEqual([]);
    expect(await trail(t.current, person, 'user.second_factor_disabled')).toMatchObject([{ actor: { kind: 'user', id: person.id }, detail: { method: 'totp', proof: 'totp' } }]);
    // Enrolling again makes a new secret and new recovery codes; the old ones stay dead.
    clock.nextStep();
    await enrol(t.current, person, clock);
    expect((await login(t.current, person, { recovery_code: recoveryCodes[0]! })).status).toBe(401);
  });

  it('disables the factor on a recovery code', async () => {
    const person = await t.current.signup();
    const { recoveryCodes } = await enrol(t.current, person, clock);
    expect((await disable(person.token, { recovery_code: recoveryCodes[3]! })).status).toBe(204);
    expect(await trail(t.current, person, 'user.second_factor_disabled')).toMatchObject([{ detail: { proof: 'recovery_code' } }]);
  });

  it('refuses a wrong or replayed code with 422, records it, and keeps the factor', async () => {
    const person = await t.current.signup();
    const { secret, recoveryCodes } = await enrol(t.current, person, clock);
    const wrong = await disable(person.token, { totp_code: wrongTotpCodeAt(secret, clock.now()) });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ error: 'the code is not valid', code: 'unprocessable', rule: 'second_factor_refused' });
    expect(await trail(t.current, person, 'user.second_factor_refused')).toMatchObject([{ detail: { purpose: 'disable', method: 'totp', reason: 'wrong code' } }]);

    const code = currentCode(clock, secret);
    expect((await login(t.current, person, { totp_code: code })).status).toBe(200);
    expect((await disable(person.token, { totp_code: code })).status).toBe(422);
    expect((await disable(person.token, { recovery_code: 'aaaa-bbbb-cccc-dddd' })).status).toBe(422);
    expect(await status(person.token)).toMatchObject({ enabled: true, recovery_codes_remaining: recoveryCodes.length });
  });

  it('answers 400 without a code or with both kinds, and 409 with no factor enabled', async () => {
    const person = await t.current.signup();
    expect((await disable(person.token, { totp_code: '123456' })).status).toBe(409);
    const { secret, recoveryCodes } = await enrol(t.current, person, clock);
    expect((await disable(person.token, {})).body).toMatchObject({ error: 'send totp_code or recovery_code', code: 'validation_failed' });
    expect((await disable(person.token, { totp_code: currentCode(clock, secret), recovery_code: recoveryCodes[0]! })).status).toBe(400);
    expect((await status(person.token)).enabled).toBe(true);
  });

  it("never touches another person's factor: each person disables only their own", async () => {
    const [tenant, other] = await t.current.twoTenants();
    await t.current.actIn(tenant.owner, tenant.owner.personalOrgId);
    await t.current.actIn(other.owner, other.owner.personalOrgId);
    const mine = await enrol(t.current, tenant.owner, clock);
    await enrol(t.current, other.owner, clock);
    // The other owner's session with the first owner's code disables nothing of the first's.
    expect((await disable(other.owner.token, { totp_code: currentCode(clock, mine.secret) })).status).toBe(422);
    expect((await status(tenant.owner.token)).enabled).toBe(true);
    expect((await status(other.owner.token)).enabled).toBe(true);
  });
});
