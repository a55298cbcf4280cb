// The built-in scanner end to end ("Proof"): a private image in a real registry
// (Debian's docker-registry over TLS with htpasswd logins on loopback), made of real
// files (test/fixtures/built-in-scan), scanned through POST /scans with no scanner named
// by the scan worker's `sentinel` adapter, against real OSV records that the advisory
// synchronization loaded from a local server in OSV's archive layout.
//
// The expected findings are derived here from the records with a reading of OSV ranges
// of the test's own (semver for npm and Go, PEP 440 for PyPI, dotted numbers for the two
// jars), independent of the matcher under test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as pep440 from '@renovatebot/pep440';
import cvss from 'ae-cvss-calculator';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryDataOf, createAdvisoryStore, syncAdvisories } from '../services/advisories/index.js';
import { startOsvArchiveServer, type FixtureRecord, type OsvArchiveServer } from '../services/advisories/testing/osv-archive-server.js';
import { createTestCertificates, type TestCertificates } from '../services/platform/egress/testing/certificates.js';
import { createLogger } from '../services/platform/logger.js';
import { createImagePuller, type ImagePuller } from '../services/scans/image-pull/image-pull.js';
import { writeOciLayout } from '../services/scans/image-pull/testing/oci-layout.js';
import { pushWithSkopeo, startOciRegistry, type OciRegistry } from '../services/scans/image-pull/testing/oci-registry.js';
import { createInventoryAnalyzers } from '../services/scans/inventory/analyzers.js';
import { createSentinelScanner } from '../services/scans/sentinel-scanner/sentinel-scanner.js';
import { builtInScanImageLayers, osvFixtureRecords, removedPackage } from './fixtures/built-in-scan/image.js';
import type { AddressInfo } from 'node:net';
import { GATE_BLOCKED, GATE_PASS, runGate } from '../services/gate/gate.js';
import { parseGateOptions } from '../services/gate/gate-options.js';
import { createdPolicy } from '../services/policies/testing/fixtures.js';
import { startPipeline, type TestPipeline } from './support/pipeline.js';
import { testProfiles, useTestApp, type TestTenant } from './support/test-app.js';

interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}
interface OsvFixture {
  id: string;
  modified: string;
  withdrawn?: string;
  aliases?: string[];
  severity?: { type: string; score: string }[];
  database_specific?: { severity?: string };
  affected?: { package: { ecosystem: string; name: string }; ranges?: { type: string; events: OsvEvent[] }[]; versions?: string[] }[];
}

/** What the image holds, as the test reads the fixture (expected.md): ecosystem, name as OSV names it, version, install path. */
interface ImagePackage {
  ecosystem: 'npm' | 'PyPI' | 'Maven' | 'Go';
  osvName: string;
  component: string;
  version: string;
  installPath: string;
}

const fixture = path.join(import.meta.dirname, 'fixtures/built-in-scan/rootfs');
const npmPackage = (name: string): ImagePackage => {
  const installPath = `app/node_modules/${name}/package.json`;
  const { version } = JSON.parse(readFileSync(path.join(fixture, installPath), 'utf8')) as { version: string };
  return { ecosystem: 'npm', osvName: name, component: name, version, installPath };
};
const imagePackages: ImagePackage[] = [
  ...['semver', 'minimist', 'ws', 'braces', 'cookie', 'lodash'].map(npmPackage),
  { ecosystem: 'PyPI', osvName: 'pygments', component: 'Pygments', version: '2.14.0', installPath: 'usr/lib/python3/dist-packages/Pygments-2.14.0.egg-info/PKG-INFO' },
  { ecosystem: 'PyPI', osvName: 'cryptography', component: 'cryptography', version: '38.0.4', installPath: 'usr/lib/python3/dist-packages/cryptography-38.0.4.dist-info/METADATA' },
  { ecosystem: 'PyPI', osvName: 'pyjwt', component: 'PyJWT', version: '2.6.0', installPath: 'usr/lib/python3/dist-packages/PyJWT-2.6.0.egg-info/PKG-INFO' },
  ...['1.8.3', '1.9.4'].map((version): ImagePackage => ({
    ecosystem: 'Maven',
    osvName: 'commons-beanutils:commons-beanutils',
    component: 'commons-beanutils:commons-beanutils',
    version,
    installPath: `app/lib/commons-beanutils-${version}.jar`,
  })),
  { ecosystem: 'Go', osvName: 'stdlib', component: 'stdlib', version: 'v1.19.8', installPath: 'usr/bin/registry' },
];

