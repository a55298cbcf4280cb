import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { completeCallback } from '../callback.js';
import type { FlowCookies } from '../flow-cookie.js';
import type { SocialProvider } from '../providers.js';

/**
 * GET /api/v1/auth/social/{provider}/callback: completes the flow (callback.ts) and
 * redirects to the deployment's return page with a one-time `code` for POST
 * /auth/exchange, or with `error`. The flow cookie is cleared either way: a flow completes once.
 */
export function completeSocialLogin(deps: { db: Database; providers: ReadonlyMap<string, SocialProvider>; cookies: FlowCookies; redirectUriOf: (provider: string) => string; returnUrl: string; now: () => Date }): OperationHandler<'completeSocialLogin'> {
  return async (ctx) => {
    const provider = deps.providers.get(ctx.params.provider);
    if (!provider) throw notFound();
    const flow = deps.cookies.read(ctx.headers.cookie, provider.name);
    const outcome = await completeCallback(deps, provider, { query: ctx.query, flow, origin: originOfContext(ctx), log: ctx.log });
    const location = new URL(deps.returnUrl);
    for (const [name, value] of Object.entries(outcome)) location.searchParams.set(name, value);
    return { status: 302, headers: { location: location.toString(), 'set-cookie': deps.cookies.clear(), 'cache-control': 'no-store' } };
  };
}
