// SBOM import through the whole pipeline on both database profiles (and
// 2): real documents (test/fixtures/sboms) imported with POST /scans/import, matched against
// real OSV records (the built-in scanner's npm records, served by the local OSV archive
// server and loaded by the advisory sync), findings recorded, the inventory kept and
// exported, two organizations apart. The expected findings are read here from the records
// with semver, independently of the matcher.
import { randomUUID } from 'node:crypto';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAdvisories } from '../../advisories/index.js';
import { startOsvArchiveServer, type FixtureRecord, type OsvArchiveServer } from '../../advisories/testing/osv-archive-server.js';
import { readSbomFixture } from '../../findings/testing/report-fixtures.js';
import { createdPolicy } from '../../policies/testing/fixtures.js';
import { osvFixtureRecords } from '../../../test/fixtures/built-in-scan/image.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents and records are walked field by field
type Json = Record<string, any>;

const npmRecords = osvFixtureRecords().filter((record) => record.ecosystem === 'npm');
const juiceShopText = readSbomFixture('cyclonedx/bom-examples-juice-shop-flat.bom.1.4.json');
const juiceShop = JSON.parse(juiceShopText) as Json;

interface Expected {
  identifier: string;
  component: string;
  version: string;
  installPath: string | null;
  fixedVersion: string | null;
}
const key = (finding: Expected) => JSON.stringify(finding);

