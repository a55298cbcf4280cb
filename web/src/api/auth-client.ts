// The client for the routes that need no session (sign-up, sign-in, refresh, exchange,
// email verification): no middleware, so the session code may use it without a cycle.
import createClient from 'openapi-fetch';
import type { paths } from './schema';

export const authApi = createClient<paths>({ baseUrl: window.location.origin });
