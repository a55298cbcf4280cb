import { describe, expect, it } from 'vitest';
import { dedupeObservations, fingerprintObservation } from '../fingerprint.js';
import { emptyDetail, type Fixability, type Observation, type ParsedReport, type Severity } from '../observation.js';
import { parseGrypeReport } from './grype.js';
import { readReportFixture } from '../testing/report-fixtures.js';
import { ReportFormatError } from './report-reader.js';

const asset = 'quay.io/cloudservices/xjoin-kafka-connect-strimzi:latest';

function parse(name: string): ParsedReport {
  return parseGrypeReport(readReportFixture(`grype/${name}`));
}

function tally<T extends string>(values: T[]): Partial<Record<T, number>> {
  const counts: Partial<Record<T, number>> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

// Counted with jq over matches[] (severity words, fix.state / fixedInVersion,
// artifact.type, unique (package, version, licence) of artifact.licenses).
describe('every Grype fixture', () => {
  it('dd-issue_9618: 35 vulnerabilities, 9 licences, 35 rows', () => {
    const report = parse('dd-issue_9618.json');
    expect(report.scanner).toBe('grype');
    expect(report.artifact).toBe('quay.io/cloudservices/xjoin-kafka-connect-strimzi:latest');
    expect(report.observations).toHaveLength(35);
    expect(report.observations.every((o) => o.kind === 'vulnerability')).toBe(true);
    expect(report.licences).toHaveLength(9);
    expect(dedupeObservations(asset, report.observations)).toHaveLength(35);
    expect(tally(report.observations.map((o) => o.fixability))).toEqual<Partial<Record<Fixability, number>>>({ fixable: 23, unknown: 12 });
    expect(tally(report.observations.map((o) => o.severity))).toEqual<Partial<Record<Severity, number>>>({ critical: 1, high: 18, medium: 13, low: 2, unknown: 1 });
    expect(tally(report.observations.map((o) => o.component?.ecosystem ?? ''))).toEqual({ redhat: 32, maven: 3 });
  });

  it('dd-many_vulns3: 327 vulnerabilities, 255 licences, 327 rows', () => {
    const report = parse('dd-many_vulns3.json');
    expect(report.artifact).toBe('defectdojo/defectdojo-django:1.13.1');
    expect(report.observations).toHaveLength(327);
    expect(report.licences).toHaveLength(255);
    expect(dedupeObservations(asset, report.observations)).toHaveLength(327);
    expect(tally(report.observations.map((o) => o.fixability))).toEqual({ fixable: 28, unknown: 299 });
    // Negligible sits below low: none. Unknown stays unknown.
    expect(tally(report.observations.map((o) => o.severity))).toEqual({ critical: 5, high: 24, medium: 155, low: 27, none: 106, unknown: 10 });
    expect(tally(report.observations.map((o) => o.component?.ecosystem ?? ''))).toEqual({ debian: 219, pypi: 108 });
    expect(report.warnings).toEqual([]);
  });
});

describe('Grype matches', () => {
  const { observations } = parse('dd-issue_9618.json');
  const find = (identifier: string, name: string): Observation[] => observations.filter((o) => o.identifier === identifier && o.component?.name === name);

  it('one advisory on one package at two paths and versions is two rows', () => {
    const avro = observations.filter((o) => o.identifier === 'CVE-2023-39410');
    expect(avro).toMatchObject([
      { component: { ecosystem: 'maven', name: 'org.apache.avro:avro', version: '1.11.1' }, install_path: 'opt/kafka/plugins/apicurio/avro-1.11.1.jar' },
      { component: { ecosystem: 'maven', name: 'org.apache.avro:avro', version: '1.9.2' }, install_path: 'opt/kafka/libs/avro/avro-1.9.2.jar' },
    ]);
    expect(dedupeObservations(asset, avro)).toHaveLength(2);
    expect(avro[0]?.detail.aliases).toEqual(['GHSA-rhrv-645h-fjfh']);
  });

  it('fixed with versions is fixable; not-fixed and wont-fix are unknown', () => {
    expect(find('CVE-2023-38473', 'avahi-libs')[0]).toMatchObject({
      fixability: 'fixable',
      severity: 'medium',
      component: { ecosystem: 'redhat', version: '0.7-20.el8' },
      install_path: null,
      detail: { fixed_version: '0:0.7-21.el8_9.1', scanner_status: 'fixed', cvss_vector: 'CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', cvss_score: 6.2 },
    });
    expect(find('CVE-2023-50868', 'bind-libs')[0]).toMatchObject({ fixability: 'unknown', detail: { fixed_version: null, scanner_status: 'not-fixed' } });
    expect(find('CVE-2017-6519', 'avahi-libs')[0]).toMatchObject({ fixability: 'unknown', severity: 'low', detail: { fixed_version: null, scanner_status: 'wont-fix' } });
  });

  it('a missing severity stays unknown (as Grype shows it); CVSS falls back to the related record', () => {
    expect(find('CVE-2024-26308', 'org.apache.commons:commons-compress')[0]).toMatchObject({
      severity: 'unknown',
      fixability: 'fixable',
      detail: { cvss_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', cvss_score: 7.5, aliases: ['GHSA-4265-ccf5-phj5'] },
    });
  });

  it('licences are returned once per package, beside the observations', () => {
    const report = parse('dd-issue_9618.json');
    expect(report.licences.filter((l) => l.package === 'bind-libs')).toEqual([
      { package: 'bind-libs', version: '32:9.11.36-5.el8_7.2', ecosystem: 'redhat', licence: 'MPLv2.0', path: null },
    ]);
  });

  it('reads the early layout: fixedInVersion, cvssV3, negligible, file locations', () => {
    const early = parse('dd-many_vulns3.json').observations;
    expect(early[0]).toMatchObject({
      identifier: 'CVE-2019-18276',
      severity: 'none',
      fixability: 'unknown',
      component: { ecosystem: 'debian', name: 'bash', version: '5.0-4' },
      install_path: null,
      // Only CVSS v2 is known for it; v2 stands in when there is no v3.
      detail: { cvss_vector: 'AV:L/AC:L/Au:N/C:C/I:C/A:C', cvss_score: 7.2 },
    });
    expect(early.find((o) => o.identifier === 'CVE-2015-5237' && o.component?.name === 'protobuf')).toMatchObject({
      component: { ecosystem: 'pypi', version: '3.15.3' },
      install_path: 'usr/local/lib/python3.6/site-packages/protobuf-3.15.3.dist-info/METADATA',
      detail: { cvss_vector: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', cvss_score: 8.8 },
    });
    const fixed = early.filter((o) => o.fixability === 'fixable');
    expect(fixed.every((o) => o.detail.fixed_version !== null)).toBe(true);
  });

  it('reports the CVE when Grype matched on a GHSA that has exactly one', () => {
    const report = parseGrypeReport({
      matches: [
        {
          vulnerability: { id: 'GHSA-rhrv-645h-fjfh', severity: 'High', fix: { versions: ['1.11.3'], state: 'fixed' } },
          relatedVulnerabilities: [{ id: 'CVE-2023-39410' }],
          artifact: { name: 'avro', version: '1.9.2', type: 'java-archive', locations: [{ path: '/opt/a.war:WEB-INF/lib/avro-1.9.2.jar' }], purl: 'pkg:maven/org.apache.avro/avro@1.9.2' },
        },
      ],
    });
    expect(report.observations[0]).toMatchObject({
      identifier: 'CVE-2023-39410',
      install_path: 'opt/a.war/WEB-INF/lib/avro-1.9.2.jar',
      detail: { aliases: ['GHSA-rhrv-645h-fjfh'], fixed_version: '1.11.3' },
    });
  });

  it('agrees with Trivy on the fingerprint of the same Java finding', () => {
    const grype = parseGrypeReport({
      matches: [
        {
          vulnerability: { id: 'CVE-2022-22965', severity: 'Critical', fix: { versions: ['5.3.18'], state: 'fixed' } },
          artifact: {
            name: 'spring-beans',
            version: '5.3.15',
            type: 'java-archive',
            locations: [{ path: '/usr/local/tomcat/webapps/helloworld.war:WEB-INF/lib/spring-beans-5.3.15.jar' }],
            purl: 'pkg:maven/org.springframework/spring-beans@5.3.15',
          },
        },
      ],
    }).observations[0];
    if (!grype) throw new Error('no observation');
    const trivy: Observation = {
      kind: 'vulnerability',
      identifier: 'CVE-2022-22965',
      severity: 'critical',
      fixability: 'fixable',
      component: { ecosystem: 'maven', name: 'org.springframework:spring-beans', version: '5.3.15' },
      install_path: 'usr/local/tomcat/webapps/helloworld.war/WEB-INF/lib/spring-beans-5.3.15.jar',
      target: null,
      title: null,
      detail: emptyDetail(),
    };
    expect(fingerprintObservation(asset, grype)).toBe(fingerprintObservation(asset, trivy));
  });
});

describe('malformed Grype reports', () => {
  const artifact = { name: 'bash', version: '1', type: 'deb', locations: [] };
  const cases: [name: string, json: unknown, message: string][] = [
    ['not an object', 'matches', '(document) must be an object'],
    ['no matches', {}, 'matches is missing'],
    ['matches not an array', { matches: {} }, 'matches must be an array'],
    ['match without artifact', { matches: [{ vulnerability: { id: 'CVE-1' } }] }, 'matches[0].artifact must be an object'],
    ['vulnerability without id', { matches: [{ vulnerability: {}, artifact }] }, 'matches[0].vulnerability.id is missing'],
    ['artifact without type', { matches: [{ vulnerability: { id: 'CVE-1' }, artifact: { name: 'bash' } }] }, 'matches[0].artifact.type is missing'],
    ['fix versions not an array', { matches: [{ vulnerability: { id: 'CVE-1', fix: { versions: '1.2' } }, artifact }] }, 'matches[0].vulnerability.fix.versions must be an array'],
    ['related without id', { matches: [{ vulnerability: { id: 'CVE-1' }, relatedVulnerabilities: [{}], artifact }] }, 'matches[0].relatedVulnerabilities[0].id is missing'],
  ];

  it.each(cases)('%s', (_name, json, message) => {
    expect(() => parseGrypeReport(json)).toThrow(ReportFormatError);
    expect(() => parseGrypeReport(json)).toThrow(message);
  });
});
