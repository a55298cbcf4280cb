// Octokit over the provider client, against GitHub's recorded answers
// (@octokit/fixtures-server replaying @octokit/fixtures, behind TLS on 127.0.0.1),
// and the credentials entry and app token it authenticates with.
import { createPublicKey, generateKeyPairSync, createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import { createProviderClient, type ConnectorEgressPolicy } from '../connectors/index.js';
import { createGitHubApi, nextLink } from './github-client.js';
import { appJsonWebToken, readGitHubCredentials } from './github-credentials.js';
import { startFixturesServer, type FixturesServer } from './testing/fixtures-server.js';

const certificates = createTestCertificates();
const testPolicy: ConnectorEgressPolicy = { allowedHosts: ['127.0.0.1'], allowPrivate: true };
// The token the recorded scenarios were normalized to.
const RECORDED_TOKEN = '0000000000000000000000000000000000000001';
let fixtures: FixturesServer;

beforeAll(async () => {
  fixtures = await startFixturesServer(certificates);
}, 30_000);
afterAll(() => fixtures?.close());

function apiFor(baseUrl: string) {
  const client = createProviderClient({ kind: 'code_hosting_organization', policy: testPolicy, trustedCaPem: certificates.caPem });
  return { client, api: createGitHubApi({ client, credentials: { kind: 'token', token: RECORDED_TOKEN }, organization: 'octokit-fixture-org', baseUrl }) };
}

describe('Octokit over the provider client, against recorded GitHub answers', () => {
  it('reads an organization as GitHub answered it', async () => {
    const baseUrl = await fixtures.load('get-organization');
    const { client, api } = apiFor(baseUrl);
    try {
      const org = await api.get<{ login: string; id: number; type: string }>('GET /orgs/{org}', { org: 'octokit-fixture-org' });
      expect(org).toMatchObject({ login: 'octokit-fixture-org', id: 1000, type: 'Organization' });
    } finally {
      client.close();
    }
  });

  it("follows GitHub's recorded Link headers to the last page, where the path changes to /repositories/{id}", async () => {
    const baseUrl = await fixtures.load('paginate-issues');
    const before = fixtures.received.length;
    const { client, api } = apiFor(baseUrl);
    try {
      const numbers: number[] = [];
      for await (const page of api.pages('GET /repos/{owner}/{repo}/issues', { owner: 'octokit-fixture-org', repo: 'paginate-issues', per_page: 3 }, (data) => data as { number: number }[])) {
        numbers.push(...page.map((issue) => issue.number));
      }
      expect(numbers).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      const paths = fixtures.received.slice(before).map((received) => received.replace(/^\/api\.github\.com\/[^/]+/, ''));
      expect(paths).toEqual([
        '/repos/octokit-fixture-org/paginate-issues/issues?per_page=3',
        ...[2, 3, 4, 5].map((page) => `/repositories/1000/issues?per_page=3&page=${page}`),
      ]);
    } finally {
      client.close();
    }
  });
});

describe('Link headers', () => {
  it('finds rel="next" wherever it stands, and nothing when there is none', () => {
    expect(nextLink('<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=5>; rel="last"')).toBe('https://api.github.com/x?page=2');
    expect(nextLink('<https://api.github.com/x?page=1>; rel="prev", <https://api.github.com/x?page=3>; rel="next"')).toBe('https://api.github.com/x?page=3');
    expect(nextLink('<https://api.github.com/x?page=1>; rel="first", <https://api.github.com/x?page=1>; rel="prev"')).toBeUndefined();
    expect(nextLink(undefined)).toBeUndefined();
  });
});

describe('GitHub credentials', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const entry = (value: string) => ({ reference: 'github-entry', value });

  it('reads an app entry (PKCS#1 as GitHub issues it), a token entry and a bare token', () => {
    expect(readGitHubCredentials(entry(JSON.stringify({ appId: 42, privateKey: pkcs1, installationId: 7 })))).toMatchObject({ kind: 'app', appId: '42', installationId: 7 });
    expect(readGitHubCredentials(entry(JSON.stringify({ appId: '42', privateKey: pkcs1 })))).toMatchObject({ kind: 'app', installationId: null });
    expect(readGitHubCredentials(entry('{"token": "github_pat_abc"}'))).toEqual({ kind: 'token', token: 'github_pat_abc' });
    expect(readGitHubCredentials(entry('ghp_abc\n'))).toEqual({ kind: 'token', token: 'ghp_abc' });
  });

  it('refuses a malformed entry with configuration_error, never echoing it', () => {
    const secret = 'ghp_do-not-echo';
    for (const value of [`{"token": "${secret} x"}`, `${secret} two-words`, '{"appId": 42}', `{"appId": 42, "privateKey": "${secret}"}`, '{not json', '{"token": 42}']) {
      let error: unknown;
      try {
        readGitHubCredentials(entry(value));
      } catch (caught) {
        error = caught;
      }
      expect(error).toMatchObject({ code: 'configuration_error' });
      expect((error as Error).message).not.toContain(secret);
    }
    const { privateKey: ecKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expect(() => readGitHubCredentials(entry(JSON.stringify({ appId: 42, privateKey: ecKey.export({ type: 'pkcs8', format: 'pem' }) })))).toThrow(/RSA/);
  });

  it('signs the app token with RS256: iss the app id, issued a minute back, valid nine minutes', () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    const token = appJsonWebToken('42', privateKey, now);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ iat: now / 1000 - 60, exp: now / 1000 + 540, iss: '42' });
    expect(createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(createPublicKey(privateKey), Buffer.from(signature, 'base64url'))).toBe(true);
  });
});
