// Test-only: the browser's side of a single sign-on against the in-process app:
// configure a provider through the API, start (the redirect to the identity
// provider, the binding cookie kept), post the SAML form or follow the OIDC callback
// (with that cookie, and through the relay page as a browser would), read where the
// service sends the browser back, and trade the one-time code for a session.
// Each test app has a default browser; a test that plays a second client makes its own.
import type { components } from '../../../../api/openapi.js';
import type { ApiResponse } from '../../../../test/support/http-client.js';
import { TEST_PUBLIC_URL, TEST_SIGN_IN_RETURN_URL, type TestApp, type TestTenant } from '../../../../test/support/test-app.js';
import type { TestOidcIdp } from './oidc-idp.js';
import type { PostedForm, TestSamlIdp } from './saml-idp.js';

/** Where a sign-in of a test app ends unless it asks for another permitted address. */
export const RETURN_URL = TEST_SIGN_IN_RETURN_URL;

/** A provider as the API shows it: the document's SsoProvider. */
export type SsoProvider = components['schemas']['SsoProvider'];

function expectStatus(response: ApiResponse, status: number, what: string): ApiResponse {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}, expected ${status}: ${response.raw}`);
  return response;
}

export async function createSamlProvider(t: TestApp, tenant: TestTenant, idp: TestSamlIdp, fields: Record<string, unknown> = {}): Promise<SsoProvider> {
  const { saml, ...rest } = fields as { saml?: Record<string, unknown> };
  const body = {
    protocol: 'saml',
    name: `SAML ${Math.random().toString(16).slice(2, 10)}`,
    saml: { idp_entity_id: idp.entityId, sso_url: idp.ssoUrl, certificates: [idp.key.certificatePem], groups_attribute: 'groups', ...saml },
    ...rest,
  };
  return expectStatus(await t.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body }), 201, 'POST /identity/sso/providers').body;
}

export async function createOidcProvider(t: TestApp, tenant: TestTenant, idp: TestOidcIdp, fields: Record<string, unknown> = {}): Promise<SsoProvider> {
  const { oidc, ...rest } = fields as { oidc?: Record<string, unknown> };
  const clientId = `sentinel-${Math.random().toString(16).slice(2, 10)}`;
  const clientSecret = `secret-${Math.random().toString(16).slice(2)}-${Math.random().toString(16).slice(2)}`;
  const body = {
    protocol: 'oidc',
    name: `OIDC ${clientId}`,
    oidc: { issuer: idp.issuer, client_id: clientId, client_secret: clientSecret, scopes: ['openid', 'email', 'profile', 'groups'], groups_claim: 'groups', ...oidc },
    ...rest,
  };
  const provider = expectStatus(await t.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body }), 201, 'POST /identity/sso/providers').body as SsoProvider;
  const secret = (body.oidc as { client_secret?: string }).client_secret;
  idp.addClient({ clientId: (body.oidc as { client_id: string }).client_id, clientSecret: secret, redirectUri: provider.service_provider.redirect_uri! });
  return provider;
}

/** A browser's cookie for our service's sign-in routes: the binding a start sets and a way back clears. */
export class SsoBrowser {
  cookie: string | undefined;

  keep(setCookie: ApiResponse['headers'][string]): void {
    for (const header of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)]) {
      const [pair = ''] = header.split(';');
      this.cookie = /;\s*max-age=0\b/i.test(header) ? undefined : pair.trim();
    }
  }

  get headers(): Record<string, string> {
    return this.cookie === undefined ? {} : { cookie: this.cookie };
  }
}

const defaultBrowsers = new WeakMap<TestApp, SsoBrowser>();
/** The browser a test app's sign-ins use unless told otherwise. */
export function browserOf(t: TestApp): SsoBrowser {
  const known = defaultBrowsers.get(t);
  if (known) return known;
  const browser = new SsoBrowser();
  defaultBrowsers.set(t, browser);
  return browser;
}

/** The path and query of one of our URLs, to call in-process. */
const inProcess = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** GET the start route in the browser (which keeps the binding cookie): answers where the browser is sent (the identity provider). */
export async function startSignIn(t: TestApp, providerId: string, returnTo?: string, browser: SsoBrowser = browserOf(t)): Promise<string> {
  const query = returnTo === undefined ? '' : `?return_to=${encodeURIComponent(returnTo)}`;
  const response = expectStatus(await t.call('GET', `/api/v1/auth/sso/${providerId}/start${query}`, { headers: browser.headers }), 302, 'start');
  browser.keep(response.headers['set-cookie']);
  return String(response.headers.location);
}

/** What the return address received: the one-time code or an error code. */
export interface Outcome {
  returnedTo: string;
  code?: string;
  error?: string;
}

export function outcomeOf(location: string): Outcome {
  const url = new URL(location);
  const code = url.searchParams.get('code') ?? undefined;
  const error = url.searchParams.get('error') ?? undefined;
  url.searchParams.delete('code');
  url.searchParams.delete('error');
  return { returnedTo: url.href, ...(code === undefined ? {} : { code }), ...(error === undefined ? {} : { error }) };
}

/** The hidden fields of our SAML relay page's form. */
export function relayedFields(html: string): Record<string, string> {
  const decode = (value: string) => value.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  return Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [name!, decode(value!)]));
}

/**
 * POST the form to our assertion consumer as a browser does (with its cookie; when the
 * answer is the relay page, its form posted again as the page's script does); answers the outcome.
 */
export async function postSamlForm(t: TestApp, providerId: string, form: Partial<PostedForm>, browser: SsoBrowser = browserOf(t)): Promise<Outcome> {
  const post = (fields: Record<string, string>) =>
    t.call('POST', `/api/v1/auth/sso/${providerId}/saml/acs`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...browser.headers },
      body: new URLSearchParams(fields).toString(),
    });
  let response = await post(form as Record<string, string>);
  if (response.status === 200) response = await post(relayedFields(response.raw));
  browser.keep(response.headers['set-cookie']);
  return outcomeOf(String(expectStatus(response, 302, 'assertion consumer').headers.location));
}

/** Follows the identity provider's redirect back to our OIDC callback in the browser; answers the outcome. */
export async function followCallback(t: TestApp, callback: URL, browser: SsoBrowser = browserOf(t)): Promise<Outcome> {
  if (!callback.href.startsWith(TEST_PUBLIC_URL)) throw new Error(`the identity provider sent the browser to ${callback.href}`);
  const response = await t.call('GET', inProcess(callback.href), { headers: browser.headers });
  browser.keep(response.headers['set-cookie']);
  return outcomeOf(String(expectStatus(response, 302, 'OIDC callback').headers.location));
}

/** A whole SAML sign-in: start, the identity provider's answer, the post to our consumer. */
export async function samlSignIn(t: TestApp, provider: SsoProvider, idp: TestSamlIdp, user: Parameters<TestSamlIdp['respond']>[1], variant?: Parameters<TestSamlIdp['respond']>[2]): Promise<Outcome> {
  const authorizeUrl = await startSignIn(t, provider.id);
  return postSamlForm(t, provider.id, await idp.respond(authorizeUrl, user, variant));
}

/** POST /auth/exchange with the code: the session's access token. */
export async function exchange(t: TestApp, code: string): Promise<string> {
  return expectStatus(await t.call('POST', '/api/v1/auth/exchange', { body: { code } }), 200, 'exchange').body.access_token;
}
