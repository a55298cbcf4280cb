// SBOM import and continuous matching. Two figures, two runs each:
//
// - SBOM import to completed findings, embedded profile: `sentinel all` on a fresh DATA_DIR
//   whose advisory data `sentinel advisories sync` loaded first (the repository's real npm
//   records), a CycloneDX document of 5,000 components (this checkout's installed npm
//   packages, from package-lock.json, repeated under other install paths until there are
//   5,000; a tenth of the packages also named by copies of a real record affecting every
//   version, since the installed versions are fixed ones) posted to POST /scans/import, timed until the scan is completed, which is when
//   its findings are committed. Target: under 10 s.
// - Continuous matching, full profile (`sentinel all` on PostgreSQL and Kafka): 100,000
//   assets in four organizations, each with a stored inventory of five npm packages
//   (seeded in SQL), 1,000 of them holding ws 7.4.6 (run 1) and 1,000 others cookie 0.4.1
//   (run 2); the advisory naming the package is published and `sentinel advisories sync`
//   run, timed from the synchronization's start to the last new finding committed. The
//   assets touched (re-match scans recorded) are printed and must be the 1,000. Target: under 30 s.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeEcosystemDirectory, type FixtureRecord } from '../../services/advisories/testing/osv-archive-server.js';
import { osvFixtureRecords } from '../fixtures/built-in-scan/image.js';
import { runSentinel, startReady, stop } from '../support/processes.js';
import { benchSize, scaledSettings } from './bench-settings.js';
import type { BenchResult } from './figures.js';
import { startFullProfile } from './full-profile.js';

const RUNS = 2;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const say = (text: string) => process.stdout.write(`  ${text}\n`);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- OSV records are copied field by field
type Json = Record<string, any>;

const npmRecords = osvFixtureRecords()
  .filter((record) => record.ecosystem === 'npm')
  .map((record) => record.json as Json);
const fixtureRecord = (json: Json): FixtureRecord => ({ id: json.id, modified: json.modified, text: JSON.stringify(json) });
/** The advisory each continuous-matching run publishes, the package (and affected version) its assets hold. */
const PUBLISHED = [
  { advisory: 'GHSA-3h5v-q93c-6h6q', name: 'ws', version: '7.4.6', identifier: 'CVE-2024-37890' },
  { advisory: 'GHSA-pxg6-pf52-xh8x', name: 'cookie', version: '0.4.1', identifier: 'CVE-2024-47764' },
] as const;

/** This checkout's installed npm packages (the directories package-lock.json lists), with their versions. */
function installedNpmPackages(): { directory: string; name: string; version: string }[] {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { link?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([where, entry]) => where.startsWith('node_modules/') && entry.link !== true && existsSync(path.join(repoRoot, where, 'package.json')))
    .map(([where]) => {
      const manifest = JSON.parse(readFileSync(path.join(repoRoot, where, 'package.json'), 'utf8')) as { name: string; version: string };
      return { directory: where, name: manifest.name, version: manifest.version };
    });
}

/** A CycloneDX 1.5 document of `count` npm components: the installed packages, then copies of them under other install paths. */
function sbomOf(count: number): Json {
  const installed = installedNpmPackages();
  const components: Json[] = [];
  for (let copy = 0; components.length < count; copy += 1) {
    for (const pkg of installed.slice(0, count - components.length)) {
      const purl = `pkg:npm/${pkg.name.replace('@', '%40')}@${pkg.version}`;
      const where = copy === 0 ? pkg.directory : `srv/app-${copy}/${pkg.directory}`;
      components.push({ type: 'library', 'bom-ref': `${purl}#${where}`, name: pkg.name, version: pkg.version, purl, properties: [{ name: 'cdx:npm:package:path', value: where }] });
    }
  }
  return { bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, serialNumber: `urn:uuid:${randomUUID()}`, metadata: { component: { type: 'application', name: 'bench' } }, components };
}

