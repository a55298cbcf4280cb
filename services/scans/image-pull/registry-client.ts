// A client of one repository of an OCI distribution registry (distribution-spec
// spec.md; token auth: distribution docs/spec/auth/token.md), for one pull by one
// organization: its login, its tokens, nothing shared with another pull.
//
// Authentication follows the registry's challenge: a 401 with `Bearer realm,service,scope`
// sends us to the token server (with the login as Basic credentials when there is one,
// anonymously otherwise), and the token then goes with every request of the pull (one
// repository, so one scope); a request answered 401 again, its token expired, gets a
// new one, once. A 401 with `Basic` is answered with the login. Redirects (blob storage on another host) are
// followed up to a limit, every hop passes the egress policy again, and no credential or
// token follows a hop to another origin: the storage host gets only what its signed URL carries.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RegistryLogin } from '../registry-logins.js';
import { ImagePullError } from './pull-errors.js';
import type { RegistryTransport, TransportResponse } from './registry-transport.js';

interface RegistryClientOptions {
  transport: RegistryTransport;
  /** host[:port] as the image reference names it (docker.io for Docker Hub). */
  registry: string;
  repository: string;
  login: RegistryLogin | undefined;
  signal: AbortSignal;
  maxRedirects?: number;
}

interface BlobStream {
  body: Readable;
  /** The Content-Length the final hop announced, when it did. */
  announcedLength: number | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_MAX_REDIRECTS = 5;
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;

/** Docker Hub is served by registry-1.docker.io (distribution/reference normalize.go). */
export function registryOrigin(registry: string): string {
  return registry === 'docker.io' ? 'https://registry-1.docker.io' : `https://${registry}`;
}

type Challenge = { scheme: 'bearer'; realm: string; service: string | undefined } | { scheme: 'basic' };

export interface RegistryClient {
  /** GET /v2/<name>/manifests/<reference>, its body read up to `maxBytes`. */
  manifest(reference: string, accept: string, maxBytes: number): Promise<{ body: Buffer; contentType: string | undefined; digestHeader: string | undefined }>;
  /** GET /v2/<name>/blobs/<digest>, following redirects; the caller verifies what it reads. */
  blob(digest: string): Promise<BlobStream>;
}

export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  const origin = registryOrigin(options.registry);
  const pullScope = `repository:${options.repository}:pull`;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let authorization: string | undefined;

  const basicCredentials = (): string | undefined =>
    options.login === undefined ? undefined : `Basic ${Buffer.from(`${options.login.username}:${options.login.secret}`, 'utf8').toString('base64')}`;

  async function bearerToken(challenge: Extract<Challenge, { scheme: 'bearer' }>): Promise<string> {
    let realm: URL;
    try {
      realm = new URL(challenge.realm);
    } catch {
      throw new ImagePullError('registry_error', `${origin} named a token server that is not a URL`);
    }
    if (challenge.service !== undefined) realm.searchParams.set('service', challenge.service);
    // Pull, whatever scope the challenge suggests: the login is never used for more.
    realm.searchParams.set('scope', pullScope);
    const credentials = basicCredentials();
    const response = await options.transport.request(realm, { headers: { accept: 'application/json', ...(credentials ? { authorization: credentials } : {}) }, signal: options.signal });
    if (response.status === 401 || response.status === 403) {
      response.body.destroy();
      throw new ImagePullError('authentication', `the token server of ${options.registry} refused ${options.login ? "the organization's login" : 'an anonymous pull'} for ${options.repository} (HTTP ${response.status})`);
    }
    if (REDIRECT_STATUSES.has(response.status)) {
      response.body.destroy();
      throw new ImagePullError('registry_error', `the token server of ${options.registry} answered a redirect, which is not followed with a login`);
    }
    const body = await readLimited(response.body, announcedLength(response), MAX_TOKEN_RESPONSE_BYTES, 'the token response');
    if (response.status !== 200) throw new ImagePullError('registry_error', `the token server of ${options.registry} answered HTTP ${response.status}`);
    let parsed: { token?: unknown; access_token?: unknown };
    try {
      parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
    } catch {
      throw new ImagePullError('registry_error', `the token server of ${options.registry} answered something that is not JSON`);
    }
    const token = typeof parsed.token === 'string' && parsed.token !== '' ? parsed.token : typeof parsed.access_token === 'string' ? parsed.access_token : '';
    if (token === '') throw new ImagePullError('registry_error', `the token server of ${options.registry} answered no token`);
    return token;
  }

