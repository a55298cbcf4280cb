// Test-only: GitHub on 127.0.0.1 behind TLS (the throwaway test CA). A front records
// every request (method, path, arrival time, authorization scheme) and answers, in
// this order:
//   1. an answer the test scripted for the next matching request (the failures:
//      429 with Retry-After, GitHub's 403 rate limit, 401, redirects, bodies over
//      the size limit);
//   2. the calls the emulate GitHub service lacks, from GitHub's own response
//      examples (data/github-openapi-examples.json) set to the fixture's ids and
//      names: org installations, org repositories, deploy keys, the fine-grained
//      token grants and their repositories, paginated with Link headers as GitHub
//      does (and, when told, with an item on two pages or pages that never end);
//   3. everything else by `emulate` 0.12.2's GitHub service (the organization, its
//      members, the app's installation lookup with JWT verification and the
//      installation token), seeded with the fixture.
import { createEmulator } from 'emulate';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { listenOnLoopback } from '../../../platform/egress/testing/loopback-https.js';
import { fixtureOrganizations, inventoryApp, type FixtureOrganization } from './github-fixture.js';

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  /** performance.now() at arrival, in ms. */
  at: number;
  /** The authorization scheme and the token's kind, never the token: "Bearer jwt", "token ghs", "token other", "none". */
  authorization: string;
}

export interface GitHubPeer {
  /** https://127.0.0.1:<port>: the API base URL the collector is given. */
  origin: string;
  received: ReceivedRequest[];
  /** Answers the next requests whose method and path match, in order, instead of the peer. */
  script(match: { method?: string; path: RegExp }, ...answers: ScriptedAnswer[]): void;
  /** How the stub pages the token grants: as GitHub does, with one grant on two pages, or with pages that never end. */
  state: { grantsPageSize: number | undefined; grantsPaging: 'normal' | 'repeat-item' | 'endless' };
  /** The inventory app's private key (PEM, PKCS#1), as emulate generated it. */
  appPrivateKey: string;
  reset(): void;
  close(): Promise<void>;
}

interface Examples {
  'installation-paginated': { total_count: number; installations: Record<string, unknown>[] };
  'deploy-key-items': Record<string, unknown>[];
  'org-pat-grant-paginated': Record<string, unknown>[];
  'minimal-repository-items': Record<string, unknown>[];
}
const examples = (JSON.parse(readFileSync(new URL('./data/github-openapi-examples.json', import.meta.url), 'utf8')) as { examples: Examples }).examples;

