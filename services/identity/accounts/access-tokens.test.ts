import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens.js';

describe('access tokens', () => {
  const signingKey = randomBytes(32);
  const claims = { sessionId: randomUUID(), userId: randomUUID() };

  it('round-trips the session and person and lives fifteen minutes', () => {
    const tokens = createAccessTokens({ signingKey, now: () => 1_000_000_000_000 });
    const { token, expiresIn } = tokens.issue(claims);
    expect(expiresIn).toBe(900);
    expect(tokens.verify(token)).toEqual({ ...claims, expiresAt: 1_000_000_000 + 900 });
  });

  it('refuses a token once it has expired', () => {
    let now = 1_000_000_000_000;
    const tokens = createAccessTokens({ signingKey, now: () => now });
    const { token } = tokens.issue(claims);
    now += 899_999;
    expect(tokens.verify(token)).toBeDefined();
    now += 1;
    expect(tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token whose claims were altered', () => {
    const tokens = createAccessTokens({ signingKey });
    const [version, , signature] = tokens.issue(claims).token.split('.');
    const forged = Buffer.from(JSON.stringify({ sid: claims.sessionId, sub: randomUUID(), exp: 9_999_999_999 })).toString('base64url');
    expect(tokens.verify(`${version}.${forged}.${signature}`)).toBeUndefined();
  });

  it('refuses every single-character change of the signature', () => {
    const tokens = createAccessTokens({ signingKey });
    const token = tokens.issue(claims).token;
    const signatureStart = token.lastIndexOf('.') + 1;
    for (let i = signatureStart; i < token.length; i += 1) {
      const replacement = token[i] === 'A' ? 'B' : 'A';
      expect(tokens.verify(token.slice(0, i) + replacement + token.slice(i + 1))).toBeUndefined();
    }
  });

  it('refuses a token signed with another key', () => {
    const other = createAccessTokens({ signingKey: randomBytes(32) }).issue(claims).token;
    expect(createAccessTokens({ signingKey }).verify(other)).toBeUndefined();
  });

  it.each(['', 'v1', 'v1..', 'v2.e30.AAAA', 'v1.e30.AAAA.extra', 'not a token at all'])('refuses the malformed %j', (token) => {
    expect(createAccessTokens({ signingKey }).verify(token)).toBeUndefined();
  });
});
