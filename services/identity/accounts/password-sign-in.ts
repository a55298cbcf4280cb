// Signing in with an email address and a password (POST /api/v1/auth/login), asked
// for a second factor's code when the person has one, and refused or let past
// single sign-on enforcement (sso-enforcement.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../platform/db/database.js';
import { unauthorized } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { personalOrganizationOf } from '../../organizations/index.js';
import { hasConfirmedSecondFactor, secondFactorRequired, type SecondFactorMethod, type SecondFactorProof, type SecondFactorVerifier } from '../second-factor/index.js';
import { recordIdentityEvent, recordRepeatableRefusal, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { PasswordHasher } from './passwords.js';
import type { Sessions, TokenPair } from './sessions.js';
import { mayBreakGlass, noticeBreakGlass, ssoRequired, type SsoEnforcementLookup } from './sso-enforcement.js';
import { findUserForSignIn } from './users.js';

export interface PasswordSignInDependencies {
  db: Database;
  passwords: PasswordHasher;
  sessions: Pick<Sessions, 'start'>;
  /** Asks a person with a second factor for a code, and spends it with the sign-in. */
  secondFactor: SecondFactorVerifier;
  ssoEnforcement: SsoEnforcementLookup;
  /** Tells the enforcing organization's other owners and admins of a break-glass sign-in. */
  mailer: Mailer;
  now: () => Date;
}

export interface PasswordCredentials {
  email: string;
  password: string;
  /** A code of the person's second factor (totp_code or recovery_code), if the request carries one. */
  proof: SecondFactorProof | undefined;
}

export function createPasswordSignIn(deps: PasswordSignInDependencies) {
  /**
   * A new session for the credentials. An unknown email and a wrong password take the same
   * time and get the same 401; only the refusal for a real account is audited (there is
   * no organization to file the other in), counted per window since anyone may try
   * again and again; both are logged. A person with a second factor is signed in only
   * with a code of it too: the right password alone is answered with the 401 of rule
   * second_factor_required, and a refused code with the one 401, audited by the
   * second-factor module.
   *
   * Under SSO enforcement for the address (spec 5.10) the right password is answered
   * with 403 sso_required, audited in the enforcing organization, unless the person is
   * an owner there with a confirmed second factor (break-glass): they sign in with
   * password and code, recorded as sso_enforcement.bypassed there, and the other owners
   * and admins are told by mail. The password is checked first, so the answer tells
   * nobody without it whether the address is enforced or who may break glass.
   */
  return async function signInWithPassword(credentials: PasswordCredentials, origin: RequestOrigin, log: FastifyBaseLogger): Promise<TokenPair> {
    const { email, password, proof } = credentials;
    const user = await findUserForSignIn(deps.db, email);
    const verified = user?.passwordHash ? await deps.passwords.verify(password, user.passwordHash) : await deps.passwords.verifyWithoutAccount(password);
    if (!user) {
      log.info({ sign_in_refused: 'unknown email' }, 'sign-in refused');
      throw unauthorized();
    }
    if (!verified) {
      log.info({ sign_in_refused: 'wrong password', user_id: user.id }, 'sign-in refused');
      const personal = await personalOrganizationOf(deps.db, user.id);
      const reason = user.passwordHash ? 'wrong password' : 'account has no password';
      await recordRepeatableRefusal(deps.db, personal, origin, { actor: { userId: user.id }, subject: user.id, action: 'session.sign_in_refused', detail: { method: 'password', reason } }, deps.now());
      throw unauthorized();
    }
    const enforcement = await deps.ssoEnforcement(deps.db, user.email);
    const breakGlass = enforcement !== undefined && (await mayBreakGlass(deps.db, user.id, enforcement));
    if (enforcement && !breakGlass) {
      log.info({ sign_in_refused: 'sso required', user_id: user.id }, 'sign-in refused');
      // Only someone holding the password gets here, and they may repeat it at will: counted per window.
      await recordRepeatableRefusal(
        deps.db,
        enforcement.orgId,
        origin,
        { actor: { userId: user.id }, subject: user.id, action: 'sso_enforcement.sign_in_refused', detail: { method: 'password', domain: enforcement.domain } },
        deps.now(),
      );
      throw ssoRequired();
    }
    const signIn = async (tx: Queryable, secondFactor?: SecondFactorMethod) => {
      const personal = await personalOrganizationOf(tx, user.id);
      await recordIdentityEvent(tx, personal, origin, {
        actor: { userId: user.id },
        action: 'session.signed_in',
        detail: { method: 'password', ...(secondFactor && { second_factor: secondFactor }), ...(breakGlass && { sso_bypassed_org_id: enforcement.orgId }) },
      });
      if (breakGlass) {
        await recordIdentityEvent(tx, enforcement.orgId, origin, {
          actor: { userId: user.id },
          action: 'sso_enforcement.bypassed',
          detail: { method: 'password', second_factor: secondFactor, domain: enforcement.domain },
        });
      }
      return deps.sessions.start(tx, user.id, 'password', breakGlass ? { ssoBypassOrgId: enforcement.orgId } : {});
    };
    if (!(await hasConfirmedSecondFactor(deps.db, user.id))) return deps.db.transaction((tx) => signIn(tx));
    if (!proof) {
      log.info({ sign_in_refused: 'second factor required', user_id: user.id }, 'sign-in refused');
      throw secondFactorRequired();
    }
    const tokens = await deps.secondFactor.verify(user.id, proof, { purpose: 'sign_in', origin, refusal: unauthorized }, signIn);
    if (breakGlass) await noticeBreakGlass({ db: deps.db, mailer: deps.mailer, log }, user, enforcement, deps.now());
    return tokens;
  };
}

export type PasswordSignIn = ReturnType<typeof createPasswordSignIn>;
