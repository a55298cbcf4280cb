import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { issueSignInCode } from '../sign-in-codes.js';
import { ASK_FOR_COOKIE, refreshCookieOf } from '../testing/refresh-cookie.js';

describe.each(handlerTestProfiles)('POST /api/v1/auth/exchange ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const exchange = (code: string) => t.current.call('POST', '/api/v1/auth/exchange', { body: { code } });

  it('trades a one-time code for a session, audited where the code says', async () => {
    const [tenant, person] = [await t.current.tenant(), await t.current.signup()];
    const code = await issueSignInCode(t.current.db, { userId: person.id, orgId: tenant.id, method: 'sso' });
    const response = await exchange(code);
    expect(response.status).toBe(200);
    const me = await t.current.call('GET', '/api/v1/me', { token: response.body.access_token });
    expect(me.body.id).toBe(person.id);

    const trail = await t.current.call('GET', `/api/v1/identity/audit?action=session.signed_in&actor=${person.id}`, { token: tenant.owner.token });
    expect(trail.body.events).toHaveLength(1);
    expect(trail.body.events[0].detail).toEqual({ method: 'sso' });
  });

  it('works once', async () => {
    const person = await t.current.signup();
    const code = await issueSignInCode(t.current.db, { userId: person.id, orgId: person.personalOrgId, method: 'social' });
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(401);
    expect(again.raw).toBe('{"error":"authentication required","code":"unauthorized"}');
  });

  it('refuses an expired code and an unknown one', async () => {
    const person = await t.current.signup();
    const code = await issueSignInCode(t.current.db, { userId: person.id, orgId: person.personalOrgId, method: 'social' });
    await t.current.db.query("UPDATE sign_in_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1", [person.id]);
    expect((await exchange(code)).status).toBe(401);
    expect((await exchange('snc_unknown')).status).toBe(401);
  });

  it('keeps only the digest of a code, for a minute', async () => {
    const person = await t.current.signup();
    const code = await issueSignInCode(t.current.db, { userId: person.id, orgId: person.personalOrgId, method: 'social' });
    const { rows } = await t.current.db.query<{ code_hash: Uint8Array; lifetime: number }>(
      'SELECT code_hash, extract(epoch FROM expires_at - created_at)::int AS lifetime FROM sign_in_codes WHERE user_id = $1',
      [person.id],
    );
    expect(Buffer.from(rows[0]!.code_hash).toString('hex')).toBe(createHash('sha256').update(code).digest('hex'));
    expect(rows[0]!.lifetime).toBe(60);
  });

  it('keeps the refresh token in the cookie when the browser asks', async () => {
    const person = await t.current.signup();
    const code = await issueSignInCode(t.current.db, { userId: person.id, orgId: person.personalOrgId, method: 'social' });
    const response = await t.current.call('POST', '/api/v1/auth/exchange', { headers: ASK_FOR_COOKIE, body: { code } });
    expect(response.status).toBe(200);
    expect(refreshCookieOf(response)).toMatch(/^snr_/);
    expect((await t.current.call('GET', '/api/v1/me', { token: response.body.access_token })).body.id).toBe(person.id);
  });
});
