// Sessions of browsers and the CLI. A sign-in starts a session: one family of
// rotating refresh tokens. Each refresh token works once; presenting a rotated one
// again means it was copied, so the whole family ends (RFC 6819 5.2.2.3).
import type { Queryable } from '../platform/db/database.js';
import type { AccessClaims, AccessTokens } from './access-tokens.js';
import { newSecret, secretDigest } from '../platform/crypto/secrets.js';

export type SignInMethod = 'password' | 'social' | 'sso';

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
const REFRESH_TOKEN_PREFIX = 'snr_';

export type RotationOutcome =
  | { kind: 'rotated'; userId: string; tokens: TokenPair }
  /** A rotated token came back: the family has just been ended. */
  | { kind: 'replayed'; userId: string }
  /** Unknown, expired, or of a session that already ended. */
  | { kind: 'refused' };

export interface Sessions {
  /** Starts a session for a person who has just proved who they are; in the caller's transaction. */
  start(tx: Queryable, userId: string, method: SignInMethod): Promise<TokenPair>;
  /** Trades a refresh token for a new pair. Run it in a transaction: it locks the token. */
  rotate(tx: Queryable, refreshToken: string): Promise<RotationOutcome>;
  end(tx: Queryable, sessionId: string, reason: 'signed_out' | 'refresh_replayed'): Promise<void>;
  /** Whether the session an authentic access token names is still going, checked on every request. */
  isLive(q: Queryable, claims: AccessClaims): Promise<boolean>;
}

export function createSessions(deps: { accessTokens: AccessTokens }): Sessions {
  const issuePair = async (tx: Queryable, sessionId: string, userId: string): Promise<TokenPair> => {
    const refreshToken = newSecret(REFRESH_TOKEN_PREFIX);
    await tx.query(`INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      secretDigest(refreshToken),
      sessionId,
      REFRESH_TOKEN_TTL_SECONDS,
    ]);
    const access = deps.accessTokens.issue({ sessionId, userId });
    return { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, refresh_token: refreshToken, refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS };
  };

  const end: Sessions['end'] = async (tx, sessionId, reason) => {
    await tx.query('UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE id = $1 AND ended_at IS NULL', [sessionId, reason]);
  };

  return {
    async start(tx, userId, method) {
      const { rows } = await tx.query<{ id: string }>('INSERT INTO sessions (user_id, method) VALUES ($1, $2) RETURNING id', [userId, method]);
      return issuePair(tx, rows[0]!.id, userId);
    },

    async rotate(tx, refreshToken) {
      const { rows } = await tx.query<{ session_id: string; user_id: string; rotated: boolean; usable: boolean }>(
        `SELECT rt.session_id, s.user_id, rt.rotated_at IS NOT NULL AS rotated,
                (rt.expires_at > now() AND s.ended_at IS NULL) AS usable
           FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
          WHERE rt.token_hash = $1
            FOR UPDATE OF rt`,
        [secretDigest(refreshToken)],
      );
      const token = rows[0];
      if (!token || !token.usable) return { kind: 'refused' };
      if (token.rotated) {
        await end(tx, token.session_id, 'refresh_replayed');
        return { kind: 'replayed', userId: token.user_id };
      }
      await tx.query('UPDATE refresh_tokens SET rotated_at = now() WHERE token_hash = $1', [secretDigest(refreshToken)]);
      return { kind: 'rotated', userId: token.user_id, tokens: await issuePair(tx, token.session_id, token.user_id) };
    },

    end,

    async isLive(q, claims) {
      const { rows } = await q.query('SELECT 1 FROM sessions WHERE id = $1 AND user_id = $2 AND ended_at IS NULL', [claims.sessionId, claims.userId]);
      return rows.length > 0;
    },
  };
}
