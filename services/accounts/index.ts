// Accounts (spec 5): sign-up, sign-in, sessions and who is calling. Besides its
// operations it contributes the facade's two seams: the guard every secured
// operation runs first, and the limiter state added to responses no limit counted.
import type { ScopeRegistry } from '../platform/authorization/permissions.js';
import type { Config } from '../platform/config.js';
import type { Counters } from '../platform/counters/counters.js';
import type { Database } from '../platform/db/database.js';
import type { LimiterStateOf, OperationHandler, RequestGuard } from '../platform/http/handler.js';
import type { Logger } from '../platform/logger.js';
import type { Mailer } from '../platform/mail.js';
import { createMailDeliveryWorker, createMailQueue } from '../platform/mail-queue.js';
import type { CapabilityModule } from '../platform/module.js';
import type { SecondFactorVerifier } from '../identity/second-factor/index.js';
import { createAccessTokens } from './access-tokens.js';
import { createRequestGuard, type DirectoryTokens, type GuardDependencies } from './guard.js';
import { exchangeSignInCode } from './handlers/exchangeSignInCode.js';
import { getMe } from './handlers/getMe.js';
import { listIdentityAudit } from './handlers/listIdentityAudit.js';
import { confirmEmailVerification } from './handlers/confirmEmailVerification.js';
import { confirmPasswordReset } from './handlers/confirmPasswordReset.js';
import { login } from './handlers/login.js';
import { requestEmailVerification } from './handlers/requestEmailVerification.js';
import { requestPasswordReset } from './handlers/requestPasswordReset.js';
import { logout } from './handlers/logout.js';
import { refreshSession } from './handlers/refreshSession.js';
import { setActiveOrganization } from './handlers/setActiveOrganization.js';
import { signup } from './handlers/signup.js';
import { createPasswordHasher, type ScryptParameters } from './passwords.js';
import { createRateLimiter, limitedPerSourceAddress, sourceAddressLimit, sourceAddressStateOfUncounted } from './rate-limiter.js';
import { createSessions } from './sessions.js';
import type { SsoEnforcementLookup } from './sso-enforcement.js';

export type { ScryptParameters } from './passwords.js';
export type { DirectoryTokens } from './guard.js';
// What single sign-on, SCIM and social login do with accounts.
export {
  createAccount,
  markEmailVerified,
  personalOrganizationOfAccount,
  retireUnverifiedAccount,
  type AccountSource,
  type NewAccount,
  type RetirementCause,
  type VerificationEvidence,
} from './account-lifecycle.js';
export { findLiveAccountByEmail, type LiveAccount } from './users.js';
export { issueSignInCode, type SignInCodeGrant } from './sign-in-codes.js';
export { ssoRequired, type SsoEnforcement, type SsoEnforcementLookup } from './sso-enforcement.js';

/** Password reset mails one address may be sent per window, whoever asks. */
export const PASSWORD_RESETS_PER_ADDRESS = 3;
export const PASSWORD_RESET_ADDRESS_WINDOW_MS = 15 * 60_000;

export interface AccountsDependencies {
  db: Database;
  /** Rate-limit counters: Redis in the full profile, memory in the embedded one. */
  counters: Counters;
  config: Pick<Config, 'tokenSigningKey' | 'webhookSecretKey' | 'rateLimit' | 'emailVerificationUrl' | 'passwordResetUrl'>;
  logger: Logger;
  registry: ScopeRegistry;
  /** Asks a person with a second factor for a code at sign-in. */
  secondFactor: SecondFactorVerifier;
  /** Whether SSO is enforced for an address: identity/sso's lookup, handed over by the composition root (sso imports accounts, not the reverse). */
  ssoEnforcement: SsoEnforcementLookup;
  /**
   * Sends the notice of an owner's break-glass sign-in, and, from the workers role,
   * the queued verification and password reset mail.
   */
  mailer: Mailer;
  /** Production scrypt parameters unless given; the test harness passes cheap ones to keep suites fast. */
  passwordHashing?: ScryptParameters;
  /** The time refresh rotation and refusal windows are measured by; tests move it instead of sleeping. */
  clock?: () => Date;
  /** Where the guard records a refusal of an operation whose module keeps a trail of its own (CapabilityModule.refusalRecorder). */
  refusalRecorderOf: GuardDependencies['refusalRecorderOf'];
  /** The SCIM directory's tokens, which the guard admits at /api/scim/v2 (identity/scim's, handed over by services/modules.ts). */
  directoryTokens: DirectoryTokens;
}

export interface AccountsModule extends CapabilityModule {
  guard: RequestGuard;
  limiterState: LimiterStateOf;
  /** The per-source-address limit of the authentication routes, for other open sign-in routes (social login, single sign-on). */
  authRoute: (handler: OperationHandler) => OperationHandler;
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
  const mailQueue = createMailQueue({ secretKey: config.webhookSecretKey });
  // Reset mails per address: a few in a quarter of an hour, whether or not an account has the address.
  const resetsPerAddress = createRateLimiter({ counters: deps.counters, failClosed: config.rateLimit.failClosed, windowMs: PASSWORD_RESET_ADDRESS_WINDOW_MS });

  return {
    name: 'accounts',
    handlers: {
      signup: authRoute(signup({ db, passwords, sessions, ssoEnforcement: deps.ssoEnforcement, mailer: deps.mailer, mailQueue, verificationPageUrl: config.emailVerificationUrl, now })),
      login: authRoute(login({ db, passwords, sessions, secondFactor: deps.secondFactor, ssoEnforcement: deps.ssoEnforcement, mailer: deps.mailer, now })),
      refreshSession: authRoute(refreshSession({ db, sessions, ssoEnforcement: deps.ssoEnforcement })),
      exchangeSignInCode: authRoute(exchangeSignInCode({ db, sessions })),
      logout: logout({ db, sessions }),
      getMe: getMe({ db }),
      setActiveOrganization: setActiveOrganization({ db, now }),
      listIdentityAudit: listIdentityAudit({ db }),
      requestEmailVerification: requestEmailVerification({ db, mailQueue, verificationPageUrl: config.emailVerificationUrl }),
      confirmEmailVerification: authRoute(confirmEmailVerification({ db, passwords })),
      requestPasswordReset: authRoute(
        requestPasswordReset({
          db,
          perAddress: (email, log) => resetsPerAddress.hit(`password-reset-address:${email}`, PASSWORD_RESETS_PER_ADDRESS, log),
          ssoEnforcement: deps.ssoEnforcement,
          mailQueue,
          resetPageUrl: config.passwordResetUrl,
        }),
      ),
      confirmPasswordReset: authRoute(confirmPasswordReset({ db, passwords, ssoEnforcement: deps.ssoEnforcement })),
    },
    workers: (registration) => [createMailDeliveryWorker({ db, mailer: deps.mailer, secretKey: config.webhookSecretKey, logger: deps.logger }, registration)],
    guard: createRequestGuard({ db, accessTokens, sessions, limiter, registry: deps.registry, perMinute: config.rateLimit.perMinute, now, refusalRecorderOf: deps.refusalRecorderOf, directoryTokens: deps.directoryTokens }),
    limiterState: sourceAddressStateOfUncounted(perSourceAddress),
    authRoute,
  };
}
