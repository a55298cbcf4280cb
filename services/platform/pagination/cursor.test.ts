import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asOrgId } from '../../../test/support/org-ids.js';
import { AppError, toHttpError } from '../errors.js';
import { canonicalJson } from './canonical-json.js';
import { createCursorCodec, CURSOR_TTL_MS, MAX_CURSOR_LENGTH, type CursorScope } from './cursor.js';

const signingKey = Buffer.alloc(32, 7);
const issuedAt = Date.parse('2025-03-01T12:00:00Z');
const orgA = asOrgId('0b6f2a53-5d0c-4b8e-9a41-0c1f6a3c2e10');
const orgB = asOrgId('7d0e8a11-2b6f-4c3a-8e5d-9f1a2b3c4d5e');
const scope: CursorScope = { orgId: orgA, listing: 'findings', order: 'recent', filters: { status: ['open', 'triaged'], severity: ['high'] } };
const position = ['2025-03-01T11:59:58.123456+00:00', '3f1c0c1e-8a0b-4c55-b1c7-0e5f3a9d2b11'];

let clock = issuedAt;
// A pass-through spy: proves an oversized cursor never reaches the HMAC.
const countedHmac = vi.fn(createHmac);
const codec = createCursorCodec({ signingKey, now: () => clock, createHmac: countedHmac });

/** The HTTP response a decode failure turns into, as the bytes a client would receive. */
function responseFor(attempt: () => unknown): string {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { status, body, headers } = toHttpError(error);
    return JSON.stringify({ status, body, headers });
  }
  throw new Error('expected the cursor to be refused');
}

describe('cursor codec', () => {
  beforeEach(() => {
    clock = issuedAt;
    countedHmac.mockClear();
  });

  it('round-trips the position for the same scope and stays compact', () => {
    const cursor = codec.encode({ ...scope, position });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(cursor.length).toBeLessThan(200);
    expect(codec.decode(cursor, scope)).toEqual(position);
  });

  it('treats filters order-insensitively: key order and list member order do not matter', () => {
    const cursor = codec.encode({ ...scope, position });
    const reordered = { severity: ['high'], status: ['triaged', 'open'], asset_id: undefined };
    expect(codec.decode(cursor, { ...scope, filters: reordered })).toEqual(position);
  });

  it('answers every unusable cursor with one byte-identical 400', () => {
    const valid = codec.encode({ ...scope, position });
    const [payload, signature] = valid.split('.') as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const otherKey = createCursorCodec({ signingKey: Buffer.alloc(32, 8), now: () => clock }).encode({ ...scope, position });
    const issuedLongAgo = createCursorCodec({ signingKey, now: () => issuedAt - CURSOR_TTL_MS }).encode({ ...scope, position });

    const causes: Record<string, () => unknown> = {
      expired: () => codec.decode(issuedLongAgo, scope),
      'forged payload': () => codec.decode(`${flip(payload, 5)}.${signature}`, scope),
      'forged signature': () => codec.decode(`${payload}.${flip(signature, 10)}`, scope),
      'signed with another key': () => codec.decode(otherKey, scope),
      'truncated signature': () => codec.decode(`${payload}.${signature.slice(0, -1)}`, scope),
      'no signature': () => codec.decode(payload, scope),
      'extra segment': () => codec.decode(`${valid}.x`, scope),
      'not base64url': () => codec.decode(`${payload}+.${signature}`, scope),
      garbage: () => codec.decode('not a cursor', scope),
      empty: () => codec.decode('', scope),
      'wrong tenant': () => codec.decode(valid, { ...scope, orgId: orgB }),
      'wrong listing': () => codec.decode(valid, { ...scope, listing: 'scans' }),
      'wrong order': () => codec.decode(valid, { ...scope, order: 'severity' }),
      'filter value changed': () => codec.decode(valid, { ...scope, filters: { status: ['open'], severity: ['high'] } }),
      'filter added': () => codec.decode(valid, { ...scope, filters: { ...scope.filters, q: 'openssl' } }),
      'too long': () => codec.decode('a'.repeat(MAX_CURSOR_LENGTH + 1), scope),
    };
    const responses = Object.entries(causes).map(([cause, attempt]) => ({ cause, response: responseFor(attempt) }));
    const expected = JSON.stringify({ status: 400, body: { error: 'invalid or expired cursor', code: 'validation_failed' }, headers: {} });
    for (const { cause, response } of responses) expect({ cause, response }).toEqual({ cause, response: expected });
  });

  it('expires a cursor 24 hours after it was issued', () => {
    const cursor = codec.encode({ ...scope, position });
    clock = issuedAt + CURSOR_TTL_MS - 1000;
    expect(codec.decode(cursor, scope)).toEqual(position);
    clock = issuedAt + CURSOR_TTL_MS;
    expect(() => codec.decode(cursor, scope)).toThrow('invalid or expired cursor');
  });

  it('refuses a cursor longer than 4096 characters before any cryptographic work', () => {
    const oversized = `${'a'.repeat(MAX_CURSOR_LENGTH - 44)}.${'b'.repeat(44)}`;
    expect(oversized.length).toBe(MAX_CURSOR_LENGTH + 1);
    expect(() => codec.decode(oversized, scope)).toThrow('invalid or expired cursor');
    expect(countedHmac).not.toHaveBeenCalled();

    // Control: one character shorter, the same shape reaches the signature check.
    expect(() => codec.decode(oversized.slice(1), scope)).toThrow('invalid or expired cursor');
    expect(countedHmac).toHaveBeenCalledTimes(1);
  });

  it('binds the organization: a cursor issued to one tenant is refused for another', () => {
    const cursor = codec.encode({ ...scope, position });
    expect(responseFor(() => codec.decode(cursor, { ...scope, orgId: orgB }))).toBe(responseFor(() => codec.decode('forged.cursor', scope)));
  });
});

describe('canonicalJson', () => {
  it('sorts keys and list members, removes duplicates and drops absent members', () => {
    expect(canonicalJson({ b: [2, 1, 2], a: { y: null, x: 'v' }, c: undefined })).toBe('{"a":{"x":"v"},"b":[1,2]}');
  });

  it('keeps values that differ apart', () => {
    expect(canonicalJson({ q: 'a,b' })).not.toBe(canonicalJson({ q: 'b,a' }));
    expect(canonicalJson({ n: 1 })).not.toBe(canonicalJson({ n: '1' }));
    expect(canonicalJson([['a', 'b']])).toBe(canonicalJson([['b', 'a']]));
  });

  it('writes a value nested far deeper than a recursive walk could go (a customer report an import fingerprints)', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);
    expect(canonicalJson(deep)).toBe(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);
    expect(canonicalJson({ b: [{ d: 1, c: [3, 3, 2] }, null], a: new Date(0) })).toBe('{"a":"1970-01-01T00:00:00.000Z","b":[{"c":[2,3],"d":1}]}');
  });
});
