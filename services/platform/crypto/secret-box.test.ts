import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError, type SecretBoxFailure } from './secret-box.js';

const keyOne = randomBytes(32);
const keyTwo = randomBytes(32);
const box = new SecretBox({ activeKeyId: 1, keys: new Map([[1, keyOne]]) });
const row = 'webhook_endpoint:org_a:ep_1';
const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';

function failure(open: () => unknown): SecretBoxFailure | undefined {
  try {
    open();
  } catch (error) {
    if (error instanceof SecretBoxError) return error.reason;
    throw error;
  }
  return undefined;
}

/** Flips one bit of the binary payload at `index` (iv 0-11, tag 12-27, ciphertext 28-). */
function flipPayloadBit(sealed: string, index: number): string {
  const [version, keyId, encoded = ''] = sealed.split(':');
  const payload = Buffer.from(encoded, 'base64url');
  payload[index] = (payload[index] ?? 0) ^ 0x01;
  return `${version}:${keyId}:${payload.toString('base64url')}`;
}

describe('SecretBox', () => {
  it('round-trips strings, bytes and the empty secret', () => {
    expect(box.open(box.seal(secret, row), row).toString('utf8')).toBe(secret);
    const bytes = randomBytes(48);
    expect(box.open(box.seal(bytes, row), row).equals(bytes)).toBe(true);
    expect(box.open(box.seal('', row), row)).toHaveLength(0);
  });

  it('writes the versioned, self-describing format and never the plaintext', () => {
    const sealed = box.seal(secret, row);
    expect(sealed).toMatch(/^v1:1:[A-Za-z0-9_-]+$/);
    // iv 12 + tag 16 + ciphertext as long as the plaintext
    expect(Buffer.from(sealed.split(':')[2] ?? '', 'base64url')).toHaveLength(12 + 16 + secret.length);
    expect(sealed).not.toContain(secret.slice(6));
  });

  it('uses a fresh IV, so sealing the same secret twice gives different values', () => {
    const first = box.seal(secret, row);
    const second = box.seal(secret, row);
    expect(first).not.toBe(second);
    expect(first.split(':')[2]?.slice(0, 16)).not.toBe(second.split(':')[2]?.slice(0, 16));
  });

  it.each([
    ['iv', 0],
    ['tag', 12],
    ['ciphertext', 28],
    ['last ciphertext byte', 28 + secret.length - 1],
  ])('refuses an altered %s', (_part, index) => {
    expect(failure(() => box.open(flipPayloadBit(box.seal(secret, row), index), row))).toBe('authentication_failed');
  });

  it('refuses other associated data: a secret moved to another row or tenant', () => {
    const sealed = box.seal(secret, row);
    expect(failure(() => box.open(sealed, 'webhook_endpoint:org_a:ep_2'))).toBe('authentication_failed');
    expect(failure(() => box.open(sealed, 'webhook_endpoint:org_b:ep_1'))).toBe('authentication_failed');
  });

  it('refuses the wrong key under the same id', () => {
    const impostor = new SecretBox({ activeKeyId: 1, keys: new Map([[1, keyTwo]]) });
    expect(failure(() => impostor.open(box.seal(secret, row), row))).toBe('authentication_failed');
  });

  it('refuses an edited key id even where both ids hold the same key', () => {
    const aliased = new SecretBox({ activeKeyId: 1, keys: new Map([[1, keyOne], [2, keyOne]]) });
    const edited = aliased.seal(secret, row).replace(/^v1:1:/, 'v1:2:');
    expect(failure(() => aliased.open(edited, row))).toBe('authentication_failed');
  });

  it('opens values sealed under an older key after rotation, and seals with the new one', () => {
    const sealedBefore = box.seal(secret, row);
    const rotated = new SecretBox({ activeKeyId: 2, keys: new Map([[1, keyOne], [2, keyTwo]]) });
    expect(rotated.open(sealedBefore, row).toString('utf8')).toBe(secret);
    const sealedAfter = rotated.seal(secret, row);
    expect(sealedAfter).toMatch(/^v1:2:/);
    expect(failure(() => box.open(sealedAfter, row))).toBe('unknown_key');
  });

  it.each(['', 'plaintext', 'v2:1:AAAA', 'v1::AAAA', 'v1:256:AAAA', 'v1:01:AAAA', 'v1:1:not base64!', 'v1:1:AAAA'])('refuses %j as malformed', (sealed) => {
    expect(failure(() => box.open(sealed, row))).toBe('malformed');
  });

  it('requires associated data', () => {
    expect(() => box.seal(secret, '')).toThrow(TypeError);
    expect(() => box.open(box.seal(secret, row), '')).toThrow(TypeError);
  });

  it('refuses a key ring it cannot use', () => {
    expect(() => new SecretBox({ activeKeyId: 1, keys: new Map([[1, randomBytes(16)]]) })).toThrow(TypeError);
    expect(() => new SecretBox({ activeKeyId: 2, keys: new Map([[1, keyOne]]) })).toThrow(TypeError);
    expect(() => new SecretBox({ activeKeyId: 300, keys: new Map([[300, keyOne]]) })).toThrow(TypeError);
  });

  it('is unaffected by later changes to the caller’s key buffer', () => {
    const callerKey = Buffer.from(keyOne);
    const ownBox = new SecretBox({ activeKeyId: 1, keys: new Map([[1, callerKey]]) });
    const sealed = ownBox.seal(secret, row);
    callerKey.fill(0);
    expect(ownBox.open(sealed, row).toString('utf8')).toBe(secret);
  });
});
