// Reading the example documents of test/fixtures/vex, and package URLs against findings and assets.
import { describe, expect, it } from 'vitest';
import type { AssetImage } from '../assets/index.js';
import type { FindingSubject } from '../findings/index.js';
import { parseTime, readVexDocument } from './documents.js';
import { componentMatches, componentPurl, imageMatches, parsePackageUrl, productPurl, softwareMatches } from './package-urls.js';
import { readVexFixture } from './testing/vex-documents.js';

type Image = Pick<AssetImage, 'registry' | 'repository' | 'tag' | 'digest'>;

const finding = (ecosystem: string | null, name: string, version: string): FindingSubject => ({
  id: '00000000-0000-4000-8000-000000000000',
  asset_id: '00000000-0000-4000-8000-000000000001',
  identifier: 'CVE-2020-25649',
  aliases: [],
  status: 'open',
  component_ecosystem: ecosystem,
  component_name: name,
  component_version: version,
  suppression_reason: null,
  suppressed_until: null,
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('reading VEX documents', () => {
  it("reads vexctl's sample: statements, their products, the document's identity and nanosecond times", () => {
    const document = readVexDocument(readVexFixture('openvex/vexctl-sample-2vulns.openvex.json'));
    expect(document).toMatchObject({ format: 'openvex', author: 'The OpenVEX Project', timestamp: new Date('2023-08-17T01:55:22.076Z') });
    expect(document.statements.map((statement) => [statement.vulnerability, statement.aliases, statement.status, statement.justification, statement.time?.toISOString()])).toEqual([
      ['CVE-2023-27103', ['SNYK-DEBIAN12-LIBDE265-3361563'], 'not_affected', 'component_not_present', '2023-08-16T01:55:22.076Z'],
      ['CVE-2007-5686', ['SNYK-DEBIAN12-SHADOW-1559391'], 'fixed', null, '2023-08-17T01:55:22.076Z'],
    ]);
    expect(document.statements[0]!.targets).toEqual([{ image: expect.objectContaining({ text: 'pkg:oci/nginx@sha256%3A13d22ec63300e16014d4a42aed735207a8b33c223cff19627dd3042e5a10a3a0' }), component: null }]);
  });

  it("reads CycloneDX's examples: the subject, BOM-Links to purls, responses as a set", () => {
    const bomLink = readVexDocument(readVexFixture('cyclonedx/vex.json'));
    expect(bomLink.statements).toMatchObject([
      { vulnerability: 'CVE-2020-25649', aliases: ['SNYK-JAVA-COMFASTERXMLJACKSONCORE-1048302'], status: 'not_affected', state: 'not_affected', justification: 'code_not_reachable', responses: ['update', 'will_not_fix'] },
    ]);
    expect(bomLink.statements[0]!.targets).toEqual([{ image: null, component: expect.objectContaining({ text: 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.10.0?type=jar' }) }]);
    const subject = readVexDocument(readVexFixture('cyclonedx/cisa-case-1-vex-affected.json'));
    expect(subject.statements).toMatchObject([{ status: 'affected', state: 'exploitable', responses: ['update', 'will_not_fix'], targets: [{ image: null, component: null }], unresolved: [] }]);
    expect(subject.id).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('reads RFC 3339 times with any number of fraction digits, and nothing else', () => {
    expect(parseTime('2023-12-04T21:55:19.945014473-06:00')?.toISOString()).toBe('2023-12-05T03:55:19.945Z');
    expect(parseTime('2022-03-03T00:00:00Z')?.toISOString()).toBe('2022-03-03T00:00:00.000Z');
    expect(parseTime('yesterday')).toBeNull();
  });
});

describe('package URLs', () => {
  it('name a component by ecosystem, name and version, the way findings store them', () => {
    const matches = (purl: string, subject: FindingSubject) => componentMatches(parsePackageUrl(purl)!, subject);
    expect(matches('pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.10.0?type=jar', finding('maven', 'com.fasterxml.jackson.core:jackson-databind', '2.10.0'))).toBe(true);
    expect(matches('pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.10.0', finding('maven', 'com.fasterxml.jackson.core:jackson-databind', '2.12.1'))).toBe(false);
    expect(matches('pkg:npm/%40babel/traverse', finding('npm', '@babel/traverse', '7.22.0'))).toBe(true);
    expect(matches('pkg:pypi/Django_Rest@3.0', finding('pypi', 'django-rest', '3.0'))).toBe(true);
    expect(matches('pkg:deb/debian/login@1:4.13%2Bdfsg1-1%2Bb1', finding('debian', 'login', '1:4.13+dfsg1-1+b1'))).toBe(true);
    expect(matches('pkg:deb/debian/login', finding('alpine', 'login', '1'))).toBe(false);
    // SARIF names no ecosystem, pkg:generic none either: the name and version decide.
    expect(matches('pkg:generic/libde265-0@1.0.11-1', finding('unknown', 'libde265-0', '1.0.11-1'))).toBe(true);
    expect(matches('pkg:deb/debian/libde265-0@1.0.11-1', finding('unknown', 'libde265-0', '1.0.11-1'))).toBe(true);
  });

  it('print a finding’s component so that it names the finding again', () => {
    for (const subject of [finding('maven', 'org.springframework:spring-beans', '5.3.15'), finding('npm', '@babel/traverse', '7.22.0'), finding('debian', 'login', '1:4.13+dfsg1-1+b1'), finding('alpine', 'libcrypto1.1', '1.1.1c-r0'), finding('unknown', 'passwd', '1:4.13')]) {
      expect(componentMatches(parsePackageUrl(componentPurl(subject))!, subject), componentPurl(subject)).toBe(true);
    }
    expect(componentPurl(finding('alpine', 'libcrypto1.1', '1.1.1c-r0'))).toBe('pkg:apk/alpine/libcrypto1.1@1.1.1c-r0');
  });

  it('name an image by repository, digest and tag', () => {
    const asset: Image = { registry: 'docker.io', repository: 'library/nginx', tag: null, digest: 'sha256:13d22ec63300e16014d4a42aed735207a8b33c223cff19627dd3042e5a10a3a0' };
    const tagged: Image = { ...asset, tag: '1.25', digest: null };
    const image = (purl: string, subject: Image) => imageMatches(parsePackageUrl(purl)!, subject);
    expect(image('pkg:oci/nginx@sha256%3A13d22ec63300e16014d4a42aed735207a8b33c223cff19627dd3042e5a10a3a0', asset)).toBe(true);
    expect(image('pkg:oci/nginx@sha256%3A13d22ec63300e16014d4a42aed735207a8b33c223cff19627dd3042e5a10a3a0', tagged)).toBe(false);
    expect(image('pkg:oci/nginx?repository_url=docker.io/nginx&tag=1.25', tagged)).toBe(true);
    expect(image('pkg:oci/nginx?repository_url=ghcr.io/acme/nginx', tagged)).toBe(false);
    expect(image('pkg:docker/library/nginx@1.25', tagged)).toBe(true);
    const product = (subject: Image) => productPurl({ kind: 'image', name: null, version: null, ...subject });
    expect(image(product(asset), asset)).toBe(true);
    expect(image(product(tagged), asset)).toBe(false);
  });

  it('name a software asset by a generic purl of its name and version, never as an image', () => {
    const software = { kind: 'software', name: 'acme web', version: '1.4.2', registry: null, repository: null, tag: null, digest: null } as const;
    const unversioned = { ...software, version: null };
    expect(productPurl(software)).toBe('pkg:generic/acme%20web@1.4.2');
    expect(productPurl(unversioned)).toBe('pkg:generic/acme%20web');
    const names = (purl: string, subject: typeof software | typeof unversioned) => softwareMatches(parsePackageUrl(purl)!, subject);
    expect(names(productPurl(software), software)).toBe(true);
    expect(names('pkg:generic/acme%20web', software)).toBe(true);
    expect(names('pkg:generic/acme%20web@1.4.3', software)).toBe(false);
    expect(names('pkg:npm/acme%20web@1.4.2', software)).toBe(false);
    expect(names(productPurl(software), unversioned)).toBe(false);
    expect(imageMatches(parsePackageUrl('pkg:oci/acme')!, software)).toBe(false);
  });
});
