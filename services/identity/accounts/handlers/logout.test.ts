import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { ASK_FOR_COOKIE, cookieHeader, FROM_DASHBOARD, refreshCookieOf } from '../testing/refresh-cookie.js';

describe.each(handlerTestProfiles)('POST /api/v1/auth/logout ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it("ends the caller's session at once: its access and refresh tokens stop working, other sessions do not", async () => {
    const person = await t.current.signup();
    const other = await t.current.login(person);
    const response = await t.current.call('POST', '/api/v1/auth/logout', { token: person.token });
    expect(response.status).toBe(204);
    expect((await t.current.call('GET', '/api/v1/me', { token: person.token })).status).toBe(401);
    expect((await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: person.refreshToken } })).status).toBe(401);
    expect((await t.current.call('GET', '/api/v1/me', { token: other.token })).status).toBe(200);
  });

  it('is audited in the personal organization even while acting elsewhere', async () => {
    const tenant = await t.current.tenant();
    const session = await t.current.login(tenant.owner);
    await t.current.call('POST', '/api/v1/auth/logout', { token: session.token });
    await t.current.actIn(tenant.owner, tenant.owner.personalOrgId);
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=session.signed_out', { token: tenant.owner.token });
    expect(trail.body.events).toHaveLength(1);
    expect(trail.body.events[0].actor).toEqual({ kind: 'user', id: tenant.owner.id });
  });

  it("clears the dashboard's refresh cookie, whose token then refreshes nothing", async () => {
    const person = await t.current.signup();
    const signedIn = await t.current.call('POST', '/api/v1/auth/login', { headers: ASK_FOR_COOKIE, body: { email: person.email, password: person.password } });
    const refreshToken = refreshCookieOf(signedIn);
    const response = await t.current.call('POST', '/api/v1/auth/logout', { token: signedIn.body.access_token });
    expect(response.status).toBe(204);
    expect(response.headers['set-cookie']).toBe('sentinel_refresh=; Max-Age=0; Path=/api/v1/auth/refresh; HttpOnly; SameSite=Strict; Secure');
    expect((await t.current.call('POST', '/api/v1/auth/refresh', { headers: { ...FROM_DASHBOARD, ...cookieHeader(refreshToken) } })).status).toBe(401);
  });
});
