import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestPerson } from '../../../../test/support/test-app.js';
import { createAccount } from '../index.js';
import { mailedToken } from '../testing/mail.js';

const ONE_401 = '{"error":"authentication required","code":"unauthorized"}';

describe.each(handlerTestProfiles)('POST /api/v1/auth/email-verification ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const confirm = (token: string) => t.current.call('POST', '/api/v1/auth/email-verification', { body: { token } });
  const requested = async (person: TestPerson): Promise<string> => {
    expect((await t.current.call('POST', '/api/v1/me/email-verification', { token: person.token })).status).toBe(202);
    return mailedToken(t.current, person.email);
  };

  it('verifies the address with the mailed token, without a session, audited in the personal organization', async () => {
    const person = await t.current.signup();
    const response = await confirm(await requested(person));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: person.email, email_verified: true });
    expect((await t.current.call('GET', '/api/v1/me', { token: person.token })).body.email_verified).toBe(true);
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=user.email_verified', { token: person.token });
    expect(trail.body.events).toEqual([expect.objectContaining({ actor: { kind: 'user', id: person.id }, source_ip: '127.0.0.1', detail: { email: person.email, method: 'mail_link' } })]);
  });

  it('works once; an unknown or expired token is the one 401', async () => {
    const person = await t.current.signup();
    const token = await requested(person);
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(401);
    expect(again.raw).toBe(ONE_401);
    expect((await confirm('snv_unknown')).raw).toBe(ONE_401);

    const other = await t.current.signup();
    const expiring = await requested(other);
    await t.current.db.query("UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE user_id = $1", [other.id]);
    expect((await confirm(expiring)).status).toBe(401);
    expect((await t.current.call('GET', '/api/v1/me', { token: other.token })).body.email_verified).toBe(false);
  });

  it('verifies nothing once the account is retired and its address belongs to a fresh account', async () => {
    const person = await t.current.signup();
    const token = await requested(person);
    await t.current.db.query('UPDATE users SET retired_at = now() WHERE id = $1', [person.id]);
    await t.current.db.transaction((tx) => createAccount(tx, { email: person.email, name: 'Fresh', emailVerified: false }));
    expect((await confirm(token)).status).toBe(401);
    expect((await t.current.db.query('SELECT 1 FROM users WHERE email = $1 AND email_verified_at IS NOT NULL', [person.email])).rowCount).toBe(0);
  });
});
