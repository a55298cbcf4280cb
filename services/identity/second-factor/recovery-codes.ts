// Recovery codes: the way in when the authenticator is lost. Each is 80 random bits
// in base32, shown once in groups of four, and stored only as its SHA-256 digest:
// with that much entropy a fast digest leaves nothing to guess (as for API keys),
// and the lookup is by digest, so no stored code is ever compared character by character.
import { Secret } from 'otpauth';
import { secretDigest } from '../../platform/crypto/secrets.js';

const RECOVERY_CODE_COUNT = 10;
// 80 bits: 16 base32 characters exactly, no padding.
const CODE_BYTES = 10;

/** Fresh codes as the person writes them down: `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => new Secret({ size: CODE_BYTES }).base32.toLowerCase().match(/.{4}/g)!.join('-'));
}

/**
 * What is stored and looked up: the digest of the code without its separators and
 * case, so a code typed in capitals or without hyphens still works.
 */
export function recoveryCodeDigest(code: string): Buffer {
  return secretDigest(code.replace(/[\s-]/g, '').toLowerCase());
}
