// The scanner plane: every scanner runs behind one adapter interface and answers
// with parsed observations and licences. Trivy and Grype run as programs beside the
// service; the built-in scanner is another implementation of the same interface.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ObservationKind } from '../findings/index.js';
import type { OrgId } from '../platform/db/database.js';
import { readReportOffThread } from '../findings/index.js';
import { scannerEnvironment } from '../platform/config.js';
import { replaceUnstorableText } from '../platform/storable-text.js';
import type { ImageReference } from './image-reference.js';
import type { RegistryLogin } from './registry-logins.js';
import type { ScannerOutcome } from './scan-results.js';

export interface ScanRequest {
  /** The organization the scan is for: its login, and what the layer cache may hand it. */
  orgId: OrgId;
  /** The normalized image reference, and its parts. */
  image: string;
  reference: ImageReference;
  /** The kinds the organization looks for. */
  kinds: readonly ObservationKind[];
  /** os/architecture[/variant] to take from an index; null for linux/amd64. */
  platform: string | null;
  signal: AbortSignal;
  /** The organization's login for the image's registry, if it has one. */
  login?: RegistryLogin;
}

export interface ScannerAdapter {
  readonly name: string;
  /** Runs the scanner against the image; never throws, a failure is an outcome. */
  scan(request: ScanRequest): Promise<ScannerOutcome>;
}

/**
 * The programs the external adapters run, looked up on PATH. The production image
 * provides each of them (infra/Dockerfile, checked by test/production-image.test.ts).
 */
export const scannerPrograms = { trivy: 'trivy', grype: 'grype' } as const;

interface ProgramAdapterOptions {
  binary?: string;
  timeoutMs?: number;
  environment?: Readonly<Record<string, string>>;
}

const trivyScannerFlags: Record<ObservationKind, string> = {
  vulnerability: 'vuln',
  secret: 'secret',
  misconfiguration: 'misconfig',
};

/**
 * `trivy image --format json` with the scanners for the requested kinds, plus
 * licences. The report is parsed with the same parser as imported Trivy reports.
 * A registry login travels in a Docker configuration of the run's own
 * (withDockerConfig), never as an argument, which every process on the worker could
 * read (ps, /proc/<pid>/cmdline).
 */
export function createTrivyAdapter(options: ProgramAdapterOptions = {}): ScannerAdapter {
  const binary = options.binary ?? scannerPrograms.trivy;
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const environment = options.environment ?? scannerEnvironment();
  return {
    name: 'trivy',
    async scan({ image, kinds, platform, signal, login }) {
      const args = ['image', '--format', 'json', '--quiet', '--scanners', [...kinds.map((k) => trivyScannerFlags[k]), 'license'].join(','), ...(platform === null ? [] : ['--platform', platform]), image];
      try {
        const stdout = await withDockerConfig(login, (loginEnvironment) => runProgram(binary, args, { ...environment, ...loginEnvironment }, timeoutMs, signal));
        const { report } = await readReportOffThread('trivy', stdout);
        return { scanner: 'trivy', observations: report.observations, licences: report.licences, coveredKinds: [...kinds], warnings: report.warnings };
      } catch (error) {
        return { scanner: 'trivy', failure: describeFailure(binary, error, login) };
      }
    },
  };
}

/**
 * `grype <image> --output json`, parsed with the same parser as imported Grype
 * reports. Grype matches packages against vulnerabilities and looks for nothing
 * else, so it covers the vulnerability kind only when its report says Grype made
 * it, exactly as an imported report does; a scan that also looks for secrets or
 * misconfigurations gets kind_not_covered for them unless another scanner covered
 * them (recordScanResults).
 *
 * The image is read from the registry alone (`--from registry`): the default order
 * tries a local Docker, Podman or containerd first, whose copy of the same name was
 * pulled by someone else and proves nothing about this organization's access.
 * `--scope squashed` (Grype's default, pinned against a configuration file that
 * says otherwise) reads the final filesystem, as Trivy does, so a package deleted
 * in a later layer is not reported. The registry login travels as for Trivy: a
 * Docker configuration of the run's own, which Grype's registry client reads for
 * the image's registry when no credentials are configured (docs/decisions/scanners.md, "Registry access").
 */
