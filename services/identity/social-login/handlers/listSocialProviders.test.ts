import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';

const GITHUB = { clientId: 'Iv1.list-test', clientSecret: 'list-test-secret', webUrl: 'https://github.example.test', apiUrl: 'https://api.github.example.test' };
const GOOGLE = { clientId: 'list-test.apps.example.test', clientSecret: 'list-test-secret', issuer: 'https://accounts.example.test' };

describe.each(handlerTestProfiles)('GET /api/v1/auth/social/providers ($profile)', (profile) => {
  describe('with both providers configured', () => {
    const t = useTestApp({ profile: profile.profile, socialLogin: { google: GOOGLE, github: GITHUB } });

    it('lists each with the address its sign-in starts at, to anyone', async () => {
      const response = await t.current.call('GET', '/api/v1/auth/social/providers');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        providers: [
          { name: 'github', start_url: 'https://sentinel.example.test/api/v1/auth/social/github/start' },
          { name: 'google', start_url: 'https://sentinel.example.test/api/v1/auth/social/google/start' },
        ],
      });
      // Each listed start is a live route.
      expect((await t.current.call('GET', '/api/v1/auth/social/github/start')).status).toBe(302);
    });
  });

  describe('with none configured', () => {
    const t = useTestApp({ profile: profile.profile });

    it('lists none', async () => {
      const response = await t.current.call('GET', '/api/v1/auth/social/providers');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ providers: [] });
    });
  });
});
