import type { OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { unauthorized } from '../../platform/errors.js';
import { personalOrganizationOf } from '../../organizations/index.js';
import { originOfContext, recordIdentityEvent } from '../../platform/audit/identity-trail.js';
import type { Sessions } from '../sessions.js';

/**
 * POST /api/v1/auth/refresh: a used refresh token for a new pair. Presenting one that
 * was already rotated ends the whole session and is audited in the person's
 * personal organization (spec 6.2); the caller gets the one 401.
 */
export function refreshSession(deps: { db: Database; sessions: Pick<Sessions, 'rotate'> }): OperationHandler {
  return async (ctx) => {
    const { refresh_token: refreshToken } = ctx.body as { refresh_token: string };
    const origin = originOfContext(ctx);
    // The transaction commits the ending of a replayed family before the refusal is sent.
    const outcome = await deps.db.transaction(async (tx) => {
      const rotation = await deps.sessions.rotate(tx, refreshToken);
      if (rotation.kind === 'replayed') {
        const personal = await personalOrganizationOf(tx, rotation.userId);
        await recordIdentityEvent(tx, personal, origin, { actor: { userId: rotation.userId }, action: 'session.refresh_replayed', detail: { outcome: 'session ended' } });
      }
      return rotation;
    });
    if (outcome.kind !== 'rotated') {
      ctx.log.info({ credential_refused: outcome.kind === 'replayed' ? 'refresh token replayed' : 'refresh token unusable' }, 'refresh refused');
      throw unauthorized();
    }
    return { status: 200, body: outcome.tokens };
  };
}
