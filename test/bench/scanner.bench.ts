// The built-in scanner, in the full profile: `sentinel api`,
// `streams` and `workers` processes on a scratch database, a real registry
// (Debian's docker-registry over TLS on loopback) holding an image of 500 OS
// packages and 2,000 language packages made of this machine's real files, and
// advisory sets of the sizes OSV publishes for npm, PyPI, Go, Maven and Debian.
//
// Figures, two runs each:
// - the advisory synchronization's rate (`sentinel advisories sync`, a full load of
//   every set into empty tables, as the command itself reports it);
// - a warm scan (the image's layers in the worker's layer cache, its advisory data
//   loaded): pull, inventory and matching as the worker logs them, and matching alone;
// - the same scan end to end (POST /scans to completed, through Kafka and ingestion);
// - the scan worker's peak resident memory (VmHWM) after every scan.
//
// OSV's complete sets cannot be downloaded here. By default the sets are stand-ins:
// real OSV records (the repository's fixtures) copied to OSV's sizes, each copy
// naming a package of the image or an invented one, spread evenly. Point
// BENCH_ADVISORY_SOURCE at a mirror of OSV's layout (a directory or URL, as
// ADVISORY_SOURCE takes) to measure against the real sets.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { writeEcosystemDirectory, type FixtureRecord } from '../../services/advisories/testing/osv-archive-server.js';
import { createTestCertificates } from '../../services/platform/egress/testing/certificates.js';
import { writeOciLayout, type LayerEntry } from '../../services/scans/image-pull/testing/oci-layout.js';
import { committedFiles, withParents } from '../fixtures/built-in-scan/image.js';
import { pushWithSkopeo, startOciRegistry } from '../../services/scans/image-pull/testing/oci-registry.js';
import { benchSize, scaledSettings } from './bench-settings.js';
import type { BenchResult } from './figures.js';
import { startFullProfile, type FullProfile, type RunningSentinel } from './full-profile.js';

