// The end of a social sign-in flow (GET /api/v1/auth/social/{provider}/callback): the
// flow and its state checked, the code traded and the person read (no transaction is
// open meanwhile), and the person signed in (sign-in.ts). Every way it ends is an
// outcome for the return page, a one-time code or an error, never a refusal.
import type { FastifyBaseLogger } from 'fastify';
import type { RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { Database } from '../../platform/db/database.js';
import { sameSecretValue } from '../../platform/http/signed-cookie.js';
import type { SocialFlow } from './flow-cookie.js';
import { ProviderError, type ProviderIdentity, type SocialProvider } from './providers.js';
import { signInWithSocialIdentity } from './sign-in.js';

/** Every way a callback can end besides a code; the return page shows the person what to do. */
type CallbackError = 'access_denied' | 'sso_required' | 'email_not_verified' | 'account_not_verified' | 'failed';

export type CallbackOutcome = { code: string } | { error: CallbackError };

/**
 * The provider's authorization response: the document's one query parameter, `response`,
 * an object exploded in form style, so its members arrive as the query's own parameters;
 * each is a string (a repeated one would be a list, which no provider sends).
 */
function authorizationResponse(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((member): member is [string, string] => typeof member[1] === 'string'));
}

/**
 * Completes the flow the cookie carried (undefined: none, expired or forged) with the
 * provider's authorization response, the callback's query parameters as sent.
 */
export async function completeCallback(
  deps: { db: Database; redirectUriOf: (provider: string) => string; now: () => Date },
  provider: SocialProvider,
  callback: { query: Record<string, unknown>; flow: SocialFlow | undefined; origin: RequestOrigin; log: FastifyBaseLogger },
): Promise<CallbackOutcome> {
  const { flow, log } = callback;
  const response = authorizationResponse(callback.query);
  if (!flow || !sameSecretValue(response.state, flow.state)) {
    log.info({ social_login_refused: flow ? 'state does not match the flow' : 'no flow cookie, or it expired or is forged', provider: provider.name }, 'social sign-in refused');
    return { error: 'failed' };
  }
  if (response.error !== undefined) {
    log.info({ social_login_refused: 'provider answered an error', provider_error: response.error.slice(0, 100), provider: provider.name }, 'social sign-in refused');
    return { error: response.error === 'access_denied' ? 'access_denied' : 'failed' };
  }
  const redirectUri = deps.redirectUriOf(provider.name);
  const callbackUrl = new URL(redirectUri);
  for (const [name, value] of Object.entries(response)) callbackUrl.searchParams.set(name, value);
  let identity: ProviderIdentity;
  try {
    identity = await provider.identify({ callbackUrl, redirectUri, state: flow.state, codeVerifier: flow.codeVerifier, nonce: flow.nonce });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log.warn({ err: error, provider: provider.name }, 'social sign-in failed at the provider');
    return { error: 'failed' };
  }
  const outcome = await signInWithSocialIdentity(deps.db, provider.name, identity, callback.origin, deps.now);
  if ('error' in outcome) log.info({ social_login_refused: outcome.error, provider: provider.name }, 'social sign-in refused');
  return outcome;
}
