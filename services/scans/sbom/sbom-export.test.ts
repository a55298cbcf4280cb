// The exports of an inventory, on the cases the format rules make hard: several licences
// one of which is an expression (CycloneDX takes one expression or a list, never both),
// licences named in words (SPDX LicenseRefs, one per name), an OS package built from a
// source of another name. Each document is checked against its format's schema, and read
// back by the importers' readers.
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../../findings/index.js';
import { readSbomFixture } from '../../findings/testing/report-fixtures.js';
import { emptyComponent, type InventoryComponent, type StoredInventory } from './asset-inventory.js';
import { inventoryOfDeclared } from './declared-inventory.js';
import { cycloneDxDocument, spdxDocument } from './sbom-export.js';

const component = (fields: Partial<InventoryComponent> & Pick<InventoryComponent, 'name'>): InventoryComponent => ({ ...emptyComponent('sentinel'), version: '1.0.0', ...fields });

// Debian 12's libssl3 as the built-in scanner reads it (Source: openssl), and licences as packages declare them.
const inventory: StoredInventory = {
  scanId: '6c3c1f8e-8d07-4d6e-9a43-2f4f0d2b8c11',
  recordedAt: new Date('2026-11-29T08:00:00.000Z'),
  origin: 'sentinel',
  os: { id: 'debian', version: '12' },
  components: [
    component({ type: 'operating-system', name: 'debian', version: '12' }),
    component({
      parent: 0,
      name: 'libssl3',
      version: '3.0.15-1~deb12u1',
      purl: 'pkg:deb/debian/libssl3@3.0.15-1~deb12u1?arch=amd64&distro=debian-12',
      ecosystem: 'debian',
      osvEcosystem: 'Debian:12',
      source: { name: 'openssl', version: '3.0.15-1~deb12u1' },
      licences: ['Apache-2.0', 'Artistic', 'GPL-1+'],
    }),
    component({ name: 'cryptography', version: '38.0.4', purl: 'pkg:pypi/cryptography@38.0.4', ecosystem: 'pypi', licences: ['BSD-3-Clause OR Apache-2.0', 'PSF-2.0'], installPath: 'usr/lib/python3/dist-packages/cryptography-38.0.4.dist-info/METADATA' }),
    component({ name: 'mixed', licences: ['MIT OR Apache-2.0', 'GPL-2+'] }),
    component({ name: 'near-names', licences: ['GPL 2+', 'GPL-2+'] }),
  ],
};
const subject = { assetId: 'a6a4f0c3-2b5f-4f43-9d5e-7c1f4b0e9d21', reference: 'registry.example.test/team/app:1', software: null };

describe('the CycloneDX export', () => {
  const bom = JSON.parse(cycloneDxDocument(subject, inventory)) as { components: { name: string; purl?: string; licenses?: unknown[] }[]; dependencies: { ref: string; dependsOn?: string[] }[] };
  const byName = (name: string) => bom.components.find((c) => c.name === name)!;

  it('is valid CycloneDX 1.6', async () => {
    expect(await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(cycloneDxDocument(subject, inventory))).toBeNull();
  });

  it('keeps every licence: one expression of all when they are all SPDX, each named as written when one is not', () => {
    expect(byName('cryptography').licenses).toEqual([{ expression: '(BSD-3-Clause OR Apache-2.0) AND (PSF-2.0)' }]);
    expect(byName('mixed').licenses).toEqual([{ license: { name: 'MIT OR Apache-2.0' } }, { license: { name: 'GPL-2+' } }]);
    expect(byName('libssl3').licenses).toEqual([{ license: { id: 'Apache-2.0' } }, { license: { name: 'Artistic' } }, { license: { name: 'GPL-1+' } }]);
  });

  it('names the source package in the purl, puts packages under their distribution, and reads back to the same packages', () => {
    expect(byName('libssl3').purl).toBe('pkg:deb/debian/libssl3@3.0.15-1~deb12u1?arch=amd64&distro=debian-12&upstream=openssl');
    const debianRef = (bom.components[0] as unknown as { 'bom-ref': string })['bom-ref'];
    expect(bom.dependencies.find((d) => d.ref === debianRef)?.dependsOn).toEqual([(byName('libssl3') as unknown as { 'bom-ref': string })['bom-ref']]);
    const read = inventoryOfDeclared(parseReport('cyclonedx', bom).sbom!);
    const libssl3 = read.inventory.components.find((c) => c.name === 'libssl3')!;
    expect(libssl3).toMatchObject({ ecosystem: 'debian', osvEcosystem: 'Debian:12', source: { name: 'openssl', version: '3.0.15-1~deb12u1' }, parent: 0 });
    expect(read.inventory.components.find((c) => c.name === 'cryptography')!.installPath).toBe('usr/lib/python3/dist-packages/cryptography-38.0.4.dist-info/METADATA');
  });
});

describe('the SPDX export', () => {
  const document = JSON.parse(spdxDocument(subject, inventory)) as {
    packages: { name: string; licenseDeclared?: string; sourceInfo?: string }[];
    hasExtractedLicensingInfos: { licenseId: string; name: string }[];
  };
  const byName = (name: string) => document.packages.find((p) => p.name === name)!;

  it('is valid SPDX 2.3', () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(readSbomFixture('spdx/spdx-schema-2.3.json')) as object);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('declares a LicenseRef per licence named in words, distinct where their characters would not be', () => {
    // "GPL-2+" (of mixed) took LicenseRef-GPL-2-; "GPL 2+" spells the same id, so it gets another.
    expect(byName('near-names').licenseDeclared).toBe('LicenseRef-GPL-2--2 AND LicenseRef-GPL-2-');
    expect(document.hasExtractedLicensingInfos.map((info) => [info.licenseId, info.name])).toEqual([
      ['LicenseRef-Artistic', 'Artistic'],
      ['LicenseRef-GPL-1-', 'GPL-1+'],
      ['LicenseRef-GPL-2-', 'GPL-2+'],
      ['LicenseRef-GPL-2--2', 'GPL 2+'],
    ]);
    expect(byName('cryptography').licenseDeclared).toBe('(BSD-3-Clause OR Apache-2.0) AND PSF-2.0');
    expect(byName('libssl3').sourceInfo).toBe('built package from: openssl 3.0.15-1~deb12u1');
  });
});
