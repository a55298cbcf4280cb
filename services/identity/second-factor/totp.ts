// Time-based one-time passwords (RFC 6238) through the otpauth library: codes are
// generated and compared by it (in constant time), so this file only fixes our
// parameters and turns a match into the time step it belongs to.
import { Secret, TOTP } from 'otpauth';

export interface TotpParameters {
  algorithm: 'SHA1' | 'SHA256' | 'SHA512';
  digits: number;
  /** Seconds per time step. */
  period: number;
}

/**
 * What authenticator apps agree on: SHA-1, 6 digits, 30 seconds. Other choices
 * are silently ignored by several popular apps, which then show wrong codes.
 */
export const SENTINEL_TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const satisfies TotpParameters;

// One step either side of now: a phone's clock a little off, or a code typed as it rolled over (RFC 6238 section 5.2).
const ACCEPTED_STEPS_AROUND_NOW = 1;
// 160 bits, the length RFC 4226 recommends for the HMAC-SHA-1 key.
const SECRET_BYTES = 20;
const ISSUER = 'Sentinel';

/** A new random shared secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an authenticator app reads (usually from a QR code). */
export function otpauthUri(secretBase32: string, accountName: string): string {
  return new TOTP({ issuer: ISSUER, label: accountName, secret: Secret.fromBase32(secretBase32), ...SENTINEL_TOTP }).toString();
}

/**
 * The time step whose code `code` is, among the steps around `at`, or undefined when
 * it is none of them. The caller compares the step with the last one used, which is
 * what refuses a replayed code.
 */
export function matchingStep(secret: Secret, code: string, at: Date, parameters: TotpParameters = SENTINEL_TOTP): number | undefined {
  // The library compares buffers of equal length only; anything but digits is no code.
  if (!/^[0-9]+$/.test(code)) return undefined;
  const timestamp = at.getTime();
  const delta = TOTP.validate({ token: code, secret, ...parameters, timestamp, window: ACCEPTED_STEPS_AROUND_NOW });
  return delta === null ? undefined : TOTP.counter({ period: parameters.period, timestamp }) + delta;
}

export { Secret };
