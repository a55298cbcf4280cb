import type { OperationHandler } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { unauthorized } from '../../../platform/errors.js';
import { personalOrganizationOf } from '../../../organizations/index.js';
import { originOfContext, recordIdentityEvent } from '../../../platform/audit/identity-trail.js';
import type { RefreshCookie } from '../refresh-cookie.js';
import type { Sessions } from '../sessions.js';
import { endIfSsoEnforced, type SsoEnforcementLookup } from '../sso-enforcement.js';

/**
 * POST /api/v1/auth/refresh: a used refresh token for a new pair. Presenting one that
 * was already rotated ends the whole session and is audited in the person's
 * personal organization (spec 6.2); the caller gets the one 401. A password or
 * social session whose address has come under SSO enforcement ends here, at its
 * renewal (spec 5.10), with the same 401. The token comes in the body (the CLI) or, from
 * the dashboard, in its cookie, accepted only with proof the request is the dashboard's
 * own (refresh-cookie.ts: 403 otherwise, and nothing rotates).
 */
export function refreshSession(deps: {
  db: Database;
  sessions: Pick<Sessions, 'rotate' | 'end'>;
  ssoEnforcement: SsoEnforcementLookup;
  refreshCookie: RefreshCookie;
}): OperationHandler<'refreshSession'> {
  return async (ctx) => {
    const refreshToken = ctx.body?.refresh_token ?? deps.refreshCookie.presented(ctx.headers);
    if (refreshToken === undefined) {
      ctx.log.info({ credential_refused: 'no refresh token in the body or a cookie' }, 'refresh refused');
      throw unauthorized();
    }
    const origin = originOfContext(ctx);
    // The transaction commits the ending of a replayed family, or of an enforced session, before the refusal is sent.
    const outcome = await deps.db.transaction(async (tx) => {
      const rotation = await deps.sessions.rotate(tx, refreshToken);
      if (rotation.kind === 'replayed') {
        const personal = await personalOrganizationOf(tx, rotation.userId);
        await recordIdentityEvent(tx, personal, origin, { actor: { userId: rotation.userId }, action: 'session.refresh_replayed', detail: { outcome: 'session ended' } });
      }
      if (rotation.kind === 'rotated' && (await endIfSsoEnforced(tx, deps, rotation.userId, rotation.session, origin))) return { kind: 'sso_enforced' as const };
      return rotation;
    });
    if (outcome.kind !== 'rotated') {
      const reasons = { replayed: 'refresh token replayed', refused: 'refresh token unusable', sso_enforced: 'session ended by SSO enforcement' };
      ctx.log.info({ credential_refused: reasons[outcome.kind] }, 'refresh refused');
      throw unauthorized();
    }
    return deps.refreshCookie.tokensAnswer(200, outcome.tokens, ctx.headers);
  };
}
