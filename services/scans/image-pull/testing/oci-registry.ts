// Test-only: a real OCI registry, Debian's docker-registry (the CNCF Distribution
// server), started on a free loopback port with TLS and a storage directory of its own,
// and skopeo to push images into it. infra/services.sh installs both (apt). Variants:
// no authentication (pushing), htpasswd (basic authentication) and token (the Bearer
// challenge flow against token-issuer.ts). Two registries may share one storage
// directory: images are pushed to an open one and read through an authenticating one.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';

const run = promisify(execFile);

export type RegistryAuth =
  | { kind: 'none' }
  /** Users and passwords, written with `htpasswd -Bbn` (bcrypt, the only hash distribution reads). */
  | { kind: 'htpasswd'; users: Record<string, string> }
  /** A token server: its realm, the service and issuer it signs for, and the certificate its tokens chain to. */
  | { kind: 'token'; realm: string; service: string; issuer: string; rootCertificatePem: string };

export interface OciRegistry {
  /** 127.0.0.1:<port>, as an image reference names it. */
  host: string;
  storageDirectory: string;
  /** The file holding a blob's content in the registry's storage, for tampering with it. */
  blobFile(digest: string): string;
  close(): Promise<void>;
}

const REGISTRY_BINARY = 'docker-registry';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function htpasswdFile(directory: string, users: Record<string, string>): Promise<string> {
  const lines: string[] = [];
  for (const [user, password] of Object.entries(users)) lines.push((await run('htpasswd', ['-Bbn', user, password])).stdout.trim());
  const file = path.join(directory, 'htpasswd');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function authSection(auth: RegistryAuth, files: { htpasswd?: string; rootBundle?: string }): string {
  switch (auth.kind) {
    case 'none':
      return '';
    case 'htpasswd':
      return `auth:\n  htpasswd:\n    realm: sentinel-test\n    path: ${files.htpasswd}\n`;
    case 'token':
      return `auth:\n  token:\n    realm: ${auth.realm}\n    service: ${auth.service}\n    issuer: ${auth.issuer}\n    rootcertbundle: ${files.rootBundle}\n`;
  }
}

/** Starts docker-registry; `storageDirectory` shares another registry's storage. */
export async function startOciRegistry(options: { certificates: TestCertificates; auth: RegistryAuth; storageDirectory?: string }): Promise<OciRegistry> {
  const directory = mkdtempSync(path.join(tmpdir(), 'oci-registry-'));
  const storageDirectory = options.storageDirectory ?? path.join(directory, 'storage');
  writeFileSync(path.join(directory, 'server.pem'), options.certificates.serverCertPem);
  writeFileSync(path.join(directory, 'server.key'), options.certificates.serverKeyPem, { mode: 0o600 });
  const files: { htpasswd?: string; rootBundle?: string } = {};
  if (options.auth.kind === 'htpasswd') files.htpasswd = await htpasswdFile(directory, options.auth.users);
  if (options.auth.kind === 'token') {
    files.rootBundle = path.join(directory, 'token-root.pem');
    writeFileSync(files.rootBundle, options.auth.rootCertificatePem);
  }
  const port = await freePort();
  const config = [
    'version: 0.1',
    'log:',
    '  level: error',
    '  accesslog:',
    '    disabled: true',
    'storage:',
    '  filesystem:',
    `    rootdirectory: ${storageDirectory}`,
    'http:',
    `  addr: 127.0.0.1:${port}`,
    `  secret: ${randomBytes(16).toString('hex')}`,
    '  tls:',
    `    certificate: ${path.join(directory, 'server.pem')}`,
    `    key: ${path.join(directory, 'server.key')}`,
    '',
  ].join('\n');
  writeFileSync(path.join(directory, 'config.yml'), config + authSection(options.auth, files));

  const child: ChildProcess = spawn(REGISTRY_BINARY, ['serve', path.join(directory, 'config.yml')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (error) => reject(new Error(`${REGISTRY_BINARY} could not start (${error.message}); run \`bash infra/services.sh up\`, which installs it`))),
  );
  const host = `127.0.0.1:${port}`;
  await Promise.race([spawnError, waitForRegistry(host, options.certificates.caPem, () => stderr)]);
  return {
    host,
    storageDirectory,
    blobFile: (digest) => path.join(storageDirectory, 'docker/registry/v2/blobs/sha256', digest.slice(7, 9), digest.slice(7), 'data'),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function waitForRegistry(host: string, caPem: string, stderr: () => string): Promise<void> {
  const https = await import('node:https');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const answered = await new Promise<boolean>((resolve) => {
      const request = https.request(`https://${host}/v2/`, { ca: caPem }, (response) => {
        response.resume();
        resolve(response.statusCode === 200 || response.statusCode === 401);
      });
      request.on('error', () => resolve(false));
      request.end();
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`docker-registry did not answer on ${host}: ${stderr()}`);
}

/**
 * Copies an image (or, with `all`, an index and every image it names) from an OCI
 * layout into the registry with skopeo, byte for byte (an uncompressed layer would
 * otherwise be compressed on the way); `format: 'v2s2'` instead converts it to
 * Docker's image manifest v2 schema 2.
 */
export async function pushWithSkopeo(layoutDirectory: string, tag: string, destination: string, options: { all?: boolean; format?: 'oci' | 'v2s2'; credentials?: string } = {}): Promise<void> {
  const policy = path.join(layoutDirectory, '..', `skopeo-policy-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(policy, JSON.stringify({ default: [{ type: 'insecureAcceptAnything' }] }));
  try {
    await run('skopeo', [
      '--policy', policy,
      'copy', '--dest-tls-verify=false', '--quiet',
      ...(options.all ? ['--all'] : []),
      ...(options.format ? ['--format', options.format] : ['--preserve-digests']),
      ...(options.credentials ? ['--dest-creds', options.credentials] : []),
      `oci:${layoutDirectory}:${tag}`, `docker://${destination}`,
    ]);
  } finally {
    rmSync(policy, { force: true });
  }
}
