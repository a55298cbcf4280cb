// GitHub's answers as its REST API documents them, served on loopback: only a
// verified primary address is the person's (emulate's GitHub marks every address
// verified, so the refusals are shown here).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubProvider } from './github.js';
import { ProviderError } from './providers.js';

describe('GitHub identity', () => {
  let emails: unknown = [];
  let tokenAnswer: Record<string, string> = { access_token: 'gho_test', token_type: 'bearer', scope: 'read:user,user:email' };
  const seen: { token?: URLSearchParams; authorization?: string } = {};
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        if (request.url === '/login/oauth/access_token') {
          seen.token = new URLSearchParams(body);
          return response.end(JSON.stringify(tokenAnswer));
        }
        seen.authorization = request.headers.authorization;
        if (request.url === '/user') return response.end(JSON.stringify({ id: 4242, login: 'octo', name: null }));
        if (request.url === '/user/emails') return response.end(JSON.stringify(emails));
        response.statusCode = 404;
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const identify = () =>
    githubProvider({ clientId: 'cid', clientSecret: 'csecret', webUrl: url, apiUrl: url }).identify({
      callbackUrl: new URL('https://sentinel.example.test/cb?code=the-code&state=s'),
      redirectUri: 'https://sentinel.example.test/cb',
      state: 's',
      codeVerifier: 'the-verifier',
      nonce: 'unused',
    });

  it('trades the code with the client secret and the PKCE verifier, and takes the verified primary address, lower-cased', async () => {
    emails = [
      { email: 'other@example.test', primary: false, verified: true },
      { email: 'Octo@Example.Test', primary: true, verified: true },
    ];
    expect(await identify()).toEqual({ subject: '4242', verifiedEmail: 'octo@example.test', name: 'octo' });
    expect(Object.fromEntries(seen.token!)).toEqual({ client_id: 'cid', client_secret: 'csecret', code: 'the-code', redirect_uri: 'https://sentinel.example.test/cb', code_verifier: 'the-verifier' });
    expect(seen.authorization).toBe('Bearer gho_test');
  });

  it('has no address for a person whose primary address is unverified, even with another verified one', async () => {
    emails = [
      { email: 'octo@example.test', primary: true, verified: false },
      { email: 'verified-but-secondary@example.test', primary: false, verified: true },
    ];
    expect((await identify()).verifiedEmail).toBeUndefined();
  });

  it('fails with a ProviderError when GitHub refuses the code (200 with an error member)', async () => {
    tokenAnswer = { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' };
    await expect(identify()).rejects.toBeInstanceOf(ProviderError);
  });
});
