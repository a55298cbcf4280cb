// Credentials references (spec 2.12, 5.14): a connector names the credentials it
// uses; it never holds them. A reference resolves to a file the deployment holds,
// CONNECTOR_CREDENTIALS_DIR/<organization id>/<reference>, read at each
// synchronization: one directory per organization, so a name can only ever reach
// its own organization's entries. A reference that looks like a secret is refused
// when stored: someone pasted the credential where its name belongs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OrgId } from '../../platform/db/database.js';
import { AppError, validationFailed } from '../../platform/errors.js';

/** Letters, digits, '.', '_' and '-', starting with a letter or digit: a file name that cannot leave its directory. */
const REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

// Prefixes of well-known credential formats: GitHub tokens, AWS access key ids,
// Slack tokens, GitLab, OpenAI-style and Vault service tokens, PEM blocks.
const SECRET_PREFIXES = [/^gh[pousr]_/i, /^github_pat_/i, /^(AKIA|ASIA|AROA|AIDA)[A-Z0-9]{12,}/, /^xox[abposr]-/i, /^glpat-/i, /^sk-/, /^hvs\./, /^-----BEGIN/];
// header.payload[.signature] in base64url, the header starting {" (eyJ).
const JWT_SHAPE = /^eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}(\.[A-Za-z0-9_-]*)?$/;
/** A run of this many letters and digits with both in it is a token, not a word of a name. */
const TOKEN_RUN = /[A-Za-z0-9]{20,}/g;
const HIGH_ENTROPY_BITS_PER_CHARACTER = 4;
const HIGH_ENTROPY_MIN_LENGTH = 24;

/** Why a string looks like a secret rather than a name; undefined when it looks like a name. */
export function secretLikeness(reference: string): string | undefined {
  if (SECRET_PREFIXES.some((prefix) => prefix.test(reference))) return 'it starts like a known credential format';
  if (JWT_SHAPE.test(reference)) return 'it has the shape of a JSON Web Token';
  if ((reference.match(TOKEN_RUN) ?? []).some((run) => /[0-9]/.test(run) && /[A-Za-z]/.test(run))) return 'it holds a long run of mixed letters and digits';
  if (reference.length >= HIGH_ENTROPY_MIN_LENGTH && shannonEntropy(reference) >= HIGH_ENTROPY_BITS_PER_CHARACTER) return 'it is long and random-looking';
  return undefined;
}

function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** What a connector may store as its reference; refuses (400) a malformed one or one that looks like a secret, without echoing it. */
export function checkCredentialsReference(reference: string): string {
  const likeness = secretLikeness(reference);
  if (likeness !== undefined) throw validationFailed(`credentialsReference looks like a secret (${likeness}): give the name of an entry the deployment holds, never the credential itself`);
  if (!REFERENCE_PATTERN.test(reference)) throw validationFailed("credentialsReference must be 1 to 128 letters, digits, '.', '_' or '-', starting with a letter or digit");
  return reference;
}

export interface ConnectorCredentials {
  reference: string;
  /** The entry's content, as the connector kind reads it (a token, or JSON for several values). */
  value: string;
}

/**
 * Resolves a connector's reference to what the deployment holds, before any
 * provider call of a synchronization. An unknown name (no such file, an empty or
 * unreadable one) fails with configuration_error, naming the reference but never
 * the directory's layout beyond it.
 */
export async function resolveConnectorCredentials(store: { directory: string }, orgId: OrgId, reference: string): Promise<ConnectorCredentials> {
  const unknown = () => new AppError('configuration_error', `credentials reference "${reference}" does not name an entry this deployment holds`);
  if (!REFERENCE_PATTERN.test(reference)) throw unknown();
  let value: string;
  try {
    value = await readFile(path.join(store.directory, orgId, reference), 'utf8');
  } catch {
    throw unknown();
  }
  if (value.trim() === '') throw unknown();
  return { reference, value };
}
