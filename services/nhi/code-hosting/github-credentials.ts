// What a code-hosting connector's credentials entry holds, and the app's JSON Web
// Token. Two forms (docs/decisions/nhi.md, "Collectors"):
//   - a GitHub App installation, preferred: {"appId": 123, "privateKey": "-----BEGIN
//     RSA PRIVATE KEY-----...", "installationId": 456}, installationId optional (the
//     organization's installation of the app is looked up when absent);
//   - a token (a fine-grained personal access token): {"token": "github_pat_..."} or
//     the token alone as text.
// A malformed entry is configuration_error naming the reference, never the value.
import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { AppError } from '../../platform/errors.js';
import type { ConnectorCredentials } from '../connectors/index.js';

export type GitHubCredentials = { kind: 'app'; appId: string; privateKey: KeyObject; installationId: number | null } | { kind: 'token'; token: string };

/** One word of printable ASCII: anything else would break or smuggle a header. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,1024}$/;

export function readGitHubCredentials(credentials: ConnectorCredentials): GitHubCredentials {
  const invalid = (why: string) => new AppError('configuration_error', `credentials reference "${credentials.reference}" does not hold GitHub credentials: ${why}`);
  const text = credentials.value.trim();
  if (!text.startsWith('{')) {
    if (!TOKEN_SHAPE.test(text)) throw invalid('a token must be one word of printable characters');
    return { kind: 'token', token: text };
  }
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    throw invalid('the entry is not valid JSON');
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw invalid('the entry is not a JSON object');
  const fields = entry as Record<string, unknown>;
  if (fields.appId !== undefined || fields.privateKey !== undefined) {
    const appId = typeof fields.appId === 'number' && Number.isSafeInteger(fields.appId) ? String(fields.appId) : typeof fields.appId === 'string' && /^\d{1,20}$/.test(fields.appId) ? fields.appId : undefined;
    if (appId === undefined) throw invalid('appId must be the app\'s numeric id');
    if (typeof fields.privateKey !== 'string') throw invalid('privateKey must be the app\'s PEM private key');
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey(fields.privateKey);
    } catch {
      throw invalid('privateKey is not a readable PEM private key');
    }
    if (privateKey.asymmetricKeyType !== 'rsa') throw invalid('privateKey must be an RSA key (GitHub signs app tokens with RS256)');
    const installationId = fields.installationId;
    if (installationId !== undefined && !(typeof installationId === 'number' && Number.isSafeInteger(installationId) && installationId > 0)) throw invalid('installationId must be a positive integer');
    return { kind: 'app', appId, privateKey, installationId: installationId ?? null };
  }
  if (typeof fields.token !== 'string' || !TOKEN_SHAPE.test(fields.token)) throw invalid('token must be one word of printable characters');
  return { kind: 'token', token: fields.token };
}

/** GitHub allows an app token ten minutes at most; nine leaves room for a clock ahead of GitHub's. */
const APP_TOKEN_LIFETIME_S = 9 * 60;
/** Issued a minute in the past, as GitHub advises, against a clock behind GitHub's. */
const CLOCK_DRIFT_S = 60;

/**
 * The app's JSON Web Token (RS256; iss the app id, iat and exp): what authenticates
 * the app itself, for finding its installation and creating installation tokens.
 * Three claims and one signature: node's crypto signs it, no library needed.
 */
export function appJsonWebToken(appId: string, privateKey: KeyObject, nowMs: number): string {
  const now = Math.floor(nowMs / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iat: now - CLOCK_DRIFT_S, exp: now + APP_TOKEN_LIFETIME_S, iss: appId })}`;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(privateKey).toString('base64url');
  return `${signingInput}.${signature}`;
}
