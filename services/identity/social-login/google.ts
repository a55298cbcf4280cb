// Google sign-in over OpenID Connect: issuer discovery, authorization code with PKCE
// and a nonce, and the ID token's claims, all through openid-client (which checks
// the ID token's signature, issuer, audience, expiry and nonce, and the response's
// state and issuer). Only an address whose email_verified claim is true is the person's.
import * as oidc from 'openid-client';
import type { GoogleLoginConfig } from '../../platform/config.js';
import { ProviderError, type SocialProvider } from './providers.js';

const SCOPES = 'openid email profile';

export function googleProvider(config: GoogleLoginConfig): SocialProvider {
  // Discovered once per process, and again after a failure (the issuer may have been down).
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = (): Promise<oidc.Configuration> => {
    discovered ??= oidc
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        // Plain http only for a loopback issuer outside production (config.ts refuses anything else).
        ...(config.issuer.startsWith('http:') && { execute: [oidc.allowInsecureRequests] }),
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new ProviderError('the OpenID Connect issuer could not be discovered', { cause: error });
      });
    return discovered;
  };

  return {
    name: 'google',
    async authorizationUrl({ redirectUri, state, codeChallenge, nonce }) {
      return oidc.buildAuthorizationUrl(await configuration(), { redirect_uri: redirectUri, scope: SCOPES, state, nonce, code_challenge: codeChallenge, code_challenge_method: 'S256' });
    },
    async identify({ callbackUrl, state, codeVerifier, nonce }) {
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, { pkceCodeVerifier: codeVerifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
        claims = tokens.claims();
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw new ProviderError('the OpenID Connect provider refused the code or answered a token that does not verify', { cause: error });
      }
      if (!claims) throw new ProviderError('no ID token');
      const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email.trim().toLowerCase() : undefined;
      const name = typeof claims.name === 'string' && claims.name !== '' ? claims.name : (email ?? claims.sub);
      return { subject: claims.sub, verifiedEmail: email, name: name.slice(0, 100) };
    },
  };
}
