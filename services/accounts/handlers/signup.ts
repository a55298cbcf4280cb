import type { OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { conflict } from '../../platform/errors.js';
import { createOrganization } from '../../organizations/index.js';
import { originOfContext, recordIdentityEvent } from '../../platform/audit/identity-trail.js';
import type { PasswordHasher } from '../passwords.js';
import type { Sessions } from '../sessions.js';
import { createUser } from '../users.js';

interface SignupBody {
  email: string;
  password: string;
  name: string;
}

/** POST /api/v1/auth/signup: an account, its personal organization on the Free plan, and a first session. */
export function signup(deps: { db: Database; passwords: PasswordHasher; sessions: Pick<Sessions, 'start'> }): OperationHandler {
  return async (ctx) => {
    const body = ctx.body as SignupBody;
    const origin = originOfContext(ctx);
    const passwordHash = await deps.passwords.hash(body.password);
    const tokens = await deps.db.transaction(async (tx) => {
      const userId = await createUser(tx, { email: body.email, name: body.name, passwordHash });
      if (userId === undefined) return undefined;
      const personal = await createOrganization(tx, { name: `${body.name} (personal)`.slice(0, 100), creatorUserId: userId, personal: true });
      await recordIdentityEvent(tx, personal.id, origin, { actor: { userId }, action: 'user.signed_up' });
      await recordIdentityEvent(tx, personal.id, origin, { actor: { userId }, action: 'session.signed_in', detail: { method: 'password' } });
      return deps.sessions.start(tx, userId, 'password');
    });
    // Says the address is taken: without verified email there is no way to hide it
    // that still lets a person sign up, and the auth-route limit slows harvesting.
    if (!tokens) throw conflict('an account with this email address already exists');
    return { status: 201, body: tokens };
  };
}
