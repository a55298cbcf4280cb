// The dashboard's refresh token, kept where no script can read it: an HttpOnly cookie
// the browser sends to the refresh route alone. A browser asks for it with the header
// X-Sentinel-Refresh: cookie on sign-up, sign-in, the sign-in code's exchange and the
// refresh itself; the answer then sets the cookie and leaves refresh_token out of its
// body. Callers that do not ask (the CLI, API clients) get the token in the JSON as before.
//
// A refresh that presents the cookie instead of a body is a credential the browser adds
// on its own, so it must prove it comes from the dashboard's page: the same header
// (a page of another site cannot send it without a CORS preflight, which the service
// never grants) and the Origin the browser sets equal to PUBLIC_URL's. SameSite=Strict
// already keeps the cookie off requests other sites start; the check holds without it.
import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../../platform/errors.js';
import { cookieValue } from '../../platform/http/signed-cookie.js';
import { REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from './sessions.js';

const REFRESH_COOKIE = 'sentinel_refresh';
/** Sent to the refresh route only: no other request carries the token. */
const REFRESH_COOKIE_PATH = '/api/v1/auth/refresh';
const REFRESH_COOKIE_HEADER = 'x-sentinel-refresh';
const ASKED = 'cookie';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function createRefreshCookie(publicUrl: string) {
  const url = new URL(publicUrl);
  // A browser keeps no Secure cookie from plain http: only a loopback address in development goes without.
  const secure = !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  const attributes = `Path=${REFRESH_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  const asked = (headers: IncomingHttpHeaders): boolean => headers[REFRESH_COOKIE_HEADER] === ASKED;
  return {
    /**
     * The answer of a sign-in or refresh: the pair in JSON, or, when the browser asked for
     * the cookie, the refresh token in it and the rest in JSON.
     */
    tokensAnswer<Status extends number>(
      status: Status,
      tokens: TokenPair,
      headers: IncomingHttpHeaders,
    ): { status: Status; body: TokenPair | Omit<TokenPair, 'refresh_token'>; headers?: Record<string, string> } {
      if (!asked(headers)) return { status, body: tokens };
      const { refresh_token: refreshToken, ...rest } = tokens;
      return { status, body: rest, headers: { 'set-cookie': `${REFRESH_COOKIE}=${refreshToken}; Max-Age=${REFRESH_TOKEN_TTL_SECONDS}; ${attributes}` } };
    },
    /** The Set-Cookie value that removes it (sent by logout, whose path it is not: a response may clear a cookie of another path). */
    clear: (): string => `${REFRESH_COOKIE}=; Max-Age=0; ${attributes}`,
    /**
     * The refresh token a cookie-borne refresh presents, once the request has shown it comes
     * from the dashboard's own page; undefined without the cookie.
     */
    presented(headers: IncomingHttpHeaders): string | undefined {
      const token = cookieValue(headers.cookie, REFRESH_COOKIE);
      if (token === undefined || token === '') return undefined;
      if (!asked(headers) || headers.origin !== url.origin) throw crossSiteRefresh();
      return token;
    },
  };
}

export type RefreshCookie = ReturnType<typeof createRefreshCookie>;

const crossSiteRefresh = (): AppError =>
  new AppError('forbidden', `a refresh by cookie is accepted only from the dashboard's origin, with the header ${REFRESH_COOKIE_HEADER}: ${ASKED}`);
