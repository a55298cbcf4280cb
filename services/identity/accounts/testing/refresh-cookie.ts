// For tests of the dashboard's refresh cookie (refresh-cookie.ts): what a browser on the
// dashboard's page sends, and what it keeps of an answer's Set-Cookie.
import { expect } from 'vitest';
import type { ApiResponse } from '../../../../test/support/http-client.js';
import { TEST_PUBLIC_URL } from '../../../../test/support/test-app.js';
import { REFRESH_TOKEN_TTL_SECONDS } from '../sessions.js';

/** The header by which the dashboard asks for the cookie. */
export const ASK_FOR_COOKIE = { 'x-sentinel-refresh': 'cookie' };
/** What the dashboard's page adds to a refresh by cookie: the header, and the Origin its browser sets. */
export const FROM_DASHBOARD = { ...ASK_FOR_COOKIE, origin: TEST_PUBLIC_URL };

/** The refresh token an answer set in the cookie, after checking every attribute; the body holds no refresh token. */
export function refreshCookieOf(response: ApiResponse): string {
  const setCookie = String(response.headers['set-cookie']);
  expect(setCookie).toMatch(new RegExp(`^sentinel_refresh=snr_[A-Za-z0-9_-]+; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}; Path=/api/v1/auth/refresh; HttpOnly; SameSite=Strict; Secure$`));
  expect(response.body).not.toHaveProperty('refresh_token');
  expect(response.body.refresh_expires_in).toBe(REFRESH_TOKEN_TTL_SECONDS);
  return /^sentinel_refresh=([^;]+)/.exec(setCookie)![1]!;
}

/** The Cookie header a browser sends the refresh route holding that token. */
export const cookieHeader = (refreshToken: string): { cookie: string } => ({ cookie: `sentinel_refresh=${refreshToken}` });
