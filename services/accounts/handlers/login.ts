import type { OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { unauthorized } from '../../platform/errors.js';
import { personalOrganizationOf } from '../../organizations/index.js';
import { originOfContext, recordIdentityEvent, recordRepeatableRefusal } from '../../platform/audit/identity-trail.js';
import type { PasswordHasher } from '../passwords.js';
import type { Sessions } from '../sessions.js';
import { findUserForSignIn } from '../users.js';

interface LoginBody {
  email: string;
  password: string;
}

/**
 * POST /api/v1/auth/login. An unknown email and a wrong password take the same time
 * and get the same 401; only the refusal for a real account is audited (there is
 * no organization to file the other in), counted per window since anyone may try
 * again and again; both are logged.
 */
export function login(deps: { db: Database; passwords: PasswordHasher; sessions: Pick<Sessions, 'start'>; now: () => Date }): OperationHandler {
  return async (ctx) => {
    const body = ctx.body as LoginBody;
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
    const tokens = await deps.db.transaction(async (tx) => {
      const personal = await personalOrganizationOf(tx, user.id);
      await recordIdentityEvent(tx, personal, origin, { actor: { userId: user.id }, action: 'session.signed_in', detail: { method: 'password' } });
      return deps.sessions.start(tx, user.id, 'password');
    });
    return { status: 200, body: tokens };
  };
}
