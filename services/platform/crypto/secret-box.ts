// Encryption of secrets at rest (spec 2.8: webhook signing secrets) with
// AES-256-GCM. A sealed value is one self-describing string:
//
//   v1:<key id>:<base64url(iv(12) | tag(16) | ciphertext)>
//
// The key id names the key-ring entry that sealed it, so a new key can become
// active while rows sealed under the old one still open. Associated data is
// required and should name the row the secret belongs to (for example
// `webhook_endpoint:<org id>:<endpoint id>`): a ciphertext copied into another
// row, or another tenant's row, then fails to open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const FORMAT_VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const MAX_KEY_ID = 255;
const SEALED_PATTERN = /^v1:(0|[1-9][0-9]{0,2}):([A-Za-z0-9_-]+)$/;

export type SecretBoxFailure = 'malformed' | 'unknown_key' | 'authentication_failed';

export class SecretBoxError extends Error {
  constructor(
    readonly reason: SecretBoxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

interface KeyRing {
  /** The key new secrets are sealed with. */
  activeKeyId: number;
  /** Every key still needed to open stored secrets, by id (0 to 255); each 32 bytes. */
  keys: ReadonlyMap<number, Buffer>;
}

export class SecretBox {
  private readonly keys: ReadonlyMap<number, Buffer>;
  private readonly activeKeyId: number;

  constructor({ activeKeyId, keys }: KeyRing) {
    for (const [keyId, key] of keys) {
      if (!Number.isInteger(keyId) || keyId < 0 || keyId > MAX_KEY_ID) throw new TypeError(`key id must be 0 to ${MAX_KEY_ID}, got ${keyId}`);
      if (key.length !== KEY_BYTES) throw new TypeError(`key ${keyId} must be ${KEY_BYTES} bytes, got ${key.length}`);
    }
    if (!keys.has(activeKeyId)) throw new TypeError(`active key ${activeKeyId} is not in the key ring`);
    // Copies, so a caller reusing its buffers cannot change our keys.
    this.keys = new Map([...keys].map(([keyId, key]) => [keyId, Buffer.from(key)]));
    this.activeKeyId = activeKeyId;
  }

  seal(plaintext: string | Uint8Array, associatedData: string): string {
    const keyId = this.activeKeyId;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key(keyId), iv);
    cipher.setAAD(boundAssociatedData(keyId, associatedData));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    const payload = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
    return `${FORMAT_VERSION}:${keyId}:${payload.toString('base64url')}`;
  }

  open(sealed: string, associatedData: string): Buffer {
    const match = SEALED_PATTERN.exec(sealed);
    if (match === null) throw new SecretBoxError('malformed', `not a ${FORMAT_VERSION} sealed secret`);
    const keyId = Number(match[1]);
    const payload = Buffer.from(match[2] ?? '', 'base64url');
    if (payload.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('malformed', 'sealed secret is too short');

    const decipher = createDecipheriv('aes-256-gcm', this.key(keyId), payload.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(payload.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    decipher.setAAD(boundAssociatedData(keyId, associatedData));
    try {
      return Buffer.concat([decipher.update(payload.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      // GCM cannot tell these apart, and saying which would help an attacker anyway.
      throw new SecretBoxError('authentication_failed', 'sealed secret failed authentication: wrong key, wrong associated data or altered');
    }
  }

  private key(keyId: number): Buffer {
    const key = this.keys.get(keyId);
    if (key === undefined) throw new SecretBoxError('unknown_key', `key ${keyId} is not in the key ring`);
    return key;
  }
}

// The format version and key id are authenticated too, so the header of a
// sealed value cannot be edited even where two ids hold the same key.
function boundAssociatedData(keyId: number, associatedData: string): Buffer {
  if (associatedData === '') throw new TypeError('associated data is required: name the row the secret belongs to');
  return Buffer.from(`${FORMAT_VERSION}:${keyId}:${associatedData}`, 'utf8');
}

/**
 * The box sealing with the one configured key (secret-box.key, WEBHOOK_SECRET_KEY),
 * named key 1 in sealed values, so a later key can join the ring.
 */
export const configuredSecretBox = (key: Buffer): SecretBox => new SecretBox({ activeKeyId: 1, keys: new Map([[1, key]]) });
