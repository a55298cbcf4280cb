// The state of a social sign-in between its start and the provider's callback, kept
// in a short-lived cookie signed with the token signing key rather than on the
// server: it binds the callback to the browser that started the sign-in (a code and
// state lifted from a URL are useless without it, and nobody can make a victim
// complete a sign-in the attacker started), and leaves no table to sweep.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FLOW_COOKIE = 'sentinel_social_login';
/** Ten minutes to sign in at the provider. */
export const FLOW_TTL_SECONDS = 10 * 60;
const PURPOSE = 'sentinel social sign-in v1\n';
const COOKIE_PATH = '/api/v1/auth/social/';

export interface SocialFlow {
  provider: string;
  state: string;
  /** The PKCE verifier (RFC 7636) whose S256 challenge went to the provider. */
  codeVerifier: string;
  /** OpenID Connect's nonce, bound into the ID token; GitHub has none. */
  nonce: string;
  expiresAtMs: number;
}

export function createFlowCookies(deps: { signingKey: Buffer; secure: boolean; now: () => Date }) {
  const mac = (payload: string): Buffer => createHmac('sha256', deps.signingKey).update(PURPOSE).update(payload).digest();
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${deps.secure ? '; Secure' : ''}`;
  return {
    /** The Set-Cookie value that starts a flow. */
    issue(flow: Omit<SocialFlow, 'expiresAtMs'>): string {
      const payload = Buffer.from(JSON.stringify({ ...flow, expiresAtMs: deps.now().getTime() + FLOW_TTL_SECONDS * 1000 })).toString('base64url');
      return `${FLOW_COOKIE}=${payload}.${mac(payload).toString('base64url')}; Max-Age=${FLOW_TTL_SECONDS}; ${attributes}`;
    },
    /** The Set-Cookie value that ends it: a flow is completed once. */
    clear(): string {
      return `${FLOW_COOKIE}=; Max-Age=0; ${attributes}`;
    },
    /** The flow a request's Cookie header carries for this provider, if authentic and not expired. */
    read(cookieHeader: string | undefined, provider: string): SocialFlow | undefined {
      const value = cookieHeader
        ?.split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${FLOW_COOKIE}=`))
        ?.slice(FLOW_COOKIE.length + 1);
      const [payload, signature] = value?.split('.') ?? [];
      if (!payload || !signature) return undefined;
      const expected = mac(payload);
      const presented = Buffer.from(signature, 'base64url');
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
      const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SocialFlow;
      return flow.provider === provider && flow.expiresAtMs > deps.now().getTime() ? flow : undefined;
    },
  };
}

export type FlowCookies = ReturnType<typeof createFlowCookies>;

/** Compares the state the provider returned with the flow's, in constant time. */
export function sameState(returned: string | undefined, expected: string): boolean {
  if (returned === undefined) return false;
  const [a, b] = [Buffer.from(returned), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}
