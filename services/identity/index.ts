// Identity: who people and machines are and how they prove it. Accounts and sessions
// (accounts/), who is calling (authentication/: the guard, which knows every kind of
// credential, and the sign-in routes' limit), second factors, social login, single
// sign-on, SCIM, directory groups, verified domains, invitations and workloads. The
// folders inside import each other directly; the rest of the code imports this entry
// only. Each folder with operations is a module of its own (its name, its part of the
// API document, its security suite), all built here.
import type { ScopeRegistry } from '../platform/authorization/permissions.js';
import type { Config } from '../platform/config.js';
import type { Counters } from '../platform/counters/counters.js';
import type { Database } from '../platform/db/database.js';
import type { ResolveAll } from '../platform/egress/destination-policy.js';
import type { LimiterStateOf, RequestGuard } from '../platform/http/handler.js';
import type { Logger } from '../platform/logger.js';
import type { Mailer } from '../platform/mail.js';
import type { CapabilityModule } from '../platform/module.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { createAccessTokens, createAccountsModule, createSessions, type AccountsDependencies, type ScryptParameters } from './accounts/index.js';
import { createAuthentication, type AuthenticationDependencies } from './authentication/authentication.js';
import { createDomainsModule, type TxtResolver } from './domains/index.js';
import { createGroupsModule } from './groups/index.js';
import { createInvitationsModule } from './invitations/index.js';
import { createScimModule } from './scim/index.js';
import { createSecondFactorModule, createSecondFactors } from './second-factor/index.js';
import { createSocialLoginModule } from './social-login/index.js';
import { createSsoModule, type SsoConfig } from './sso/index.js';
import { createWorkloadsModule } from './workloads/index.js';

export type { ScryptParameters } from './accounts/index.js';
export { createTxtResolver, type TxtResolver } from './domains/index.js';

export interface IdentityDependencies {
  db: Database;
  codec: CursorCodec;
  logger: Logger;
  /** Rate-limit counters: Redis in the full profile, memory in the embedded one. */
  counters: Counters;
  config: AccountsDependencies['config'] & AuthenticationDependencies['config'] & SsoConfig & Pick<Config, 'tokenSigningKey' | 'socialLogin' | 'signInReturnUrl'>;
  registry: ScopeRegistry;
  /** Verification and password reset links, break-glass notices. */
  mailer: Mailer;
  /** Looks domain verification records up: the configured resolvers in production (createTxtResolver). */
  resolveTxt: TxtResolver;
  /** Resolves identity providers' issuer names; the system resolver unless given. */
  resolveIssuer?: ResolveAll;
  /** Where the guard records a refusal of an operation whose module keeps a trail of its own (CapabilityModule.refusalRecorder). */
  refusalRecorderOf: AuthenticationDependencies['refusalRecorderOf'];
  /** Production scrypt parameters unless given. */
  passwordHashing?: ScryptParameters;
  /** Refresh rotation's grace, refusal windows, TOTP time steps and domain verification times are measured by it; tests move it. */
  clock?: () => Date;
}

export interface Identity {
  modules: CapabilityModule[];
  /** The facade's seams: the guard every secured operation runs first, and the limiter state added to answers no limit counted. */
  guard: RequestGuard;
  limiterState: LimiterStateOf;
}

export function createIdentity(deps: IdentityDependencies): Identity {
  const { db, codec, config, logger, clock } = deps;
  const now = clock ?? (() => new Date());
  const accessTokens = createAccessTokens({ signingKey: config.tokenSigningKey });
  const sessions = createSessions({ accessTokens, signingKey: config.tokenSigningKey, now });
  const authentication = createAuthentication({ db, counters: deps.counters, config, registry: deps.registry, accessTokens, sessions, now, refusalRecorderOf: deps.refusalRecorderOf });
  const { authRoute } = authentication;
  // One service for the module's own operations and for sign-in, which asks enrolled people for a code.
  const secondFactors = createSecondFactors({ db, secretKey: config.webhookSecretKey, counters: deps.counters, failClosed: config.rateLimit.failClosed, logger, now });
  return {
    modules: [
      createAccountsModule({
        db,
        codec,
        logger,
        counters: deps.counters,
        config,
        sessions,
        authRoute,
        secondFactor: secondFactors.verifier,
        mailer: deps.mailer,
        passwordHashing: deps.passwordHashing,
        clock,
      }),
      createSecondFactorModule({ secondFactors }),
      createSocialLoginModule({ db, config, authRoute, clock }),
      createInvitationsModule({ db }),
      createSsoModule({ db, config, authRoute, resolveIssuer: deps.resolveIssuer, clock }),
      createDomainsModule({ db, codec, logger, resolveTxt: deps.resolveTxt, clock }),
      createScimModule({ db, publicUrl: config.publicUrl }),
      createGroupsModule({ db, codec }),
      createWorkloadsModule({ db, registry: deps.registry }),
    ],
    guard: authentication.guard,
    limiterState: authentication.limiterState,
  };
}
