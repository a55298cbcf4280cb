// Opaque bearer secrets: refresh tokens, one-time sign-in codes and API keys.
import { createHash, randomBytes } from 'node:crypto';

/**
 * 32 random bytes after a recognizable prefix, so secret scanners can spot a
 * leaked one and our own code can tell the kinds apart.
 */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/**
 * What is stored instead of the secret. A single fast SHA-256 is right here (unlike
 * for passwords): the secret has 256 bits of entropy, so there is nothing to guess
 * and no need to slow a guesser down; lookups by this digest use an index.
 */
export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
