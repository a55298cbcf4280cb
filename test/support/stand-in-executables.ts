// Executables that stand in for a scanner binary in tests: the real exec, argument
// and parsing path of an adapter, without the tool or its network access.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readReportFixture } from '../../services/findings/testing/report-fixtures.js';

const directory = mkdtempSync(path.join(tmpdir(), 'stand-in-'));

/** A path in the stand-ins' directory, for files a stand-in writes or reads. */
export const standInPath = (name: string): string => path.join(directory, name);

/** A Node script, made executable under `name`; returns its path. */
export function standIn(name: string, script: string): string {
  const file = standInPath(name);
  writeFileSync(file, `#!/usr/bin/env node\n${script}\n`);
  chmodSync(file, 0o755);
  return file;
}

/**
 * A stand-in that answers every invocation with a real report from test/fixtures/reports
 * (and records its arguments in `argsFile`, if given). With `registry`, it is also the
 * registry: it reads the login a registry client would send for the image's host from
 * the Docker configuration in DOCKER_CONFIG, records it with the named environment
 * variables it was started with in `registry.environmentFile` (one JSON object per run,
 * appended: `login` is {host, username, password, hosts} or null), and answers only when
 * `registry.acceptsPassword` (if given) is the password of that login; otherwise it
 * writes `registry.refusal` (`{host}` standing for the image's registry; by default
 * Trivy's complaint about a refused login) and exits 1.
 */
export function standInAnswering(
  name: string,
  fixture: string,
  argsFile?: string,
  registry?: { environmentFile: string; names: readonly string[]; acceptsPassword?: string; refusal?: string },
): string {
  const report = standInPath(`${name}.report.json`);
  writeFileSync(report, JSON.stringify(readReportFixture(fixture)));
  const recordArguments = argsFile ? `require('fs').writeFileSync(${JSON.stringify(argsFile)}, JSON.stringify(process.argv.slice(2)));` : '';
  const readLogin = registry ? `const login = (${loginOfImageHost})();` : '';
  const recordEnvironment = registry
    ? `require('fs').appendFileSync(${JSON.stringify(registry.environmentFile)}, JSON.stringify({ ...Object.fromEntries(${JSON.stringify(registry.names)}.map((n) => [n, process.env[n] ?? null])), login }) + '\\n');`
    : '';
  const refusal = registry?.refusal ?? 'FATAL image scan error: GET https://{host}/v2/: UNAUTHORIZED: authentication required\n';
  const refuseLogin =
    registry?.acceptsPassword === undefined
      ? ''
      : `if (login?.password !== ${JSON.stringify(registry.acceptsPassword)}) { process.stderr.write(${JSON.stringify(refusal)}.replaceAll('{host}', process.argv.at(-1).split('/')[0])); process.exit(1); }`;
  return standIn(name, `${recordArguments} ${readLogin} ${recordEnvironment} ${refuseLogin} process.stdout.write(require('fs').readFileSync(${JSON.stringify(report)}));`);
}

/** Source of a function, run inside a stand-in: the login its Docker configuration holds for the image's host, as a registry client reads it. */
export const loginOfImageHost = `() => {
  if (!process.env.DOCKER_CONFIG) return null;
  const auths = JSON.parse(require('fs').readFileSync(require('path').join(process.env.DOCKER_CONFIG, 'config.json'), 'utf8')).auths ?? {};
  const host = process.argv.at(-1).split('/')[0];
  const entry = auths[host];
  if (!entry) return { host, username: null, password: null, hosts: Object.keys(auths) };
  const [username, ...rest] = Buffer.from(entry.auth, 'base64').toString('utf8').split(':');
  return { host, username, password: rest.join(':'), hosts: Object.keys(auths) };
}`;