/** The test's own order per ecosystem: semver (a leading v dropped), PEP 440, dotted numbers. */
function compare(ecosystem: ImagePackage['ecosystem'], a: string, b: string): number {
  if (ecosystem === 'PyPI') return pep440.compare(a, b);
  if (ecosystem === 'Maven') {
    const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
    return 0;
  }
  return semver.compare(a.replace(/^v/, ''), b.replace(/^v/, ''));
}

/** OSV's evaluation, read plainly: sorted events, affected from an introduced up to the next fixed (excluded) or last_affected (included). */
function affectedBy(record: OsvFixture, pkg: ImagePackage): { fixed: string | null } | null {
  if (record.withdrawn) return null;
  for (const affected of record.affected ?? []) {
    if (affected.package.ecosystem !== pkg.ecosystem) continue;
    const name = pkg.ecosystem === 'PyPI' ? affected.package.name.toLowerCase() : affected.package.name;
    if (name !== pkg.osvName) continue;
    for (const range of affected.ranges ?? []) {
      if (range.type !== 'SEMVER' && range.type !== 'ECOSYSTEM') continue;
      const at = (event: OsvEvent) => Object.values(event)[0]!;
      const events = [...range.events].sort((x, y) => (at(x) === '0' ? -1 : at(y) === '0' ? 1 : compare(pkg.ecosystem, at(x), at(y))));
      let inside = false;
      for (const event of events) {
        if (event.introduced !== undefined && (event.introduced === '0' || compare(pkg.ecosystem, event.introduced, pkg.version) <= 0)) inside = true;
        else if (event.fixed !== undefined && compare(pkg.ecosystem, event.fixed, pkg.version) <= 0) inside = false;
        else if (event.last_affected !== undefined && compare(pkg.ecosystem, event.last_affected, pkg.version) < 0) inside = false;
        else if (event.fixed !== undefined && inside) return { fixed: event.fixed };
        else if (event.last_affected !== undefined && inside) return { fixed: null };
      }
      if (inside) return { fixed: null };
    }
    // Listed without a range that places it: affected, with no fix the record states.
    if (affected.versions?.some((version) => compare(pkg.ecosystem, version, pkg.version) === 0)) return { fixed: null };
  }
  return null;
}

function expectedSeverity(record: OsvFixture): string {
  const vectors = (record.severity ?? []).map((entry) => entry.score);
  const v3 = vectors.find((vector) => vector.startsWith('CVSS:3'));
  const v4 = vectors.find((vector) => vector.startsWith('CVSS:4'));
  const scored = v3 ? new (v3.startsWith('CVSS:3.1') ? cvss.Cvss3P1 : cvss.Cvss3P0)(v3) : v4 ? new cvss.Cvss4P0(v4) : null;
  const base = scored?.calculateScores().base;
  if (base !== undefined) return base >= 9 ? 'critical' : base >= 7 ? 'high' : base >= 4 ? 'medium' : base > 0 ? 'low' : 'none';
  const word = record.database_specific?.severity?.toLowerCase();
  return word === 'moderate' ? 'medium' : (word ?? 'unknown');
}

interface FindingShape {
  identifier: string;
  component: string;
  version: string;
  installPath: string;
  severity: string;
  fixedVersion: string | null;
}
const key = (finding: FindingShape) => JSON.stringify(finding);

