// Endpoint signing secrets at rest (spec 2.8): sealed with the SecretBox under
// associated data naming the endpoint's row, so a ciphertext copied to another
// endpoint or organization does not open. After a rotation the previous secret
// keeps signing for 24 hours, so receivers can switch without losing deliveries.
import type { KeyObject } from 'node:crypto';
import { configuredSecretBox, SecretBoxError, type SecretBox } from '../platform/crypto/secret-box.js';
import type { OrgId } from '../platform/db/database.js';
import { prepareSigningKey } from './signature.js';

export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/** The box that seals signing secrets at rest with the configured key. */
export const signingSecretBox = configuredSecretBox;

const associatedData = (orgId: OrgId, endpointId: string): string => `webhook_endpoint:${orgId}:${endpointId}`;

export function sealSigningSecret(box: SecretBox, orgId: OrgId, endpointId: string, secret: string): string {
  return box.seal(secret, associatedData(orgId, endpointId));
}

/**
 * Whether a stored secret opens with the box. One that does not was sealed under a key
 * this deployment no longer holds (a data directory from before its keys were kept in
 * it): it can never sign again, so a rotation replaces it without an overlap.
 */
export function opensWith(box: SecretBox, orgId: OrgId, endpointId: string, ciphertext: string): boolean {
  try {
    box.open(ciphertext, associatedData(orgId, endpointId));
    return true;
  } catch (error) {
    if (error instanceof SecretBoxError) return false;
    throw error;
  }
}

export interface StoredSecrets {
  orgId: OrgId;
  endpointId: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The sealed secrets a delivery is signed with now: the current one first, then the previous one while its overlap lasts. */
function activeCiphertexts(stored: StoredSecrets, now: Date): string[] {
  const active = [stored.secretCiphertext];
  if (stored.previousSecretCiphertext !== null && stored.previousSecretExpiresAt !== null && stored.previousSecretExpiresAt > now) {
    active.push(stored.previousSecretCiphertext);
  }
  return active;
}

/** The secrets a delivery is signed with now: the current one first, then the previous one while its overlap lasts. */
export function activeSigningSecrets(box: SecretBox, stored: StoredSecrets, now: Date): string[] {
  return activeCiphertexts(stored, now).map((ciphertext) => box.open(ciphertext, associatedData(stored.orgId, stored.endpointId)).toString('utf8'));
}

/** How many opened keys a delivery worker keeps; past it, it starts over. Endpoints times two covers a rotation. */
const OPENED_KEYS_KEPT = 10_000;

/**
 * activeSigningSecrets for a delivery worker: each sealed secret is opened once and
 * kept as a prepared HMAC key (prepareSigningKey), not opened for every delivery
 * (AES-GCM about 25 µs, an HMAC keyed by raw bytes about 24 µs instead of 10: a fifth
 * of the worker's CPU at 2,000 deliveries a second). A kept key is found by the
 * endpoint's associated data and the ciphertext together, so a ciphertext copied to
 * another endpoint's row still has to open under that row's associated data, and
 * fails as it would uncached. A rotation seals a new ciphertext, which opens afresh.
 */
export function createSigningKeyCache(box: SecretBox): (stored: StoredSecrets, now: Date) => KeyObject[] {
  const opened = new Map<string, KeyObject>();
  return (stored, now) => {
    const boundTo = associatedData(stored.orgId, stored.endpointId);
    return activeCiphertexts(stored, now).map((ciphertext) => {
      const cacheKey = `${boundTo} ${ciphertext}`;
      let key = opened.get(cacheKey);
      if (key === undefined) {
        key = prepareSigningKey(box.open(ciphertext, boundTo).toString('utf8'));
        if (opened.size >= OPENED_KEYS_KEPT) opened.clear();
        opened.set(cacheKey, key);
      }
      return key;
    });
  };
}
