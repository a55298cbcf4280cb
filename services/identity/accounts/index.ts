// Accounts (spec 5): sign-up, sign-in, sessions, email verification and password
// resets, and the queued mail they send. Its sign-in routes share the authentication
// routes' limit per source address (identity/authentication).
import type { Config } from '../../platform/config.js';
import type { Counters } from '../../platform/counters/counters.js';
import type { Database } from '../../platform/db/database.js';
import type { OperationHandler, OperationId } from '../../platform/http/handler.js';
import type { Logger } from '../../platform/logger.js';
import type { Mailer } from '../../platform/mail.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { createMailDeliveryWorker, createMailQueue } from '../../platform/mail-queue.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { SecondFactorVerifier } from '../second-factor/index.js';
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
import { createActingOrganization } from './acting-organization.js';
import { createEmailVerificationService } from './email-verification-service.js';
import { createIdentityAuditPages } from './identity-audit-pages.js';
import { createPasswordHasher, type ScryptParameters } from './passwords.js';
import { createPasswordResetService } from './password-reset-service.js';
import { createPasswordSignIn } from './password-sign-in.js';
import { createRefreshCookie } from './refresh-cookie.js';
import { createRateLimiter } from './rate-limiter.js';
import { createSessionRenewal } from './session-renewal.js';
import type { Sessions } from './sessions.js';
import { createSignUp } from './sign-up.js';
import { ssoEnforcementFor } from './sso-enforcement-lookup.js';

export type { ScryptParameters } from './passwords.js';
export { createAccessTokens } from './access-tokens.js';
export { createSessions } from './sessions.js';
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
export { ssoRequired } from './sso-enforcement.js';
export { ssoEnforcementFor } from './sso-enforcement-lookup.js';

/** Password reset mails one address may be sent per window, whoever asks. */
const PASSWORD_RESETS_PER_ADDRESS = 3;
const PASSWORD_RESET_ADDRESS_WINDOW_MS = 15 * 60_000;

export interface AccountsDependencies {
  db: Database;
  /** The shared cursor codec, for the identity audit trail's pages. */
  codec: CursorCodec;
  /** The counters of the password reset limit per address: Redis in the full profile, memory in the embedded one. */
  counters: Counters;
  config: Pick<Config, 'webhookSecretKey' | 'rateLimit' | 'emailVerificationUrl' | 'passwordResetUrl' | 'publicUrl'>;
  logger: Logger;
  /** Issues, renews and ends sessions; the guard checks the same ones. */
  sessions: Sessions;
  /** The authentication routes' limit per source address (identity/authentication). */
  authRoute: <Id extends OperationId>(handler: OperationHandler<Id>) => OperationHandler<Id>;
  /** Asks a person with a second factor for a code at sign-in. */
  secondFactor: SecondFactorVerifier;
  /**
   * Sends the notice of an owner's break-glass sign-in, and, from the workers role,
   * the queued verification and password reset mail.
   */
  mailer: Mailer;
  /** Production scrypt parameters unless given; the test harness passes cheap ones to keep suites fast. */
  passwordHashing?: ScryptParameters;
  /** The time refresh rotation is measured by; tests move it instead of sleeping. */
  clock?: () => Date;
}

export function createAccountsModule(deps: AccountsDependencies): CapabilityModule {
  const { db, config, sessions, authRoute } = deps;
  const now = deps.clock ?? (() => new Date());
  const passwords = createPasswordHasher(deps.passwordHashing);
  const refreshCookie = createRefreshCookie(config.publicUrl);
  const mailQueue = createMailQueue({ secretKey: config.webhookSecretKey });
  // Reset mails per address: a few in a quarter of an hour, whether or not an account has the address.
  const resetsPerAddress = createRateLimiter({ counters: deps.counters, failClosed: config.rateLimit.failClosed, windowMs: PASSWORD_RESET_ADDRESS_WINDOW_MS });
  const signInWithPassword = createPasswordSignIn({ db, passwords, sessions, secondFactor: deps.secondFactor, ssoEnforcement: ssoEnforcementFor, mailer: deps.mailer, now });
  const signUp = createSignUp({ db, passwords, sessions, ssoEnforcement: ssoEnforcementFor, mailQueue, verificationPageUrl: config.emailVerificationUrl, now });
  const renewSession = createSessionRenewal({ db, sessions, ssoEnforcement: ssoEnforcementFor });
  const actingOrganization = createActingOrganization({ db, now });
  const emailVerification = createEmailVerificationService({ db, passwords, mailQueue, verificationPageUrl: config.emailVerificationUrl });
  const passwordResets = createPasswordResetService({
    db,
    passwords,
    perAddress: (email, log) => resetsPerAddress.hit(`password-reset-address:${email}`, PASSWORD_RESETS_PER_ADDRESS, log),
    ssoEnforcement: ssoEnforcementFor,
    mailQueue,
    resetPageUrl: config.passwordResetUrl,
  });

  return {
    name: 'identity/accounts',
    handlers: {
      signup: authRoute(signup({ signUp, refreshCookie })),
      login: authRoute(login({ signInWithPassword, refreshCookie })),
      refreshSession: authRoute(refreshSession({ renewSession, refreshCookie })),
      exchangeSignInCode: authRoute(exchangeSignInCode({ db, sessions, refreshCookie })),
      logout: logout({ db, sessions, refreshCookie }),
      getMe: getMe({ actingOrganization }),
      setActiveOrganization: setActiveOrganization({ actingOrganization }),
      listIdentityAudit: listIdentityAudit({ identityAuditPage: createIdentityAuditPages({ db, codec: deps.codec }) }),
      requestEmailVerification: requestEmailVerification({ emailVerification }),
      confirmEmailVerification: authRoute(confirmEmailVerification({ emailVerification })),
      requestPasswordReset: authRoute(requestPasswordReset({ passwordResets })),
      confirmPasswordReset: authRoute(confirmPasswordReset({ passwordResets })),
    },
    workers: (registration) => [createMailDeliveryWorker({ db, mailer: deps.mailer, secretKey: config.webhookSecretKey, logger: deps.logger }, registration)],
  };
}
