// Endpoint signing secrets at rest (spec 2.8): sealed with the SecretBox under
// associated data naming the endpoint's row, so a ciphertext copied to another
// endpoint or organization does not open. After a rotation the previous secret
// keeps signing for 24 hours, so receivers can switch without losing deliveries.
import { configuredSecretBox, SecretBoxError, type SecretBox } from '../platform/crypto/secret-box.js';
import type { OrgId } from '../platform/db/database.js';

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

/** The secrets a delivery is signed with now: the current one first, then the previous one while its overlap lasts. */
export function activeSigningSecrets(box: SecretBox, stored: StoredSecrets, now: Date): string[] {
  const open = (ciphertext: string) => box.open(ciphertext, associatedData(stored.orgId, stored.endpointId)).toString('utf8');
  const secrets = [open(stored.secretCiphertext)];
  if (stored.previousSecretCiphertext !== null && stored.previousSecretExpiresAt !== null && stored.previousSecretExpiresAt > now) {
    secrets.push(open(stored.previousSecretCiphertext));
  }
  return secrets;
}
