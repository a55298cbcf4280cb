// Pagination cursors (spec 4.9 rule 4): a signed keyset position, bound to the
// tenant, the listing, the order and the filter set, valid for 24 hours.
//
// Format: <payload>.<signature>, both base64url. The payload carries only the
// issue time and the position; the binding (organization, listing, order,
// filter digest) is not written into the cursor but into the HMAC input, and is
// supplied again by the request that presents it. Any difference fails the
// signature, which keeps cursors short and gives every cause one answer.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { OrgId } from '../db/database.js';
import { AppError } from '../errors.js';
import { canonicalDigest } from './canonical-json.js';

export const MAX_CURSOR_LENGTH = 4096;
export const CURSOR_TTL_MS = 24 * 60 * 60 * 1000;

// The token signing key also signs access tokens; a purpose label of its own keeps
// a cursor from ever verifying as a token, and the reverse.
const PURPOSE = 'sentinel pagination cursor v1\n';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What a cursor is bound to. The same values must be passed to encode and decode. */
export interface CursorScope {
  orgId: OrgId;
  /** The listing, e.g. 'findings' or 'asset-findings:<asset id>'. */
  listing: string;
  order: string;
  /** The listing's filters; compared order-insensitively (see canonicalJson). */
  filters: Record<string, unknown>;
}

export interface CursorCodec {
  encode(cursor: CursorScope & { position: unknown }): string;
  /** The position signed into an authentic, unexpired cursor for this scope; throws invalidCursor() otherwise. */
  decode(cursor: string, scope: CursorScope): unknown;
}

/**
 * The one answer for every unusable cursor: forged, malformed, expired, too long,
 * or issued for another tenant, listing, order or filter set. Telling them apart
 * would let a caller probe other tenants' cursors or our key; restarting the
 * listing is the fix for all of them.
 */
export const invalidCursor = (): AppError => new AppError('validation_failed', 'invalid or expired cursor');

/** Refuses an oversized cursor before any decoding or cryptographic work is spent on it. */
export function assertCursorLength(cursor: string): void {
  if (cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor();
}

export function createCursorCodec(deps: {
  signingKey: Buffer;
  now?: () => number;
  /** node:crypto's createHmac unless given; a test passes a counting wrapper to see when signatures are computed. */
  createHmac?: typeof createHmac;
}): CursorCodec {
  const now = deps.now ?? Date.now;
  const hmac = deps.createHmac ?? createHmac;
  // One key object for every signature: made from the bytes on each call, it cost a key import per cursor.
  const signingKey = createSecretKey(deps.signingKey);
  const sign = (scope: CursorScope, payload: string): string =>
    hmac('sha256', signingKey)
      .update(PURPOSE)
      .update(JSON.stringify([scope.orgId, scope.listing, scope.order, canonicalDigest(scope.filters)]))
      .update('\n')
      .update(payload)
      .digest('base64url');

  return {
    encode({ position, ...scope }) {
      const payload = Buffer.from(JSON.stringify({ iat: Math.floor(now() / 1000), pos: position })).toString('base64url');
      const cursor = `${payload}.${sign(scope, payload)}`;
      // A position is a few keys (timestamps, ids); one this large is a listing bug.
      if (cursor.length > MAX_CURSOR_LENGTH) throw new Error(`cursor for ${scope.listing} exceeds ${MAX_CURSOR_LENGTH} characters`);
      return cursor;
    },

    decode(cursor, scope) {
      assertCursorLength(cursor);
      const [payload, signature, ...rest] = cursor.split('.');
      if (!payload || !signature || rest.length > 0 || !BASE64URL.test(payload) || !BASE64URL.test(signature)) throw invalidCursor();
      // Compared as text, not decoded bytes: base64url decoding ignores the unused
      // bits of the last character, which would let altered signatures verify.
      const presented = Buffer.from(signature);
      const expected = Buffer.from(sign(scope, payload));
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw invalidCursor();
      const claims = parsePayload(payload);
      if (!claims || now() - claims.issuedAtMs >= CURSOR_TTL_MS) throw invalidCursor();
      return claims.position;
    },
  };
}

function parsePayload(payload: string): { issuedAtMs: number; position: unknown } | undefined {
  try {
    const { iat, pos } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat?: unknown; pos?: unknown };
    if (typeof iat !== 'number' || !Number.isSafeInteger(iat)) return undefined;
    return { issuedAtMs: iat * 1000, position: pos };
  } catch {
    return undefined;
  }
}
