import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from '../platform/crypto/secret-box.js';
import type { OrgId } from '../platform/db/database.js';
import { generateSigningSecret, signDelivery } from './signature.js';
import { activeSigningSecrets, createSigningKeyCache, ROTATION_OVERLAP_MS, sealSigningSecret, type StoredSecrets } from './signing-secrets.js';

/** A box that counts how often it opens a sealed secret. */
class CountingBox extends SecretBox {
  opened = 0;
  override open(sealed: string, associatedData: string): Buffer {
    this.opened++;
    return super.open(sealed, associatedData);
  }
}

const box = () => new CountingBox({ activeKeyId: 0, keys: new Map([[0, Buffer.alloc(32, 7)]]) });
const now = new Date('2026-11-28T12:00:00Z');
const body = Buffer.from('{"type":"finding.created"}');
const signed = (secrets: Parameters<typeof signDelivery>[0]['secrets']) => signDelivery({ secrets, deliveryId: 'dlv_1', timestamp: 1_795_000_000, body });

function endpoint(sealer: SecretBox, previousExpiresAt: Date | null) {
  const orgId = randomUUID() as OrgId;
  const endpointId = randomUUID();
  const current = generateSigningSecret();
  const previous = generateSigningSecret();
  const stored: StoredSecrets = {
    orgId,
    endpointId,
    secretCiphertext: sealSigningSecret(sealer, orgId, endpointId, current),
    previousSecretCiphertext: previousExpiresAt === null ? null : sealSigningSecret(sealer, orgId, endpointId, previous),
    previousSecretExpiresAt: previousExpiresAt,
  };
  return { stored, current, previous };
}

describe('createSigningKeyCache', () => {
  it('signs exactly as the opened secrets do, the previous one only while its overlap lasts', () => {
    const sealer = box();
    const { stored, current, previous } = endpoint(sealer, new Date(now.getTime() + ROTATION_OVERLAP_MS));
    const keysOf = createSigningKeyCache(sealer);

    expect(signed(keysOf(stored, now))).toEqual(signed([current, previous]));
    expect(signed(keysOf(stored, now))).toEqual(signed(activeSigningSecrets(sealer, stored, now)));
    const afterOverlap = new Date(now.getTime() + ROTATION_OVERLAP_MS + 1);
    expect(signed(keysOf(stored, afterOverlap))).toEqual(signed([current]));
  });

  it('opens each sealed secret once, and a rotated one afresh', () => {
    const sealer = box();
    const { stored } = endpoint(sealer, null);
    const keysOf = createSigningKeyCache(sealer);
    for (let i = 0; i < 5; i++) keysOf(stored, now);
    expect(sealer.opened).toBe(1);

    const rotated = generateSigningSecret();
    const afterRotation = { ...stored, secretCiphertext: sealSigningSecret(sealer, stored.orgId, stored.endpointId, rotated) };
    expect(signed(keysOf(afterRotation, now))).toEqual(signed([rotated]));
    expect(sealer.opened).toBe(2);
  });

  it('refuses a ciphertext copied to another endpoint even after the original has been opened', () => {
    const sealer = box();
    const { stored } = endpoint(sealer, null);
    const keysOf = createSigningKeyCache(sealer);
    keysOf(stored, now);

    const copiedToAnotherEndpoint = { ...stored, endpointId: randomUUID() };
    const copiedToAnotherOrganization = { ...stored, orgId: randomUUID() as OrgId };
    expect(() => keysOf(copiedToAnotherEndpoint, now)).toThrow(SecretBoxError);
    expect(() => keysOf(copiedToAnotherOrganization, now)).toThrow(SecretBoxError);
  });
});
