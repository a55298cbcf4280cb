import { createHash, randomBytes } from 'node:crypto';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { FlowCookies } from '../flow-cookie.js';
import { ProviderError, type SocialProvider } from '../providers.js';

const random = (): string => randomBytes(32).toString('base64url');

/**
 * GET /api/v1/auth/social/{provider}/start: sends the browser to the provider with a
 * fresh state, PKCE challenge and nonce, kept in the signed flow cookie. A provider
 * the deployment has not configured is the standard 404.
 */
export function startSocialLogin(deps: { providers: ReadonlyMap<string, SocialProvider>; cookies: FlowCookies; redirectUriOf: (provider: string) => string }): OperationHandler<'startSocialLogin'> {
  return async (ctx) => {
    const provider = deps.providers.get(ctx.params.provider);
    if (!provider) throw notFound();
    const [state, codeVerifier, nonce] = [random(), random(), random()];
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const location = await provider.authorizationUrl({ redirectUri: deps.redirectUriOf(provider.name), state, codeChallenge, nonce }).catch((error: unknown) => {
      if (!(error instanceof ProviderError)) throw error;
      ctx.log.warn({ err: error, provider: provider.name }, 'social sign-in provider unreachable');
      throw new AppError('unavailable', 'the sign-in provider cannot be reached, retry later', { headers: { 'retry-after': '5' } });
    });
    return {
      status: 302,
      headers: { location: location.toString(), 'set-cookie': deps.cookies.issue({ provider: provider.name, state, codeVerifier, nonce }), 'cache-control': 'no-store' },
    };
  };
}
