// Every single sign-on is bound to the browser that started it: the
// start sets a signed cookie naming the sign-in's state (platform/http/signed-cookie.ts,
// the mechanism social login uses), and the OIDC callback and the SAML assertion
// consumer go on only when the browser presents that cookie for the state the identity
// provider handed back. A callback URL or a SAML form lifted from one browser is
// useless in another, and nobody can make a victim's browser complete a sign-in the
// attacker started. The state is no secret from the browser that holds it (it is in
// the URL); the OIDC nonce and PKCE verifier stay derived from it on the server.
import { createHash } from 'node:crypto';
import { createSignedCookie, sameSecretValue } from '../../platform/http/signed-cookie.js';
import { PENDING_SIGN_IN_TTL_SECONDS } from './pending-sign-ins.js';

const BINDING_COOKIE = 'sentinel_sso';
/** Both ways back (the OIDC callback, every provider's SAML assertion consumer) are under it, and nothing else reads it. */
const BINDING_COOKIE_PATH = '/api/v1/auth/sso/';

export function createBrowserBinding(deps: { signingKey: Buffer; secure: boolean; now: () => Date }) {
  const cookie = createSignedCookie<{ state: string }>({
    name: BINDING_COOKIE,
    path: BINDING_COOKIE_PATH,
    // As long as the pending sign-in it binds.
    ttlSeconds: PENDING_SIGN_IN_TTL_SECONDS,
    purpose: 'sentinel single sign-on browser binding v1',
    ...deps,
  });
  return {
    /** The Set-Cookie value of a start. */
    bind: (state: string): string => cookie.issue({ state }),
    /** The Set-Cookie value of every answer of a way back: a sign-in comes back once. */
    release: (): string => cookie.clear(),
    /**
     * Whether the request's cookie binds the state the provider handed back: bound, or
     * why not (no cookie, or one that is not ours or has expired; or another sign-in's).
     */
    check(cookieHeader: string | undefined, state: string | undefined): 'bound' | 'no_cookie' | 'another_sign_in' {
      const bound = cookie.read(cookieHeader);
      if (!bound) return 'no_cookie';
      return sameSecretValue(state, bound.state) ? 'bound' : 'another_sign_in';
    },
  };
}

export type BrowserBinding = ReturnType<typeof createBrowserBinding>;

const RELAY_SCRIPT = 'document.forms[0].submit()';
const RELAY_SCRIPT_HASH = createHash('sha256').update(RELAY_SCRIPT).digest('base64');
const escapeHtml = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page a SAML response posted without the binding cookie is answered with, once: it
 * posts the same fields to the same assertion consumer again, marked `relayed`. An
 * identity provider on another site posts cross-site, and a browser sends no
 * SameSite=Lax cookie with a cross-site POST; this page is of our origin, so its post
 * is same-site and carries the cookie, if this browser has it. A relayed post without
 * it is refused as any unbound one.
 */
export function samlRelayPage(acsUrl: string, form: { SAMLResponse: string; RelayState?: string }): { status: 200; body: string; headers: Record<string, string> } {
  const fields = { SAMLResponse: form.SAMLResponse, ...(form.RelayState === undefined ? {} : { RelayState: form.RelayState }), relayed: 'true' };
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>Signing in</title></head><body>' +
    `<form method="post" action="${escapeHtml(acsUrl)}">${inputs}<noscript><button type="submit">Continue signing in</button></noscript></form>` +
    `<script>${RELAY_SCRIPT}</script></body></html>`;
  return {
    status: 200,
    body: html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src 'sha256-${RELAY_SCRIPT_HASH}'; form-action ${new URL(acsUrl).origin}; frame-ancestors 'none'; base-uri 'none'`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  };
}