export function createGrypeAdapter(options: ProgramAdapterOptions = {}): ScannerAdapter {
  const binary = options.binary ?? scannerPrograms.grype;
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const environment = options.environment ?? scannerEnvironment();
  return {
    name: 'grype',
    async scan({ image, kinds, platform, signal, login }) {
      const args = ['--output', 'json', '--scope', 'squashed', '--from', 'registry', ...(platform === null ? [] : ['--platform', platform]), image];
      try {
        const stdout = await withDockerConfig(login, (loginEnvironment) => runProgram(binary, args, { ...environment, ...loginEnvironment }, timeoutMs, signal));
        const { report } = await readReportOffThread('grype', stdout);
        const covered = new Set(report.coveredKinds);
        return {
          scanner: 'grype',
          observations: report.observations,
          licences: report.licences,
          coveredKinds: kinds.filter((kind) => covered.has(kind)),
          warnings: report.warnings,
        };
      } catch (error) {
        return { scanner: 'grype', failure: describeFailure(binary, error, login) };
      }
    },
  };
}

/** Runs the program and answers its standard output; a failure carries the program's standard error. */
function runProgram(binary: string, args: readonly string[], env: Record<string, string>, timeoutMs: number, signal: AbortSignal): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    execFile(binary, args, { maxBuffer: 512 * 1024 * 1024, timeout: timeoutMs, signal, env }, (error, out, stderr) => {
      if (error) reject(Object.assign(error, { stderr }));
      else resolve(out);
    });
  });
}

/**
 * Runs `run` with a Docker configuration (DOCKER_CONFIG) holding the login for its
 * registry alone, in a directory of the run's own (mode 0700, the file 0600) removed
 * when the run ends. TRIVY_USERNAME and TRIVY_PASSWORD would be offered to every
 * registry the scanner talks to, its vulnerability database's (ghcr.io) included,
 * as Trivy's documentation warns; a configuration keyed by registry is sent to that
 * registry only, by Trivy's and Grype's registry client alike (go-containerregistry's
 * default keychain).
 *
 * A run without a login gets a configuration too, holding none: without one that
 * client reads the worker user's ~/.docker/config.json, or else Podman's auth files
 * (REGISTRY_AUTH_FILE, containers/auth.json), which hold the deployment's logins
 * and are no organization's.
 */
async function withDockerConfig<T>(login: RegistryLogin | undefined, run: (environment: Record<string, string>) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sentinel-registry-login-'));
  try {
    const auths = login === undefined ? {} : { [dockerConfigKey(login.registry)]: { auth: dockerConfigAuth(login) } };
    await writeFile(path.join(directory, 'config.json'), JSON.stringify({ auths }), { mode: 0o600 });
    return await run({ DOCKER_CONFIG: directory });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The `auth` value of a Docker configuration: base64 of username:secret. */
const dockerConfigAuth = (login: RegistryLogin): string => Buffer.from(`${login.username}:${login.secret}`, 'utf8').toString('base64');

/** Docker Hub's logins are kept under its historical index address; every other registry under its host[:port]. */
const dockerConfigKey = (registry: string): string => (registry === 'docker.io' ? 'https://index.docker.io/v1/' : registry);

function describeFailure(binary: string, error: unknown, login: RegistryLogin | undefined): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return `${binary} is not installed on this worker`;
  if ((error as { killed?: boolean }).killed) return 'the scanner ran past its time limit';
  const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
  const message = error instanceof Error ? error.message : String(error);
  // The last line of the scanner's own complaint is what a person can act on. It
  // becomes the scan's failure_reason through the stream, so it must be storable.
  return replaceUnstorableText(withoutSecret(stderr.split('\n').at(-1)?.trim() || message, login).slice(0, 500)).text;
}

/**
 * A failure becomes the scan's failure_reason and the credential's last_error, both
 * readable by anyone with scans:read or credentials:read: a scanner that echoes the
 * secret it was given, as written or as the Docker configuration's encoding of it,
 * must not publish it there.
 */
function withoutSecret(complaint: string, login: RegistryLogin | undefined): string {
  if (login === undefined || login.secret === '') return complaint;
  return complaint.replaceAll(login.secret, '[redacted]').replaceAll(dockerConfigAuth(login), '[redacted]');
}
