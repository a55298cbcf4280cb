// Who is calling: the guard every secured operation runs first (guard.ts: every kind of
// credential, the rate limit per credential, the acting organization, the permission),
// the authentication routes' limit per source address, which the sign-in routes of
// accounts, social login and single sign-on share, and the limiter state the facade
// adds to answers no limit counted. One rate limiter counts them all.
import type { ScopeRegistry } from '../../platform/authorization/permissions.js';
import type { Config } from '../../platform/config.js';
import type { Counters } from '../../platform/counters/counters.js';
import type { Database } from '../../platform/db/database.js';
import type { LimiterStateOf, OperationHandler, OperationId, RequestGuard } from '../../platform/http/handler.js';
import type { AccessTokens } from '../accounts/access-tokens.js';
import { createRateLimiter, limitedPerSourceAddress, sourceAddressLimit, sourceAddressStateOfUncounted } from '../accounts/rate-limiter.js';
import type { Sessions } from '../accounts/sessions.js';
import { createRequestGuard, type GuardDependencies } from './guard.js';

export interface AuthenticationDependencies {
  db: Database;
  /** Rate-limit counters: Redis in the full profile, memory in the embedded one. */
  counters: Counters;
  config: Pick<Config, 'rateLimit'>;
  registry: ScopeRegistry;
  accessTokens: AccessTokens;
  sessions: Pick<Sessions, 'isLive'>;
  now: () => Date;
  refusalRecorderOf: GuardDependencies['refusalRecorderOf'];
}

export interface Authentication {
  guard: RequestGuard;
  limiterState: LimiterStateOf;
  /** Limits a sign-in route per source address, counted together with every other such route. */
  authRoute: <Id extends OperationId>(handler: OperationHandler<Id>) => OperationHandler<Id>;
}

export function createAuthentication(deps: AuthenticationDependencies): Authentication {
  const { config } = deps;
  const limiter = createRateLimiter({ counters: deps.counters, failClosed: config.rateLimit.failClosed });
  const perSourceAddress = sourceAddressLimit(limiter, config.rateLimit.authPerMinute);
  return {
    guard: createRequestGuard({
      db: deps.db,
      accessTokens: deps.accessTokens,
      sessions: deps.sessions,
      limiter,
      registry: deps.registry,
      perMinute: config.rateLimit.perMinute,
      now: deps.now,
      refusalRecorderOf: deps.refusalRecorderOf,
    }),
    limiterState: sourceAddressStateOfUncounted(perSourceAddress),
    authRoute: (handler) => limitedPerSourceAddress(perSourceAddress, handler),
  };
}
