// The Trivy and Grype adapters against stand-in executables: the real exec, argument
// and parsing path, without network access to a vulnerability database.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginOfImageHost, standIn, standInAnswering, standInPath } from '../../test/support/stand-in-executables.js';
import { parseReport } from '../findings/index.js';
import { readReportFixture } from '../findings/testing/report-fixtures.js';
import { scannerEnvironment } from '../platform/config.js';
import type { ObservationKind } from '../findings/index.js';
import { asOrgId } from '../../test/support/org-ids.js';
import { parseImageReference } from './image-reference.js';
import type { RegistryLogin } from './registry-logins.js';
import { createGrypeAdapter, createTrivyAdapter, type ScanRequest } from './scanners.js';

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
      // Without a login, a configuration of the run's own holding none, never the worker user's.
      { ...withheld, DOCKER_CONFIG: expect.any(String), login: { host: 'ghcr.io', username: null, password: null, hosts: [] } },
    ]);
    expect(runs.map((run) => run.DOCKER_CONFIG)).not.toContain('/etc/deployment-docker');
    expect(runs[1].DOCKER_CONFIG).not.toBe(runs[0].DOCKER_CONFIG);
    expect(runs.filter((run) => existsSync(run.DOCKER_CONFIG)), "each run's Docker configuration is removed after it").toEqual([]);
    expect(readFileSync(argsFile, 'utf8')).not.toContain(login.secret);
  });

  it("keeps the secret out of the failure it reports, even when the scanner's complaint quotes it", async () => {
    const echoing = standIn('trivy-echoes-secret', `process.stderr.write('FATAL login refused for password ' + (${loginOfImageHost})().password + ' at registry\\n'); process.exit(1);`);
    const outcome = await createTrivyAdapter({ binary: echoing, environment: path }).scan(scanRequest('registry.example.com/acme/app:1', ['vulnerability'], login));
    expect(outcome.failure).toBe('FATAL login refused for password [redacted] at registry');
  });
});

// A real Grype 0.96.0 report (test/fixtures/reports/README.md): 35 matches on a Red Hat image.
const fixture = 'grype/dd-issue_9618.json';

