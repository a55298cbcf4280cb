// The client every page calls the API through. Its types come from api/openapi.yaml
// (api/openapi.d.ts, generated; the service's handlers compile against the same file), so a change of the document that breaks a page breaks
// `npm run check`. Two layers of middleware: the session (bearer token, one refresh and
// retry on a 401) and the acting organization (X-Expected-Organization, and on a 409
// following the organization the person now acts in).
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../api/openapi';
import { accessToken, refreshSession } from '../session/session-store';
import { expectedOrganization, setExpectedOrganization } from '../session/acting-organization';

// A request's copy taken before it is sent, for the one retry after a refresh (a sent body is consumed).
const unsent = new WeakMap<Request, Request>();

const session: Middleware = {
  onRequest({ request }) {
    const token = accessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    unsent.set(request, request.clone());
    return request;
  },
  async onResponse({ request, response }) {
    // The access token lapsed (a tab asleep past its renewal): one refresh, one retry.
    // A failed refresh ends the session, and the pages send the person to sign in.
    if (response.status !== 401 || !request.headers.has('Authorization')) return response;
    const copy = unsent.get(request);
    if (!copy || !(await refreshSession())) return response;
    copy.headers.set('Authorization', `Bearer ${accessToken()}`);
    return fetch(copy);
  },
};

const actingOrganization: Middleware = {
  onRequest({ request }) {
    const expected = expectedOrganization();
    if (expected) request.headers.set('X-Expected-Organization', expected);
    return request;
  },
  async onResponse({ request, response }) {
    const sent = request.headers.get('X-Expected-Organization');
    if (response.status === 409 && sent) await followActingOrganization(sent);
    return response;
  },
};

/** Requests in the organization the page shows. */
export const api = createClient<paths>({ baseUrl: window.location.origin });
api.use(session, actingOrganization);

/** Requests that ask which organization the person acts in: they cannot expect one. */
export const unscopedApi = createClient<paths>({ baseUrl: window.location.origin });
unscopedApi.use(session);

/**
 * After a 409 (of this client or of a report upload, scans/upload-report.ts): asks which organization the person acts in now. When it is not the one
 * the request expected (a switch in another tab or on another device), the dashboard
 * follows it, says so, and the pages load again in that organization. Any other
 * conflict leaves everything as it is, and the page shows the 409's own text.
 */
export async function followActingOrganization(sent: string): Promise<void> {
  const { data } = await unscopedApi.GET('/api/v1/me');
  if (!data || data.acting_organization.id === sent || expectedOrganization() !== sent) return;
  setExpectedOrganization(data.acting_organization.id, { name: data.acting_organization.name });
}
