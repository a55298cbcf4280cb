// What social login asks of a provider: where to send the browser, and, given the
// callback, who the person is. GitHub speaks OAuth 2.0 and its REST API
// (github.ts); Google speaks OpenID Connect (google.ts, through openid-client).
interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  nonce: string;
}

export interface CallbackParameters {
  /** The callback URL as the provider called it: redirect URI and every query parameter. */
  callbackUrl: URL;
  redirectUri: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** The person as the provider vouches for them. */
export interface ProviderIdentity {
  /** The provider's stable id of the person (never the address). */
  subject: string;
  /** Lower-cased; undefined when the provider has no verified address to give. */
  verifiedEmail: string | undefined;
  name: string;
}

export interface SocialProvider {
  name: 'github' | 'google';
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Trades the code and reads the person. Network calls: never inside a transaction. */
  identify(callback: CallbackParameters): Promise<ProviderIdentity>;
}

/** The provider refused or failed: the callback ends in error=failed, and the reason goes to the log. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}
