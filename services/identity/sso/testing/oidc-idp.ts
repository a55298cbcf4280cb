// Test-only: an OpenID Connect provider (oidc-provider 9.13, peers.md) in the test
// process on 127.0.0.1, and a browser that walks its pages over real HTTP: it follows
// the provider's redirects with its cookies, signs in at the provider's login form,
// consents, and stops at the redirect back to our service (the OIDC callback), which
// the test then calls in-process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

export interface OidcAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestOidcIdp {
  /** http://127.0.0.1:<port> */
  issuer: string;
  /** The people the provider knows, by login: changed freely by tests. */
  accounts: Map<string, OidcAccount>;
  /** Registers a client (a relying party) with PKCE required. */
  addClient(client: { clientId: string; clientSecret?: string; redirectUri: string }): void;
  close(): Promise<void>;
}

export interface TestOidcIdpOptions {
  /**
   * Whether the ID token carries the profile claims itself (the default); otherwise
   * they come from userinfo only, as with providers that keep ID tokens small.
   */
  claimsInIdToken?: boolean;
}

export async function startTestOidcIdp(options: TestOidcIdpOptions = {}): Promise<TestOidcIdp> {
  const sockets = new Set<Socket>();
  const server: Server = createServer();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, OidcAccount>();
  const clients: ClientMetadata[] = [];

  const build = () =>
    new Provider(issuer, {
      clients,
      findAccount: async (_ctx, sub) => {
        const account = accounts.get(sub);
        return account && { accountId: sub, claims: async () => ({ sub, ...account }) };
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      scopes: ['openid', 'email', 'profile', 'groups'],
      pkce: { required: () => true },
      conformIdTokenClaims: options.claimsInIdToken === false,
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    });
  let provider = build();
  server.on('request', (request, response) => provider.callback()(request, response));

  return {
    issuer,
    accounts,
    addClient({ clientId, clientSecret, redirectUri }) {
      clients.push({
        client_id: clientId,
        ...(clientSecret === undefined ? { token_endpoint_auth_method: 'none' } : { client_secret: clientSecret, token_endpoint_auth_method: 'client_secret_post' }),
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      });
      // Static clients are read when the provider is built.
      provider = build();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the identity provider: from the authorization URL our start route
 * redirected to, through the provider's login and consent pages (real HTTP, its own
 * cookies), to the redirect back to `returnPrefix` (our service), whose URL it answers.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, returnPrefix: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const visit = async (url: string, form?: Record<string, string>): Promise<Response> => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 20; step++) {
    const response = await visit(url);
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url);
      if (next.href.startsWith(returnPrefix)) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    // oidc-provider's development pages: a login form, then a consent form, each posted back to the interaction.
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !prompt || !action) throw new Error(`the identity provider answered ${response.status} at ${url}: ${page.slice(0, 300)}`);
    const submitted = await visit(new URL(action.replaceAll('&amp;', '&'), url).href, prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    if (submitted.status < 300 || submitted.status >= 400) throw new Error(`the identity provider answered ${submitted.status} to the ${prompt} form`);
    const next = new URL(submitted.headers.get('location')!, url);
    if (next.href.startsWith(returnPrefix)) return next;
    url = next.href;
  }
  throw new Error('the identity provider never sent the browser back');
}