function expectedFindings(records: readonly OsvFixture[], packages: readonly ImagePackage[]): string[] {
  const found = new Map<string, FindingShape>();
  for (const record of records) {
    const names = [record.id, ...(record.aliases ?? [])];
    const cves = names.filter((name) => /^CVE-\d{4}-\d+$/.test(name));
    for (const pkg of packages) {
      const match = affectedBy(record, pkg);
      if (match === null) continue;
      for (const identifier of cves.length > 0 ? cves : [record.id]) {
        const finding = { identifier, component: pkg.component, version: pkg.version, installPath: pkg.installPath, severity: expectedSeverity(record), fixedVersion: match.fixed };
        const identity = `${identifier} ${pkg.component} ${pkg.installPath}`;
        // Two records naming one CVE for one package are one finding (the first recorded).
        if (!found.has(identity)) found.set(identity, finding);
      }
    }
  }
  return [...found.values()].map(key).sort();
}

const fixtureRecords = osvFixtureRecords();
// Debian's data is held but names nothing in this image: a real Debian record (DSA-3029-1, nginx in Debian 7) is its only one.
const debianRecord = readFileSync(path.join(import.meta.dirname, '../services/advisories/testing/osv/Debian/DSA-3029-1.json'), 'utf8');

function archiveRecords(): Map<string, FixtureRecord[]> {
  const byEcosystem = new Map<string, FixtureRecord[]>();
  for (const record of fixtureRecords) {
    const json = record.json as OsvFixture;
    byEcosystem.set(record.ecosystem, [...(byEcosystem.get(record.ecosystem) ?? []), { id: json.id, modified: json.modified, text: JSON.stringify(json) }]);
  }
  const debian = JSON.parse(debianRecord) as OsvFixture;
  byEcosystem.set('Debian', [{ id: debian.id, modified: debian.modified, text: debianRecord }]);
  return byEcosystem;
}

