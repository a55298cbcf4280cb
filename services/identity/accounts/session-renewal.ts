// Renewing a session (POST /api/v1/auth/refresh): a used refresh token for a new pair,
// where a replay ends the session and SSO enforcement may end it too.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database.js';
import { unauthorized } from '../../platform/errors.js';
import { personalOrganizationOf } from '../../organizations/index.js';
import { recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { Sessions, TokenPair } from './sessions.js';
import { endIfSsoEnforced, type SsoEnforcementLookup } from './sso-enforcement.js';

export function createSessionRenewal(deps: { db: Database; sessions: Pick<Sessions, 'rotate' | 'end'>; ssoEnforcement: SsoEnforcementLookup }) {
  /**
   * Presenting a refresh token that was already rotated ends the whole session and is
   * audited in the person's personal organization (spec 6.2); the caller gets the one
   * 401. A password or social session whose address has come under SSO enforcement
   * ends here, at its renewal (spec 5.10), with the same 401.
   */
  return async function renewSession(refreshToken: string, origin: RequestOrigin, log: FastifyBaseLogger): Promise<TokenPair> {
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
      log.info({ credential_refused: reasons[outcome.kind] }, 'refresh refused');
      throw unauthorized();
    }
    return outcome.tokens;
  };
}

export type SessionRenewal = ReturnType<typeof createSessionRenewal>;