describe('Grype adapter', () => {

  it('runs grype --output json on the registry\'s copy of the image, and answers the observations and licences an import of the same report records', async () => {
    const argsFile = standInPath('grype-ok.args.json');
    const binary = standInAnswering('grype-ok', fixture, argsFile);
    const outcome = await createGrypeAdapter({ binary }).scan(scanRequest('quay.io/cloudservices/xjoin-kafka-connect-strimzi:latest', ['vulnerability']));
    expect(outcome.failure).toBeUndefined();
    expect(JSON.parse(readFileSync(argsFile, 'utf8'))).toEqual(['--output', 'json', '--scope', 'squashed', '--from', 'registry', 'quay.io/cloudservices/xjoin-kafka-connect-strimzi:latest']);
    const imported = parseReport('grype', readReportFixture(fixture));
    expect(outcome).toEqual({ scanner: 'grype', observations: imported.observations, licences: imported.licences, coveredKinds: ['vulnerability'], warnings: imported.warnings });
    expect(outcome.observations).toHaveLength(35);
    expect(outcome.licences).toHaveLength(9);
    expect(outcome.observations?.filter((o) => o.identifier === 'CVE-2023-39410')).toMatchObject([
      { kind: 'vulnerability', component: { ecosystem: 'maven', name: 'org.apache.avro:avro', version: '1.11.1' }, install_path: 'opt/kafka/plugins/apicurio/avro-1.11.1.jar' },
      { kind: 'vulnerability', component: { ecosystem: 'maven', name: 'org.apache.avro:avro', version: '1.9.2' }, install_path: 'opt/kafka/libs/avro/avro-1.9.2.jar' },
    ]);
  });

  it('covers vulnerabilities only: asked for secrets and misconfigurations too, it does not claim them; a report without Grype\'s descriptor covers nothing', async () => {
    const binary = standInAnswering('grype-kinds', fixture);
    const outcome = await createGrypeAdapter({ binary }).scan(scanRequest('quay.io/acme/app:1', ['vulnerability', 'secret', 'misconfiguration']));
    expect(outcome.coveredKinds).toEqual(['vulnerability']);
    expect(outcome.observations?.every((o) => o.kind === 'vulnerability')).toBe(true);

    const { descriptor: _descriptor, ...anonymous } = readReportFixture(fixture) as Record<string, unknown>;
    const anonymousReport = standInPath('grype-anonymous.report.json');
    writeFileSync(anonymousReport, JSON.stringify(anonymous));
    const unsigned = standIn('grype-anonymous', `process.stdout.write(require('fs').readFileSync(${JSON.stringify(anonymousReport)}));`);
    const uncovered = await createGrypeAdapter({ binary: unsigned }).scan(scanRequest('quay.io/acme/app:1', ['vulnerability', 'secret']));
    expect(uncovered.failure).toBeUndefined();
    expect(uncovered.coveredKinds).toEqual([]);
    expect(uncovered.observations).toHaveLength(35);
  });

  it('reports a missing binary, the scanner\'s own last complaint, a report it cannot parse, and a run past its time limit', async () => {
    // The program is looked up on the PATH the scanner is given: here, a directory holding nothing.
    const emptyPath = { PATH: mkdtempSync(join(tmpdir(), 'no-scanners-')) };
    expect(await createGrypeAdapter({ environment: emptyPath }).scan(scanRequest('quay.io/acme/app:1', ['vulnerability']))).toEqual({ scanner: 'grype', failure: 'grype is not installed on this worker' });
    const absent = standInPath('absent-grype');
    expect(await createGrypeAdapter({ binary: absent }).scan(scanRequest('quay.io/acme/app:1', ['vulnerability']))).toEqual({ scanner: 'grype', failure: `${absent} is not installed on this worker` });

    // How Grype ends a run it could not finish: a list of the errors, one per line (anchore/grype#1637).
    const failing = standIn(
      'grype-fails',
      "process.stderr.write('1 error occurred:\\n\\t* failed to catalog: unable to load image: unable to use OciRegistry source: could not fetch image \"quay.io/acme/missing:1\": MANIFEST_UNKNOWN: manifest unknown\\n\\n'); process.exit(1);",
    );
    const failed = await createGrypeAdapter({ binary: failing }).scan(scanRequest('quay.io/acme/missing:1', ['vulnerability']));
    expect(failed.failure).toBe('* failed to catalog: unable to load image: unable to use OciRegistry source: could not fetch image "quay.io/acme/missing:1": MANIFEST_UNKNOWN: manifest unknown');

    const garbled = standIn('grype-garbled', "process.stdout.write('{not json');");
    expect((await createGrypeAdapter({ binary: garbled }).scan(scanRequest('quay.io/acme/app:1', ['vulnerability']))).failure).toMatch(/JSON/);

    const hanging = standIn('grype-hangs', 'setInterval(() => {}, 60_000);');
    expect(await createGrypeAdapter({ binary: hanging, timeoutMs: 300 }).scan(scanRequest('quay.io/acme/app:1', ['vulnerability']))).toEqual({
      scanner: 'grype',
      failure: 'the scanner ran past its time limit',
    });
  });
});