describe('the built-in scanner end to end', () => {
  let certificates: TestCertificates;
  let work: string;
  let open: OciRegistry;
  let private_: OciRegistry;
  let advisories: OsvArchiveServer;
  const logins = { alice: 'alice-registry-secret', bob: 'bob-registry-secret' };

  beforeAll(async () => {
    certificates = createTestCertificates();
    work = mkdtempSync(path.join(tmpdir(), 'built-in-scan-'));
    open = await startOciRegistry({ certificates, auth: { kind: 'none' } });
    private_ = await startOciRegistry({ certificates, auth: { kind: 'htpasswd', users: logins }, storageDirectory: open.storageDirectory });
    advisories = await startOsvArchiveServer(archiveRecords());
  }, 180_000);

  afterAll(async () => {
    await advisories?.close();
    await private_?.close();
    await open?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function push(repository: string, tag: string, withoutSemver: boolean): Promise<void> {
    const directory = path.join(work, `${repository.replaceAll('/', '-')}-${tag}-${withoutSemver ? 'reduced' : 'full'}`);
    const layers = builtInScanImageLayers({ withoutSemver }).map((entries) => ({ entries, compression: 'gzip' as const }));
    await writeOciLayout(directory, tag, [{ platform: { os: 'linux', architecture: 'amd64' }, layers }]);
    await pushWithSkopeo(directory, tag, `${open.host}/${repository}:${tag}`);
  }

  describe.each(testProfiles)('($profile)', ({ profile, counters }) => {
    const t = useTestApp({ profile, counters, allowLoopbackRegistries: true });
    let pipeline: TestPipeline;
    let puller: ImagePuller;
    /** What the scanner logged, a JSON line each. */
    const logged: Record<string, unknown>[] = [];
    const repository = `team/app-${profile}`;
    const ecosystems = ['Debian', 'Go', 'Maven', 'PyPI', 'npm'];

    beforeAll(async () => {
      await push(repository, 'v1', false);
      await push(repository, 'gate', false);
      puller = createImagePuller({ config: { scanRegistryAllowPrivate: true, scanRegistryTrustedCaPem: certificates.caPem } });
      const logger = createLogger('info', {}, { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) });
      const sentinel = createSentinelScanner({ puller, analyzers: createInventoryAnalyzers(), advisories: advisoryDataOf(createAdvisoryStore(t.current.db)), logger });
      pipeline = await startPipeline(t.current, profile, { scanners: { sentinel }, imageReferences: { allowLoopbackRegistries: true } });
    }, 240_000);

    afterAll(async () => {
      await pipeline?.stop();
      puller?.close();
    });

    const image = (tag = 'v1') => `${private_.host}/${repository}:${tag}`;
    // Once per database, after the first test looked at a scan without any advisory data.
    let synchronized: Promise<void> | undefined;
    const synchronize = () =>
      (synchronized ??= syncAdvisories({ db: t.current.db, source: advisories.url, ecosystems }).then((synced) => {
        expect(synced.ecosystems.map((result) => result.error)).toEqual(ecosystems.map(() => null));
      }));
    const scan = async (tenant: TestTenant, tag = 'v1') => {
      const queued = await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image: image(tag) } });
      expect(queued.status, JSON.stringify(queued.body)).toBe(202);
      expect(queued.body.scanners).toEqual(['sentinel']);
      await pipeline.scanSettled(tenant.id, queued.body.id, 180_000);
      return (await t.current.call('GET', `/api/v1/scans/${queued.body.id}`, { token: tenant.owner.token })).body;
    };
    const findingsOf = async (tenant: TestTenant, status: string[] = ['open', 'reopened'], assetId: string | null = null) => {
      const rows = await t.current.db.query<{ identifier: string; component_name: string; component_version: string; install_path: string; severity: string; detail: { fixed_version: string | null } }>(
        'SELECT identifier, component_name, component_version, install_path, severity, detail FROM findings WHERE org_id = $1 AND status = ANY($2::text[]) AND ($3::uuid IS NULL OR asset_id = $3)',
        [tenant.id, status, assetId],
      );
      return rows.rows
        .map((row) =>
          key({ identifier: row.identifier, component: row.component_name, version: row.component_version, installPath: row.install_path, severity: row.severity, fixedVersion: row.detail.fixed_version }),
        )
        .sort();
    };
    const credential = (tenant: TestTenant, username: keyof typeof logins) =>
      t.current.call('POST', '/api/v1/registry-credentials', { token: tenant.owner.token, body: { registry: private_.host, username, secret: logins[username] } });

    it('scans a private image for two organizations with their own logins, refuses a third without one, and resolves exactly a removed package', async () => {
      const [first, second] = await t.current.twoTenants();
      const third = await t.current.tenant();
      expect((await credential(first, 'alice')).status).toBe(201);
      expect((await credential(second, 'bob')).status).toBe(201);
      const expected = expectedFindings(
        fixtureRecords.map((record) => record.json as OsvFixture),
        imagePackages,
      );
      expect(expected.length).toBeGreaterThan(10);

      // Before any advisory data: no finding, a warning per ecosystem, and nothing covered (so nothing could be resolved).
      const early = await scan(first);
      expect(early).toMatchObject({ state: 'completed', completed_kinds: [], new_findings: 0 });
      expect(early.warnings.filter((warning: { code: string }) => warning.code === 'no_advisory_data').map((warning: { where: string }) => warning.where)).toEqual(ecosystems);
      expect(early.advisory_data).toEqual(ecosystems.map((ecosystem) => ({ ecosystem, records: 0, last_modified: null })));

      await synchronize();

      const scanned = await scan(first);
      expect(scanned).toMatchObject({ state: 'completed', platform: null, completed_kinds: ['vulnerability'], new_findings: expected.length });
      expect(scanned.warnings.filter((warning: { code: string }) => warning.code === 'no_advisory_data')).toEqual([]);
      expect(scanned.advisory_data.map((data: { ecosystem: string; records: number }) => [data.ecosystem, data.records])).toEqual(
        ecosystems.map((ecosystem) => [ecosystem, ecosystem === 'Debian' ? 1 : fixtureRecords.filter((record) => record.ecosystem === ecosystem).length]),
      );
      expect(await findingsOf(first)).toEqual(expected);

      const neighbour = await scan(second);
      expect(neighbour).toMatchObject({ state: 'completed', new_findings: expected.length });
      expect(await findingsOf(second)).toEqual(expected);

      const refused = await scan(third);
      expect(refused.state).toBe('failed');
      expect(refused.failure_reason).toMatch(/^sentinel: authentication: /);

      const again = await scan(first);
      expect(again).toMatchObject({ state: 'completed', new_findings: 0, reopened_findings: 0, resolved_findings: 0 });
      // One line per scan says how long each step took and what it read (this puller keeps no layer cache).
      expect(logged.at(-1)).toMatchObject({ msg: 'built-in scan read the image', org_id: first.id, image: image(), layers: 3, layers_cached: 0, observations: expect.any(Number) });
      expect(logged.at(-1)!.packages).toBeGreaterThan(imagePackages.length);
      expect(logged.at(-1)!.observations).toBeGreaterThanOrEqual(expected.length);
      for (const step of ['pull_ms', 'inventory_ms', 'matching_ms']) expect(logged.at(-1)![step]).toEqual(expect.any(Number));
      expect(await findingsOf(first)).toEqual(expected);

      await push(repository, 'v1', true);
      const reduced = expectedFindings(
        fixtureRecords.map((record) => record.json as OsvFixture),
        imagePackages.filter((pkg) => pkg.installPath !== removedPackage.path),
      );
      const gone = expected.filter((finding) => !reduced.includes(finding));
      expect(gone.length).toBeGreaterThan(0);
      const rescanned = await scan(first);
      expect(rescanned).toMatchObject({ state: 'completed', new_findings: 0, resolved_findings: gone.length });
      expect(await findingsOf(first)).toEqual(reduced);
      expect(await findingsOf(first, ['resolved'])).toEqual(gone);
      // The neighbour did not scan again: its findings stand.
      expect(await findingsOf(second)).toEqual(expected);
    }, 600_000);

    // An SBOM import and a built-in scan of the same content give the same findings.
    it("exports a built-in scan's inventory as CycloneDX and SPDX, and each imported onto another asset gives the same findings", async () => {
      await synchronize();
      const [first, second] = await t.current.twoTenants();
      expect((await credential(first, 'alice')).status).toBe(201);
      const expected = expectedFindings(
        fixtureRecords.map((record) => record.json as OsvFixture),
        imagePackages,
      );
      const built = await scan(first, 'gate');
      expect(built).toMatchObject({ state: 'completed', completed_kinds: ['vulnerability'], new_findings: expected.length });
      expect(await findingsOf(first, ['open'], built.asset_id)).toEqual(expected);

      const exportOf = async (assetId: string, format: 'cyclonedx' | 'spdx') => {
        const exported = await t.current.call('GET', `/api/v1/assets/${assetId}/sbom?format=${format}`, { token: first.owner.token });
        expect(exported.status).toBe(200);
        return exported.body;
      };
      const components = (bom: { components: { name: string; version?: string; purl?: string; properties?: { name: string; value: string }[] }[] }) =>
        bom.components.map((c) => [c.name, c.version, c.purl, c.properties?.find((p) => p.name === 'sentinel:install_path')?.value ?? null]);
      const cyclonedx = await exportOf(built.asset_id, 'cyclonedx');
      // Debian's packages carry their release and, where it differs, their source package (openssl for libssl3).
      expect(cyclonedx.components.map((c: { purl?: string }) => c.purl)).toContainEqual(expect.stringMatching(/^pkg:deb\/debian\/libssl3@.*distro=debian-12.*upstream=openssl/));
      for (const [format, document] of [['cyclonedx', cyclonedx], ['spdx', await exportOf(built.asset_id, 'spdx')]] as const) {
        const queued = await t.current.call('POST', '/api/v1/scans/import', {
          token: first.owner.token,
          body: { image: `ghcr.io/acme/from-${format}-${profile}:1`, format, report: document },
        });
        expect(queued.status, queued.raw).toBe(202);
        await pipeline.scanSettled(first.id, queued.body.id);
        const imported = (await t.current.call('GET', `/api/v1/scans/${queued.body.id}`, { token: first.owner.token })).body;
        expect(imported).toMatchObject({ state: 'completed', scanners: ['sentinel'], completed_kinds: ['vulnerability'], new_findings: expected.length, advisory_data: built.advisory_data });
        expect(imported.asset_id).not.toBe(built.asset_id);
        // Identifier, component, version, install path, severity and fixed version: the same findings.
        expect(await findingsOf(first, ['open'], imported.asset_id)).toEqual(expected);
        expect(components(await exportOf(imported.asset_id, 'cyclonedx'))).toEqual(components(cyclonedx));
      }
      // The other organization: none of it.
      expect(await findingsOf(second)).toEqual([]);
      expect((await t.current.call('GET', `/api/v1/assets/${built.asset_id}/sbom`, { token: second.owner.token })).status).toBe(404);
    }, 600_000);

    it('lets `sentinel gate` pass and block on a built-in scan', async () => {
      await synchronize();
      const [blocking, passing] = await t.current.twoTenants();
      await t.current.app.fastify.listen({ host: '127.0.0.1', port: 0 });
      const baseUrl = `http://127.0.0.1:${(t.current.app.fastify.server.address() as AddressInfo).port}`;
      const expected = expectedFindings(
        fixtureRecords.map((record) => record.json as OsvFixture),
        imagePackages,
      ).map((finding) => JSON.parse(finding) as FindingShape);
      // At least critical: an unknown severity always meets a threshold (the Go advisories carry none).
      const critical = expected.filter((finding) => finding.severity === 'critical' || finding.severity === 'unknown');
      expect(expected.filter((finding) => finding.severity === 'critical').length).toBeGreaterThan(0);
      const gate = async (tenant: TestTenant) => {
        expect((await credential(tenant, tenant === blocking ? 'alice' : 'bob')).status).toBe(201);
        const { key } = await t.current.apiKey(tenant.owner, ['scans:create', 'scans:read', 'verdicts:request']);
        const out: string[] = [];
        const err: string[] = [];
        // No --scanner: the gate asks for the built-in scanner.
        const options = parseGateOptions(['--image', image('gate'), '--poll-interval', '0.1', '--timeout', '300', '--format', 'json'], { SENTINEL_URL: baseUrl, SENTINEL_API_KEY: key });
        const code = await runGate(options, { stdout: (text) => out.push(text), stderr: (text) => err.push(text) });
        return { code, verdict: JSON.parse(out.join('')) as { outcome: string; evaluated_findings: number; rules: { name: string; match_count: number }[] }, stderr: err.join('') };
      };

      await createdPolicy(t.current, blocking, { rules: [{ name: 'critical', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'critical' }] }], enabled: true });
      const blocked = await gate(blocking);
      expect(blocked.code, blocked.stderr).toBe(GATE_BLOCKED);
      expect(blocked.verdict).toMatchObject({ outcome: 'fail', evaluated_findings: expected.length, rules: [{ name: 'critical', match_count: critical.length }] });

      // An advisory the image does not have (lodash 4.17.21 is its fixed version) blocks nothing.
      await createdPolicy(t.current, passing, { rules: [{ name: 'lodash', effect: 'block', when: [{ field: 'advisory', op: 'in', value: ['CVE-2021-23337'] }] }], enabled: true });
      const passed = await gate(passing);
      expect(passed.code, passed.stderr).toBe(GATE_PASS);
      expect(passed.verdict).toMatchObject({ outcome: 'pass', evaluated_findings: expected.length, rules: [{ name: 'lodash', match_count: 0 }] });
    }, 600_000);
  });
});
