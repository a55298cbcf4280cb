// The browser's way through a single sign-on: start (a redirect to the identity
// provider, the pending sign-in recorded, the browser bound to it by a cookie), the
// way back (the OIDC callback or the SAML assertion consumer: the browser's binding
// checked, the pending sign-in taken, the provider's answer checked by its protocol's
// library) and the end (a redirect to the sign-in's return address with a one-time
// code or an error code; never a token, never a stack).
//
// A way back without the binding of the sign-in its state names (no cookie, or
// another sign-in's) ends exactly as a forged state does: error sign_in_expired at the
// deployment's default return address, before anything of the sign-in is read or
// taken; it is recorded as sso.sign_in_unbound in the organization of the sign-in
// the state names, if it names one.
//
// No network call happens inside a transaction: the issuer is asked (discovery, token,
// JWKS, userinfo) before or between them, never while one is open.
import type { FastifyBaseLogger } from 'fastify';
import { recordRepeatableRefusal, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/database.js';
import type { EgressClient } from '../../platform/egress/egress-fetch.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import type { BrowserBinding } from './browser-binding.js';
import { systemScope } from '../../platform/tenancy.js';
import { completeSignIn } from './completion.js';
import { endpointsOf, permittedReturnUrl, returnWith } from './endpoints.js';
import { authorizationUrl, redeemAuthorizationResponse, type OidcClient } from './oidc.js';
import { consumeAssertion, derivedFromState, newSignInState, savePendingSignIn, signInOfState, takePendingSignIn, type PendingSignIn } from './pending-sign-ins.js';
import { findProvider, findProviderById, secretAssociatedData, type SsoProvider } from './providers.js';
import { acceptSamlResponse, answersARequest, authnRequestUrl, newSamlRequestId, SamlResponseRefused } from './saml.js';

interface SignInDependencies {
  db: Database;
  publicBaseUrl: string;
  /** The permitted return addresses: SIGN_IN_RETURN_URL (the default) and SSO_RETURN_URLS. */
  returnUrls: readonly [string, ...string[]];
  /** Derives each sign-in's nonce and PKCE verifier from its state. */
  signingKey: Buffer;
  /** Opens OIDC client secrets. */
  secretBox: SecretBox;
  /** Every call to an issuer goes through it. */
  egress: EgressClient;
  /** SSO_ALLOW_PRIVATE_ISSUERS: http issuers too (tests). */
  allowPrivate: boolean;
  /** The cookie binding each sign-in to the browser that started it. */
  binding: BrowserBinding;
  now: () => Date;
}

/** Error codes the return address may receive besides the refusals of completion.ts. */
type FailureCode = 'access_denied' | 'sign_in_failed' | 'sign_in_expired' | 'provider_unavailable';

interface Caller {
  origin: RequestOrigin;
  log: FastifyBaseLogger;
  /** The request's Cookie header: where the browser binding is. */
  cookieHeader: string | undefined;
}

/** Where a start sends the browser, and the cookie binding it to the sign-in (none when the sign-in ended at once). */
interface Departure {
  location: string;
  binding: string | undefined;
}

/** How the assertion consumer answers: a redirect to the return address, or the relay page posting again to `acsUrl` (browser-binding.ts). */
type SamlAnswer = { location: string } | { relayTo: string };

export function createSignIn(deps: SignInDependencies) {
  const { db } = deps;
  const defaultReturn = deps.returnUrls[0];

  const oidcClientOf = (provider: Extract<SsoProvider, { protocol: 'oidc' }>): OidcClient => ({
    settings: provider.settings,
    clientSecret: provider.sealedSecret === null ? undefined : deps.secretBox.open(provider.sealedSecret, secretAssociatedData(provider.orgId, provider.id)).toString('utf8'),
    fetch: deps.egress.fetch,
    allowHttp: deps.allowPrivate,
  });

  /**
   * A failure of the protocol (the provider's error, a response that failed a check, an
   * unreachable issuer): logged, and recorded in the provider's organization as
   * sso.sign_in_failed, counted per window, since anyone can post a bad response.
   */
  async function failed(caller: Caller, provider: SsoProvider, reason: string, code: FailureCode, returnTo: string, error?: unknown): Promise<string> {
    caller.log.warn({ err: error, sso_provider_id: provider.id, reason }, 'single sign-on failed');
    await recordRepeatableRefusal(
      db,
      provider.orgId,
      caller.origin,
      // The reason may quote what the caller sent (the provider's error, an assertion id): it varies at will.
      { actor: 'anonymous', action: 'sso.sign_in_failed', subject: `sso_provider:${provider.id}`, detail: { sso_provider_id: provider.id, reason }, varies: 'reason' },
      deps.now(),
    );
    return returnWith(returnTo, { error: code });
  }

  /** The sign-in the state names, if it is under way for an enabled provider of the protocol. */
  async function resume(state: string | undefined, protocol: SsoProvider['protocol']): Promise<{ pending: PendingSignIn; provider: SsoProvider } | { expiredTo: string }> {
    const pending = state ? await takePendingSignIn(db, systemScope('complete-sso-sign-in'), state) : undefined;
    if (!pending?.live) return { expiredTo: pending?.returnTo ?? defaultReturn };
    const provider = await findProvider(db, pending.orgId, pending.providerId);
    if (!provider?.enabled || provider.protocol !== protocol) return { expiredTo: pending.returnTo };
    return { pending, provider };
  }

  async function finish(caller: Caller, provider: SsoProvider, returnTo: string, vouched: Parameters<typeof completeSignIn>[2]): Promise<string> {
    const completion = await completeSignIn(db, provider, vouched, caller.origin);
    return returnWith(returnTo, completion.signedIn ? { code: completion.code } : { error: completion.reason });
  }

  /**
   * A way back from a browser that does not hold the binding of the sign-in the state
   * names: answered as a forged state is. Recorded in the organization of that
   * sign-in (consumed or not, until it expires), counted per window: anyone holding
   * a callback URL can repeat it.
   */
  async function unbound(caller: Caller, protocol: SsoProvider['protocol'], state: string | undefined, why: 'no_cookie' | 'another_sign_in'): Promise<string> {
    const signIn = state ? await signInOfState(db, systemScope('complete-sso-sign-in'), state) : undefined;
    caller.log.warn({ sso_provider_id: signIn?.providerId, protocol, binding: why }, 'single sign-on refused: not the browser that started it');
    if (signIn) {
      await recordRepeatableRefusal(
        db,
        signIn.orgId,
        caller.origin,
        { actor: 'anonymous', action: 'sso.sign_in_unbound', subject: `sso_provider:${signIn.providerId}`, detail: { sso_provider_id: signIn.providerId, protocol, binding: why } },
        deps.now(),
      );
    }
    return returnWith(defaultReturn, { error: 'sign_in_expired' });
  }

  /**
   * An unsolicited SAML response (answering no request of ours), accepted only when its
   * provider allows IdP-initiated sign-in: checked as any response but against no
   * request, its assertion used once, ending at the default return address (the
   * RelayState such a response carries is the provider's, never a place to go).
   */
  async function idpInitiated(caller: Caller, provider: Extract<SsoProvider, { protocol: 'saml' }>, samlResponse: string): Promise<string> {
    let accepted;
    try {
      accepted = await acceptSamlResponse(provider.settings, endpointsOf(deps.publicBaseUrl, provider), samlResponse, null);
    } catch (error) {
      if (!(error instanceof SamlResponseRefused)) throw error;
      return failed(caller, provider, `IdP-initiated: ${error.message}`, 'sign_in_failed', defaultReturn, error);
    }
    const fresh = await db.transaction((tx) => consumeAssertion(tx, provider.orgId, provider.id, { id: accepted.assertionId, expiresAt: accepted.expiresAt }));
    if (!fresh) return failed(caller, provider, `assertion ${accepted.assertionId} was presented before (replay)`, 'sign_in_failed', defaultReturn);
    return finish(caller, provider, defaultReturn, accepted.identity);
  }

  /** The SP-initiated way back: the pending sign-in the bound RelayState names, and the response answering its request. */
  async function spInitiated(caller: Caller, providerId: string, form: { SAMLResponse: string; RelayState?: string }): Promise<string> {
    const resumed = await resume(form.RelayState, 'saml');
    if ('expiredTo' in resumed) return returnWith(resumed.expiredTo, { error: 'sign_in_expired' });
    const { pending, provider } = resumed;
    if (provider.protocol !== 'saml' || pending.samlRequestId === null) return returnWith(pending.returnTo, { error: 'sign_in_expired' });
    if (provider.id !== providerId) return failed(caller, provider, 'the response was posted to another provider\'s assertion consumer', 'sign_in_failed', pending.returnTo);
    let accepted;
    try {
      accepted = await acceptSamlResponse(provider.settings, endpointsOf(deps.publicBaseUrl, provider), form.SAMLResponse, pending.samlRequestId);
    } catch (error) {
      if (!(error instanceof SamlResponseRefused)) throw error;
      return failed(caller, provider, error.message, 'sign_in_failed', pending.returnTo, error);
    }
    const fresh = await db.transaction((tx) => consumeAssertion(tx, provider.orgId, provider.id, { id: accepted.assertionId, expiresAt: accepted.expiresAt }));
    if (!fresh) return failed(caller, provider, `assertion ${accepted.assertionId} was presented before (replay)`, 'sign_in_failed', pending.returnTo);
    return finish(caller, provider, pending.returnTo, accepted.identity);
  }

  return {
    /** GET /auth/sso/{providerId}/start: where to send the browser, and the cookie binding it to the sign-in. */
    async start(caller: Caller, providerId: string, requestedReturn: string | undefined): Promise<Departure> {
      const provider = await findProviderById(db, systemScope('find-sso-provider'), providerId);
      if (!provider?.enabled) throw notFound();
      const returnTo = permittedReturnUrl(requestedReturn, deps.returnUrls);
      if (returnTo === undefined) throw validationFailed('return_to is not one of the return addresses this deployment permits (SIGN_IN_RETURN_URL, SSO_RETURN_URLS)');
      const endpoints = endpointsOf(deps.publicBaseUrl, provider);
      const state = newSignInState();
      let location: string;
      let samlRequestId: string | null = null;
      if (provider.protocol === 'oidc') {
        try {
          location = await authorizationUrl(oidcClientOf(provider), {
            redirectUri: endpoints.redirectUri,
            state,
            nonce: derivedFromState(deps.signingKey, 'oidc-nonce', state),
            codeVerifier: derivedFromState(deps.signingKey, 'oidc-pkce-verifier', state),
          });
        } catch (error) {
          return { location: await failed(caller, provider, `the issuer could not be asked: ${messageOf(error)}`, 'provider_unavailable', returnTo, error), binding: undefined };
        }
      } else {
        samlRequestId = newSamlRequestId();
        location = await authnRequestUrl(provider.settings, endpoints, { requestId: samlRequestId, relayState: state });
      }
      await db.transaction((tx) => savePendingSignIn(tx, provider.orgId, { providerId: provider.id, state, samlRequestId, returnTo }));
      return { location, binding: deps.binding.bind(state) };
    },

    /** GET /auth/sso/oidc/callback: the authorization response, redeemed. */
    async oidcCallback(caller: Caller, query: Record<string, unknown>): Promise<string> {
      const state = typeof query.state === 'string' ? query.state : undefined;
      const binding = deps.binding.check(caller.cookieHeader, state);
      if (binding !== 'bound') return unbound(caller, 'oidc', state, binding);
      const resumed = await resume(state, 'oidc');
      if ('expiredTo' in resumed) return returnWith(resumed.expiredTo, { error: 'sign_in_expired' });
      const { pending, provider } = resumed;
      if (provider.protocol !== 'oidc') return returnWith(pending.returnTo, { error: 'sign_in_expired' });
      if (typeof query.error === 'string') return failed(caller, provider, `the identity provider answered ${query.error}`, 'access_denied', pending.returnTo);
      const endpoints = endpointsOf(deps.publicBaseUrl, provider);
      // The library derives the redirect_uri it sends from this URL, less the response's parameters.
      const callbackUrl = new URL(endpoints.redirectUri);
      for (const [name, value] of Object.entries(query)) if (typeof value === 'string') callbackUrl.searchParams.set(name, value);
      let vouched;
      try {
        vouched = await redeemAuthorizationResponse(oidcClientOf(provider), callbackUrl, {
          state: state!,
          nonce: derivedFromState(deps.signingKey, 'oidc-nonce', state!),
          codeVerifier: derivedFromState(deps.signingKey, 'oidc-pkce-verifier', state!),
        });
      } catch (error) {
        return failed(caller, provider, messageOf(error), 'sign_in_failed', pending.returnTo, error);
      }
      return finish(caller, provider, pending.returnTo, vouched);
    },

    /**
     * POST /auth/sso/{providerId}/saml/acs: the response, checked, and its assertion used
     * once. A post without any binding cookie that was not relayed yet is answered with
     * the relay page (browser-binding.ts); then an unsolicited response goes to
     * idpInitiated where the provider allows it, and anything else unbound is refused.
     */
    async samlAssertion(caller: Caller, providerId: string, form: { SAMLResponse: string; RelayState?: string; relayed?: 'true' }): Promise<SamlAnswer> {
      const binding = deps.binding.check(caller.cookieHeader, form.RelayState);
      if (binding === 'no_cookie' && form.relayed !== 'true') return { relayTo: `${deps.publicBaseUrl}/api/v1/auth/sso/${providerId}/saml/acs` };
      if (binding !== 'bound') {
        if (!answersARequest(form.SAMLResponse)) {
          const provider = await findProviderById(db, systemScope('find-sso-provider'), providerId);
          if (provider?.enabled && provider.protocol === 'saml' && provider.settings.allow_idp_initiated) return { location: await idpInitiated(caller, provider, form.SAMLResponse) };
          caller.log.warn({ sso_provider_id: providerId }, 'single sign-on refused: an unsolicited (IdP-initiated) SAML response, which this assertion consumer does not accept');
        }
        return { location: await unbound(caller, 'saml', form.RelayState, binding) };
      }
      return { location: await spInitiated(caller, providerId, form) };
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;

/** The error's message with its causes' (libraries wrap the one that says what happened), for the log and the trail. */
function messageOf(error: unknown): string {
  const messages: string[] = [];
  for (let current: unknown = error; current !== undefined && messages.length < 4; current = current instanceof Error ? current.cause : undefined) {
    messages.push(current instanceof Error ? current.message : String(current));
  }
  return messages.join(': ').slice(0, 500);
}
