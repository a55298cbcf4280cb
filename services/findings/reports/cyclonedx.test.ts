// The CycloneDX reader on real documents (test/fixtures/sboms, sources in its README):
// what each document declares, read from it here with JSON.parse or by hand, against
// what the reader gives.
import { describe, expect, it } from 'vitest';
import type { ParsedReport } from '../observation.js';
import { parseReport } from './index.js';
import { readSbomFixture } from '../testing/report-fixtures.js';
import { declaredOf, readSbom, refusalOf } from '../testing/sbom-documents.js';
import { SBOM_LIMITS } from './sbom-document.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the documents are walked field by field
type Json = Record<string, any>;

const read = (name: string): ParsedReport => readSbom('cyclonedx', name);
const refusal = (document: unknown): string => refusalOf('cyclonedx', document);

describe('CycloneDX documents', () => {
  it('reads the laravel BOM of CycloneDX/bom-examples (1.4): every component with its purl, version and licences, the same from JSON and XML', () => {
    const json = JSON.parse(readSbomFixture('cyclonedx/bom-examples-laravel-7.12.0.bom.1.4.json')) as Json;
    const fromJson = read('bom-examples-laravel-7.12.0.bom.1.4.json');
    const sbom = declaredOf(fromJson);
    expect(sbom).toMatchObject({ format: 'cyclonedx', specVersion: '1.4', subject: json.metadata.component.name });
    expect(sbom.components.map((c) => [c.name, c.version, c.purl])).toEqual(json.components.map((c: Json) => [c.name, c.version, c.purl]));
    expect(sbom.components.map((c) => c.licences)).toEqual(
      json.components.map((c: Json) => (c.licenses ?? []).map((l: Json) => l.expression ?? l.license.id ?? l.license.name)),
    );
    expect(sbom.components.every((c) => c.type === 'library' && c.installPath === null)).toBe(true);
    // Each component sits under the first component whose dependencies name it (the root, metadata.component, is no parent).
    const rootRef = json.metadata.component['bom-ref'];
    const firstDepender = (ref: string) => json.dependencies.find((d: Json) => d.ref !== rootRef && d.ref !== ref && (d.dependsOn ?? []).includes(ref))?.ref ?? null;
    expect(sbom.components.map((c) => c.parentRef)).toEqual(json.components.map((c: Json) => firstDepender(c['bom-ref'])));
    expect(sbom.components.some((c) => c.parentRef !== null)).toBe(true);
    expect(fromJson.observations).toEqual([]);
    expect(fromJson.coveredKinds).toEqual([]);

    const fromXml = declaredOf(read('bom-examples-laravel-7.12.0.bom.1.4.xml'));
    expect(fromXml).toEqual(sbom);
  });

  it("reads Dependency-Track's 1.5 XML: the three components, not the pedigree's ancestor, with a CPE, an expression and a named licence", () => {
    const sbom = declaredOf(read('dependency-track-valid-bom-1.5.xml'));
    expect(sbom).toMatchObject({ specVersion: '1.5', subject: 'Acme Application', vulnerabilities: [] });
    expect(sbom.components).toEqual([
      {
        ref: null,
        parentRef: null,
        type: 'application',
        name: 'tomcat-catalina',
        version: '9.0.14',
        purl: 'pkg:maven/com.acme/tomcat-catalina@9.0.14?packaging=jar',
        cpe: null,
        licences: ['Apache-2.0'],
        installPath: null,
        source: null,
      },
      {
        ref: null,
        parentRef: null,
        type: 'library',
        name: 'mylibrary',
        version: '1.0.0',
        purl: 'pkg:maven/com.example/myapplication@1.0.0?packaging=war',
        cpe: 'cpe:/a:example:myapplication:1.0.0',
        licences: ['EPL-2.0 OR GPL-2.0-with-classpath-exception'],
        installPath: null,
        source: null,
      },
      {
        ref: null,
        parentRef: null,
        type: 'framework',
        name: 'myframework',
        version: '1.0.0',
        purl: 'pkg:maven/com.example/myframework@1.0.0?packaging=war',
        cpe: null,
        licences: ['Some random license'],
        installPath: null,
        source: null,
      },
    ]);
  });

  it("reads Dependency-Track's 1.6 JSON: a component without a purl, and a component depending on itself is no parent of itself", () => {
    const sbom = declaredOf(read('dependency-track-valid-bom-1.6.json'));
    expect(sbom.specVersion).toBe('1.6');
    expect(sbom.components.map((c) => [c.ref, c.name, c.purl, c.parentRef])).toEqual([
      ['pkg:npm/acme/component@1.0.0', 'tomcat-catalina', 'pkg:npm/acme/component@1.0.0', null],
      [null, 'mylibrary', null, null],
    ]);
  });

  it("reads Trivy's BOM: the Alpine package's source from its properties, install paths, and the hierarchy from the dependency graph", () => {
    const json = JSON.parse(readSbomFixture('cyclonedx/trivy-happy-bom.json')) as Json;
    const sbom = declaredOf(read('trivy-happy-bom.json'));
    expect(sbom.subject).toBe('maven-test-project');
    const byName = new Map(sbom.components.map((c) => [c.name, c]));
    expect(byName.get('musl')).toMatchObject({ purl: 'pkg:apk/alpine/musl@1.2.3-r0?distro=3.16.0', source: { name: 'musl', version: '1.2.3-r0' }, licences: ['MIT'] });
    expect(byName.get('alpine')).toMatchObject({ type: 'operating-system', version: '3.16.0', purl: null });
    expect(byName.get('child-project')!.installPath).toBe('app/maven/target/child-project-1.0.jar');
    expect(byName.get('bootstrap')!.installPath).toBe('app/app/package.json');
    // dependencies: the OS component holds musl, the composer.lock application its two packages; the image's own (metadata) is no parent.
    const refOf = (name: string) => json.components.find((c: Json) => c.name === name)['bom-ref'];
    expect(byName.get('musl')!.parentRef).toBe(refOf('alpine'));
    expect(byName.get('pear/log')!.parentRef).toBe(refOf('app/composer/composer.lock'));
    expect(byName.get('pear/pear_exception')!.parentRef).toBe(refOf('app/composer/composer.lock'));
    expect(byName.get('com.example:example')!.parentRef).toBe(refOf('app/gradle/target/gradle.lockfile'));
    expect(byName.get('bootstrap')!.parentRef).toBeNull();
    expect(sbom.components).toHaveLength(json.components.length);
  });

  it("reads Trivy's 1.6 vulnerability section: the identifier, the affected reference, the source's own rating, the CVSS vector and the advisory", () => {
    const json = JSON.parse(readSbomFixture('cyclonedx/trivy-npm-cyclonedx.json')) as Json;
    const sbom = declaredOf(read('trivy-npm-cyclonedx.json'));
    expect(sbom.vulnerabilities).toHaveLength(1);
    const [vulnerability] = sbom.vulnerabilities;
    expect(vulnerability).toMatchObject({
      source: 'ghsa',
      affects: ['pkg:npm/jquery@3.3.9'],
      where: 'vulnerabilities[0]',
      observation: {
        kind: 'vulnerability',
        identifier: 'CVE-2019-11358',
        // ghsa, the vulnerability's own source, rates it medium (nvd's CVSS 3.1 says 6.1, medium as well).
        severity: 'medium',
        fixability: 'unknown',
        detail: {
          cvss_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
          cvss_score: 6.1,
          published_at: json.vulnerabilities[0].published,
          modified_at: json.vulnerabilities[0].updated,
          primary_url: json.vulnerabilities[0].advisories[0].url,
        },
      },
    });
    expect(vulnerability!.observation.title).toBe(json.vulnerabilities[0].description.slice(0, 200));
  });

  it("reads Trivy's 1.7 document: Debian packages with their point release, a gem's reference with its file path, three vulnerabilities", () => {
    const json = JSON.parse(readSbomFixture('cyclonedx/trivy-fluentd-multiple-lockfiles-short.cdx.json')) as Json;
    const sbom = declaredOf(read('trivy-fluentd-multiple-lockfiles-short.cdx.json'));
    expect(sbom.specVersion).toBe('1.7');
    expect(sbom.components.map((c) => c.purl)).toEqual(json.components.map((c: Json) => c.purl ?? null));
    expect(sbom.vulnerabilities.map((v) => [v.observation.identifier, v.affects])).toEqual(json.vulnerabilities.map((v: Json) => [v.id, v.affects.map((a: Json) => a.ref)]));
    const gem = sbom.components.find((c) => c.name === 'activesupport')!;
    expect(sbom.vulnerabilities.find((v) => v.observation.identifier === 'CVE-2020-8165')!.affects).toEqual([gem.ref]);
  });

  it('skips a vulnerability the analysis says does not affect the component, with a warning', () => {
    const json = JSON.parse(readSbomFixture('cyclonedx/trivy-npm-cyclonedx.json')) as Json;
    json.vulnerabilities[0].analysis = { state: 'not_affected', justification: 'code_not_reachable' };
    const report = parseReport('cyclonedx', json);
    expect(report.sbom!.vulnerabilities).toEqual([]);
    expect(report.warnings).toEqual([
      { code: 'entry_skipped', where: 'vulnerabilities[0]', count: 1, message: 'vulnerabilities[0]: CVE-2019-11358 is marked not_affected by the document\'s analysis; not recorded' },
    ]);
  });

  it('refuses what is not a CycloneDX document of a version it reads, naming the place', () => {
    const json = JSON.parse(readSbomFixture('cyclonedx/dependency-track-valid-bom-1.6.json')) as Json;
    expect(refusal({ ...json, specVersion: '1.3' })).toBe('specVersion is 1.3; CycloneDX 1.4, 1.5, 1.6, 1.7 are read');
    expect(refusal({ ...json, bomFormat: 'SPDX' })).toBe('bomFormat must be "CycloneDX"');
    expect(refusal({ ...json, components: [{ ...json.components[0], purl: 7 }] })).toBe('components[0].purl must be a string');
    expect(refusal('{"bomFormat": ')).toMatch(/^\(document\) is neither CycloneDX JSON nor XML: /);
    const xml = readSbomFixture('cyclonedx/dependency-track-valid-bom-1.5.xml');
    expect(refusal(xml.replace('<bom ', '<!DOCTYPE bom [<!ENTITY x "y">]><bom '))).toBe('(document) is XML with a DOCTYPE, which a CycloneDX document never needs; refused');
    expect(refusal(xml.replace('</components>', ''))).toMatch(/^\(document\) is not well-formed XML: /);
    expect(refusal(xml.replace('schema/bom/1.5', 'schema/bom/1.3'))).toBe('specVersion is 1.3; CycloneDX 1.4, 1.5, 1.6, 1.7 are read');
  });

  it('reads a dependency ring of every component as one chain: the first component read loses the link that closes it', () => {
    const json = JSON.parse(readSbomFixture('cyclonedx/dependency-track-valid-bom-1.6.json')) as Json;
    const count = 50_000;
    const components = Array.from({ length: count }, (_, n) => ({ ...json.components[1], 'bom-ref': `c${n}` }));
    // c0 depends on c1, …, and the last on c0.
    const dependencies = components.map((_, n) => ({ ref: `c${n}`, dependsOn: [`c${(n + 1) % count}`] }));
    const parents = declaredOf(parseReport('cyclonedx', { ...json, components, dependencies })).components.map((c) => c.parentRef);
    expect(parents[0]).toBeNull();
    expect(parents.slice(1)).toEqual(Array.from({ length: count - 1 }, (_, n) => `c${n}`));
  });

  it('bounds nesting, the number of components and the components vulnerabilities affect', () => {
    const json = JSON.parse(readSbomFixture('cyclonedx/dependency-track-valid-bom-1.6.json')) as Json;
    const leaf = json.components[1];
    let nested: Json = { ...leaf };
    for (let depth = 1; depth <= SBOM_LIMITS.nestingDepth; depth++) nested = { ...leaf, components: [nested] };
    expect(refusal({ ...json, components: [nested] })).toMatch(/is nested deeper than 32 components$/);
    const affects = Array.from({ length: SBOM_LIMITS.affectsPerVulnerability }, (_, n) => ({ ref: `c${n}` }));
    const vulnerabilities = Array.from({ length: SBOM_LIMITS.affectsPerDocument / SBOM_LIMITS.affectsPerVulnerability + 1 }, (_, n) => ({ id: `CVE-2026-${1000 + n}`, affects }));
    expect(refusal({ ...json, vulnerabilities })).toBe(`vulnerabilities[10].affects brings the components the vulnerabilities affect past ${SBOM_LIMITS.affectsPerDocument}`);
    const many = Array.from({ length: SBOM_LIMITS.components + 1 }, () => leaf);
    expect(refusal({ ...json, components: many })).toBe(`components[${SBOM_LIMITS.components}] is past the ${SBOM_LIMITS.components} components a document may list`);
  });
});
