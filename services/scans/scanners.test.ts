// The Trivy adapter against stand-in executables: the real exec, argument and
// parsing path, without network access to a vulnerability database.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loginOfImageHost, standIn, standInAnswering, standInPath } from '../../test/support/stand-in-executables.js';
import { scannerEnvironment } from '../platform/config.js';
import type { ObservationKind } from '../findings/index.js';
import { asOrgId } from '../../test/support/org-ids.js';
import { parseImageReference } from './image-reference.js';
import type { RegistryLogin } from './registry-logins.js';
import { createTrivyAdapter, type ScanRequest } from './scanners.js';

function scanRequest(image: string, kinds: ObservationKind[], login?: RegistryLogin): ScanRequest {
  const parsed = parseImageReference(image);
  if (!parsed.ok) throw new Error(parsed.refusal.message);
  return {
    orgId: asOrgId('00000000-0000-4000-8000-000000000001'),
    image,
    reference: parsed.reference,
    kinds,
    platform: null,
    signal: new AbortController().signal,
    ...(login === undefined ? {} : { login }),
  };
}

describe('Trivy adapter', () => {
  it('runs trivy image --format json for the enabled kinds plus licences, and parses its report', async () => {
    const argsFile = standInPath('trivy-ok.args.json');
    const binary = standInAnswering('trivy-ok', 'trivy/alpine-310.json', argsFile);
    const outcome = await createTrivyAdapter({ binary }).scan(scanRequest('ghcr.io/acme/app:1', ['vulnerability', 'secret']));
    expect(outcome.failure).toBeUndefined();
    expect(outcome.observations).toHaveLength(4);
    expect(outcome.coveredKinds).toEqual(['vulnerability', 'secret']);
    expect(JSON.parse(readFileSync(argsFile, 'utf8'))).toEqual(['image', '--format', 'json', '--quiet', '--scanners', 'vuln,secret,license', 'ghcr.io/acme/app:1']);
  });

  it('asks for the platform the scan names', async () => {
    const argsFile = standInPath('trivy-platform.args.json');
    const binary = standInAnswering('trivy-platform', 'trivy/alpine-310.json', argsFile);
    const outcome = await createTrivyAdapter({ binary }).scan({ ...scanRequest('ghcr.io/acme/app:1', ['vulnerability']), platform: 'linux/arm64' });
    expect(outcome.failure).toBeUndefined();
    expect(JSON.parse(readFileSync(argsFile, 'utf8'))).toEqual(['image', '--format', 'json', '--quiet', '--scanners', 'vuln,license', '--platform', 'linux/arm64', 'ghcr.io/acme/app:1']);
  });

  it('reports a missing binary as a failure a person can act on', async () => {
    const outcome = await createTrivyAdapter({ binary: standInPath('absent-trivy') }).scan(scanRequest('ghcr.io/acme/app:1', ['vulnerability']));
    expect(outcome).toEqual({ scanner: 'trivy', failure: `${standInPath('absent-trivy')} is not installed on this worker` });
  });

  it("reports the scanner's own last complaint when it exits non-zero, and a report it cannot parse", async () => {
    const failing = standIn('trivy-fails', "process.stderr.write('INFO starting\\nFATAL image scan error: unable to find the specified image\\n'); process.exit(1);");
    const failed = await createTrivyAdapter({ binary: failing }).scan(scanRequest('ghcr.io/acme/missing:1', ['vulnerability']));
    expect(failed.failure).toBe('FATAL image scan error: unable to find the specified image');
    const garbled = standIn('trivy-garbled', "process.stdout.write('{not json');");
    const unparsable = await createTrivyAdapter({ binary: garbled }).scan(scanRequest('ghcr.io/acme/app:1', ['vulnerability']));
    expect(unparsable.failure).toMatch(/JSON/);
  });
});

describe('Trivy adapter with a registry login', () => {
  const login = { registry: 'registry.example.com', username: 'ci-robot', secret: 'rs-the-registry-secret-0123456789' };
  // The stand-ins are `#!/usr/bin/env node` scripts: they need this process's PATH.
  const path = { PATH: scannerEnvironment().PATH ?? '' };
  const observed = ['TRIVY_USERNAME', 'TRIVY_PASSWORD', 'DOCKER_CONFIG', 'TOKEN_SIGNING_KEY', 'WEBHOOK_SECRET_KEY', 'DATABASE_URL', 'GRYPE_REGISTRY_AUTH_PASSWORD', 'HOME'];

  it("hands the login to the scanner for the image's registry alone, never on its command line, and withholds the service secrets and deployment logins", async () => {
    const argsFile = standInPath('trivy-login.args.json');
    const environmentFile = standInPath('trivy-login.env.jsonl');
    const binary = standInAnswering('trivy-login', 'trivy/alpine-310.json', argsFile, { environmentFile, names: observed, acceptsPassword: login.secret });
    const environment = scannerEnvironment({
      ...path,
      HOME: '/home/scanner',
      TOKEN_SIGNING_KEY: 'a'.repeat(64),
      WEBHOOK_SECRET_KEY: 'b'.repeat(64),
      DATABASE_URL: 'postgres://sentinel:pw@db/sentinel',
      TRIVY_USERNAME: 'deployment-wide',
      TRIVY_PASSWORD: 'deployment-wide-secret',
      GRYPE_REGISTRY_AUTH_PASSWORD: 'deployment-wide-secret',
      DOCKER_CONFIG: '/etc/deployment-docker',
    });
    const adapter = createTrivyAdapter({ binary, environment });

    const outcome = await adapter.scan(scanRequest('registry.example.com/acme/app:1', ['vulnerability'], login));
    expect(outcome.failure).toBeUndefined();
    expect(outcome.observations).toHaveLength(4);
    const anonymous = await adapter.scan(scanRequest('ghcr.io/acme/app:1', ['vulnerability']));
    expect(anonymous.failure).toBe('FATAL image scan error: GET https://ghcr.io/v2/: UNAUTHORIZED: authentication required');

    const runs = readFileSync(environmentFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const withheld = { TOKEN_SIGNING_KEY: null, WEBHOOK_SECRET_KEY: null, DATABASE_URL: null, GRYPE_REGISTRY_AUTH_PASSWORD: null, TRIVY_USERNAME: null, TRIVY_PASSWORD: null, HOME: '/home/scanner' };
    expect(runs).toEqual([
      // A Docker configuration of the run's own, holding a login for the image's registry and no other.
      { ...withheld, DOCKER_CONFIG: expect.any(String), login: { host: 'registry.example.com', username: 'ci-robot', password: login.secret, hosts: ['registry.example.com'] } },
      { ...withheld, DOCKER_CONFIG: null, login: null },
    ]);
    expect(runs[0].DOCKER_CONFIG).not.toBe('/etc/deployment-docker');
    expect(existsSync(runs[0].DOCKER_CONFIG), "the run's Docker configuration is removed after it").toBe(false);
    expect(readFileSync(argsFile, 'utf8')).not.toContain(login.secret);
  });

  it("keeps the secret out of the failure it reports, even when the scanner's complaint quotes it", async () => {
    const echoing = standIn('trivy-echoes-secret', `process.stderr.write('FATAL login refused for password ' + (${loginOfImageHost})().password + ' at registry\\n'); process.exit(1);`);
    const outcome = await createTrivyAdapter({ binary: echoing, environment: path }).scan(scanRequest('registry.example.com/acme/app:1', ['vulnerability'], login));
    expect(outcome.failure).toBe('FATAL login refused for password [redacted] at registry');
  });
});
