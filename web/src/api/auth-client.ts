// The client for the routes that need no session (sign-up, sign-in, refresh, exchange,
// email verification): no session middleware, so the session code may use it without a
// cycle. Every request asks for the refresh token in its HttpOnly cookie (X-Sentinel-Refresh),
// which no script of the page can read; on a refresh by cookie the header is also part of
// the proof that the request is the dashboard's own.
import createClient from 'openapi-fetch';
import type { paths } from '../../../api/openapi';

export const authApi = createClient<paths>({ baseUrl: window.location.origin, headers: { 'X-Sentinel-Refresh': 'cookie' } });
