// What a person's authenticator app shows, for tests: the code of a secret at a time.
import { Secret, TOTP } from 'otpauth';
import { SENTINEL_TOTP } from '../totp.js';

export function totpCodeAt(secretBase32: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), ...SENTINEL_TOTP, timestamp: at.getTime() });
}

/** A six-digit code that is not the secret's at any step around `at`. */
export function wrongTotpCodeAt(secretBase32: string, at: Date): string {
  const valid = new Set([-1, 0, 1].map((step) => totpCodeAt(secretBase32, new Date(at.getTime() + step * SENTINEL_TOTP.period * 1000))));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(SENTINEL_TOTP.digits, '0');
    if (!valid.has(code)) return code;
  }
}
