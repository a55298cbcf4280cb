// Test-only: the token server a registry with `auth.token` sends clients to
// (distribution docs/spec/auth/token.md and jwt.md). It checks the Basic login a client
// presents, grants `pull` on the repositories that user may read, and signs the JWT the
// registry verifies: ES256, the signing certificate in the x5c header, chaining to the
// registry's rootcertbundle. A peer we would talk to in production (Docker Hub's
// auth.docker.io, a Harbor's /service/token); here in the test process, counting requests.
import { execFileSync } from 'node:child_process';
import { createPrivateKey, randomUUID, sign, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { listenOnLoopback } from '../../../platform/egress/testing/loopback-https.js';

export interface TokenIssuer {
  /** The realm a registry names in its challenge. */
  realm: string;
  service: string;
  issuer: string;
  /** The certificate tokens are signed under: the registry's rootcertbundle. */
  rootCertificatePem: string;
  /** Every token request: the scope asked for and the user who asked (null: anonymous). */
  requests: { scope: string | null; user: string | null }[];
  close(): Promise<void>;
}

function signingKeyAndCertificate(): { keyPem: string; certificatePem: string } {
  const directory = mkdtempSync(path.join(tmpdir(), 'token-signer-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=Sentinel Test Token Signer',
      '-keyout', path.join(directory, 'key.pem'), '-out', path.join(directory, 'cert.pem')], { stdio: 'pipe' });
    return { keyPem: readFileSync(path.join(directory, 'key.pem'), 'utf8'), certificatePem: readFileSync(path.join(directory, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const base64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `grants` maps a user to the password it logs in with and the repositories it may pull. */
export async function startTokenIssuer(certificates: TestCertificates, grants: Record<string, { password: string; repositories: string[] }>): Promise<TokenIssuer> {
  const { keyPem, certificatePem } = signingKeyAndCertificate();
  const key = createPrivateKey(keyPem);
  const x5c = [new X509Certificate(certificatePem).raw.toString('base64')];
  const service = 'sentinel-test-registry';
  const issuer = 'sentinel-test-token-issuer';
  const requests: TokenIssuer['requests'] = [];

  const server = createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (request, response) => {
    const url = new URL(request.url ?? '/', 'https://issuer');
    const scope = url.searchParams.get('scope');
    const authorization = request.headers.authorization ?? '';
    let user: string | null = null;
    if (authorization.startsWith('Basic ')) {
      const [name = '', password = ''] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
      if (grants[name]?.password !== password) {
        requests.push({ scope, user: name });
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"details":"wrong login"}');
        return;
      }
      user = name;
    }
    requests.push({ scope, user });
    const [type, repository, actions] = (scope ?? '').split(':');
    const allowed = user !== null && type === 'repository' && repository !== undefined && (grants[user]?.repositories.includes(repository) ?? false) && (actions ?? '').split(',').includes('pull');
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: issuer,
      sub: user ?? '',
      aud: url.searchParams.get('service') ?? service,
      exp: now + 300,
      nbf: now - 10,
      iat: now,
      jti: randomUUID(),
      access: allowed ? [{ type: 'repository', name: repository, actions: ['pull'] }] : [],
    };
    const signingInput = `${base64url({ typ: 'JWT', alg: 'ES256', x5c })}.${base64url(claims)}`;
    const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: `${signingInput}.${signature}`, expires_in: 300 }));
  });
  const loopback = await listenOnLoopback(server);
  return { realm: `${loopback.origin}/token`, service, issuer, rootCertificatePem: certificatePem, requests, close: () => loopback.close() };
}
