// Components of real documents (test/fixtures/sboms) as the asset's inventory: each
// package URL read into the built-in scanner's spelling (ecosystem, name, OSV ecosystem
// with the release, source package), what cannot be matched counted, and a document's
// vulnerabilities put on the components they affect.
import { describe, expect, it } from 'vitest';
import type { DeclaredInventory, SbomFormat } from '../../findings/index.js';
import { declaredOf, readSbom } from '../../findings/testing/sbom-documents.js';
import { inventoryOfDeclared } from './declared-inventory.js';

const declared = (format: SbomFormat, name: string): DeclaredInventory => declaredOf(readSbom(format, name));
const spelled = (components: ReturnType<typeof inventoryOfDeclared>['inventory']['components']) =>
  Object.fromEntries(components.map((c) => [c.name, [c.ecosystem, c.osvEcosystem, c.version, c.source === null ? null : `${c.source.name} ${c.source.version}`, c.installPath]]));

describe('inventoryOfDeclared', () => {
  it("spells Trivy's image BOM as the built-in scanner does: Alpine by branch, the source package, joined names, install paths", () => {
    const { inventory, packages, warnings } = inventoryOfDeclared(declared('cyclonedx', 'trivy-happy-bom.json'));
    expect(inventory.os).toEqual({ id: 'alpine', version: '3.16.0' });
    expect(spelled(inventory.components)).toEqual({
      musl: ['alpine', 'Alpine:v3.16', '1.2.3-r0', 'musl 1.2.3-r0', null],
      alpine: [null, null, '3.16.0', null, null],
      'org.codehaus.mojo:child-project': ['maven', 'Maven', '1.0', null, 'app/maven/target/child-project-1.0.jar'],
      'com.example:example': ['maven', 'Maven', '0.0.1', null, null],
      '@example/bootstrap': ['npm', 'npm', '5.0.2', null, 'app/app/package.json'],
      'pear/log': ['composer', 'Packagist', '1.13.1', null, null],
      'pear/pear_exception': ['composer', 'Packagist', 'v1.0.0', null, null],
      'app/composer/composer.lock': [null, null, null, null, null],
      'github.com/package-url/packageurl-go': ['golang', 'Go', 'v0.1.1-0.20220203205134-d70459300c8a', null, null],
      'app/gobinary/gobinary': [null, null, null, null, null],
      'app/gradle/target/gradle.lockfile': [null, null, null, null, null],
    });
    expect(packages.map((p) => p.name)).toEqual(['musl', 'org.codehaus.mojo:child-project', 'com.example:example', '@example/bootstrap', 'pear/log', 'pear/pear_exception', 'github.com/package-url/packageurl-go']);
    // The groupings (the OS, the lockfiles and binaries other components sit under) are not packages that went unmatched.
    expect(warnings).toEqual([]);
    const position = (name: string) => inventory.components.findIndex((c) => c.name === name);
    expect(inventory.components[position('musl')]!.parent).toBe(position('alpine'));
    expect(inventory.components[position('pear/log')]!.parent).toBe(position('app/composer/composer.lock'));
    expect(inventory.components.every((c) => c.foundBy === 'cyclonedx')).toBe(true);
  });

  it("matches Debian packages Trivy names by point release (debian-10.2) in Debian:10, by their source package, and puts the document's vulnerabilities on them", () => {
    const document = declared('cyclonedx', 'trivy-fluentd-multiple-lockfiles-short.cdx.json');
    const { inventory, observations } = inventoryOfDeclared(document);
    expect(spelled(inventory.components)).toMatchObject({
      bash: ['debian', 'Debian:10', '5.0-4', 'bash 5.0-4', null],
      'libidn2-0': ['debian', 'Debian:10', '2.0.5-1', 'libidn2 2.0.5-1', null],
      activesupport: ['gem', 'RubyGems', '6.0.2.1', null, 'var/lib/gems/2.5.0/specifications/activesupport-6.0.2.1.gemspec'],
    });
    expect(observations.map((o) => [o.identifier, o.component?.ecosystem, o.component?.name, o.component?.version, o.install_path, o.detail.reported_by])).toEqual([
      ['CVE-2019-18224', 'debian', 'libidn2-0', '2.0.5-1', null, 'cyclonedx: debian'],
      ['CVE-2019-18276', 'debian', 'bash', '5.0-4', null, 'cyclonedx: debian'],
      ['CVE-2020-8165', 'gem', 'activesupport', '6.0.2.1', 'var/lib/gems/2.5.0/specifications/activesupport-6.0.2.1.gemspec', 'cyclonedx: ghsa'],
    ]);
  });

  it('counts what cannot be matched: no package URL, an unknown package type, an OS release OSV does not name', () => {
    const dt = inventoryOfDeclared(declared('cyclonedx', 'dependency-track-valid-bom-1.6.json'));
    expect(dt.inventory.components.map((c) => [c.name, c.ecosystem])).toEqual([
      ['acme/component', 'npm'],
      ['mylibrary', null],
    ]);
    expect(dt.warnings).toEqual([{ code: 'package_not_matched', where: null, count: 1, message: '1 components have no package URL: they are in the inventory but not matched' }]);

    const document = declared('cyclonedx', 'trivy-happy-bom.json');
    const musl = document.components.find((c) => c.name === 'musl')!;
    const edited: DeclaredInventory = {
      ...document,
      components: [
        { ...musl, purl: 'pkg:apk/alpine/musl@1.2.3-r0?distro=3.20.0_alpha20240329' },
        { ...musl, purl: 'pkg:generic/openssl@3.0.13' },
        { ...musl, purl: 'pkg:generic/zlib@1.3' },
        { ...musl, purl: 'pkg:not a purl' },
        { ...musl, purl: null, cpe: 'cpe:2.3:a:musl-libc:musl:1.2.3:*:*:*:*:*:*:*' },
      ],
    };
    expect(inventoryOfDeclared(edited).warnings.map((w) => [w.where, w.count, w.message])).toEqual([
      [null, 1, '1 components have no package URL (1 of them with only a CPE, which is not matched): they are in the inventory but not matched'],
      [null, 1, '1 components have a package URL that cannot be read: they are in the inventory but not matched'],
      ['pkg:generic', 2, '2 components of package type generic (pkg:generic/…): no advisory ecosystem is known for it, so they are not matched'],
      ['3.20.0_alpha20240329', 1, '1 operating system packages of distribution 3.20.0_alpha20240329: no OSV advisory release is known for it, so they are not matched'],
    ]);
  });

  it("reads SPDX: Trivy's source from sourceInfo, and the specification example's Maven purl", () => {
    expect(spelled(inventoryOfDeclared(declared('spdx', 'trivy-happy-bom.spdx.json')).inventory.components).musl).toEqual(['alpine', 'Alpine:v3.16', '1.2.3-r0', 'musl 1.2.3-r0', null]);
    expect(spelled(inventoryOfDeclared(declared('spdx', 'SPDXJSONExample-v2.3.spdx.json')).inventory.components)['org.apache.jena:apache-jena']).toEqual(['maven', 'Maven', '3.12.0', null, null]);
  });
});