const RUNS = 2;
const ECOSYSTEMS = ['Debian', 'Go', 'Maven', 'PyPI', 'npm'] as const;
type Ecosystem = (typeof ECOSYSTEMS)[number];
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Records per set and the distinct packages they name (each set's records spread evenly over its names). */
const STAND_IN_SETS: Record<Ecosystem, { records: () => number; names: number }> = {
  // Most of npm's records are malicious-package reports, one invented name each.
  npm: { records: () => benchSize.scannerAdvisoriesNpm, names: 205_000 },
  PyPI: { records: () => benchSize.scannerAdvisoriesPypi, names: 11_000 },
  Go: { records: () => benchSize.scannerAdvisoriesGo, names: 2_000 },
  Maven: { records: () => benchSize.scannerAdvisoriesMaven, names: 2_500 },
  Debian: { records: () => benchSize.scannerAdvisoriesDebian, names: 6_000 },
};

// ---------------------------------------------------------------- the image

interface ImagePlan {
  layers: LayerEntry[][];
  /** Per ecosystem, the names its advisories use for the image's packages. */
  names: Record<Ecosystem, string[]>;
  osPackages: number;
  languagePackages: number;
}

const file = (name: string, content: Buffer, mode?: number): LayerEntry => ({ name, content, ...(mode === undefined ? {} : { mode }) });

/** The first `count` packages of this machine's dpkg database (Debian 12), with the source names Debian's advisories use. */
function debianSystem(count: number): { entries: LayerEntry[]; sources: string[] } {
  const stanzas = readFileSync('/var/lib/dpkg/status', 'utf8').split(/\n\n+/).filter((stanza) => /^Package: /m.test(stanza));
  if (stanzas.length < count) throw new Error(`/var/lib/dpkg/status has ${stanzas.length} packages, fewer than the ${count} the image needs`);
  const chosen = stanzas.slice(0, count);
  const sources = chosen.map((stanza) => (/^Source: (\S+)/m.exec(stanza) ?? /^Package: (\S+)/m.exec(stanza))![1]!);
  const osRelease = readFileSync('/usr/lib/os-release');
  if (!/^ID=debian$/m.test(osRelease.toString()) || !/^VERSION_ID="12"$/m.test(osRelease.toString())) throw new Error('the scanner benchmark builds its image from a Debian 12 machine');
  return {
    entries: [file('var/lib/dpkg/status', Buffer.from(`${chosen.join('\n\n')}\n`)), file('usr/lib/os-release', osRelease), { name: 'etc/os-release', type: 'symlink', linkname: '../usr/lib/os-release' }],
    sources: [...new Set(sources)],
  };
}

/** This machine's Python distributions (Debian's python3-* packages). */
function pythonDistributions(): { entries: LayerEntry[]; names: string[] } {
  const root = '/usr/lib/python3/dist-packages';
  const entries: LayerEntry[] = [];
  const names: string[] = [];
  for (const name of readdirSync(root).sort()) {
    const metadata = name.endsWith('.dist-info') ? path.join(root, name, 'METADATA') : name.endsWith('.egg-info') ? (statSync(path.join(root, name)).isDirectory() ? path.join(root, name, 'PKG-INFO') : path.join(root, name)) : null;
    if (metadata === null || !existsSync(metadata)) continue;
    const content = readFileSync(metadata);
    const distribution = /^Name: (.+)$/m.exec(content.toString('utf8'))?.[1]?.trim();
    if (distribution === undefined) continue;
    entries.push(file(path.relative('/', metadata), content));
    names.push(distribution.toLowerCase().replace(/[-_.]+/g, '-'));
  }
  return { entries, names };
}

/** This checkout's installed npm packages (the directories package-lock.json lists). */
function installedNpmPackages(): { directory: string; name: string }[] {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { link?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([where, entry]) => where.startsWith('node_modules/') && entry.link !== true && existsSync(path.join(repoRoot, where, 'package.json')))
    .map(([where]) => ({ directory: where, name: (JSON.parse(readFileSync(path.join(repoRoot, where, 'package.json'), 'utf8')) as { name: string }).name }));
}

/**
 * Three layers, lowest first: the Debian system (dpkg database and os-release); the Python
 * distributions, two jars and a Go binary; the applications: the first holds this checkout's
 * node_modules whole (every file, as an image of a Node.js service does), the others only the
 * package.json of each package, until the language packages number what was asked.
 */
function planImage(osPackages: number, languagePackages: number): ImagePlan {
  const system = debianSystem(osPackages);
  const python = pythonDistributions();
  const fixtureRoot = path.join(repoRoot, 'test/fixtures/built-in-scan/rootfs');
  const jars = ['app/lib/commons-beanutils-1.8.3.jar', 'app/lib/commons-beanutils-1.9.4.jar'].map((name) => file(name, readFileSync(path.join(fixtureRoot, name))));
  const goBinary = file('usr/bin/registry', readFileSync('/usr/bin/docker-registry'), 0o755);
  const npm = installedNpmPackages();
  let npmWanted = languagePackages - python.entries.length - jars.length - 1;
  const app: LayerEntry[] = [];
  const npmNames = new Set<string>();
  for (const relative of committedFiles(path.join(repoRoot, 'node_modules'))) {
    const stat = statSync(path.join(repoRoot, 'node_modules', relative));
    app.push(file(`srv/app-1/node_modules/${relative}`, readFileSync(path.join(repoRoot, 'node_modules', relative)), stat.mode & 0o777));
  }
  npmWanted -= npm.length;
  for (const pkg of npm) npmNames.add(pkg.name);
  for (let copy = 2; npmWanted > 0; copy += 1) {
    for (const pkg of npm.slice(0, npmWanted)) app.push(file(`srv/app-${copy}/${pkg.directory}/package.json`, readFileSync(path.join(repoRoot, pkg.directory, 'package.json'))));
    npmWanted -= npm.length;
  }
  if (npmWanted > 0) throw new Error('the image could not be given the language packages asked for');
  return {
    layers: [withParents(system.entries), withParents([...python.entries, ...jars, goBinary]), withParents(app)],
    names: { Debian: system.sources, PyPI: python.names, Maven: ['commons-beanutils:commons-beanutils'], Go: ['stdlib'], npm: [...npmNames] },
    osPackages,
    languagePackages,
  };
}

// ------------------------------------------------------------ advisory sets

interface OsvTemplate {
  id: string;
  modified: string;
  affected?: { package?: { ecosystem: string; name: string } }[];
  [field: string]: unknown;
}

/** The real OSV records this repository holds, by the base ecosystem of their first affected package. */
function templateRecords(): Map<Ecosystem, OsvTemplate[]> {
  const directories = ['test/fixtures/built-in-scan/osv', 'services/advisories/testing/osv', 'services/advisories/matching/testdata/osv'].map((d) => path.join(repoRoot, d));
  const byEcosystem = new Map<Ecosystem, OsvTemplate[]>();
  for (const directory of directories) {
    for (const relative of committedFiles(directory).filter((name) => name.endsWith('.json'))) {
      const record = JSON.parse(readFileSync(path.join(directory, relative), 'utf8')) as OsvTemplate;
      const ecosystem = record.affected?.[0]?.package?.ecosystem.split(':')[0] as Ecosystem | undefined;
      if (ecosystem !== undefined && (ECOSYSTEMS as readonly string[]).includes(ecosystem) && record.affected!.length > 0) byEcosystem.set(ecosystem, [...(byEcosystem.get(ecosystem) ?? []), record]);
    }
  }
  for (const ecosystem of ECOSYSTEMS) if (!byEcosystem.has(ecosystem)) throw new Error(`no real ${ecosystem} record to copy`);
  return byEcosystem;
}

/** Writes the stand-in sets in OSV's layout, one ecosystem at a time (the npm set alone is some hundreds of megabytes of JSON). */
async function writeStandInSets(directory: string, imageNames: Record<Ecosystem, string[]>): Promise<Record<Ecosystem, number>> {
  const templates = templateRecords();
  const counts = {} as Record<Ecosystem, number>;
  for (const ecosystem of ECOSYSTEMS) {
    const { records, names } = STAND_IN_SETS[ecosystem];
    const total = records();
    const own = templates.get(ecosystem)!;
    const named = imageNames[ecosystem];
    const nameOf = (index: number) => (index < named.length ? named[index]! : `bench-${ecosystem.toLowerCase()}-${index}`);
    function* copies(): Generator<FixtureRecord> {
      for (let i = 0; i < total; i += 1) {
        const template = own[i % own.length]!;
        const first = template.affected![0]!;
        const modified = new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString();
        const copy = {
          ...template,
          id: `${template.id}-B${i}`,
          modified,
          affected: [{ ...first, package: { ...first.package, ecosystem: ecosystem === 'Debian' ? 'Debian:12' : ecosystem, name: nameOf(i % names) } }],
        };
        yield { id: copy.id, modified, text: JSON.stringify(copy) };
      }
    }
    await writeEcosystemDirectory(directory, ecosystem, copies());
    counts[ecosystem] = total;
  }
  return counts;
}

// ------------------------------------------------------------------- runs

interface ScanLine {
  packages: number;
  observations: number;
  layers_cached: number;
  layers: number;
  pull_ms: number;
  inventory_ms: number;
  matching_ms: number;
}

/** The worker's peak resident set since it started, in MiB (Linux's VmHWM). */
function peakResidentMiB(pid: number): number {
  const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kilobytes === undefined) throw new Error(`/proc/${pid}/status has no VmHWM`);
  return Number(kilobytes) / 1024;
}

