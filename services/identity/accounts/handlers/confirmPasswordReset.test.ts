import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestPerson } from '../../../../test/support/test-app.js';
import { addMembership } from '../../../organizations/index.js';
import { enforcedSsoProvider, verifiedDomain } from '../testing/enterprise-identity.js';
import { mailedToken } from '../testing/mail.js';

const ONE_401 = '{"error":"authentication required","code":"unauthorized"}';

describe.each(handlerTestProfiles)('POST /api/v1/auth/password-reset/confirm ($profile)', (profile) => {
  const t = useTestApp({ profile: profile.profile });
  expectNeighbourUntouchedAfterEach(t);
  const confirm = (token: string, password: string) => t.current.call('POST', '/api/v1/auth/password-reset/confirm', { body: { token, password } });
  const resetToken = async (person: Pick<TestPerson, 'email'>): Promise<string> => {
    expect((await t.current.call('POST', '/api/v1/auth/password-reset', { body: { email: person.email } })).status).toBe(202);
    return mailedToken(t.current, person.email, 'password_reset');
  };
  const login = (email: string, password: string) => t.current.call('POST', '/api/v1/auth/login', { body: { email, password } });

  it('sets the new password, ends every session and refresh family, verifies the address, and is audited', async () => {
    const person = await t.current.signup();
    const otherDevice = await t.current.login(person);
    const token = await resetToken(person);

    const response = await confirm(token, 'a brand new passphrase');
    expect(response.status).toBe(204);

    expect((await login(person.email, person.password)).status, 'the old password').toBe(401);
    const signedIn = await login(person.email, 'a brand new passphrase');
    expect(signedIn.status, 'the new password').toBe(200);
    for (const session of [person, otherDevice]) {
      expect((await t.current.call('GET', '/api/v1/me', { token: session.token })).status, 'an access token of a session before the reset').toBe(401);
      const refreshed = await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: session.refreshToken } });
      expect(refreshed.raw, 'a refresh token of a session before the reset').toBe(ONE_401);
    }
    const me = await t.current.call('GET', '/api/v1/me', { token: signedIn.body.access_token });
    expect(me.body.email_verified, 'the person showed they read mail at the address').toBe(true);

    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=user.password_reset', { token: signedIn.body.access_token });
    expect(trail.body.events).toEqual([expect.objectContaining({ actor: { kind: 'user', id: person.id }, source_ip: '127.0.0.1', detail: { email: person.email, sessions_ended: 2 } })]);
    const verified = await t.current.call('GET', '/api/v1/identity/audit?action=user.email_verified', { token: signedIn.body.access_token });
    expect(verified.body.events[0].detail).toEqual({ email: person.email, method: 'password_reset' });
    expect(JSON.stringify(trail.body)).not.toContain(token);
  });

  it('works once; a used, expired, unknown or superseded token is the one 401 and changes nothing', async () => {
    const person = await t.current.signup();
    const first = await resetToken(person);
    const second = await resetToken(person);
    expect((await confirm(second, 'the second new password')).status).toBe(204);
    expect((await confirm(second, 'a third new password')).raw, 'used').toBe(ONE_401);
    expect((await confirm(first, 'a third new password')).raw, 'another token of the person, outstanding at the reset').toBe(ONE_401);
    expect((await confirm(`snp_${randomUUID()}`, 'a third new password')).raw, 'unknown').toBe(ONE_401);

    const later = await t.current.signup();
    const expiring = await resetToken(later);
    await t.current.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [later.id]);
    expect((await confirm(expiring, 'a third new password')).raw, 'expired').toBe(ONE_401);
    expect((await login(later.email, later.password)).status, 'the password stays').toBe(200);
    expect((await login(person.email, 'the second new password')).status).toBe(200);
  });

  it('holds the new password to the rules of signup', async () => {
    const person = await t.current.signup();
    const token = await resetToken(person);
    const short = await confirm(token, 'too short');
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('validation_failed');
    expect((await confirm(token, 'long enough now')).status, 'the token was not used up by the refused body').toBe(204);
  });

  it('refuses an address that came under enforced single sign-on with sso_required, and keeps the password', async () => {
    const tenant = await t.current.tenant();
    const domain = `d-${randomUUID().slice(0, 12)}.example.test`;
    const person = await t.current.signup({ email: `p-${randomUUID().slice(0, 8)}@${domain}` });
    await t.current.db.transaction((tx) => addMembership(tx, tenant.id, { userId: person.id, role: 'analyst', arrival: 'manual', actor: { kind: 'user', id: tenant.owner.id } }));
    const token = await resetToken(person);
    await verifiedDomain(t.current.db, tenant.id, domain);
    await enforcedSsoProvider(t.current.db, tenant.id);

    const refused = await confirm(token, 'a brand new passphrase');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('sso_required');
    const liveSessions = await t.current.db.query<{ sessions: number }>(`SELECT count(*)::int AS sessions FROM sessions WHERE user_id = $1 AND ended_at IS NULL`, [person.id]);
    expect(liveSessions.rows[0]!.sessions, 'no session ended').toBe(1);
    const refusals = await t.current.call('GET', '/api/v1/identity/audit?action=sso_enforcement.password_reset_refused', { token: tenant.owner.token, headers: { 'x-expected-organization': tenant.id } });
    expect(refusals.body.events).toEqual([expect.objectContaining({ actor: { kind: 'user', id: person.id }, detail: { user_id: person.id, domain } })]);
    expect((await confirm(token, 'a brand new passphrase')).raw, 'the token is used up').toBe(ONE_401);
  });
});