/** What the npm records say of the document's npm packages: OSV ranges read with semver, one finding per CVE alias (else the record's id). */
function expectedFindings(document: Json): string[] {
  const found = new Map<string, Expected>();
  for (const component of document.components as Json[]) {
    const purl = /^pkg:npm\/([^@/?#]+)@([^?#]+)$/.exec(component.purl ?? '');
    if (!purl) continue;
    const [, name, version] = purl as unknown as [string, string, string];
    const installPath = (component.properties ?? []).find((p: Json) => p.name === 'cdx:npm:package:path')?.value ?? null;
    for (const { json } of npmRecords) {
      const record = json as Json;
      for (const affected of record.affected as Json[]) {
        if (affected.package.name !== name) continue;
        for (const range of affected.ranges as Json[]) {
          const introduced = range.events.find((e: Json) => e.introduced !== undefined).introduced as string;
          const fixed = (range.events.find((e: Json) => e.fixed !== undefined)?.fixed ?? null) as string | null;
          if ((introduced !== '0' && semver.lt(version, introduced)) || (fixed !== null && semver.gte(version, fixed))) continue;
          const cves = [record.id, ...(record.aliases ?? [])].filter((id: string) => /^CVE-/.test(id));
          for (const identifier of cves.length > 0 ? cves : [record.id]) {
            const finding = { identifier, component: name, version, installPath, fixedVersion: fixed };
            const identity = `${identifier} ${name} ${installPath}`;
            if (!found.has(identity)) found.set(identity, finding);
          }
        }
      }
    }
  }
  return [...found.values()].map(key).sort();
}

describe.each(testProfiles)('SBOM import and export ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);
  let advisories: OsvArchiveServer;

  beforeAll(async () => {
    advisories = await startOsvArchiveServer(
      new Map([['npm', npmRecords.map((record): FixtureRecord => ({ id: record.id, modified: (record.json as Json).modified, text: JSON.stringify(record.json) }))]]),
    );
    const synced = await syncAdvisories({ db: t.current.db, source: advisories.url, ecosystems: ['npm'] });
    expect(synced.ecosystems.map((result) => result.error)).toEqual([null]);
  }, 120_000);
  afterAll(async () => {
    await advisories?.close();
  });

  const image = (name: string) => `ghcr.io/acme/${name}-${randomUUID().slice(0, 8)}:1.0`;
  async function imported(tenant: TestTenant, body: Json) {
    const response = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body });
    expect(response.status, response.raw).toBe(202);
    await pipeline.current.scanSettled(tenant.id, response.body.id);
    return (await t.current.call('GET', `/api/v1/scans/${response.body.id}`, { token: tenant.owner.token })).body;
  }
  async function findingsOf(tenant: TestTenant, assetId: string, statuses = ['open', 'reopened']) {
    const rows = await t.current.db.query<{ identifier: string; component_name: string; component_version: string; install_path: string | null; severity: string; detail: Json }>(
      'SELECT identifier, component_name, component_version, install_path, severity, detail FROM findings WHERE org_id = $1 AND asset_id = $2 AND status = ANY($3::text[])',
      [tenant.id, assetId, statuses],
    );
    return rows.rows;
  }
  const shapes = (rows: Awaited<ReturnType<typeof findingsOf>>) =>
    rows
      .map((row) => key({ identifier: row.identifier, component: row.component_name, version: row.component_version, installPath: row.install_path, fixedVersion: row.detail.fixed_version }))
      .sort();

  it("matches a CycloneDX document's components like a built-in scan, keeps its inventory, exports it, and a second organization sees none of it", async () => {
    const [first, second] = await t.current.twoTenants();
    const expected = expectedFindings(juiceShop);
    expect(expected.length).toBeGreaterThan(10);

    const scan = await imported(first, { image: image('juice-shop'), format: 'cyclonedx', report: juiceShopText });
    expect(scan).toMatchObject({ state: 'completed', scanners: ['sentinel'], source: 'import', completed_kinds: ['vulnerability'], new_findings: expected.length });
    expect(scan.advisory_data).toEqual([{ ecosystem: 'npm', records: npmRecords.length, last_modified: expect.any(String) }]);
    expect(scan.warnings).toEqual([]);
    expect(shapes(await findingsOf(first, scan.asset_id))).toEqual(expected);

    // The inventory: every component, in document order, with what it came from.
    const exported = await t.current.call('GET', `/api/v1/assets/${scan.asset_id}/sbom`, { token: first.owner.token });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toBe('application/vnd.cyclonedx+json; version=1.6; charset=utf-8');
    // npm names as the built-in scanner writes them: a scope joined to the name (the document's group @types, name node: @types/node).
    expect(exported.body.components.map((c: Json) => [c.name, c.version, c.purl])).toEqual(
      juiceShop.components.map((c: Json) => [c.group ? `${c.group}/${c.name}` : c.name, c.version, c.purl]),
    );
    const stored = await t.current.db.query<{ found_by: string; advisory_ecosystem: string | null }>(
      'SELECT DISTINCT found_by, advisory_ecosystem FROM asset_inventory_components WHERE org_id = $1 AND asset_id = $2',
      [first.id, scan.asset_id],
    );
    expect(stored.rows).toEqual([{ found_by: 'cyclonedx', advisory_ecosystem: 'npm' }]);

    // The export imported onto another asset gives the same findings, severities included.
    const copy = await imported(first, { image: image('juice-shop-copy'), format: 'cyclonedx', report: exported.body });
    expect(copy).toMatchObject({ state: 'completed', new_findings: expected.length });
    const severities = (rows: Awaited<ReturnType<typeof findingsOf>>) => rows.map((row) => `${row.identifier} ${row.component_name} ${row.install_path} ${row.severity}`).sort();
    expect(severities(await findingsOf(first, copy.asset_id))).toEqual(severities(await findingsOf(first, scan.asset_id)));
    // And as SPDX.
    const spdx = await t.current.call('GET', `/api/v1/assets/${scan.asset_id}/sbom?format=spdx`, { token: first.owner.token });
    expect(spdx.headers['content-type']).toBe('application/spdx+json; charset=utf-8');
    const fromSpdx = await imported(first, { image: image('juice-shop-spdx'), format: 'spdx', report: spdx.raw });
    expect(shapes(await findingsOf(first, fromSpdx.asset_id))).toEqual(expected);

    // The other organization: no asset, scan, finding or inventory of the first; its own import stays its own.
    expect((await t.current.call('GET', `/api/v1/assets/${scan.asset_id}/sbom`, { token: second.owner.token })).status).toBe(404);
    expect((await t.current.call('GET', `/api/v1/scans/${scan.id}`, { token: second.owner.token })).status).toBe(404);
    const theirs = await imported(second, { image: image('juice-shop'), format: 'cyclonedx', report: juiceShopText });
    expect(theirs.asset_id).not.toBe(scan.asset_id);
    const secondCount = await t.current.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM findings WHERE org_id = $1', [second.id]);
    expect(secondCount.rows[0]!.n).toBe(expected.length);

    // Resolution by absence: the same asset imported again without minimist resolves exactly minimist's findings.
    const reduced = { ...juiceShop, components: juiceShop.components.filter((c: Json) => c.name !== 'minimist') };
    const gone = expected.filter((finding) => (JSON.parse(finding) as Expected).component === 'minimist');
    expect(gone.length).toBeGreaterThan(0);
    const again = await imported(first, { image: scan.image, format: 'cyclonedx', report: reduced });
    expect(again).toMatchObject({ asset_id: scan.asset_id, state: 'completed', new_findings: 0, resolved_findings: gone.length });
    expect(shapes(await findingsOf(first, scan.asset_id, ['resolved']))).toEqual(gone);
    expect(shapes(await findingsOf(second, theirs.asset_id))).toEqual(expected);
  }, 300_000);

  it('imports an SBOM for a named software asset: the same findings as for an image, its inventory exported with the application as subject, a verdict, two organizations apart', async () => {
    const [first, second] = await t.current.twoTenants();
    const expected = expectedFindings(juiceShop);
    const software = { name: 'OWASP Juice Shop', version: juiceShop.metadata.component.version as string };

    const scan = await imported(first, { software, format: 'cyclonedx', report: juiceShopText });
    expect(scan).toMatchObject({ state: 'completed', scanners: ['sentinel'], new_findings: expected.length, image: `software:OWASP%20Juice%20Shop@${software.version}` });
    expect(shapes(await findingsOf(first, scan.asset_id))).toEqual(expected);
    const asset = await t.current.call('GET', `/api/v1/assets/${scan.asset_id}`, { token: first.owner.token });
    expect(asset.body).toMatchObject({ kind: 'software', ...software, registry: null, last_scanned_at: expect.any(String) });

    const cycloneDx = await t.current.call('GET', `/api/v1/assets/${scan.asset_id}/sbom`, { token: first.owner.token });
    expect(cycloneDx.status).toBe(200);
    expect(cycloneDx.body.metadata.component).toMatchObject({ type: 'application', name: software.name, version: software.version });
    expect(cycloneDx.body.components).toHaveLength(juiceShop.components.length);
    const spdx = await t.current.call('GET', `/api/v1/assets/${scan.asset_id}/sbom?format=spdx`, { token: first.owner.token });
    expect(spdx.body.packages[0]).toMatchObject({ SPDXID: 'SPDXRef-Asset', name: software.name, versionInfo: software.version, primaryPackagePurpose: 'APPLICATION' });
    // Its SPDX export imported as another version of the software: the same findings.
    const nextVersion = await imported(first, { software: { name: software.name, version: 'next' }, format: 'spdx', report: spdx.raw });
    expect(nextVersion.asset_id).not.toBe(scan.asset_id);
    expect(shapes(await findingsOf(first, nextVersion.asset_id))).toEqual(expected);

    // A verdict of the software's scan under the enabled policy, as of an image's.
    await pipeline.current.scanSummarized(first.id, scan.id);
    await createdPolicy(t.current, first, { enabled: true });
    const verdict = await t.current.call('POST', `/api/v1/scans/${scan.id}/verdict`, { token: first.owner.token });
    expect(verdict.status, verdict.raw).toBe(201);
    expect(verdict.body).toMatchObject({ scan_id: scan.id, asset_id: scan.asset_id });

    // The other organization: the same name is its own asset; the first's id is not found there.
    expect((await t.current.call('GET', `/api/v1/assets/${scan.asset_id}/sbom`, { token: second.owner.token })).status).toBe(404);
    const theirs = await imported(second, { software, format: 'cyclonedx', report: juiceShopText });
    expect(theirs.asset_id).not.toBe(scan.asset_id);
    const secondCount = await t.current.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM findings WHERE org_id = $1', [second.id]);
    expect(secondCount.rows[0]!.n).toBe(expected.length);
  }, 300_000);

  it("records a CycloneDX vulnerability section as reported by the document, and counts what cannot be matched", async () => {
    const [tenant] = await t.current.twoTenants();
    const trivy = JSON.parse(readSbomFixture('cyclonedx/trivy-npm-cyclonedx.json')) as Json;
    const scan = await imported(tenant, { image: image('npm'), format: 'cyclonedx', report: trivy });
    // jquery 3.3.9 is named by no npm record held: the finding is the document's.
    expect(scan).toMatchObject({ state: 'completed', scanners: ['sentinel', 'cyclonedx'], completed_kinds: ['vulnerability'], new_findings: 1, warnings: [] });
    const [finding] = await findingsOf(tenant, scan.asset_id);
    expect(finding).toMatchObject({ identifier: 'CVE-2019-11358', component_name: 'jquery', component_version: '3.3.9', severity: 'medium' });
    expect(finding!.detail).toMatchObject({ reported_by: 'cyclonedx: ghsa', cvss_score: 6.1, installed_version: '3.3.9' });

    // Dependency-Track's 1.6 document: one component without a package URL.
    const dt = await imported(tenant, { image: image('dt'), format: 'cyclonedx', report: readSbomFixture('cyclonedx/dependency-track-valid-bom-1.6.json') });
    expect(dt.warnings).toEqual([{ code: 'package_not_matched', where: null, count: 1, message: '1 components have no package URL: they are in the inventory but not matched' }]);
    // Trivy's image BOM: Alpine 3.16 has no advisory data here, and Maven, Composer and Go none either.
    const image_ = await imported(tenant, { image: image('trivy'), format: 'cyclonedx', report: readSbomFixture('cyclonedx/trivy-happy-bom.json') });
    expect(image_.completed_kinds).toEqual([]);
    expect(image_.warnings.filter((w: Json) => w.code === 'no_advisory_data').map((w: Json) => [w.where, w.count])).toEqual([
      ['Alpine', 1],
      ['Go', 1],
      ['Maven', 2],
      ['Packagist', 2],
    ]);
    const exported = await t.current.call('GET', `/api/v1/assets/${image_.asset_id}/sbom?format=spdx`, { token: tenant.owner.token });
    const musl = exported.body.packages.find((p: Json) => p.name === 'musl');
    expect(musl).toMatchObject({ sourceInfo: 'built package from: musl 1.2.3-r0', licenseDeclared: 'MIT', externalRefs: [{ referenceType: 'purl', referenceLocator: 'pkg:apk/alpine/musl@1.2.3-r0?distro=3.16.0' }] });
    // musl sits under the alpine component, as the document's dependencies say.
    const alpine = exported.body.packages.find((p: Json) => p.name === 'alpine');
    expect(exported.body.relationships).toContainEqual({ spdxElementId: alpine.SPDXID, relationshipType: 'CONTAINS', relatedSpdxElement: musl.SPDXID });

    // SPDX tag-value, the specification's example.
    const tagValue = await imported(tenant, { image: image('spdx'), format: 'spdx', report: readSbomFixture('spdx/SPDXTagExample-v2.3.spdx') });
    expect(tagValue).toMatchObject({ state: 'completed', scanners: ['sentinel'] });
    // Jena is Maven, for which no advisory data is held: nothing is covered, so nothing could be resolved.
    expect(tagValue.warnings.map((w: Json) => [w.code, w.where, w.count])).toEqual([
      ['kind_not_covered', null, 1],
      ['package_not_matched', null, 2],
      ['no_advisory_data', 'Maven', 1],
    ]);
  }, 300_000);

  it('refuses a document it cannot read with 400 and the place', async () => {
    const [tenant] = await t.current.twoTenants();
    const refused = await t.current.call('POST', '/api/v1/scans/import', {
      token: tenant.owner.token,
      body: { image: image('v3'), format: 'spdx', report: readSbomFixture('spdx/spdx-spec-3.0-package_sbom.json') },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('report refused: (document) is SPDX 3.0 (JSON-LD), which is not read: export the SBOM as SPDX 2.3 or CycloneDX');
  });
});
