// Short-lived access tokens of browser and CLI sessions: v1.<claims>.<HMAC-SHA256>.
// The signature only proves we issued the token; every request still checks the
// session in the database, so sign-out and family revocation act immediately.
import { createHmac, timingSafeEqual } from 'node:crypto';

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

// The signing key also signs pagination cursors; a purpose label in the MAC input
// keeps a cursor from ever verifying as an access token, and the reverse.
const PURPOSE = 'sentinel access token v1\n';

export interface AccessClaims {
  sessionId: string;
  userId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface AccessTokens {
  /** issuedAtMs (default now) fixes the token: the same claims issued at the same second give the same token. */
  issue(claims: Omit<AccessClaims, 'expiresAt'>, issuedAtMs?: number): { token: string; expiresIn: number };
  /** The claims of an authentic, unexpired token; undefined for anything else. */
  verify(token: string): AccessClaims | undefined;
}

export function createAccessTokens(deps: { signingKey: Buffer; now?: () => number; ttlSeconds?: number }): AccessTokens {
  const now = deps.now ?? Date.now;
  const ttlSeconds = deps.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const sign = (payload: string): Buffer => createHmac('sha256', deps.signingKey).update(PURPOSE).update(payload).digest();

  return {
    issue({ sessionId, userId }, issuedAtMs = now()) {
      const expiresAt = Math.floor(issuedAtMs / 1000) + ttlSeconds;
      const payload = Buffer.from(JSON.stringify({ sid: sessionId, sub: userId, exp: expiresAt })).toString('base64url');
      return { token: `v1.${payload}.${sign(payload).toString('base64url')}`, expiresIn: ttlSeconds };
    },
    verify(token) {
      const [version, payload, signature, ...rest] = token.split('.');
      if (version !== 'v1' || !payload || signature === undefined || rest.length > 0) return undefined;
      // Compared as text, not decoded bytes: base64url decoding ignores stray characters and
      // the unused bits of the last one, which would let altered signatures verify.
      const presented = Buffer.from(signature);
      const expected = Buffer.from(sign(payload).toString('base64url'));
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
      const claims = parseClaims(payload);
      if (!claims || claims.expiresAt <= Math.floor(now() / 1000)) return undefined;
      return claims;
    },
  };
}

function parseClaims(payload: string): AccessClaims | undefined {
  try {
    const { sid, sub, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof sid !== 'string' || typeof sub !== 'string' || typeof exp !== 'number') return undefined;
    return { sessionId: sid, userId: sub, expiresAt: exp };
  } catch {
    return undefined;
  }
}
