import type { OperationHandler } from '../../../platform/http/handler.js';
import type { SocialProvider } from '../providers.js';

/**
 * GET /api/v1/auth/social/providers: the providers the deployment configured, in a fixed
 * order, with where a "Continue with ..." button sends the browser. What it says is what
 * the start route says anyway (302 or 404 per provider); the sign-in page offers no button
 * that could only end in a 404.
 */
export function listSocialProviders(deps: { providers: ReadonlyMap<string, SocialProvider>; startUrlOf: (provider: string) => string }): OperationHandler<'listSocialProviders'> {
  const body = { providers: [...deps.providers.values()].map((provider) => provider.name).sort().map((name) => ({ name, start_url: deps.startUrlOf(name) })) };
  return async () => ({ status: 200, body });
}
