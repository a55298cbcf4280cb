// No second-factor secret in any log: enrolment, confirmation, sign-in with a code and
// with a recovery code, refused codes and disabling run against an app whose logger
// writes everything, at trace level, to memory; every line is then searched for the
// secret, its sealed form, the codes and the recovery codes.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { testProfiles, useTestApp } from '../../../test/support/test-app.js';
import { currentCode, enrol, login, movableClock } from './testing/second-factor-harness.js';
import { wrongTotpCodeAt } from './testing/totp-codes.js';

describe.each(testProfiles)('second-factor logs on $profile', ({ profile }) => {
  const lines: string[] = [];
  const logger = createLogger('trace', {}, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  const clock = movableClock();
  const t = useTestApp({ profile, logger, clock: clock.now });

  it('hold neither the secret nor any code', async () => {
    const person = await t.current.signup();
    const { secret, recoveryCodes } = await enrol(t.current, person, clock);
    const { rows } = await t.current.db.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM user_second_factors WHERE user_id = $1', [person.id]);
    const code = currentCode(clock, secret);
    const wrong = wrongTotpCodeAt(secret, clock.now());
    expect((await login(t.current, person)).status).toBe(401);
    expect((await login(t.current, person, { totp_code: wrong })).status).toBe(401);
    expect((await login(t.current, person, { totp_code: code })).status).toBe(200);
    expect((await login(t.current, person, { recovery_code: recoveryCodes[0]! })).status).toBe(200);
    expect((await t.current.call('POST', '/api/v1/me/second-factor/disable', { token: person.token, body: { recovery_code: recoveryCodes[1]! } })).status).toBe(204);

    const logged = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    // Six digits turn up in any log (timestamps, durations), so codes are searched for as whole JSON strings.
    const secrets = [secret, rows[0]!.secret_ciphertext, `"${code}"`, `"${wrong}"`, ...recoveryCodes, ...recoveryCodes.map((recovery) => recovery.replaceAll('-', ''))];
    expect(secrets.filter((value) => logged.includes(value))).toEqual([]);
  });
});
