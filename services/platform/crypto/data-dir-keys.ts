// The keys of a deployment that configures none (the embedded default: `npm start`).
// No key lives in the source: each one left out of the environment is generated at
// first start and kept in DATA_DIR/keys, readable by the owner alone, so tokens,
// cursors and sealed secrets survive a restart. Production never gets here without
// keys: configuration refuses to start it without them.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config, ParsedConfig, ServiceKeyName } from '../config.js';

export const KEY_DIR_NAME = 'keys';
export const KEY_FILE_NAMES: Readonly<Record<ServiceKeyName, string>> = { tokenSigningKey: 'token-signing.key', webhookSecretKey: 'secret-box.key' };
const KEY_BYTES = 32;

/** A key file that cannot be used as it is; the message says what to do. */
export class KeyFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyFileError';
  }
}

export interface ResolvedKeys {
  config: Config;
  /** The key files this start created. */
  generated: string[];
  /** Keys were generated for a data directory that already held an embedded database (one made before keys were kept there). */
  generatedForExistingData: boolean;
}

/** Fills in every key configuration left out, from DATA_DIR/keys, generating the missing files. */
export function resolveServiceKeys(parsed: ParsedConfig): ResolvedKeys {
  const keyDir = path.join(parsed.dataDir, KEY_DIR_NAME);
  const hadDatabase = existsSync(path.join(parsed.dataDir, 'PG_VERSION'));
  const generated: string[] = [];
  const keyOf = (name: ServiceKeyName): Buffer => {
    const configured = parsed[name];
    if (configured !== undefined) return configured;
    const file = path.join(keyDir, KEY_FILE_NAMES[name]);
    if (createKeyFileUnlessPresent(keyDir, file)) generated.push(file);
    return readKeyFile(file);
  };
  const config: Config = { ...parsed, tokenSigningKey: keyOf('tokenSigningKey'), webhookSecretKey: keyOf('webhookSecretKey') };
  return { config, generated, generatedForExistingData: hadDatabase && generated.length > 0 };
}

/**
 * Writes a new random key beside the file and links it into place: link() fails if the
 * file exists, so of two processes starting together on a fresh directory one key
 * wins and both read it, and nobody ever reads a half-written file.
 */
function createKeyFileUnlessPresent(keyDir: string, file: string): boolean {
  if (existsSync(file)) return false;
  mkdirSync(keyDir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function readKeyFile(file: string): Buffer {
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new KeyFileError(`${file} may be read by others (mode ${mode.toString(8).padStart(4, '0')}): make it the owner's alone (chmod 600) and start again`);
  }
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(text)) {
    throw new KeyFileError(
      `${file} does not hold a ${KEY_BYTES}-byte key as 64 hex characters: restore it from a backup of DATA_DIR, or delete it to generate a new one (tokens and secrets made with the old key then stop working)`,
    );
  }
  return Buffer.from(text, 'hex');
}
