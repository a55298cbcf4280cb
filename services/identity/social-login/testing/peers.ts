// The providers social login talks to in tests, each running in the test process on
// 127.0.0.1: an OpenID Connect provider (oidc-provider, standing in for Google) and
// GitHub's OAuth web flow and REST API (emulate's github service).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator } from 'emulate';
import Provider from 'oidc-provider';

export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People who can sign in, by the login they type at the provider (their subject). */
  accounts: Map<string, OidcAccount>;
  close(): Promise<void>;
}

const listening = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  const server = createServer();
  const issuer = `http://127.0.0.1:${await listening(server)}`;
  const accounts = new Map<string, OidcAccount>();
  const [clientId, clientSecret] = ['sentinel-test-client', 'sentinel-test-client-secret-0123456789'];
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_post' }],
    pkce: { required: () => true },
    // Google puts the scopes' claims in the ID token; so does this provider.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    cookies: { keys: ['sentinel-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface GitHubPeer {
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface GitHubUser {
  login: string;
  name: string;
  email: string;
}

/** GitHub's web flow and API as emulate serves them, with one OAuth app whose callback is the service's. */
export async function startGitHubPeer(redirectUri: string, users: GitHubUser[]): Promise<GitHubPeer> {
  const probe = createServer();
  const port = await listening(probe);
  await new Promise((resolve) => probe.close(resolve));
  const [clientId, clientSecret] = ['Iv1.sentineltest', 'sentinel-github-test-secret'];
  const emulator = await createEmulator({
    service: 'github',
    port,
    hostname: '127.0.0.1',
    baseUrl: `http://127.0.0.1:${port}`,
    seed: { github: { users, oauth_apps: [{ client_id: clientId, client_secret: clientSecret, name: 'Sentinel', redirect_uris: [redirectUri] }] } },
  });
  return { url: `http://127.0.0.1:${port}`, clientId, clientSecret, close: () => emulator.close() };
}