async function sbomImport(work: string): Promise<{ runs: number[]; facts: Record<string, string | number> }> {
  const dataDir = path.join(work, 'embedded');
  const source = path.join(work, 'osv-import');
  // This checkout's packages are at fixed versions: every tenth one is also named by a copy of a real record affecting all its versions.
  const template = npmRecords[0]!;
  const standIns = installedNpmPackages()
    .filter((_, index) => index % 10 === 0)
    .map((pkg, index) => ({
      ...template,
      id: `${template.id}-B${index}`,
      aliases: [],
      affected: [{ package: { ecosystem: 'npm', name: pkg.name }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] }],
    }));
  await writeEcosystemDirectory(source, 'npm', [...npmRecords, ...standIns].map(fixtureRecord));
  const synced = await runSentinel(['advisories', 'sync'], { DATA_DIR: dataDir, ADVISORY_SOURCE: source, ADVISORY_ECOSYSTEMS: 'npm', LOG_LEVEL: 'warn' });
  if (synced.code !== 0) throw new Error(`sentinel advisories sync exited with ${synced.code}:\n${synced.stdout}${synced.stderr}`);
  const document = sbomOf(benchSize.sbomComponents);
  const sentinel = await startReady({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' });
  try {
    const signup = await fetch(`${sentinel.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.test', password: 'a-long-enough-password', name: 'Bench' }),
    });
    const { access_token: token } = (await signup.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const runs: number[] = [];
    let newFindings = 0;
    for (let attempt = 0; attempt < RUNS; attempt += 1) {
      const posted = Date.now();
      const response = await fetch(`${sentinel.base}/api/v1/scans/import`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ image: `ghcr.io/bench/sbom-${attempt}:1`, format: 'cyclonedx', report: document }),
      });
      if (response.status !== 202) throw new Error(`the import answered ${response.status}: ${await response.text()}`);
      const { id } = (await response.json()) as { id: string };
      for (;;) {
        const scan = (await (await fetch(`${sentinel.base}/api/v1/scans/${id}`, { headers })).json()) as { state: string; new_findings: number | null };
        if (scan.state === 'failed' || scan.state === 'partial') throw new Error(`the import ended ${scan.state}`);
        if (scan.state === 'completed') {
          newFindings = scan.new_findings ?? 0;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      runs.push(Date.now() - posted);
      say(`import run ${attempt + 1}: ${runs[attempt]} ms, ${newFindings} new findings`);
    }
    if (newFindings === 0) throw new Error('the import matched nothing: the advisory data did not reach it');
    return { runs, facts: { 'SBOM components': document.components.length, 'findings per import': newFindings, 'document size': `${(JSON.stringify(document).length / 1024 / 1024).toFixed(1)} MiB` } };
  } finally {
    await stop(sentinel);
  }
}

async function continuousMatching(work: string): Promise<{ runs: number[]; touched: number[]; facts: Record<string, string | number> }> {
  const source = path.join(work, 'osv-matching');
  const published = new Set<string>(PUBLISHED.map((p) => p.advisory));
  const held = npmRecords.filter((record) => !published.has(record.id));
  await writeEcosystemDirectory(source, 'npm', held.map(fixtureRecord));
  const profile = await startFullProfile('continuous_matching');
  try {
    await profile.start('all', { LOG_LEVEL: 'warn' });
    await profile.command(['advisories', 'sync'], { ADVISORY_SOURCE: source, ADVISORY_ECOSYSTEMS: 'npm' });
    const tenants = [];
    for (let n = 0; n < 4; n += 1) tenants.push(await profile.signUp(['scans:read']));
    const perTenant = Math.ceil(benchSize.matchingAssets / tenants.length);
    const affectedPerTenant = Math.ceil(benchSize.matchingAffected / tenants.length);
    // Five packages an asset holds that no held advisory affects; the affected ones get ws or cookie in place of the first.
    const plain = [
      ['express', '4.21.2'],
      ['react', '18.3.1'],
      ['debug', '4.4.0'],
      ['chalk', '5.4.1'],
      ['uuid', '11.0.5'],
    ];
    const started = Date.now();
    for (const tenant of tenants) {
      await profile.db.query(
        `WITH a AS (
           INSERT INTO assets (org_id, reference, registry, repository, tag, pinned)
           SELECT $1, 'ghcr.io/bench/app-' || g || ':1', 'ghcr.io', 'bench/app-' || g, '1', false FROM generate_series(1, $2::integer) g
           RETURNING id, reference
         ),
         s AS (
           INSERT INTO scans (org_id, asset_id, image, scanners, source, state, created_at, started_at, completed_at, completed_kinds)
           SELECT $1, a.id, a.reference, ARRAY['sentinel'], 'import', 'completed', now(), now(), now(), ARRAY['vulnerability'] FROM a
           RETURNING id, asset_id
         )
         INSERT INTO asset_inventories (org_id, asset_id, scan_id, origin) SELECT $1, s.asset_id, s.id, 'cyclonedx' FROM s`,
        [tenant.orgId, perTenant],
      );
      // Asset n (by reference): the first affectedPerTenant hold ws in place of their first package, the next affectedPerTenant cookie, the rest neither.
      await profile.db.query(
        `WITH numbered AS (SELECT id, row_number() OVER (ORDER BY reference) AS n FROM assets WHERE org_id = $1),
         parts AS (
           SELECT numbered.id, (p.ordinal - 1)::integer AS position,
                  CASE WHEN p.ordinal > 1 OR numbered.n > 2 * $3 THEN p.name WHEN numbered.n <= $3 THEN $4 ELSE $6 END AS name,
                  CASE WHEN p.ordinal > 1 OR numbered.n > 2 * $3 THEN p.version WHEN numbered.n <= $3 THEN $5 ELSE $7 END AS version
             FROM numbered CROSS JOIN unnest($2::text[], $8::text[]) WITH ORDINALITY AS p (name, version, ordinal)
         )
         INSERT INTO asset_inventory_components (org_id, asset_id, position, component_type, name, version, purl, ecosystem, osv_ecosystem, licences, found_by,
                                                 install_path, advisory_ecosystem, advisory_name)
         SELECT $1, id, position, 'library', name, version, 'pkg:npm/' || name || '@' || version, 'npm', 'npm', '{}', 'cyclonedx',
                'node_modules/' || name || '/package.json', 'npm', name FROM parts`,
        [tenant.orgId, plain.map((p) => p[0]), affectedPerTenant, PUBLISHED[0].name, PUBLISHED[0].version, PUBLISHED[1].name, PUBLISHED[1].version, plain.map((p) => p[1])],
      );
    }
    await profile.settle(['assets', 'scans', 'asset_inventories', 'asset_inventory_components']);
    const assets = (await profile.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM asset_inventories')).rows[0]!.n;
    say(`${assets} assets with inventories seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const runs: number[] = [];
    const touched: number[] = [];
    for (const [attempt, change] of PUBLISHED.entries()) {
      const record = npmRecords.find((candidate) => candidate.id === change.advisory)!;
      // Published now: modified after every record held, as the incremental synchronization reads down to.
      held.push({ ...record, modified: new Date(Date.UTC(2026, 0, 1 + attempt)).toISOString() });
      await writeEcosystemDirectory(source, 'npm', held.map(fixtureRecord));
      const syncStarted = Date.now();
      await profile.command(['advisories', 'sync'], { ADVISORY_SOURCE: source, ADVISORY_ECOSYSTEMS: 'npm' });
      const expected = affectedPerTenant * tenants.length;
      const deadline = Date.now() + 300_000;
      for (;;) {
        const found = await profile.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM findings WHERE identifier = $1 AND status = 'open'", [change.identifier]);
        if (found.rows[0]!.n >= expected) break;
        if (Date.now() > deadline) throw new Error(`${found.rows[0]!.n} of ${expected} findings of ${change.identifier} after five minutes`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      runs.push(Date.now() - syncStarted);
      const scans = await profile.db.query<{ n: number }>("SELECT count(DISTINCT asset_id)::integer AS n FROM scans WHERE source = 'advisory_update' AND cause->'advisories' ? $1", [change.advisory]);
      touched.push(scans.rows[0]!.n);
      say(`run ${attempt + 1} (${change.advisory}, ${change.name} ${change.version}): last new finding ${runs[attempt]} ms after the sync started; assets touched: ${touched[attempt]} of ${assets}`);
      if (touched[attempt] !== expected) throw new Error(`${touched[attempt]} assets were matched again, not the ${expected} holding ${change.name}`);
    }
    return { runs, touched, facts: { 'assets with inventories': assets, organizations: tenants.length, 'assets holding the changed package (each run)': affectedPerTenant * tenants.length } };
  } finally {
    await profile.close();
  }
}

export async function run(): Promise<BenchResult> {
  const work = await mkdtemp(path.join(tmpdir(), 'sentinel-bench-cmatch-'));
  try {
    const imported = await sbomImport(work);
    const matched = await continuousMatching(work);
    return {
      figures: [
        { name: 'SBOM import to completed findings (embedded)', unit: 'ms', better: 'lower', runs: imported.runs, target: 10_000 },
        { name: 'advisory change to last new finding (full profile)', unit: 'ms', better: 'lower', runs: matched.runs, target: 30_000 },
        { name: 'assets touched by the change', unit: 'assets', better: 'lower', runs: matched.touched },
      ],
      facts: { ...imported.facts, ...matched.facts },
      scaled: scaledSettings(['sbomComponents', 'matchingAssets', 'matchingAffected']),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
