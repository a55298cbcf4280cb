// Accounts (spec 5): sign-up, sign-in, sessions and who is calling. Besides its
// operations it contributes the facade's two seams: the guard every secured
// operation runs first, and the limiter state added to responses no limit counted.
import type { ScopeRegistry } from '../platform/authorization/permissions.js';
import type { Config } from '../platform/config.js';
import type { Counters } from '../platform/counters/counters.js';
import type { Database } from '../platform/db/database.js';
import type { LimiterStateOf, OperationHandler, RequestGuard } from '../platform/http/handler.js';
import type { CapabilityModule } from '../platform/module.js';
import type { SecondFactorVerifier } from '../identity/second-factor/index.js';
import { createAccessTokens } from './access-tokens.js';
import { createRequestGuard, type GuardDependencies } from './guard.js';
import { exchangeSignInCode } from './handlers/exchangeSignInCode.js';
import { getMe } from './handlers/getMe.js';
import { listIdentityAudit } from './handlers/listIdentityAudit.js';
import { login } from './handlers/login.js';
import { logout } from './handlers/logout.js';
import { refreshSession } from './handlers/refreshSession.js';
import { setActiveOrganization } from './handlers/setActiveOrganization.js';
import { signup } from './handlers/signup.js';
import { createPasswordHasher, type ScryptParameters } from './passwords.js';
import { createRateLimiter, limitedPerSourceAddress, sourceAddressLimit, sourceAddressStateOfUncounted } from './rate-limiter.js';
import { createSessions } from './sessions.js';

export type { ScryptParameters } from './passwords.js';

export interface AccountsDependencies {
  db: Database;
  /** Rate-limit counters: Redis in the full profile, memory in the embedded one. */
  counters: Counters;
  config: Pick<Config, 'tokenSigningKey' | 'rateLimit'>;
  registry: ScopeRegistry;
  /** Asks a person with a second factor for a code at sign-in. */
  secondFactor: SecondFactorVerifier;
  /** Production scrypt parameters unless given; the test harness passes cheap ones to keep suites fast. */
  passwordHashing?: ScryptParameters;
  /** The time refresh rotation and refusal windows are measured by; tests move it instead of sleeping. */
  clock?: () => Date;
  /** Where the guard records a refusal of an operation whose module keeps a trail of its own (CapabilityModule.refusalRecorder). */
  refusalRecorderOf: GuardDependencies['refusalRecorderOf'];
}

export interface AccountsModule extends CapabilityModule {
  guard: RequestGuard;
  limiterState: LimiterStateOf;
}

export function createAccountsModule(deps: AccountsDependencies): AccountsModule {
  const { db, config } = deps;
  const now = deps.clock ?? (() => new Date());
  const passwords = createPasswordHasher(deps.passwordHashing);
  const accessTokens = createAccessTokens({ signingKey: config.tokenSigningKey });
  const sessions = createSessions({ accessTokens, signingKey: config.tokenSigningKey, now });
  const limiter = createRateLimiter({ counters: deps.counters, failClosed: config.rateLimit.failClosed });
  const perSourceAddress = sourceAddressLimit(limiter, config.rateLimit.authPerMinute);
  const authRoute = (handler: OperationHandler): OperationHandler => limitedPerSourceAddress(perSourceAddress, handler);

  return {
    name: 'accounts',
    handlers: {
      signup: authRoute(signup({ db, passwords, sessions })),
      login: authRoute(login({ db, passwords, sessions, secondFactor: deps.secondFactor, now })),
      refreshSession: authRoute(refreshSession({ db, sessions })),
      exchangeSignInCode: authRoute(exchangeSignInCode({ db, sessions })),
      logout: logout({ db, sessions }),
      getMe: getMe({ db }),
      setActiveOrganization: setActiveOrganization({ db, now }),
      listIdentityAudit: listIdentityAudit({ db }),
    },
    guard: createRequestGuard({ db, accessTokens, sessions, limiter, registry: deps.registry, perMinute: config.rateLimit.perMinute, now, refusalRecorderOf: deps.refusalRecorderOf }),
    limiterState: sourceAddressStateOfUncounted(perSourceAddress),
  };
}
