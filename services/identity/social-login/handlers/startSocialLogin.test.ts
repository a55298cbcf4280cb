import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';

const GITHUB = { clientId: 'Iv1.start-test', clientSecret: 'start-test-secret', webUrl: 'https://github.example.test', apiUrl: 'https://api.github.example.test' };

describe.each(handlerTestProfiles)('GET /api/v1/auth/social/{provider}/start ($profile)', (profile) => {
  const t = useTestApp({ profile: profile.profile, socialLogin: { github: GITHUB } });
  expectNeighbourUntouchedAfterEach(t);

  it('sends the browser to the provider with a state and an S256 challenge, and keeps the flow in a signed, HttpOnly cookie', async () => {
    const response = await t.current.call('GET', '/api/v1/auth/social/github/start');
    expect(response.status).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('https://github.example.test/login/oauth/authorize');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: GITHUB.clientId,
      redirect_uri: 'https://sentinel.example.test/api/v1/auth/social/github/callback',
      scope: 'read:user user:email',
      code_challenge_method: 'S256',
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^sentinel_social_login=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+; Max-Age=600; Path=\/api\/v1\/auth\/social\/; HttpOnly; SameSite=Lax; Secure$/);
    // The cookie holds the verifier whose challenge went to the provider, and the state.
    const flow = JSON.parse(Buffer.from(cookie.split('=')[1]!.split('.')[0]!, 'base64url').toString());
    expect(flow.state).toBe(location.searchParams.get('state'));
    expect(createHash('sha256').update(flow.codeVerifier).digest('base64url')).toBe(location.searchParams.get('code_challenge'));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('starts a new flow each time: states never repeat', async () => {
    const states = await Promise.all([1, 2, 3].map(async () => new URL(String((await t.current.call('GET', '/api/v1/auth/social/github/start')).headers.location)).searchParams.get('state')));
    expect(new Set(states).size).toBe(3);
  });

  it('answers 404 for a provider the deployment has not configured', async () => {
    const response = await t.current.call('GET', '/api/v1/auth/social/google/start');
    expect(response.status).toBe(404);
    expect(response.raw).toBe('{"error":"not found","code":"not_found"}');
  });
});