function scanLines(worker: RunningSentinel): ScanLine[] {
  return worker
    .output()
    .split('\n')
    .filter((line) => line.includes('"built-in scan read the image"'))
    .map((line) => JSON.parse(line) as ScanLine);
}

/**
 * Waits until the deployment has finished with the previous scan: its findings reach the
 * database through the streams role and ClickHouse after the scan is marked completed, and
 * on two shared cores that work would otherwise be timed as the next scan's matching
 * (a profile of the worker showed it waiting on PostgreSQL most of its matching time). Quiet
 * is under a tenth of a core for the deployment's processes over a second; at most a minute.
 */
async function untilQuiet(profile: FullProfile): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const meter = profile.meterCpu();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const used = meter.stop().parts.filter(({ part }) => part !== 'other processes' && part !== 'benchmark (its clients)');
    if (used.reduce((sum, { cpuSeconds }) => sum + cpuSeconds, 0) < 0.1) return;
  }
}

const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);
const say = (text: string) => process.stdout.write(`  ${text}\n`);

export async function run(): Promise<BenchResult> {
  const work = await mkdtemp(path.join(tmpdir(), 'sentinel-bench-scanner-'));
  const certificates = createTestCertificates();
  const caFile = path.join(work, 'registry-ca.pem');
  await writeFile(caFile, certificates.caPem);
  const registry = await startOciRegistry({ certificates, auth: { kind: 'none' } });
  const profile = await startFullProfile('scanner', { SCAN_REGISTRY_ALLOW_PRIVATE: 'true', SCAN_REGISTRY_CA_FILE: caFile, DATA_DIR: path.join(work, 'data') });
  try {
    let started = Date.now();
    const plan = planImage(benchSize.scannerOsPackages, benchSize.scannerLanguagePackages);
    const layout = path.join(work, 'image');
    const written = await writeOciLayout(layout, 'bench', [{ platform: { os: 'linux', architecture: 'amd64' }, layers: plan.layers.map((entries) => ({ entries, compression: 'gzip' })) }]);
    const image = `${registry.host}/bench/service:1`;
    await pushWithSkopeo(layout, 'bench', image);
    const compressed = written.images[0]!.layers.reduce((sum, layer) => sum + layer.size, 0);
    say(`image built and pushed in ${seconds(started)} s: ${(compressed / 1024 / 1024).toFixed(0)} MiB of gzip layers`);

    started = Date.now();
    const source = process.env.BENCH_ADVISORY_SOURCE || path.join(work, 'osv');
    const setSizes = process.env.BENCH_ADVISORY_SOURCE ? null : await writeStandInSets(source, plan.names);
    if (setSizes) say(`stand-in advisory sets written in ${seconds(started)} s`);

    // Each role its own process, as a deployment runs them; the worker logs each scan's steps.
    await profile.start('api');
    await profile.start('streams');
    const worker = await profile.start('workers', { LOG_LEVEL: 'info' });

    const syncRates: number[] = [];
    let recordsHeld = 0;
    for (let attempt = 0; attempt < RUNS; attempt += 1) {
      if (attempt > 0) await profile.db.query('TRUNCATE advisories, advisory_packages, advisory_sync_status, advisory_sync_lease');
      const printed = await profile.command(['advisories', 'sync'], { ADVISORY_SOURCE: source, ADVISORY_ECOSYSTEMS: ECOSYSTEMS.join(',') });
      const summary = /synchronized (\d+) of (\d+) ecosystems: (\d+) records written in .* \((\d+) records\/s\)/.exec(printed);
      if (!summary || summary[1] !== summary[2]) throw new Error(`the synchronization did not load every set:\n${printed}`);
      recordsHeld = Number(summary[3]);
      syncRates.push(Number(summary[4]));
      say(`sync run ${attempt + 1}: ${recordsHeld} records at ${summary[4]} records/s`);
    }

    const tenant = await profile.signUp(['scans:create', 'scans:read']);
    const scanned: { endToEndMs: number; line: ScanLine; peakMiB: number }[] = [];
    // The first scan fills the layer cache and is not judged; the runs are the warm scans after it.
    for (let attempt = 0; attempt <= RUNS; attempt += 1) {
      await untilQuiet(profile);
      const before = scanLines(worker).length;
      const posted = Date.now();
      const queued = await profile.call('POST', '/api/v1/scans', tenant.apiKey, { image });
      for (;;) {
        const scan = await profile.call('GET', `/api/v1/scans/${String(queued.id)}`, tenant.apiKey);
        if (scan.state === 'failed') throw new Error(`the scan failed: ${String(scan.failure_reason)}`);
        if (scan.state === 'completed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const endToEndMs = Date.now() - posted;
      const line = scanLines(worker)[before];
      if (line === undefined) throw new Error('the worker logged no built-in scan');
      scanned.push({ endToEndMs, line, peakMiB: peakResidentMiB(worker.pid) });
      say(`scan ${attempt === 0 ? 'cold' : `warm ${attempt}`}: ${JSON.stringify({ ...line, end_to_end_ms: endToEndMs, load_average: loadavg()[0]!.toFixed(1) })}`);
    }
    const warm = scanned.slice(1);
    const expectedPackages = plan.osPackages + plan.languagePackages;
    for (const { line } of warm) {
      if (line.layers_cached !== line.layers) throw new Error(`a warm scan read ${line.layers - line.layers_cached} layers from the registry`);
      // At least the plan: a copied node_modules may hold a package.json its lockfile does not list.
      if (line.packages < expectedPackages) throw new Error(`the scan read ${line.packages} packages, fewer than the ${expectedPackages} the image holds`);
      if (line.observations === 0) throw new Error('the scan matched nothing: the advisory data did not reach it');
    }

    return {
      figures: [
        { name: 'advisory synchronization (full load)', unit: 'records/s', better: 'higher', runs: syncRates, target: 1_000 },
        { name: 'scan, warm: pull + inventory + matching', unit: 'ms', better: 'lower', runs: warm.map(({ line }) => line.pull_ms + line.inventory_ms + line.matching_ms), target: 5_000 },
        { name: 'matching alone', unit: 'ms', better: 'lower', runs: warm.map(({ line }) => line.matching_ms), target: 1_000 },
        { name: 'scan, warm, end to end (POST to completed)', unit: 'ms', better: 'lower', runs: warm.map(({ endToEndMs }) => endToEndMs) },
        { name: 'scan worker peak memory (VmHWM)', unit: 'MiB', better: 'lower', runs: warm.map(({ peakMiB }) => peakMiB), target: 1_024 },
      ],
      facts: {
        'image': `${plan.osPackages} Debian 12 packages, ${plan.languagePackages} language packages, ${(compressed / 1024 / 1024).toFixed(0)} MiB of gzip layers`,
        'advisory records held': recordsHeld,
        'advisory sets': setSizes === null ? `from ${source}` : `stand-ins (real records copied to OSV's sizes): ${ECOSYSTEMS.map((ecosystem) => `${ecosystem} ${setSizes[ecosystem]}`).join(', ')}`,
        'cold scan (layers from the registry)': `${scanned[0]!.line.pull_ms + scanned[0]!.line.inventory_ms + scanned[0]!.line.matching_ms} ms`,
        'packages read': warm[0]!.line.packages,
        'observations per scan': warm[0]!.line.observations,
        'warm scan steps (run 1)': `pull ${warm[0]!.line.pull_ms} ms, inventory ${warm[0]!.line.inventory_ms} ms, matching ${warm[0]!.line.matching_ms} ms`,
      },
      scaled: scaledSettings(['scannerOsPackages', 'scannerLanguagePackages', 'scannerAdvisoriesNpm', 'scannerAdvisoriesPypi', 'scannerAdvisoriesGo', 'scannerAdvisoriesMaven', 'scannerAdvisoriesDebian']),
    };
  } finally {
    await profile.close();
    await registry.close();
    await rm(work, { recursive: true, force: true });
  }
}
