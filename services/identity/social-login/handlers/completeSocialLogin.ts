import type { OperationHandler } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import { sameSecretValue } from '../../../platform/http/signed-cookie.js';
import type { FlowCookies } from '../flow-cookie.js';
import { ProviderError, type ProviderIdentity, type SocialProvider } from '../providers.js';
import { signInWithSocialIdentity } from '../sign-in.js';

/** Every way a callback can end besides a code; the return page shows the person what to do. */
export type CallbackError = 'access_denied' | 'sso_required' | 'email_not_verified' | 'account_not_verified' | 'failed';

/**
 * GET /api/v1/auth/social/{provider}/callback: where the provider sends the browser
 * back. Checks the flow cookie and state, trades the code and reads the person (no
 * transaction is open meanwhile), signs them in (sign-in.ts) and redirects to the
 * deployment's return page with a one-time `code` for POST /auth/exchange, or with
 * `error`. The flow cookie is cleared either way: a flow completes once.
 */
export function completeSocialLogin(deps: {
  db: Database;
  providers: ReadonlyMap<string, SocialProvider>;
  cookies: FlowCookies;
  redirectUriOf: (provider: string) => string;
  returnUrl: string;
  now: () => Date;
}): OperationHandler {
  const redirect = (query: { code: string } | { error: CallbackError }) => {
    const location = new URL(deps.returnUrl);
    for (const [name, value] of Object.entries(query)) location.searchParams.set(name, value);
    return { status: 302, headers: { location: location.toString(), 'set-cookie': deps.cookies.clear(), 'cache-control': 'no-store' } };
  };

  return async (ctx) => {
    const provider = deps.providers.get(ctx.params.provider!);
    if (!provider) throw notFound();
    const query = ctx.query as Record<string, string | undefined>;
    const flow = deps.cookies.read(ctx.headers.cookie, provider.name);
    if (!flow || !sameSecretValue(query.state, flow.state)) {
      ctx.log.info({ social_login_refused: flow ? 'state does not match the flow' : 'no flow cookie, or it expired or is forged', provider: provider.name }, 'social sign-in refused');
      return redirect({ error: 'failed' });
    }
    if (query.error !== undefined) {
      ctx.log.info({ social_login_refused: 'provider answered an error', provider_error: query.error.slice(0, 100), provider: provider.name }, 'social sign-in refused');
      return redirect({ error: query.error === 'access_denied' ? 'access_denied' : 'failed' });
    }
    const redirectUri = deps.redirectUriOf(provider.name);
    const callbackUrl = new URL(redirectUri);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) callbackUrl.searchParams.set(name, value);
    let identity: ProviderIdentity;
    try {
      identity = await provider.identify({ callbackUrl, redirectUri, state: flow.state, codeVerifier: flow.codeVerifier, nonce: flow.nonce });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      ctx.log.warn({ err: error, provider: provider.name }, 'social sign-in failed at the provider');
      return redirect({ error: 'failed' });
    }
    const outcome = await signInWithSocialIdentity(deps.db, provider.name, identity, originOfContext(ctx), deps.now);
    if ('error' in outcome) ctx.log.info({ social_login_refused: outcome.error, provider: provider.name }, 'social sign-in refused');
    return redirect(outcome);
  };
}
