import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedCookie, sameSecretValue } from './signed-cookie.js';

describe('signed cookies', () => {
  const signingKey = randomBytes(32);
  let now = new Date('2026-11-28T12:00:00Z');
  const settings = { name: 'sentinel_test', path: '/api/v1/auth/test/', ttlSeconds: 600, purpose: 'test flow v1', signingKey, secure: true, now: () => now };
  const cookie = createSignedCookie<{ state: string }>(settings);
  const valueOf = (setCookie: string) => setCookie.split(';')[0]!;

  it('issues an HttpOnly, SameSite=Lax cookie for its path and lifetime, and reads back what it signed', () => {
    const issued = cookie.issue({ state: 'abc' });
    expect(issued).toMatch(/^sentinel_test=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+; Max-Age=600; Path=\/api\/v1\/auth\/test\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(cookie.read(`other=1; ${valueOf(issued)}; more=2`)).toMatchObject({ state: 'abc' });
    expect(cookie.clear()).toBe('sentinel_test=; Max-Age=0; Path=/api/v1/auth/test/; HttpOnly; SameSite=Lax; Secure');
    expect(createSignedCookie<{ state: string }>({ ...settings, secure: false }).clear()).toBe('sentinel_test=; Max-Age=0; Path=/api/v1/auth/test/; HttpOnly; SameSite=Lax');
  });

  it('reads nothing from a cookie it did not sign, one altered, one of another purpose or key, or one expired', () => {
    const value = valueOf(cookie.issue({ state: 'abc' }));
    const [payload, signature] = value.slice('sentinel_test='.length).split('.');
    const altered = Buffer.from(JSON.stringify({ state: 'xyz', expiresAtMs: now.getTime() + 600_000 })).toString('base64url');
    expect(cookie.read(`sentinel_test=${altered}.${signature}`)).toBeUndefined();
    expect(cookie.read(`sentinel_test=${payload}.${signature!.slice(0, -2)}AA`)).toBeUndefined();
    expect(cookie.read(`sentinel_test=${payload}`)).toBeUndefined();
    expect(cookie.read(`sentinel_test=${payload}.${signature}.extra`)).toBeUndefined();
    expect(cookie.read(undefined)).toBeUndefined();
    expect(cookie.read(`another_name=${payload}.${signature}`)).toBeUndefined();
    expect(createSignedCookie<{ state: string }>({ ...settings, purpose: 'another flow v1' }).read(value)).toBeUndefined();
    expect(createSignedCookie<{ state: string }>({ ...settings, signingKey: randomBytes(32) }).read(value)).toBeUndefined();
    now = new Date(now.getTime() + 600_000);
    expect(cookie.read(value)).toBeUndefined();
  });

  it('compares presented values in constant time, refusing a missing one', () => {
    expect(sameSecretValue('abc', 'abc')).toBe(true);
    expect(sameSecretValue('abd', 'abc')).toBe(false);
    expect(sameSecretValue('abcd', 'abc')).toBe(false);
    expect(sameSecretValue(undefined, 'abc')).toBe(false);
  });
});
