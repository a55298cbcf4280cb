// The addresses of this service an identity provider's administrator configures
// there, all under the deployment's PUBLIC_URL, and the return addresses a
// sign-in may end at (SIGN_IN_RETURN_URL and SSO_RETURN_URLS: never one a request chooses).
import type { SsoProvider } from './providers.js';

export interface ServiceProviderEndpoints {
  startUrl: string;
  /** OIDC: the one redirect URI of every OIDC provider of the deployment. */
  redirectUri: string;
  acsUrl: string;
  metadataUrl: string;
  /** SAML: this service's entity id for the provider, the audience its assertions name. */
  entityId: string;
}

const OIDC_CALLBACK_PATH = '/api/v1/auth/sso/oidc/callback';

export function endpointsOf(publicBaseUrl: string, provider: Pick<SsoProvider, 'id' | 'protocol' | 'settings'>): ServiceProviderEndpoints {
  const base = `${publicBaseUrl}/api/v1/auth/sso/${provider.id}`;
  const metadataUrl = `${base}/saml/metadata`;
  const configured = provider.protocol === 'saml' && 'sp_entity_id' in provider.settings ? provider.settings.sp_entity_id : null;
  return {
    startUrl: `${base}/start`,
    redirectUri: `${publicBaseUrl}${OIDC_CALLBACK_PATH}`,
    acsUrl: `${base}/saml/acs`,
    metadataUrl,
    entityId: configured ?? metadataUrl,
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The return address a sign-in may use: one of the permitted ones (the first when none
 * is asked for), matched on scheme, host, port and path, keeping the request's own
 * query. A loopback http address may differ in port only, for command-line clients
 * listening on a port of their choosing (RFC 8252, section 7.3). Undefined: refused.
 */
export function permittedReturnUrl(requested: string | undefined, permitted: readonly string[]): string | undefined {
  if (requested === undefined) return permitted[0];
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || url.hash !== '') return undefined;
  const matches = permitted.some((entry) => {
    const allowed = new URL(entry);
    const anyPort = allowed.protocol === 'http:' && LOOPBACK_HOSTS.has(allowed.hostname);
    return allowed.protocol === url.protocol && allowed.hostname === url.hostname && (anyPort || allowed.port === url.port) && allowed.pathname === url.pathname;
  });
  return matches ? url.href : undefined;
}

/** The return address with the sign-in's outcome: the one-time code, or an error code. */
export function returnWith(returnTo: string, outcome: { code: string } | { error: string }): string {
  const url = new URL(returnTo);
  url.searchParams.delete('code');
  url.searchParams.delete('error');
  if ('code' in outcome) url.searchParams.set('code', outcome.code);
  else url.searchParams.set('error', outcome.error);
  return url.href;
}