describe('Grype adapter with a registry login', () => {
  const login = { registry: 'registry.example.com', username: 'ci-robot', secret: 'rs-the-registry-secret-0123456789' };
  const path = { PATH: scannerEnvironment().PATH ?? '' };
  const observed = ['GRYPE_REGISTRY_AUTH_AUTHORITY', 'GRYPE_REGISTRY_AUTH_USERNAME', 'GRYPE_REGISTRY_AUTH_PASSWORD', 'GRYPE_REGISTRY_AUTH_TOKEN', 'DOCKER_CONFIG', 'TOKEN_SIGNING_KEY', 'DATABASE_URL', 'HOME'];
  const refusal = '1 error occurred:\n\t* failed to catalog: unable to load image: unable to use OciRegistry source: failed to get image descriptor from registry: GET https://{host}/v2/: unexpected status code 401 Unauthorized\n';

  it("hands the login to Grype for the image's registry alone, in a Docker configuration of the run's own and not on its command line or in GRYPE_REGISTRY_AUTH_*", async () => {
    const argsFile = standInPath('grype-login.args.json');
    const environmentFile = standInPath('grype-login.env.jsonl');
    const binary = standInAnswering('grype-login', fixture, argsFile, { environmentFile, names: observed, acceptsPassword: login.secret, refusal });
    const environment = scannerEnvironment({
      ...path,
      HOME: '/home/scanner',
      TOKEN_SIGNING_KEY: 'a'.repeat(64),
      DATABASE_URL: 'postgres://sentinel:pw@db/sentinel',
      GRYPE_REGISTRY_AUTH_AUTHORITY: 'registry.example.com',
      GRYPE_REGISTRY_AUTH_USERNAME: 'deployment-wide',
      GRYPE_REGISTRY_AUTH_PASSWORD: 'deployment-wide-secret',
      DOCKER_CONFIG: '/etc/deployment-docker',
    });
    const adapter = createGrypeAdapter({ binary, environment });

    const outcome = await adapter.scan(scanRequest('registry.example.com/acme/app:1', ['vulnerability'], login));
    expect(outcome.failure).toBeUndefined();
    expect(outcome.observations).toHaveLength(35);
    const anonymous = await adapter.scan(scanRequest('ghcr.io/acme/app:1', ['vulnerability']));
    expect(anonymous.failure).toBe('* failed to catalog: unable to load image: unable to use OciRegistry source: failed to get image descriptor from registry: GET https://ghcr.io/v2/: unexpected status code 401 Unauthorized');

    const runs = readFileSync(environmentFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const withheld = { GRYPE_REGISTRY_AUTH_AUTHORITY: null, GRYPE_REGISTRY_AUTH_USERNAME: null, GRYPE_REGISTRY_AUTH_PASSWORD: null, GRYPE_REGISTRY_AUTH_TOKEN: null, TOKEN_SIGNING_KEY: null, DATABASE_URL: null, HOME: '/home/scanner' };
    expect(runs).toEqual([
      { ...withheld, DOCKER_CONFIG: expect.any(String), login: { host: 'registry.example.com', username: 'ci-robot', password: login.secret, hosts: ['registry.example.com'] } },
      // Without a login, a configuration of the run's own holding none, never the worker user's.
      { ...withheld, DOCKER_CONFIG: expect.any(String), login: { host: 'ghcr.io', username: null, password: null, hosts: [] } },
    ]);
    expect(runs.map((run) => run.DOCKER_CONFIG)).not.toContain('/etc/deployment-docker');
    expect(runs[1].DOCKER_CONFIG).not.toBe(runs[0].DOCKER_CONFIG);
    expect(runs.filter((run) => existsSync(run.DOCKER_CONFIG)), "each run's Docker configuration is removed after it").toEqual([]);
    expect(readFileSync(argsFile, 'utf8')).not.toContain(login.secret);
  });

  it("keeps the secret out of the failure it reports, as written and as the Docker configuration encodes it", async () => {
    const echoing = standIn(
      'grype-echoes-secret',
      `const auths = JSON.parse(require('fs').readFileSync(process.env.DOCKER_CONFIG + '/config.json', 'utf8')).auths;
       const entry = auths['registry.example.com'].auth;
       process.stderr.write('login refused for ' + (${loginOfImageHost})().password + ' (basic ' + entry + ') at registry\\n'); process.exit(1);`,
    );
    const outcome = await createGrypeAdapter({ binary: echoing, environment: path }).scan(scanRequest('registry.example.com/acme/app:1', ['vulnerability'], login));
    expect(outcome.failure).toBe('login refused for [redacted] (basic [redacted]) at registry');
  });
});
