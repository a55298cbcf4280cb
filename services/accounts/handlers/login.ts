import type { OperationHandler } from '../../platform/http/handler.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { unauthorized } from '../../platform/errors.js';
import { personalOrganizationOf } from '../../organizations/index.js';
import { hasConfirmedSecondFactor, proofOf, secondFactorRequired, type SecondFactorMethod, type SecondFactorVerifier } from '../../identity/second-factor/index.js';
import { originOfContext, recordIdentityEvent, recordRepeatableRefusal } from '../../platform/audit/identity-trail.js';
import type { PasswordHasher } from '../passwords.js';
import type { Sessions } from '../sessions.js';
import { findUserForSignIn } from '../users.js';

interface LoginBody {
  email: string;
  password: string;
  totp_code?: string;
  recovery_code?: string;
}

/**
 * POST /api/v1/auth/login. An unknown email and a wrong password take the same time
 * and get the same 401; only the refusal for a real account is audited (there is
 * no organization to file the other in), counted per window since anyone may try
 * again and again; both are logged. A person with a second factor is signed in only
 * with a code of it too (totp_code or recovery_code): the right password alone is
 * answered with the 401 of rule second_factor_required, and a refused code with the
 * one 401, audited by the second-factor module.
 */
export function login(deps: { db: Database; passwords: PasswordHasher; sessions: Pick<Sessions, 'start'>; secondFactor: SecondFactorVerifier; now: () => Date }): OperationHandler {
  return async (ctx) => {
    const body = ctx.body as LoginBody;
    const proof = proofOf(body);
    const origin = originOfContext(ctx);
    const user = await findUserForSignIn(deps.db, body.email);
    const verified = user?.passwordHash ? await deps.passwords.verify(body.password, user.passwordHash) : await deps.passwords.verifyWithoutAccount(body.password);
    if (!user) {
      ctx.log.info({ sign_in_refused: 'unknown email' }, 'sign-in refused');
      throw unauthorized();
    }
    if (!verified) {
      ctx.log.info({ sign_in_refused: 'wrong password', user_id: user.id }, 'sign-in refused');
      const personal = await personalOrganizationOf(deps.db, user.id);
      const reason = user.passwordHash ? 'wrong password' : 'account has no password';
      await recordRepeatableRefusal(deps.db, personal, origin, { actor: { userId: user.id }, subject: user.id, action: 'session.sign_in_refused', detail: { method: 'password', reason } }, deps.now());
      throw unauthorized();
    }
    const signIn = async (tx: Queryable, secondFactor?: SecondFactorMethod) => {
      const personal = await personalOrganizationOf(tx, user.id);
      await recordIdentityEvent(tx, personal, origin, { actor: { userId: user.id }, action: 'session.signed_in', detail: { method: 'password', ...(secondFactor && { second_factor: secondFactor }) } });
      return deps.sessions.start(tx, user.id, 'password');
    };
    if (!(await hasConfirmedSecondFactor(deps.db, user.id))) return { status: 200, body: await deps.db.transaction((tx) => signIn(tx)) };
    if (!proof) {
      ctx.log.info({ sign_in_refused: 'second factor required', user_id: user.id }, 'sign-in refused');
      throw secondFactorRequired();
    }
    const tokens = await deps.secondFactor.verify(user.id, proof, { purpose: 'sign_in', origin, refusal: unauthorized }, signIn);
    return { status: 200, body: tokens };
  };
}