  async function answerChallenge(header: string | undefined): Promise<void> {
    const challenge = parseChallenge(header);
    if (challenge === undefined) throw new ImagePullError('authentication', `${options.registry} asked for authentication this client does not speak`);
    if (challenge.scheme === 'basic') {
      const credentials = basicCredentials();
      if (credentials === undefined) throw new ImagePullError('authentication', `${options.registry} requires a login for ${options.repository} and the organization has none for it`);
      authorization = credentials;
      return;
    }
    authorization = `Bearer ${await bearerToken(challenge)}`;
  }

  /** One request to the registry with authentication (answering one challenge), following redirects. */
  async function get(path: string, headers: Record<string, string>): Promise<TransportResponse> {
    const start = new URL(`${origin}/v2/${options.repository}/${path}`);
    let url = start;
    let challenged = false;
    let redirects = 0;
    for (;;) {
      const sameOrigin = url.origin === origin;
      const response = await options.transport.request(url, {
        headers: { ...headers, ...(sameOrigin && authorization !== undefined ? { authorization } : {}) },
        signal: options.signal,
      });
      if (response.status === 401 && sameOrigin && !challenged) {
        response.body.destroy();
        challenged = true;
        await answerChallenge(firstHeader(response.headers['www-authenticate']));
        url = start;
        redirects = 0;
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        response.body.destroy();
        throw new ImagePullError('authentication', `${options.registry} refused ${options.login ? "the organization's login" : 'an anonymous pull'} for ${options.repository} (HTTP ${response.status})`);
      }
      if (!REDIRECT_STATUSES.has(response.status)) return response;
      response.body.destroy();
      const location = firstHeader(response.headers.location);
      if (location === undefined) throw new ImagePullError('registry_error', `${url.origin} answered a redirect without a location`);
      redirects += 1;
      if (redirects > maxRedirects) throw new ImagePullError('limit', `${options.registry} redirected more than ${maxRedirects} times`);
      url = new URL(location, url);
    }
  }

  return {
    async manifest(reference, accept, maxBytes) {
      const response = await get(`manifests/${reference}`, { accept });
      if (response.status === 404) {
        response.body.destroy();
        throw new ImagePullError('not_found', `${options.registry}/${options.repository}:${reference} does not exist`);
      }
      if (response.status !== 200) {
        response.body.destroy();
        throw new ImagePullError('registry_error', `${options.registry} answered HTTP ${response.status} for the manifest of ${options.repository}`);
      }
      const body = await readLimited(response.body, announcedLength(response), maxBytes, 'the manifest');
      return { body, contentType: firstHeader(response.headers['content-type']), digestHeader: firstHeader(response.headers['docker-content-digest']) };
    },
    async blob(digest) {
      const response = await get(`blobs/${digest}`, {});
      if (response.status !== 200) {
        response.body.destroy();
        if (response.status === 404) throw new ImagePullError('not_found', `${options.registry}/${options.repository} has no blob ${digest}`);
        throw new ImagePullError('registry_error', `the blob ${digest} was answered with HTTP ${response.status}`);
      }
      return { body: response.body, announcedLength: announcedLength(response) };
    },
  };
}

const firstHeader = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Reads a whole (small) body, refusing it past `maxBytes` before holding more. */
export async function readLimited(body: Readable, announcedLength: number | undefined, maxBytes: number, what: string): Promise<Buffer> {
  if (announcedLength !== undefined && announcedLength > maxBytes) {
    body.destroy();
    throw new ImagePullError('limit', `${what} is ${announcedLength} bytes, more than the limit of ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) {
      body.destroy();
      throw new ImagePullError('limit', `${what} is more than the limit of ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const announcedLength = (response: TransportResponse): number | undefined => {
  const length = Number(firstHeader(response.headers['content-length']));
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
};

/** RFC 7235 challenge parameters: `Bearer realm="...",service="..."` (a scope is ignored), or `Basic realm="..."`. */
export function parseChallenge(header: string | undefined): Challenge | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*([A-Za-z]+)\s*(.*)$/s.exec(header);
  if (match === null) return undefined;
  const scheme = (match[1] ?? '').toLowerCase();
  if (scheme === 'basic') return { scheme: 'basic' };
  if (scheme !== 'bearer') return undefined;
  const parameters = new Map<string, string>();
  for (const parameter of (match[2] ?? '').matchAll(/([A-Za-z]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    parameters.set((parameter[1] ?? '').toLowerCase(), parameter[2] !== undefined ? parameter[2].replace(/\\(.)/g, '$1') : (parameter[3] ?? ''));
  }
  const realm = parameters.get('realm');
  if (realm === undefined) return undefined;
  return { scheme: 'bearer', realm, service: parameters.get('service') };
}

export const sha256Digest = (bytes: Buffer): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
