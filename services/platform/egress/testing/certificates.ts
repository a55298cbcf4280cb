// Test-only: a throwaway certificate authority and a server certificate for the
// local HTTPS receiver, made with openssl in a temporary directory at test
// time. Nothing here is committed, and nothing here is used outside tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificates {
  /** Trust this (WEBHOOK_CA_FILE's content) to verify the receiver. */
  caPem: string;
  serverKeyPem: string;
  serverCertPem: string;
}

/** Names the server certificate is valid for. */
export const RECEIVER_NAMES = ['localhost', 'receiver.example.com'] as const;

export function createTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'webhook-certs-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=Webhook Test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
      '-keyout', file('ca.key'), '-out', file('ca.pem'));
    openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=localhost',
      '-keyout', file('server.key'), '-out', file('server.csr'));
    const altNames = [...RECEIVER_NAMES.map((name) => `DNS:${name}`), 'IP:127.0.0.1'].join(',');
    writeFileSync(file('server.ext'), `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`);
    openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
      '-days', '2', '-extfile', file('server.ext'), '-out', file('server.pem'));
    return { caPem: readFileSync(file('ca.pem'), 'utf8'), serverKeyPem: readFileSync(file('server.key'), 'utf8'), serverCertPem: readFileSync(file('server.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
