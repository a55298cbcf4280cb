// OpenID Connect sign-in through openid-client 6 (the relying-party library): issuer
// discovery, the authorization code flow with PKCE (S256), state and nonce, the ID
// token validated by the library (signature against the issuer's JWKS, issuer,
// audience, expiry, nonce). Every call to the issuer (discovery, token, JWKS,
// userinfo) goes through the egress fetch the caller hands in.
import * as client from 'openid-client';
import type { EgressFetch } from '../../platform/egress/egress-fetch.js';
import { CLOCK_SKEW_SECONDS, namesOf, type VouchedIdentity } from './vouched-identity.js';
import type { OidcSettings } from './providers.js';

export interface OidcClient {
  settings: OidcSettings;
  /** Opened from the sealed secret; undefined for a client that authenticates with PKCE alone. */
  clientSecret: string | undefined;
  fetch: EgressFetch;
  /** http issuers, possible only where the deployment opened private addresses (tests). */
  allowHttp: boolean;
}

async function configurationOf(oidc: OidcClient): Promise<client.Configuration> {
  const execute = oidc.allowHttp && new URL(oidc.settings.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [];
  const authentication = oidc.clientSecret === undefined ? client.None() : client.ClientSecretPost(oidc.clientSecret);
  return client.discovery(new URL(oidc.settings.issuer), oidc.settings.client_id, { [client.clockTolerance]: CLOCK_SKEW_SECONDS }, authentication, {
    [client.customFetch]: oidc.fetch as client.CustomFetch,
    execute,
  });
}

/** Where to send the browser: the issuer's authorization endpoint with the code flow's parameters. */
export async function authorizationUrl(oidc: OidcClient, request: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<string> {
  const configuration = await configurationOf(oidc);
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: oidc.settings.scopes.join(' '),
    state: request.state,
    nonce: request.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
    code_challenge_method: 'S256',
  }).href;
}

/**
 * Redeems the authorization response: the code for tokens (with the PKCE verifier),
 * the ID token checked by the library, then the person's address from the ID token,
 * or from userinfo when the token does not carry it.
 * `callbackUrl` is the redirect URI with the response's query, as the library derives
 * the redirect_uri it sends from it.
 */
export async function redeemAuthorizationResponse(oidc: OidcClient, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<VouchedIdentity> {
  const configuration = await configurationOf(oidc);
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idToken: Record<string, unknown> & { sub: string } = tokens.claims()!;
  // The library checks that userinfo speaks of the ID token's subject.
  const userinfo: Record<string, unknown> = typeof idToken.email === 'string' ? {} : await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
  // The address and whether it is verified come from the same statement.
  const addressSource = typeof idToken.email === 'string' ? idToken : userinfo;
  const claim = (name: string): unknown => idToken[name] ?? userinfo[name];
  const groupsClaim = oidc.settings.groups_claim;
  return {
    subject: idToken.sub,
    email: typeof addressSource.email === 'string' ? addressSource.email : undefined,
    emailVerified: booleanClaim(addressSource.email_verified),
    name: firstText(claim('name'), [claim('given_name'), claim('family_name')].filter((part) => typeof part === 'string').join(' ')),
    groups: groupsClaim === null ? undefined : namesOf(claim(groupsClaim)),
  };
}

/** email_verified as a boolean; some providers send it as a string. Undefined when absent or unreadable. */
function booleanClaim(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return undefined;
}

const firstText = (...candidates: unknown[]): string | undefined =>
  candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '')?.trim();
