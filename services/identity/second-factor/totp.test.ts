import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchingStep, newTotpSecret, otpauthUri, Secret, SENTINEL_TOTP, type TotpParameters } from './totp.js';

// RFC 6238 Appendix B: the seeds (ASCII) and the 8-digit codes at each time, per algorithm.
const seeds = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const;
const vectors: { time: number; algorithm: keyof typeof seeds; code: string }[] = [
  { time: 59, algorithm: 'SHA1', code: '94287082' },
  { time: 59, algorithm: 'SHA256', code: '46119246' },
  { time: 59, algorithm: 'SHA512', code: '90693936' },
  { time: 1111111109, algorithm: 'SHA1', code: '07081804' },
  { time: 1111111109, algorithm: 'SHA256', code: '68084774' },
  { time: 1111111109, algorithm: 'SHA512', code: '25091201' },
  { time: 1111111111, algorithm: 'SHA1', code: '14050471' },
  { time: 1111111111, algorithm: 'SHA256', code: '67062674' },
  { time: 1111111111, algorithm: 'SHA512', code: '99943326' },
  { time: 1234567890, algorithm: 'SHA1', code: '89005924' },
  { time: 1234567890, algorithm: 'SHA256', code: '91819424' },
  { time: 1234567890, algorithm: 'SHA512', code: '93441116' },
  { time: 2000000000, algorithm: 'SHA1', code: '69279037' },
  { time: 2000000000, algorithm: 'SHA256', code: '90698825' },
  { time: 2000000000, algorithm: 'SHA512', code: '38618901' },
  { time: 20000000000, algorithm: 'SHA1', code: '65353130' },
  { time: 20000000000, algorithm: 'SHA256', code: '77737706' },
  { time: 20000000000, algorithm: 'SHA512', code: '47863826' },
];

describe('TOTP (RFC 6238)', () => {
  describe.each(vectors)('Appendix B: $algorithm at $time', ({ time, algorithm, code }) => {
    const parameters: TotpParameters = { algorithm, digits: 8, period: 30 };
    const secret = Secret.fromUTF8(seeds[algorithm]);
    const at = new Date(time * 1000);

    it('is the code the library generates', () => {
      expect(TOTP.generate({ secret, ...parameters, timestamp: at.getTime() })).toBe(code);
    });

    it('is accepted by our verification, for its own time step', () => {
      expect(matchingStep(secret, code, at, parameters)).toBe(Math.floor(time / 30));
    });

    it('is accepted one step late and one step early, as that same step, and not two steps away', () => {
      expect(matchingStep(secret, code, new Date(at.getTime() + 30_000), parameters)).toBe(Math.floor(time / 30));
      expect(matchingStep(secret, code, new Date(at.getTime() - 30_000), parameters)).toBe(Math.floor(time / 30));
      expect(matchingStep(secret, code, new Date(at.getTime() + 60_000), parameters)).toBeUndefined();
      expect(matchingStep(secret, code, new Date(at.getTime() - 60_000), parameters)).toBeUndefined();
    });

    it('refuses the code with one digit changed, and under another algorithm', () => {
      const changed = `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
      expect(matchingStep(secret, changed, at, parameters)).toBeUndefined();
      const other = algorithm === 'SHA1' ? 'SHA256' : 'SHA1';
      expect(matchingStep(secret, code, at, { ...parameters, algorithm: other })).toBeUndefined();
    });
  });

  it('uses SHA-1, 6 digits and 30 seconds, the parameters authenticator apps honour', () => {
    expect(SENTINEL_TOTP).toEqual({ algorithm: 'SHA1', digits: 6, period: 30 });
    const secret = Secret.fromUTF8(seeds.SHA1);
    // RFC 6238's first SHA-1 vector, truncated to 6 digits (RFC 4226 section 5.3: the low digits).
    expect(matchingStep(secret, '287082', new Date(59_000))).toBe(1);
  });

  it('refuses anything that is not digits without asking the library', () => {
    const secret = Secret.fromUTF8(seeds.SHA1);
    for (const code of ['', '28708a', '２８７０８２', '287 082', '2870822']) expect(matchingStep(secret, code, new Date(59_000))).toBeUndefined();
  });

  it('makes 160-bit secrets and an otpauth URI that carries them with our parameters', () => {
    const secret = newTotpSecret();
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'person@example.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Sentinel:person@example.test');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ issuer: 'Sentinel', secret, algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
