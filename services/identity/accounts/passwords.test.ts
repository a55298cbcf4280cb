import { describe, expect, it } from 'vitest';
import { createPasswordHasher, productionScryptParameters } from './passwords.js';

describe('password hashing', () => {
  const cheap = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await cheap.hash('correct horse battery staple');
    expect(await cheap.verify('correct horse battery staple', stored)).toBe(true);
    expect(await cheap.verify('correct horse battery stapler', stored)).toBe(false);
  });

  it('salts every hash and records its parameters in it', async () => {
    const [first, second] = [await cheap.hash('same password'), await cheap.hash('same password')];
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it('verifies a hash made with other parameters, so the cost can be raised later', async () => {
    const stored = await cheap.hash('kept across upgrades');
    const stronger = createPasswordHasher({ N: 2 ** 11, r: 8, p: 2 });
    expect(await stronger.verify('kept across upgrades', stored)).toBe(true);
  });

  it('uses N=2^15, r=8, p=3 in production and hashes with them by default', async () => {
    expect(productionScryptParameters).toEqual({ N: 32768, r: 8, p: 3 });
    expect(await createPasswordHasher().hash('production cost')).toMatch(/^scrypt\$ln=15,r=8,p=3\$/);
  });

  it('refuses anything that is not one of its hashes', async () => {
    expect(await cheap.verify('x', 'plaintext')).toBe(false);
    expect(await cheap.verify('x', 'scrypt$ln=10,r=8,p=1$c2FsdA$c2hvcnQ')).toBe(false);
  });

  it('answers false after doing the work when there is no account', async () => {
    await expect(cheap.verifyWithoutAccount('any password')).resolves.toBe(false);
  });

  it('treats differently composed but equal Unicode passwords as the same', async () => {
    const stored = await cheap.hash('caf\u00e9 au lait!');
    expect(await cheap.verify('cafe\u0301 au lait!', stored)).toBe(true);
  });
});
