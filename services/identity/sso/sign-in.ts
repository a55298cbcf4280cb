// The browser's way through a single sign-on: start (a redirect to the identity
// provider, the pending sign-in recorded), the way back (the OIDC callback or the
// SAML assertion consumer: the pending sign-in taken, the provider's answer checked
// by its protocol's library) and the end (a redirect to the sign-in's return address
// with a one-time code or an error code; never a token, never a stack).
//
// No network call happens inside a transaction: the issuer is asked (discovery, token,
// JWKS, userinfo) before or between them, never while one is open.
import type { FastifyBaseLogger } from 'fastify';
import { recordRepeatableRefusal, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/database.js';
import type { EgressClient } from '../../platform/egress/egress-fetch.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import { systemScope } from '../../platform/tenancy.js';
import { completeSignIn } from './completion.js';
import { endpointsOf, permittedReturnUrl, returnWith } from './endpoints.js';
import { authorizationUrl, redeemAuthorizationResponse, type OidcClient } from './oidc.js';
import { consumeAssertion, derivedFromState, newSignInState, savePendingSignIn, takePendingSignIn, type PendingSignIn } from './pending-sign-ins.js';
import { findProvider, findProviderById, secretAssociatedData, type SsoProvider } from './providers.js';
import { acceptSamlResponse, authnRequestUrl, newSamlRequestId, SamlResponseRefused } from './saml.js';

export interface SignInDependencies {
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
  now: () => Date;
}

/** Error codes the return address may receive besides the refusals of completion.ts. */
type FailureCode = 'access_denied' | 'sign_in_failed' | 'sign_in_expired' | 'provider_unavailable';

interface Caller {
  origin: RequestOrigin;
  log: FastifyBaseLogger;
}

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

  async function finish(caller: Caller, provider: SsoProvider, pending: PendingSignIn, vouched: Parameters<typeof completeSignIn>[2]): Promise<string> {
    const completion = await completeSignIn(db, provider, vouched, caller.origin);
    return returnWith(pending.returnTo, completion.signedIn ? { code: completion.code } : { error: completion.reason });
  }

  return {
    /** GET /auth/sso/{providerId}/start: where to send the browser. */
    async start(caller: Caller, providerId: string, requestedReturn: string | undefined): Promise<string> {
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
          return failed(caller, provider, `the issuer could not be asked: ${messageOf(error)}`, 'provider_unavailable', returnTo, error);
        }
      } else {
        samlRequestId = newSamlRequestId();
        location = await authnRequestUrl(provider.settings, endpoints, { requestId: samlRequestId, relayState: state });
      }
      await db.transaction((tx) => savePendingSignIn(tx, provider.orgId, { providerId: provider.id, state, samlRequestId, returnTo }));
      return location;
    },

    /** GET /auth/sso/oidc/callback: the authorization response, redeemed. */
    async oidcCallback(caller: Caller, query: Record<string, unknown>): Promise<string> {
      const state = typeof query.state === 'string' ? query.state : undefined;
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
      return finish(caller, provider, pending, vouched);
    },

    /** POST /auth/sso/{providerId}/saml/acs: the response, checked, and its assertion used once. */
    async samlAssertion(caller: Caller, providerId: string, form: { SAMLResponse: string; RelayState?: string }): Promise<string> {
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
      return finish(caller, provider, pending, accepted.identity);
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
