// Octokit (@octokit/rest) over the connector's provider client: its `request.fetch`
// is built on ProviderClient.request, so every call to GitHub passes the connector
// egress policy (api.github.com built in, the vetted lookup, TLS verified, redirects
// refused, 16 MiB responses) and the connector's pacing and retries (10 per second,
// three attempts, Retry-After and GitHub's 403 rate limit obeyed, 401 and other 403
// never retried). Octokit's own retry and throttling plugins are not part of
// @octokit/rest and are not added, so the provider client's three attempts are all
// there are.
//
// Authentication: as a GitHub App installation (the app's JWT finds the
// organization's installation and creates an installation token, renewed before it
// expires), or with a token the deployment holds.
import { Octokit } from '@octokit/rest';
import { AppError } from '../../platform/errors.js';
import { ProviderCallError, type ProviderClient } from '../connectors/index.js';
import { appJsonWebToken, type GitHubCredentials } from './github-credentials.js';

/** The hosted service's API (spec 2.12: the hosted service only). */
const GITHUB_API = 'https://api.github.com';
/** GitHub's REST API version these calls were written against. */
const API_VERSION = '2022-11-28';
const PAGE_SIZE = 100;
/** A listing longer than this (100,000 items at 100 a page) is taken for one that never ends. */
export const MAX_PAGES = 1_000;
/** An installation token is renewed when it has less than this left (they last an hour). */
const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

/** A listing that cannot be followed to its end: a next link that repeats, leaves the API's origin or never stops. */
export class ListingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListingError';
  }
}

/** Octokit's `fetch`: GET and POST only (a collection reads; POST creates the installation token). */
export function providerFetch(client: ProviderClient): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new TypeError(`a GitHub collection never sends ${method}`);
    const url = input instanceof Request ? input.url : String(input);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string') throw new TypeError('Octokit sent a request body that is not text');
    const response = await client.request({ url, method, headers, body: body ?? undefined });
    const answer = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const member of Array.isArray(value) ? value : [value]) answer.append(name, member);
    }
    return new Response(response.status === 204 || response.status === 205 ? null : new Uint8Array(response.body), { status: response.status, headers: answer });
  };
}

/** Octokit wraps what fetch throws; the provider client's own error is what the collector judges. */
function unwrapProviderError(error: unknown): unknown {
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  return cause instanceof ProviderCallError ? cause : error;
}

const silentLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

interface GitHubApiOptions {
  client: ProviderClient;
  credentials: GitHubCredentials;
  /** The organization's login: where the app's installation is looked up. */
  organization: string;
  /** https://api.github.com; tests give their loopback peer. */
  baseUrl?: string;
  now?: () => number;
}

export interface GitHubApi {
  /** One call; its data. */
  get<T>(route: string, parameters?: Record<string, unknown>): Promise<T>;
  /** Every page of a listing (100 items a page unless per_page is given), following GitHub's Link headers to the end. */
  pages<T>(route: string, parameters: Record<string, unknown>, items: (data: unknown) => T[]): AsyncGenerator<T[]>;
  /** How the collection authenticated, for its progress and attributes. */
  authentication: () => { kind: 'app'; appId: string; installationId: number } | { kind: 'token' };
}

export function createGitHubApi(options: GitHubApiOptions): GitHubApi {
  const baseUrl = (options.baseUrl ?? GITHUB_API).replace(/\/+$/, '');
  const origin = new URL(baseUrl).origin;
  const now = options.now ?? Date.now;
  const make = () =>
    new Octokit({ baseUrl, request: { fetch: providerFetch(options.client) }, log: silentLog, userAgent: 'Sentinel-Connectors/1' });
  const octokit = make();
  const { credentials } = options;
  let installation: { id: number; token: string; expiresAt: number } | undefined;

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw unwrapProviderError(error);
    }
  };

  if (credentials.kind === 'app') {
    // The app's own calls carry a fresh JWT each; everything else the installation token.
    const app = make();
    app.hook.before('request', (request) => {
      request.headers.authorization = `Bearer ${appJsonWebToken(credentials.appId, credentials.privateKey, now())}`;
    });
    const installationToken = async (): Promise<string> => {
      if (installation !== undefined && installation.expiresAt - now() > TOKEN_RENEWAL_MARGIN_MS) return installation.token;
      const id =
        installation?.id ??
        credentials.installationId ??
        (await call(() => app.request('GET /orgs/{org}/installation', { org: options.organization, headers: { 'x-github-api-version': API_VERSION } }))).data.id;
      const created = await call(() => app.request('POST /app/installations/{installation_id}/access_tokens', { installation_id: id, headers: { 'x-github-api-version': API_VERSION } }));
      const expiresAt = Date.parse(created.data.expires_at);
      if (typeof created.data.token !== 'string' || Number.isNaN(expiresAt)) throw new AppError('configuration_error', 'GitHub answered the installation token request without a token');
      installation = { id, token: created.data.token, expiresAt };
      return installation.token;
    };
    octokit.hook.before('request', async (request) => {
      request.headers.authorization = `token ${await installationToken()}`;
    });
  } else {
    octokit.hook.before('request', (request) => {
      request.headers.authorization = `token ${credentials.token}`;
    });
  }

  async function get<T>(route: string, parameters: Record<string, unknown> = {}): Promise<T> {
    const response = await call(() => octokit.request(route, { ...parameters, headers: { 'x-github-api-version': API_VERSION } }));
    return response.data as T;
  }

  async function* pages<T>(route: string, parameters: Record<string, unknown>, items: (data: unknown) => T[]): AsyncGenerator<T[]> {
    const followed = new Set<string>();
    let response = await call(() => octokit.request(route, { per_page: PAGE_SIZE, ...parameters, headers: { 'x-github-api-version': API_VERSION } }));
    for (let page = 1; ; page++) {
      yield items(response.data);
      const next = nextLink(response.headers.link);
      if (next === undefined) return;
      let nextUrl: URL;
      try {
        nextUrl = new URL(next);
      } catch {
        throw new ListingError(`${route}: page ${page} names a next page that is not a URL`);
      }
      if (nextUrl.origin !== origin) throw new ListingError(`${route}: page ${page} names a next page on another host (${nextUrl.host})`);
      if (followed.has(nextUrl.href)) throw new ListingError(`${route}: the listing repeated a page link (it would never end)`);
      if (page >= MAX_PAGES) throw new ListingError(`${route}: the listing has more than ${MAX_PAGES} pages (it would never end)`);
      followed.add(nextUrl.href);
      response = await call(() => octokit.request({ method: 'GET', url: nextUrl.href, headers: { 'x-github-api-version': API_VERSION } }));
    }
  }

  return {
    get,
    pages,
    authentication: () => (credentials.kind === 'app' && installation !== undefined ? { kind: 'app', appId: credentials.appId, installationId: installation.id } : { kind: 'token' }),
  };
}

/** The rel="next" target of a Link header (RFC 8288), as GitHub writes it. */
export function nextLink(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/.test(match[2]!)) return match[1];
  }
  return undefined;
}
