// The SPDX reader on real documents (test/fixtures/sboms, sources in its README): the
// specification's own example, JSON and tag-value, and Trivy's SPDX output.
import { describe, expect, it } from 'vitest';
import type { ParsedReport } from '../observation.js';
import { parseReport } from './index.js';
import { readSbomFixture } from '../testing/report-fixtures.js';
import { declaredOf, readSbom, refusalOf } from '../testing/sbom-documents.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the documents are walked field by field
type Json = Record<string, any>;

const read = (name: string): ParsedReport => readSbom('spdx', name);
const refusal = (document: unknown): string => refusalOf('spdx', document);

describe('SPDX documents', () => {
  it("reads the specification's 2.3 example: the described package is the subject, the others components with their purl, CPE and licences", () => {
    const sbom = declaredOf(read('SPDXJSONExample-v2.3.spdx.json'));
    expect(sbom).toMatchObject({ format: 'spdx', specVersion: 'SPDX-2.3', subject: 'glibc', vulnerabilities: [] });
    // glibc (SPDXRef-Package) is described; Saxon sits under it by DYNAMIC_LINK, which is no containment.
    expect(sbom.components).toEqual([
      { ref: 'SPDXRef-fromDoap-1', parentRef: null, type: 'library', name: 'Apache Commons Lang', version: null, purl: null, cpe: null, licences: [], installPath: null, source: null },
      {
        ref: 'SPDXRef-fromDoap-0',
        parentRef: null,
        type: 'library',
        name: 'Jena',
        version: '3.12.0',
        purl: 'pkg:maven/org.apache.jena/apache-jena@3.12.0',
        cpe: null,
        licences: [],
        installPath: null,
        source: null,
      },
      { ref: 'SPDXRef-Saxon', parentRef: null, type: 'library', name: 'Saxon', version: '8.8', purl: null, cpe: null, licences: ['MPL-1.0'], installPath: 'saxonB-8.8.zip', source: null },
    ]);
  });

  it('reads the tag-value form of the same example to the same components', () => {
    expect(declaredOf(read('SPDXTagExample-v2.3.spdx'))).toEqual(declaredOf(read('SPDXJSONExample-v2.3.spdx.json')));
  });

  it("reads Trivy's SPDX: the image described, the OS package's source from sourceInfo, the hierarchy from CONTAINS and DEPENDS_ON", () => {
    const json = JSON.parse(readSbomFixture('spdx/trivy-happy-bom.spdx.json')) as Json;
    const sbom = declaredOf(read('trivy-happy-bom.spdx.json'));
    expect(sbom.subject).toBe('meven-test-project');
    expect(sbom.components).toHaveLength(json.packages.length - 1);
    const byName = new Map(sbom.components.map((c) => [c.name, c]));
    expect(byName.get('alpine')).toMatchObject({ type: 'operating-system', version: '3.16.0', parentRef: null });
    expect(byName.get('musl')).toMatchObject({ purl: 'pkg:apk/alpine/musl@1.2.3-r0?distro=3.16.0', source: { name: 'musl', version: '1.2.3-r0' }, parentRef: 'SPDXRef-OperatingSystem-bd17bf9010aa612c' });
    expect(byName.get('pear/log')!.parentRef).toBe('SPDXRef-Application-4af197c15114fb0e');
    expect(byName.get('composer')).toMatchObject({ purl: null, parentRef: null });
    // licenseDeclared NONE is no licence.
    expect(byName.get('pear/log')!.licences).toEqual([]);
  });

  it('refuses SPDX 3.0 with a message, and versions it does not read', () => {
    expect(refusal(readSbomFixture('spdx/spdx-spec-3.0-package_sbom.json'))).toBe('(document) is SPDX 3.0 (JSON-LD), which is not read: export the SBOM as SPDX 2.3 or CycloneDX');
    const json = JSON.parse(readSbomFixture('spdx/SPDXJSONExample-v2.3.spdx.json')) as Json;
    expect(refusal({ ...json, spdxVersion: 'SPDX-2.1' })).toBe('spdxVersion is SPDX-2.1; SPDX-2.2 and SPDX-2.3 are read');
    expect(refusal('SPDXVersion: SPDX-2.3\nthis is no tag\n')).toBe('(document) line 2 is not "Tag: value" (is it SPDX tag-value?)');
    expect(refusal('SPDXVersion: SPDX-2.3\nPackageName: x\nPackageComment: <text>never closed\n')).toBe('(document) the <text> of PackageComment is never closed');
  });

  it('breaks a containment cycle (A CONTAINS B, B CONTAINS A) rather than loop', () => {
    const json = JSON.parse(readSbomFixture('spdx/SPDXJSONExample-v2.3.spdx.json')) as Json;
    json.relationships.push(
      { spdxElementId: 'SPDXRef-fromDoap-0', relationshipType: 'CONTAINS', relatedSpdxElement: 'SPDXRef-Saxon' },
      { spdxElementId: 'SPDXRef-Saxon', relationshipType: 'CONTAINS', relatedSpdxElement: 'SPDXRef-fromDoap-0' },
    );
    const parents = declaredOf(parseReport('spdx', json)).components.map((c) => [c.ref, c.parentRef]);
    expect(parents).toEqual([
      ['SPDXRef-fromDoap-1', null],
      ['SPDXRef-fromDoap-0', null],
      ['SPDXRef-Saxon', 'SPDXRef-fromDoap-0'],
    ]);
  });
});
