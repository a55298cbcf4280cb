// The state of a social sign-in between its start and the provider's callback, kept
// in a short-lived signed cookie (platform/http/signed-cookie.ts) rather than on the
// server: it binds the callback to the browser that started the sign-in (a code and
// state lifted from a URL are useless without it, and nobody can make a victim
// complete a sign-in the attacker started), and leaves no table to sweep.
import { createSignedCookie } from '../../platform/http/signed-cookie.js';

const FLOW_COOKIE = 'sentinel_social_login';
/** Ten minutes to sign in at the provider. */
const FLOW_TTL_SECONDS = 10 * 60;

export interface SocialFlow {
  provider: string;
  state: string;
  /** The PKCE verifier (RFC 7636) whose S256 challenge went to the provider. */
  codeVerifier: string;
  /** OpenID Connect's nonce, bound into the ID token; GitHub has none. */
  nonce: string;
}

export function createFlowCookies(deps: { signingKey: Buffer; secure: boolean; now: () => Date }) {
  const cookie = createSignedCookie<SocialFlow>({
    name: FLOW_COOKIE,
    path: '/api/v1/auth/social/',
    ttlSeconds: FLOW_TTL_SECONDS,
    purpose: 'sentinel social sign-in v1',
    ...deps,
  });
  return {
    /** The Set-Cookie value that starts a flow. */
    issue: (flow: SocialFlow): string => cookie.issue(flow),
    /** The Set-Cookie value that ends it: a flow is completed once. */
    clear: (): string => cookie.clear(),
    /** The flow a request's Cookie header carries for this provider, if authentic and not expired. */
    read(cookieHeader: string | undefined, provider: string): SocialFlow | undefined {
      const flow = cookie.read(cookieHeader);
      return flow?.provider === provider ? flow : undefined;
    },
  };
}

export type FlowCookies = ReturnType<typeof createFlowCookies>;