export async function startGitHubPeer(certificates: TestCertificates): Promise<GitHubPeer> {
  const emulator = await createEmulator({ service: 'github', port: 0, hostname: '127.0.0.1', seed: { github: emulateSeed() } });
  const upstream = new URL(emulator.url);
  const appPrivateKey = emulator.generatedSecrets.find((secret) => secret.kind === 'github.app_private_key' && secret.id === String(inventoryApp.appId))?.value;
  if (appPrivateKey === undefined) throw new Error('emulate generated no private key for the inventory app');

  const received: ReceivedRequest[] = [];
  const scripted: { method?: string; path: RegExp; answer: ScriptedAnswer }[] = [];
  const state: GitHubPeer['state'] = { grantsPageSize: undefined, grantsPaging: 'normal' };
  let origin = '';

  const server = https.createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (request, response) => {
    const method = request.method ?? '';
    const path = request.url ?? '';
    received.push({ method, path, at: performance.now(), authorization: schemeOf(request.headers.authorization) });
    const index = scripted.findIndex((entry) => (entry.method === undefined || entry.method === method) && entry.path.test(path));
    if (index >= 0) {
      const { answer } = scripted.splice(index, 1)[0]!;
      request.resume();
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
      return;
    }
    const stubbed = method === 'GET' ? stub(new URL(path, origin), request.headers.authorization, state, origin) : undefined;
    if (stubbed !== undefined) {
      request.resume();
      response.writeHead(stubbed.status, { 'content-type': 'application/json; charset=utf-8', ...stubbed.headers });
      response.end(JSON.stringify(stubbed.body));
      return;
    }
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method, path, headers: { ...request.headers, host: upstream.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  const listening = await listenOnLoopback(server);
  origin = listening.origin;

  return {
    origin,
    received,
    script: (match, ...answers) => scripted.push(...answers.map((answer) => ({ ...match, answer }))),
    state,
    appPrivateKey,
    reset: () => {
      received.length = 0;
      scripted.length = 0;
      state.grantsPageSize = undefined;
      state.grantsPaging = 'normal';
    },
    close: async () => {
      await listening.close();
      await emulator.close();
    },
  };
}

function schemeOf(header: string | undefined): string {
  if (header === undefined) return 'none';
  const [scheme, token = ''] = header.split(/\s+/, 2);
  if (token.startsWith('eyJ')) return `${scheme} jwt`;
  return `${scheme} ${token.startsWith('ghs_') ? 'ghs' : 'other'}`;
}

function emulateSeed() {
  const people = [...new Set(fixtureOrganizations.flatMap((org) => org.members))];
  const apps = new Map<number, { app_id: number; slug: string; name: string; permissions: Record<string, string>; installations: unknown[] }>();
  for (const org of fixtureOrganizations) {
    for (const installation of org.installations) {
      const app = apps.get(installation.appId) ?? { app_id: installation.appId, slug: installation.appSlug, name: installation.appSlug, permissions: installation.permissions, installations: [] };
      app.installations.push({ installation_id: installation.installationId, account: org.login, repository_selection: installation.selection, repositories: installation.repositories, permissions: installation.permissions });
      apps.set(installation.appId, app);
    }
  }
  return {
    users: people.map((login) => ({ login, name: login })),
    orgs: fixtureOrganizations.map((org) => ({ login: org.login, name: org.login, members: org.members.map((login) => ({ login, role: 'member' })) })),
    repos: fixtureOrganizations.flatMap((org) => org.repositories.map((repository) => ({ owner: org.login, name: repository.name, private: true, auto_init: false }))),
    // The inventory app first: emulate's installation lookup answers with an organization's first installation.
    apps: [...apps.values()].sort((a, b) => (a.app_id === inventoryApp.appId ? -1 : b.app_id === inventoryApp.appId ? 1 : 0)),
  };
}

interface Stubbed {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

const notFound: Stubbed = { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } };

/** The calls emulate lacks; undefined for those it serves. */
function stub(url: URL, authorization: string | undefined, state: GitHubPeer['state'], origin: string): Stubbed | undefined {
  const orgCall = /^\/orgs\/([^/]+)\/(installations|repos|personal-access-tokens)(?:\/(\d+)\/repositories)?$/.exec(url.pathname);
  const keysCall = /^\/repos\/([^/]+)\/([^/]+)\/keys$/.exec(url.pathname);
  if (orgCall === null && keysCall === null) return undefined;
  if (authorization === undefined || !/^token \S+$/.test(authorization)) return { status: 401, body: { message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest' } };
  const org = fixtureOrganizations.find((candidate) => candidate.login === (orgCall?.[1] ?? keysCall?.[1]));
  if (org === undefined) return notFound;
  if (keysCall !== null) {
    const repository = org.repositories.find((candidate) => candidate.name === keysCall[2]);
    if (repository === undefined) return notFound;
    return page(url, origin, repository.deployKeys.map((key) => deployKey(org, repository.name, key)), undefined);
  }
  const [, , listing, grantId] = orgCall!;
  if (listing === 'installations') {
    const items = org.installations.map((installation) => installationOf(org, installation));
    const answer = page(url, origin, items, undefined);
    return { ...answer, body: { total_count: items.length, installations: answer.body } };
  }
  if (listing === 'repos') return page(url, origin, org.repositories.map((repository) => repositoryOf(org, repository.name, repository.id)), undefined);
  // GitHub: "Only GitHub Apps can use this endpoint", with an installation token.
  if (!authorization.startsWith('token ghs_')) return { status: 403, body: { message: 'Resource not accessible by personal access token', documentation_url: 'https://docs.github.com/rest/orgs/personal-access-tokens' } };
  if (grantId === undefined) return grantsPage(url, origin, org, state);
  const grant = org.tokenGrants.find((candidate) => String(candidate.grantId) === grantId);
  if (grant === undefined) return notFound;
  const repositories = (grant.repositories ?? []).map((name) => repositoryOf(org, name, org.repositories.find((candidate) => candidate.name === name)!.id));
  return page(url, origin, repositories, undefined);
}

function page(url: URL, origin: string, items: unknown[], pageSizeOverride: number | undefined): Stubbed {
  const perPage = pageSizeOverride ?? Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
  const number = Number(url.searchParams.get('page') ?? 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (target: number) => {
    const next = new URL(url.pathname, origin);
    next.searchParams.set('per_page', String(perPage));
    next.searchParams.set('page', String(target));
    return next.href;
  };
  const links = number < last ? [`<${link(number + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`] : [];
  return { status: 200, headers: links.length > 0 ? { link: links.join(', ') } : {}, body: items.slice((number - 1) * perPage, number * perPage) };
}

function grantsPage(url: URL, origin: string, org: FixtureOrganization, state: GitHubPeer['state']): Stubbed {
  const items = org.tokenGrants.map((grant) => grantOf(org, grant));
  const perPage = state.grantsPageSize;
  if (state.grantsPaging === 'normal' || perPage === undefined) return page(url, origin, items, perPage);
  const number = Number(url.searchParams.get('page') ?? 1);
  if (state.grantsPaging === 'endless') {
    // Every page names a next one (page numbers only grow: no link repeats) and holds the same grants.
    const next = new URL(url.pathname, origin);
    next.searchParams.set('per_page', String(perPage));
    next.searchParams.set('page', String(number + 1));
    return { status: 200, headers: { link: `<${next.href}>; rel="next"` }, body: items.slice(0, perPage) };
  }
  // repeat-item: each page after the first starts with the last grant of the page before (a grant added meanwhile shifts them).
  const start = (number - 1) * (perPage - 1);
  const next = new URL(url.pathname, origin);
  next.searchParams.set('per_page', String(perPage));
  next.searchParams.set('page', String(number + 1));
  return { status: 200, headers: start + perPage < items.length ? { link: `<${next.href}>; rel="next"` } : {}, body: items.slice(start, start + perPage) };
}

const ownerOf = (login: string, id: number, type: 'User' | 'Organization') => ({ login, id, node_id: Buffer.from(`04:${type}${id}`).toString('base64'), type, site_admin: false });
const orgId = (org: FixtureOrganization) => (org.login === 'acme-corp' ? 6811672 : 6811673);

function installationOf(org: FixtureOrganization, installation: FixtureOrganization['installations'][number]) {
  const [template] = examples['installation-paginated'].installations as [Record<string, unknown>];
  return {
    ...template,
    id: installation.installationId,
    app_id: installation.appId,
    app_slug: installation.appSlug,
    account: { ...(template.account as object), ...ownerOf(org.login, orgId(org), 'Organization') },
    target_id: orgId(org),
    repository_selection: installation.selection,
    permissions: installation.permissions,
  };
}

function repositoryOf(org: FixtureOrganization, name: string, id: number) {
  const [template] = examples['minimal-repository-items'] as [Record<string, unknown>];
  return { ...template, id, name, full_name: `${org.login}/${name}`, owner: { ...(template.owner as object), ...ownerOf(org.login, orgId(org), 'Organization') }, private: true };
}

function deployKey(org: FixtureOrganization, repository: string, key: FixtureOrganization['repositories'][number]['deployKeys'][number]) {
  const [template] = examples['deploy-key-items'] as [Record<string, unknown>];
  return { ...template, id: key.id, key: key.key, title: key.title, read_only: key.readOnly, url: `https://api.github.com/repos/${org.login}/${repository}/keys/${key.id}` };
}

function grantOf(org: FixtureOrganization, grant: FixtureOrganization['tokenGrants'][number]) {
  const [template] = examples['org-pat-grant-paginated'] as [Record<string, unknown>];
  return {
    ...template,
    id: grant.grantId,
    owner: { ...(template.owner as object), ...ownerOf(grant.ownerLogin, grant.ownerId, 'User') },
    repository_selection: grant.selection,
    repositories_url: `https://api.github.com/organizations/${orgId(org)}/personal-access-tokens/${grant.grantId}/repositories`,
    token_id: grant.tokenId,
    token_name: grant.name,
  };
}

