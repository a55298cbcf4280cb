// Password hashing with scrypt (memory-hard). Each hash records its own cost
// parameters, so raising them later keeps existing hashes verifiable.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParameters {
  /** CPU/memory cost; a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelization. */
  p: number;
}

/**
 * N=2^15, r=8, p=3: 32 MiB per hash, one of OWASP's equivalent scrypt settings
 * (the same strength as N=2^17, p=1 with a quarter of the memory, so concurrent
 * sign-ins cannot exhaust the process).
 */
export const productionScryptParameters: ScryptParameters = { N: 2 ** 15, r: 8, p: 3 };

const SALT_BYTES = 16;
const HASH_BYTES = 32;
const FORMAT = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Does the work of a verification and answers false: called when there is no
   * account (or no password), so the response time does not reveal which emails exist.
   */
  verifyWithoutAccount(password: string): Promise<false>;
}

export function createPasswordHasher(parameters: ScryptParameters = productionScryptParameters): PasswordHasher {
  const log2N = Math.log2(parameters.N);
  if (!Number.isInteger(log2N) || log2N < 1) throw new RangeError(`scrypt N must be a power of two, got ${parameters.N}`);

  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(SALT_BYTES);
    const derived = await derive(password, salt, parameters);
    return `scrypt$ln=${log2N},r=${parameters.r},p=${parameters.p}$${salt.toString('base64url')}$${derived.toString('base64url')}`;
  };

  const verify = async (password: string, stored: string): Promise<boolean> => {
    const match = FORMAT.exec(stored);
    if (!match) return false;
    const [, ln, r, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
    const expectedBytes = Buffer.from(expected, 'base64url');
    if (expectedBytes.length !== HASH_BYTES) return false;
    const derived = await derive(password, Buffer.from(salt, 'base64url'), { N: 2 ** Number(ln), r: Number(r), p: Number(p) });
    return timingSafeEqual(derived, expectedBytes);
  };

  // Computed once, lazily, with the current parameters: verifying against it costs what a real verification costs.
  let dummy: Promise<string> | undefined;
  const verifyWithoutAccount = async (password: string): Promise<false> => {
    dummy ??= hash(randomBytes(16).toString('hex'));
    await verify(password, await dummy);
    return false;
  };

  return { hash, verify, verifyWithoutAccount };
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParameters): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: scrypt needs about 128 * N * r bytes; Node's default ceiling (32 MiB) is just below that at N=2^15.
    scrypt(password.normalize('NFC'), salt, HASH_BYTES, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
