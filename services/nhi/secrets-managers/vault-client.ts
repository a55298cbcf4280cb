// The Vault HTTP API (OpenBao serves the same) over the connector's provider client:
// every call passes the connector egress policy, its pacing and its retries. Reads
// are GET; listings are `GET <path>?list=true`, the documented equivalent of the
// LIST verb (which the provider client does not send and Node's HTTP stack rejects
// on some servers). The token from the connector's credentials goes in X-Vault-Token.
import { AppError } from '../../platform/errors.js';
import { ProviderCallError, type ConnectorCredentials, type ProviderClient } from '../connectors/index.js';

/** One word of printable ASCII: anything else would break or smuggle a header. */
const HEADER_VALUE = /^[\x21-\x7e]{1,4096}$/;

interface VaultCredentials {
  token: string;
  /** Vault Enterprise / OpenBao namespace (X-Vault-Namespace), when the entry names one. */
  namespace: string | null;
}

/** The entry is the token as text, or {"token": "...", "namespace": "..."}; a malformed one is configuration_error naming only the reference. */
export function readVaultCredentials(credentials: ConnectorCredentials): VaultCredentials {
  const invalid = (why: string) => new AppError('configuration_error', `credentials reference "${credentials.reference}" does not hold a Vault token: ${why}`);
  const text = credentials.value.trim();
  if (!text.startsWith('{')) {
    if (!HEADER_VALUE.test(text)) throw invalid('a token must be one word of printable characters');
    return { token: text, namespace: null };
  }
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    throw invalid('the entry is not valid JSON');
  }
  const fields = (typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry : {}) as Record<string, unknown>;
  if (typeof fields.token !== 'string' || !HEADER_VALUE.test(fields.token)) throw invalid('token must be one word of printable characters');
  if (fields.namespace !== undefined && (typeof fields.namespace !== 'string' || !HEADER_VALUE.test(fields.namespace))) throw invalid('namespace must be one word of printable characters');
  return { token: fields.token, namespace: (fields.namespace as string | undefined) ?? null };
}

/** A Vault answer that is not what the documented API returns. */
export class VaultResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VaultResponseError';
  }
}

export interface VaultApi {
  /** GET /v1/<path>: the whole JSON body. */
  read(path: string): Promise<Record<string, unknown>>;
  /** GET /v1/<path>?list=true: the keys, each once (an empty listing is Vault's 404), and key_info when Vault gives it. */
  list(path: string): Promise<{ keys: string[]; keyInfo: Record<string, unknown> }>;
}

export function createVaultApi(client: ProviderClient, endpoint: string, credentials: VaultCredentials): VaultApi {
  const base = endpoint.endsWith('/') ? endpoint : `${endpoint}/`;
  const headers: Record<string, string> = { 'X-Vault-Token': credentials.token, Accept: 'application/json' };
  if (credentials.namespace !== null) headers['X-Vault-Namespace'] = credentials.namespace;

  async function get(path: string, query: string): Promise<Record<string, unknown>> {
    const url = new URL(`v1/${path.split('/').map(encodeURIComponent).join('/')}${query}`, base);
    const response = await client.request({ url: url.href, method: 'GET', headers });
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new VaultResponseError(`GET /v1/${path}${query} did not answer JSON`);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new VaultResponseError(`GET /v1/${path}${query} did not answer a JSON object`);
    return body as Record<string, unknown>;
  }

  return {
    read: (path) => get(path, ''),
    async list(path) {
      let body: Record<string, unknown>;
      try {
        body = await get(path, '?list=true');
      } catch (error) {
        // Vault answers a listing with nothing in it with 404 and no errors.
        if (error instanceof ProviderCallError && error.status === 404) return { keys: [], keyInfo: {} };
        throw error;
      }
      const data = body.data as { keys?: unknown; key_info?: unknown } | undefined;
      if (!Array.isArray(data?.keys) || !data.keys.every((key) => typeof key === 'string')) throw new VaultResponseError(`GET /v1/${path}?list=true answered no list of keys`);
      const keyInfo = typeof data.key_info === 'object' && data.key_info !== null ? (data.key_info as Record<string, unknown>) : {};
      return { keys: [...new Set(data.keys as string[])], keyInfo };
    },
  };
}
