// Sessions of browsers and the CLI. A sign-in starts a session: one family of
// rotating refresh tokens. Each refresh token rotates once; presenting a rotated one
// again means it was copied, so the whole family ends (RFC 6819 5.2.2.3), unless it
// comes back within a short grace: two tabs refreshing at once are one person, and
// every one of them gets the same new pair.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import type { AccessClaims, AccessTokens } from './access-tokens.js';
import { newSecret, secretDigest } from '../../platform/crypto/secrets.js';

type SignInMethod = 'password' | 'social' | 'sso';

/** The body of every successful sign-in and refresh: the dashboard and the CLI read the same fields. */
export interface TokenPair {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds the access token is valid. */
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
}

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** How long after a rotation the rotated token still answers the pair that rotation issued. */
export const REFRESH_GRACE_MS = 10_000;
const REFRESH_TOKEN_PREFIX = 'snr_';
// The successor of a refresh token is derived from it (HMAC under the token signing
// key), so a presentation within the grace can be answered with the same pair while
// only digests are stored. The label keeps this MAC apart from access tokens and cursors.
const SUCCESSOR_PURPOSE = 'sentinel refresh successor v1\n';

type RotationOutcome =
  | { kind: 'rotated'; userId: string; tokens: TokenPair; session: RenewedSession }
  /** A rotated token came back: the family has just been ended. */
  | { kind: 'replayed'; userId: string }
  /** Unknown, expired, or of a session that already ended. */
  | { kind: 'refused' };

/** What a renewal may have to judge: SSO enforcement ends password and social sessions at their next renewal. */
export interface RenewedSession {
  id: string;
  method: SignInMethod;
  /** The person's address now. */
  email: string;
  /** Set on a break-glass session: the organization whose enforcement its owner signed in past. */
  ssoBypassOrgId: string | null;
}

type SessionEndReason = 'signed_out' | 'refresh_replayed' | 'sso_enforced';

export interface Sessions {
  /**
   * Starts a session for a person who has just proved who they are; in the caller's transaction.
   * A break-glass sign-in names the organization whose SSO enforcement it passed.
   */
  start(tx: Queryable, userId: string, method: SignInMethod, options?: { ssoBypassOrgId?: OrgId }): Promise<TokenPair>;
  /**
   * Trades a refresh token for a new pair; within REFRESH_GRACE_MS of its rotation the
   * same token answers the same pair again. Run it in a transaction: it locks the token.
   */
  rotate(tx: Queryable, refreshToken: string): Promise<RotationOutcome>;
  end(tx: Queryable, sessionId: string, reason: SessionEndReason): Promise<void>;
  /** Whether the session an authentic access token names is still going, checked on every request. */
  isLive(q: Queryable, claims: AccessClaims): Promise<boolean>;
}

export function createSessions(deps: { accessTokens: AccessTokens; signingKey: Buffer; now: () => Date }): Sessions {
  const successorOf = (refreshToken: string): string =>
    `${REFRESH_TOKEN_PREFIX}${createHmac('sha256', deps.signingKey).update(SUCCESSOR_PURPOSE).update(refreshToken).digest('base64url')}`;

  const storeRefreshToken = async (tx: Queryable, refreshToken: string, sessionId: string, issuedAt: Date): Promise<void> => {
    await tx.query(`INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3::timestamptz + make_interval(secs => $4))`, [
      secretDigest(refreshToken),
      sessionId,
      issuedAt,
      REFRESH_TOKEN_TTL_SECONDS,
    ]);
  };

  /** The pair of a refresh token and an access token issued at the same instant: the same inputs give the same pair. */
  const pairOf = (refreshToken: string, sessionId: string, userId: string, issuedAt: Date): TokenPair => {
    const access = deps.accessTokens.issue({ sessionId, userId }, issuedAt.getTime());
    return { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, refresh_token: refreshToken, refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS };
  };

  const end: Sessions['end'] = async (tx, sessionId, reason) => {
    await tx.query('UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE id = $1 AND ended_at IS NULL', [sessionId, reason]);
  };

  return {
    async start(tx, userId, method, options = {}) {
      const { rows } = await tx.query<{ id: string }>('INSERT INTO sessions (user_id, method, sso_bypass_org_id) VALUES ($1, $2, $3) RETURNING id', [
        userId,
        method,
        options.ssoBypassOrgId ?? null,
      ]);
      const sessionId = rows[0]!.id;
      const refreshToken = newSecret(REFRESH_TOKEN_PREFIX);
      const issuedAt = deps.now();
      await storeRefreshToken(tx, refreshToken, sessionId, issuedAt);
      return pairOf(refreshToken, sessionId, userId, issuedAt);
    },

    async rotate(tx, refreshToken) {
      const now = deps.now();
      const presentedHash = secretDigest(refreshToken);
      // The row lock queues concurrent presentations of one token: the first rotates, the others see its rotation.
      const { rows } = await tx.query<{
        session_id: string;
        user_id: string;
        method: SignInMethod;
        email: string;
        sso_bypass_org_id: string | null;
        rotated_at: Date | string | null;
        successor_hash: Uint8Array | null;
        usable: boolean;
      }>(
        `SELECT rt.session_id, s.user_id, s.method, u.email, s.sso_bypass_org_id, rt.rotated_at, rt.successor_hash,
                (rt.expires_at > $2 AND s.ended_at IS NULL AND u.retired_at IS NULL) AS usable
           FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id JOIN users u ON u.id = s.user_id
          WHERE rt.token_hash = $1
            FOR UPDATE OF rt`,
        [presentedHash, now],
      );
      const token = rows[0];
      if (!token || !token.usable) return { kind: 'refused' };
      const session: RenewedSession = { id: token.session_id, method: token.method, email: token.email, ssoBypassOrgId: token.sso_bypass_org_id };
      const successor = successorOf(refreshToken);
      if (token.rotated_at !== null) {
        const rotatedAt = new Date(token.rotated_at);
        const withinGrace = now.getTime() - rotatedAt.getTime() <= REFRESH_GRACE_MS;
        // Rows rotated before successors were recorded have none, and are replays as before.
        if (withinGrace && token.successor_hash !== null && sameDigest(token.successor_hash, secretDigest(successor))) {
          return { kind: 'rotated', userId: token.user_id, tokens: pairOf(successor, token.session_id, token.user_id, rotatedAt), session };
        }
        await end(tx, token.session_id, 'refresh_replayed');
        return { kind: 'replayed', userId: token.user_id };
      }
      await tx.query('UPDATE refresh_tokens SET rotated_at = $2, successor_hash = $3 WHERE token_hash = $1', [presentedHash, now, secretDigest(successor)]);
      await storeRefreshToken(tx, successor, token.session_id, now);
      return { kind: 'rotated', userId: token.user_id, tokens: pairOf(successor, token.session_id, token.user_id, now), session };
    },

    end,

    async isLive(q, claims) {
      // The account's state too: a sign-in that read the account just before its retirement committed may still have started a session.
      const { rows } = await q.query(
        'SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND u.retired_at IS NULL',
        [claims.sessionId, claims.userId],
      );
      return rows.length > 0;
    },
  };
}

function sameDigest(stored: Uint8Array, expected: Buffer): boolean {
  return stored.length === expected.length && timingSafeEqual(stored, expected);
}
