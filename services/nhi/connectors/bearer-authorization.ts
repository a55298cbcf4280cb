// The bearer token a connector's credentials entry holds, for the kinds whose
// providers take one in an Authorization header (tool servers, clusters). The
// entry is the token as text, or a JSON object whose optional `bearerToken` is one
// (`{}` for a provider that takes no credentials).
import { AppError } from '../../platform/errors.js';
import type { ConnectorCredentials } from './credentials-reference.js';

/**
 * `Bearer <token>`, or undefined for an entry that holds none. An entry that does
 * not parse, or a token that is not one word of printable characters, is a
 * configuration_error naming the reference, never the value.
 */
export function bearerAuthorization(credentials: ConnectorCredentials): string | undefined {
  const text = credentials.value.trim();
  const refuse = (why: string) => new AppError('configuration_error', `credentials entry "${credentials.reference}" ${why}`);
  let token: unknown = text;
  if (text.startsWith('{')) {
    try {
      token = (JSON.parse(text) as { bearerToken?: unknown }).bearerToken;
    } catch {
      throw refuse('is neither a bearer token nor a JSON object');
    }
    if (token === undefined) return undefined;
  }
  // A token is one printable word: white space or a control character would break (or smuggle) a header.
  if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token.trim())) throw refuse('holds a bearer token that is not one word of printable characters');
  return `Bearer ${token.trim()}`;
}
