// GitHub sign-in over OAuth 2.0 (GitHub's web application flow, with PKCE), then its
// REST API for the person (GET /user) and their addresses (GET /user/emails): only
// the primary address, and only if GitHub has verified it, is the person's.
import type { GitHubLoginConfig } from '../../platform/config.js';
import { ProviderError, type CallbackParameters, type ProviderIdentity, type SocialProvider } from './providers.js';

const TIMEOUT_MS = 10_000;
// read:user for the profile, user:email for the addresses, private ones included.
const SCOPES = 'read:user user:email';

export function githubProvider(config: GitHubLoginConfig): SocialProvider {
  const api = async <T>(path: string, accessToken: string): Promise<T> => {
    const response = await fetch(`${config.apiUrl}${path}`, {
      headers: { accept: 'application/vnd.github+json', authorization: `Bearer ${accessToken}`, 'x-github-api-version': '2022-11-28', 'user-agent': 'Sentinel' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new ProviderError(`GitHub answered ${response.status} to GET ${path}`);
    return (await response.json()) as T;
  };

  return {
    name: 'github',
    async authorizationUrl({ redirectUri, state, codeChallenge }) {
      const url = new URL(`${config.webUrl}/login/oauth/authorize`);
      url.search = new URLSearchParams({ client_id: config.clientId, redirect_uri: redirectUri, scope: SCOPES, state, code_challenge: codeChallenge, code_challenge_method: 'S256' }).toString();
      return url;
    },
    async identify(callback) {
      try {
        return await identify(callback);
      } catch (error) {
        throw error instanceof ProviderError ? error : new ProviderError('GitHub could not be asked', { cause: error });
      }
    },
  };

  async function identify({ callbackUrl, redirectUri, codeVerifier }: CallbackParameters): Promise<ProviderIdentity> {
      const code = callbackUrl.searchParams.get('code');
      if (!code) throw new ProviderError('GitHub returned no code');
      const response = await fetch(`${config.webUrl}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Sentinel' },
        body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, code, redirect_uri: redirectUri, code_verifier: codeVerifier }),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // GitHub answers a refused code with 200 and an error member.
      const token = response.ok ? ((await response.json()) as { access_token?: unknown; error?: unknown }) : {};
      if (typeof token.access_token !== 'string') throw new ProviderError(`GitHub refused the code (${response.status}${typeof token.error === 'string' ? `, ${token.error}` : ''})`);
      const [user, emails] = await Promise.all([
        api<{ id: number; login: string; name: string | null }>('/user', token.access_token),
        api<Array<{ email: string; primary: boolean; verified: boolean }>>('/user/emails', token.access_token),
      ]);
      if (typeof user.id !== 'number' || !Array.isArray(emails)) throw new ProviderError('GitHub answered an unexpected shape');
      const primary = emails.find((entry) => entry.primary && entry.verified && typeof entry.email === 'string');
      return { subject: String(user.id), verifiedEmail: primary?.email.trim().toLowerCase(), name: (user.name || user.login).slice(0, 100) };
  }
}
