import pino from 'pino';
import type { LogLevel } from './config.js';

export type Logger = pino.Logger;

export const REDACTED = '[redacted]';

// Keys whose values are credentials or derived from one, in any object logged at any depth.
// Statement parameters (`params`, `parameters`) go too: they carry whatever a statement
// writes, hashes and keys included, so a failing statement is logged by its text alone;
// and so does a database error's `detail`, which quotes the values of a violated key.
const SECRET_KEY = /(^|[_-])(authorization|cookie|set-cookie|password|passphrase|secret|secrets|token|api[_-]?key|hash|digest|ciphertext|signature|params|parameters|detail)($|[_-])/i;
// Credentials recognizable by their shape wherever they appear in text: our API keys, workload credentials,
// SCIM directory tokens, refresh tokens, sign-in codes, invitation tokens and webhook secrets, access tokens,
// scrypt hashes and bearer headers.
const SECRET_TEXT = /\b(?:snk_live_|snw_live_|snd_live_|snr_|snc_|sni_|whsec_)[A-Za-z0-9_-]{16,}|\bv1\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}|scrypt\$[^\s"']+|\bBearer\s+[^\s"']+/g;
const MAX_DEPTH = 8;

// A query parameter of a URL written in text: its separator, name and value, as sent (encoded).
const QUERY_PARAMETER = /([?&])([^=&#\s"'?]+)=([^&#\s"']*)/g;

const decodedName = (name: string): string => {
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
};

/** Replaces, in any URL of a text, the value of each query parameter named (in any letter case, encoded or not). */
export function queryValueRedactor(names: Iterable<string>): (text: string) => string {
  const secret = new Set([...names].map((name) => name.toLowerCase()));
  return (text) => text.replace(QUERY_PARAMETER, (parameter: string, separator: string, name: string) => (secret.has(decodedName(name)) ? `${separator}${name}=${REDACTED}` : parameter));
}

// Query parameters holding credentials in every URL: OAuth's authorization code and state
// (the social and single sign-on callbacks) and tokens. The facade adds those the document
// marks (http/request-log.ts) to its request lines.
const SECRET_QUERY_PARAMETERS = ['code', 'state', 'token'] as const;
const redactSecretQueryValues = queryValueRedactor(SECRET_QUERY_PARAMETERS);

/** A copy of a parsed log line with every credential replaced, at any depth. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecretQueryValues(value.replace(SECRET_TEXT, REDACTED));
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1)]));
}

/**
 * Structured JSON logs on stdout; the request id is bound per request by the facade.
 * The logger itself redacts credentials (redactSecrets) from every line it writes, so no caller can log one by mistake.
 */
export function createLogger(level: LogLevel, base: Record<string, unknown> = {}, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'sentinel', ...base },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // On the line as written, after every serializer (an error's own properties, a
    // request's): whatever a caller passed, and the message text, are scrubbed alike.
    hooks: { streamWrite: (line) => `${JSON.stringify(redactSecrets(JSON.parse(line)))}\n` },
  };
  return destination ? pino(options, destination) : pino(options);
}
