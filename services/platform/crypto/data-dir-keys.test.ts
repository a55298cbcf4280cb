import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { KEY_DIR_NAME, KEY_FILE_NAMES, KeyFileError, resolveServiceKeys } from './data-dir-keys.js';

const dirs: string[] = [];
const freshDataDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sentinel-keys-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const resolveIn = (dataDir: string, env: Record<string, string> = {}) => resolveServiceKeys(parseConfig({ DATA_DIR: dataDir, ...env }));
const keyFile = (dataDir: string, name: keyof typeof KEY_FILE_NAMES) => path.join(dataDir, KEY_DIR_NAME, KEY_FILE_NAMES[name]);
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('keys kept in the data directory', () => {
  it('generates each key at first start, readable by the owner alone, and reuses it at the next', () => {
    const dataDir = freshDataDir();
    const first = resolveIn(dataDir);
    const files = [keyFile(dataDir, 'tokenSigningKey'), keyFile(dataDir, 'webhookSecretKey')];
    expect(first.generated).toEqual(files);
    expect(first.generatedForExistingData).toBe(false);
    for (const file of files) expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.join(dataDir, KEY_DIR_NAME))).toBe(0o700);
    expect(readdirSync(path.join(dataDir, KEY_DIR_NAME)).sort()).toEqual(['secret-box.key', 'token-signing.key']);
    expect(first.config.tokenSigningKey).toHaveLength(32);
    expect(first.config.webhookSecretKey).toHaveLength(32);
    expect(first.config.tokenSigningKey.equals(first.config.webhookSecretKey)).toBe(false);

    const second = resolveIn(dataDir);
    expect(second.generated).toEqual([]);
    expect(second.config.tokenSigningKey.equals(first.config.tokenSigningKey)).toBe(true);
    expect(second.config.webhookSecretKey.equals(first.config.webhookSecretKey)).toBe(true);

    // Another data directory is another deployment: keys of its own.
    expect(resolveIn(freshDataDir()).config.tokenSigningKey.equals(first.config.tokenSigningKey)).toBe(false);
  });

  it('uses configured keys as they are and writes nothing for them', () => {
    const dataDir = freshDataDir();
    const configured = randomBytes(32).toString('hex');
    const resolved = resolveIn(dataDir, { TOKEN_SIGNING_KEY: configured });
    expect(resolved.config.tokenSigningKey).toEqual(Buffer.from(configured, 'hex'));
    expect(resolved.generated).toEqual([keyFile(dataDir, 'webhookSecretKey')]);
    expect(readdirSync(path.join(dataDir, KEY_DIR_NAME))).toEqual(['secret-box.key']);
  });

  it('says when keys were generated for a data directory that already held a database', () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
    expect(resolveIn(dataDir).generatedForExistingData).toBe(true);
    expect(resolveIn(dataDir).generatedForExistingData).toBe(false);
  });

  it('refuses a key file others may read, and one that holds no key, saying what to do', () => {
    const dataDir = freshDataDir();
    resolveIn(dataDir);
    const file = keyFile(dataDir, 'tokenSigningKey');
    chmodSync(file, 0o644);
    expect(() => resolveIn(dataDir)).toThrow(KeyFileError);
    expect(() => resolveIn(dataDir)).toThrow(`${file} may be read by others (mode 0644): make it the owner's alone (chmod 600)`);
    chmodSync(file, 0o600);
    writeFileSync(file, 'not a key\n');
    expect(() => resolveIn(dataDir)).toThrow(/does not hold a 32-byte key as 64 hex characters: restore it from a backup of DATA_DIR, or delete it/);
  });

  it('leaves production to configuration, which refuses to start without keys', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', DATA_DIR: freshDataDir() })).toThrow(/TOKEN_SIGNING_KEY is required in production/);
  });
});

describe('the source', () => {
  // Every file that runs in production: no key may be written into any of them.
  const productionSources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(ts|js|mjs|cjs|json|ya?ml|sql|sh|example)$|^Dockerfile/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !file.split(path.sep).includes('testing'));

  it('holds no key: no 32-byte value spelled as hex or base64, and not the development key that was there', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const files = [
      ...productionSources(path.join(root, 'services')),
      ...productionSources(path.join(root, 'streams')),
      ...productionSources(path.join(root, 'bin')),
      ...productionSources(path.join(root, 'infra')),
      path.join(root, 'docker-compose.yml'),
      path.join(root, 'package.json'),
    ];
    expect(files.length).toBeGreaterThan(100);
    // An image digest (sha256:<64 hex>, infra/Dockerfile's pinned scanner images) names content, it is no key.
    const keyShaped = /(?<!sha256)['"`=:]\s*(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=|[A-Za-z0-9_-]{43})['"`\s]/;
    const offenders = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return keyShaped.test(text) || /development-key|DEVELOPMENT_KEY/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
