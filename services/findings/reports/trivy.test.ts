import { describe, expect, it } from 'vitest';
import { dedupeObservations, fingerprintObservation } from '../fingerprint.js';
import type { Observation, ObservationKind, ParsedReport } from '../observation.js';
import { readReportFixture } from '../testing/report-fixtures.js';
import { ReportFormatError } from './report-reader.js';
import { canonicalCheckId, parseTrivyReport } from './trivy.js';

const asset = 'ghcr.io/aquasecurity/trivy-test-images:test';

function parse(name: string): ParsedReport {
  return parseTrivyReport(readReportFixture(`trivy/${name}`));
}

function countByKind(observations: Observation[]): Record<ObservationKind, number> {
  const counts: Record<ObservationKind, number> = { vulnerability: 0, secret: 0, misconfiguration: 0 };
  for (const observation of observations) counts[observation.kind] += 1;
  return counts;
}

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  const [item] = items;
  if (item === undefined) throw new Error('expected one item');
  return item;
}

// Counted by reading each fixture (jq over Results[].Vulnerabilities/Secrets/
// Misconfigurations with Status FAIL/Licenses and Packages[].Licenses).
describe('every Trivy fixture', () => {
  const expected: [file: string, vulnerability: number, secret: number, misconfiguration: number, licences: number, rows: number][] = [
    ['alpine-310.json', 4, 0, 0, 0, 4],
    ['centos-7.json', 3, 0, 0, 0, 3],
    ['debian-stretch.json', 5, 0, 0, 0, 5],
    ['ubuntu-1804.json', 5, 0, 0, 0, 5],
    ['fluentd-gems.json', 2, 0, 0, 0, 2],
    ['spring4shell-jre11.json', 1, 0, 0, 0, 1],
    ['npm.json', 1, 0, 0, 5, 1],
    ['gomod-vex.json', 4, 0, 0, 0, 4],
    ['secrets.json', 0, 2, 0, 0, 2],
    ['dockerfile.json', 0, 0, 1, 0, 1],
    ['helm.json', 0, 0, 18, 0, 18],
    ['license-cyclonedx.json', 0, 0, 0, 3, 0],
    ['dd-issue_10991.json', 0, 0, 37, 0, 37],
  ];

  it.each(expected)('%s: %i vulnerabilities, %i secrets, %i misconfigurations, %i licences, %i finding rows', (file, vulnerability, secret, misconfiguration, licences, rows) => {
    const report = parse(file);
    expect(report.scanner).toBe('trivy');
    expect(countByKind(report.observations)).toEqual({ vulnerability, secret, misconfiguration });
    expect(report.licences).toHaveLength(licences);
    expect(dedupeObservations(asset, report.observations)).toHaveLength(rows);
  });
});

describe('Trivy vulnerabilities', () => {
  it('alpine-310: the same advisories on two components are two rows each', () => {
    const report = parse('alpine-310.json');
    expect(report.artifact).toBe('testdata/fixtures/images/alpine-310.tar.gz');
    const rows = dedupeObservations(asset, report.observations);
    expect(rows.map((row) => `${row.identifier} ${row.component?.name}`).sort()).toEqual([
      'CVE-2019-1549 libcrypto1.1',
      'CVE-2019-1549 libssl1.1',
      'CVE-2019-1551 libcrypto1.1',
      'CVE-2019-1551 libssl1.1',
    ]);
    const first = rows.find((row) => row.identifier === 'CVE-2019-1549' && row.component?.name === 'libssl1.1');
    expect(first).toMatchObject({
      kind: 'vulnerability',
      severity: 'medium',
      fixability: 'fixable',
      component: { ecosystem: 'alpine', name: 'libssl1.1', version: '1.1.1c-r0' },
      install_path: null,
      title: 'openssl: information disclosure in fork()',
      detail: {
        fixed_version: '1.1.1d-r0',
        installed_version: '1.1.1c-r0',
        cvss_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N',
        cvss_score: 5.3,
        published_at: '2019-09-10T17:15:00Z',
        modified_at: '2020-10-20T22:15:00Z',
        scanner_status: 'fixed',
        primary_url: 'https://avd.aquasec.com/nvd/cve-2019-1549',
      },
    });
  });

  it('ubuntu-1804: one advisory across four packages; affected without a fixed version is unknown', () => {
    const { observations } = parse('ubuntu-1804.json');
    const e2fs = observations.filter((o) => o.identifier === 'CVE-2019-5094');
    expect(e2fs.map((o) => o.component?.name)).toEqual(['e2fsprogs', 'libcom-err2', 'libext2fs2', 'libss2']);
    expect(new Set(e2fs.map((o) => fingerprintObservation(asset, o))).size).toBe(4);
    expect(e2fs.every((o) => o.fixability === 'fixable' && o.detail.fixed_version === '1.44.1-1ubuntu1.2')).toBe(true);

    const bash = only(observations.filter((o) => o.identifier === 'CVE-2019-18276'));
    expect(bash).toMatchObject({
      severity: 'low',
      fixability: 'unknown',
      component: { ecosystem: 'ubuntu', name: 'bash', version: '4.4.18-2ubuntu1.2' },
      detail: { fixed_version: null, scanner_status: 'affected' },
    });
  });

  it('centos-7: will_not_fix is unknown, not unfixable', () => {
    const { observations } = parse('centos-7.json');
    const bash = only(observations.filter((o) => o.component?.name === 'bash'));
    expect(bash).toMatchObject({ identifier: 'CVE-2019-18276', fixability: 'unknown', detail: { scanner_status: 'will_not_fix', fixed_version: null } });
    expect(observations.filter((o) => o.component?.name === 'openssl-libs').map((o) => o.fixability)).toEqual(['fixable', 'fixable']);
    expect(observations.every((o) => o.component?.ecosystem === 'centos')).toBe(true);
  });

  it('debian-stretch: end_of_life is unknown', () => {
    const bash = only(parse('debian-stretch.json').observations.filter((o) => o.component?.name === 'bash'));
    expect(bash).toMatchObject({ fixability: 'unknown', detail: { scanner_status: 'end_of_life' } });
  });

  it('never produces unfixable', () => {
    for (const file of ['alpine-310.json', 'centos-7.json', 'debian-stretch.json', 'ubuntu-1804.json', 'gomod-vex.json']) {
      expect(parse(file).observations.some((o) => o.fixability === 'unfixable')).toBe(false);
    }
  });

  it('spring4shell: a jar inside a .war keeps its path as install path', () => {
    const spring = only(parse('spring4shell-jre11.json').observations);
    expect(spring).toMatchObject({
      identifier: 'CVE-2022-22965',
      severity: 'critical',
      fixability: 'fixable',
      component: { ecosystem: 'maven', name: 'org.springframework:spring-beans', version: '5.3.15' },
      install_path: 'usr/local/tomcat/webapps/helloworld.war/WEB-INF/lib/spring-beans-5.3.15.jar',
      // The severity came from GHSA, so its CVSS is the one shown.
      detail: { cvss_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', cvss_score: 9.8, fixed_version: '5.3.18' },
    });
  });

  it('spring4shell: the custom result is skipped with a warning', () => {
    expect(parse('spring4shell-jre11.json').warnings).toEqual([
      { code: 'entry_skipped', where: 'Results[2]', count: 1, message: 'Results[2]: result class "custom" carries no findings; skipped' },
    ]);
  });

  it('fluentd-gems: an OS package without a path and a gem with its gemspec path', () => {
    const [os, gem] = parse('fluentd-gems.json').observations;
    expect(os).toMatchObject({ identifier: 'CVE-2019-18224', component: { ecosystem: 'debian', name: 'libidn2-0' }, install_path: null, severity: 'critical' });
    expect(gem).toMatchObject({
      identifier: 'CVE-2020-8165',
      component: { ecosystem: 'gem', name: 'activesupport', version: '6.0.2.1' },
      install_path: 'var/lib/gems/2.5.0/specifications/activesupport-6.0.2.1.gemspec',
      fixability: 'fixable',
      detail: { fixed_version: '6.0.3.1, 5.2.4.3' },
    });
  });

  it('npm: a package without its own path takes the lockfile it came from', () => {
    const report = parse('npm.json');
    expect(only(report.observations)).toMatchObject({ identifier: 'CVE-2019-11358', component: { ecosystem: 'npm', name: 'jquery', version: '3.3.9' }, install_path: 'package-lock.json' });
    expect(report.licences.map((l) => `${l.package}@${l.version} ${l.licence}`)).toEqual([
      'jquery@3.3.9 MIT',
      'promise@8.0.3 MIT',
      'react@16.8.6 MIT',
      'react-is@16.8.6 MIT',
      'redux@4.0.1 MIT',
    ]);
    expect(report.licences.every((l) => l.ecosystem === 'npm')).toBe(true);
  });

  it('gomod-vex: the same advisory in three go.mod files is three rows; UNKNOWN severity stays unknown', () => {
    const { observations } = parse('gomod-vex.json');
    const distribution = observations.filter((o) => o.identifier === 'GMS-2022-20');
    expect(distribution.map((o) => o.install_path)).toEqual(['go.mod', 'submod/go.mod', 'submod2/go.mod']);
    expect(dedupeObservations(asset, distribution)).toHaveLength(3);
    expect(observations.every((o) => o.severity === 'unknown' && o.component?.ecosystem === 'golang')).toBe(true);
    expect(observations.find((o) => o.identifier === 'CVE-2021-38561')).toMatchObject({ component: { name: 'golang.org/x/text' }, detail: { fixed_version: '0.3.7' } });
  });

  it('skips vulnerabilities marked not_affected, with a warning', () => {
    const report = parseTrivyReport({
      SchemaVersion: 2,
      Results: [
        {
          Target: 'go.mod',
          Class: 'lang-pkgs',
          Type: 'gomod',
          Vulnerabilities: [{ VulnerabilityID: 'CVE-2021-38561', PkgName: 'golang.org/x/text', Status: 'not_affected', Severity: 'HIGH' }],
        },
      ],
    });
    expect(report.observations).toEqual([]);
    expect(report.warnings).toEqual([
      {
        code: 'entry_skipped',
        where: 'Results[0].Vulnerabilities[0]',
        count: 1,
        message: 'Results[0].Vulnerabilities[0]: CVE-2021-38561 in golang.org/x/text is marked not_affected; skipped',
      },
    ]);
  });
});

describe('the same issue in a later report', () => {
  const original = readReportFixture('trivy/alpine-310.json');

  function rescanned(change: (vulnerability: Record<string, unknown>) => void): string[] {
    const copy = structuredClone(original) as { Results: { Vulnerabilities: Record<string, unknown>[] }[] };
    for (const result of copy.Results) result.Vulnerabilities.forEach(change);
    return parseTrivyReport(copy).observations.map((o) => fingerprintObservation(asset, o));
  }

  const before = parseTrivyReport(original).observations.map((o) => fingerprintObservation(asset, o));

  it('keeps its fingerprint when severity, CVSS, versions, status and dates change', () => {
    const after = rescanned((v) => {
      v.Severity = 'CRITICAL';
      v.CVSS = { nvd: { V3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', V3Score: 9.8 } };
      v.InstalledVersion = '1.1.1c-r9';
      v.FixedVersion = '';
      v.Status = 'affected';
      v.LastModifiedDate = '2030-01-01T00:00:00Z';
      v.Fingerprint = 'sha256:changed';
      v.PkgID = 'changed@1';
    });
    expect(after).toEqual(before);
  });

  it('changes fingerprint when the package changes', () => {
    const after = rescanned((v) => {
      v.PkgName = `${String(v.PkgName)}-compat`;
    });
    expect(after.every((fingerprint, index) => fingerprint !== before[index])).toBe(true);
  });

  it('collapses a repeated observation into one row', () => {
    const copy = structuredClone(original) as { Results: { Vulnerabilities: unknown[] }[] };
    const [result] = copy.Results;
    if (!result) throw new Error('fixture has no results');
    result.Vulnerabilities = [...result.Vulnerabilities, ...result.Vulnerabilities];
    const report = parseTrivyReport(copy);
    expect(report.observations).toHaveLength(8);
    expect(dedupeObservations(asset, report.observations)).toHaveLength(4);
  });
});

describe('Trivy secrets', () => {
  const report = parse('secrets.json');

  it('keeps the redacted match, rule, file and lines', () => {
    expect(report.observations).toMatchObject([
      {
        kind: 'secret',
        identifier: 'aws-access-key-id',
        severity: 'critical',
        fixability: 'unknown',
        component: null,
        target: 'deploy.sh',
        title: 'AWS Access Key ID',
        detail: { rule: 'aws-access-key-id', file: 'deploy.sh', line: { start: 3, end: 3 }, match_redacted: 'export AWS_ACCESS_KEY_ID=********************' },
      },
      {
        kind: 'secret',
        identifier: 'mysecret',
        severity: 'high',
        target: 'deploy.sh',
        detail: { line: { start: 7, end: 7 }, match_redacted: 'echo ********' },
      },
    ]);
  });

  it('stores no raw secret and no unmasked context line', () => {
    const stored = JSON.stringify(dedupeObservations(asset, report.observations));
    // Line 5 of deploy.sh holds a GitHub token in the clear in Trivy's Code.Lines context.
    expect(stored).not.toContain('ghp_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(stored).not.toContain('GITHUB_PAT');
    expect(stored).not.toContain('#!/bin/sh');
  });

  it('drops a match that is not masked', () => {
    const unmasked = parseTrivyReport({
      SchemaVersion: 2,
      Results: [{ Target: '.env', Class: 'secret', Secrets: [{ RuleID: 'github-pat', Severity: 'CRITICAL', StartLine: 1, EndLine: 1, Match: 'GITHUB_PAT=ghp_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ' }] }],
    });
    expect(only(unmasked.observations).detail.match_redacted).toBeNull();
    expect(JSON.stringify(unmasked.observations)).not.toContain('ghp_');
    expect(unmasked.warnings).toEqual([
      { code: 'value_not_stored', where: 'Results[0].Secrets[0].Match', count: 1, message: 'Results[0].Secrets[0].Match: github-pat match is not masked; not stored' },
    ]);
  });

  it('two secrets of one rule in one file stay two rows; moving a secret to another line does not re-key it', () => {
    const secrets = (lines: number[]): string[] =>
      parseTrivyReport({
        SchemaVersion: 2,
        Results: [
          {
            Target: 'app/.env',
            Class: 'secret',
            Secrets: [
              { RuleID: 'aws-access-key-id', Severity: 'CRITICAL', StartLine: lines[0], EndLine: lines[0], Match: 'AWS_ACCESS_KEY_ID=****************' },
              { RuleID: 'aws-access-key-id', Severity: 'CRITICAL', StartLine: lines[1], EndLine: lines[1], Match: 'BACKUP_AWS_ACCESS_KEY_ID=****************' },
            ],
          },
        ],
      }).observations.map((o) => fingerprintObservation(asset, o));
    const original = secrets([3, 9]);
    expect(new Set(original).size).toBe(2);
    expect(secrets([30, 90])).toEqual(original);
  });
});

describe('Trivy misconfigurations', () => {
  it('dockerfile: one failed check with its resolution and message as cause', () => {
    expect(only(parse('dockerfile.json').observations)).toMatchObject({
      kind: 'misconfiguration',
      identifier: 'DS-0002',
      severity: 'high',
      fixability: 'unknown',
      target: 'Dockerfile',
      title: "Image user should not be 'root'",
      detail: {
        rule: 'DS-0002',
        file: 'Dockerfile',
        line: null,
        resolution: "Add 'USER <non root user name>' line to the Dockerfile",
        cause: 'Specify at least 1 USER command in Dockerfile with non-root user as argument',
        primary_url: 'https://avd.aquasec.com/misconfig/ds-0002',
      },
    });
  });

  it('helm: 18 failed checks; KSV-0118 twice in one file, on two resources, is two rows', () => {
    const { observations } = parse('helm.json');
    expect(observations.every((o) => o.target === 'testchart.tar.gz:templates/pod.yaml')).toBe(true);
    const ksv118 = observations.filter((o) => o.identifier === 'KSV-0118');
    expect(ksv118.map((o) => o.detail.cause)).toEqual([
      'container nginx-deployment in default namespace is using the default security context',
      'deployment nginx-deployment in default namespace is using the default security context, which allows root privileges',
    ]);
    expect(dedupeObservations(asset, ksv118)).toHaveLength(2);
    expect(observations.find((o) => o.identifier === 'KSV-0001')?.detail.line).toEqual({ start: 19, end: 22 });
  });

  it('dd-issue_10991 (trivy k8s): resources are told apart by namespace/kind/name and check ids are canonical', () => {
    const report = parse('dd-issue_10991.json');
    const targets = new Set(report.observations.map((o) => o.target));
    expect(targets).toContain('default/Service/kubernetes');
    expect(targets).toContain('default/StatefulSet/vault');
    expect(report.observations.filter((o) => o.identifier === 'KSV-0116')).toHaveLength(13);
    expect(report.observations.find((o) => o.target === 'default/Service/kubernetes')).toMatchObject({
      identifier: 'KSV-0116',
      severity: 'low',
      detail: { rule: 'KSV116', cause: 'service kubernetes in default namespace should set spec.securityContext.runAsGroup, spec.securityContext.supplementalGroups[*] and spec.securityContext.fsGroup to integer greater than 0' },
    });
    expect(report.artifact).toBeUndefined();
  });

  it('ignores checks that passed', () => {
    const report = parseTrivyReport({
      SchemaVersion: 2,
      Results: [{ Target: 'Dockerfile', Class: 'config', Type: 'dockerfile', Misconfigurations: [{ ID: 'DS002', Status: 'PASS', Severity: 'HIGH' }] }],
    });
    expect(report.observations).toEqual([]);
  });

  it('writes one check id whichever Trivy version reported it', () => {
    expect(canonicalCheckId('KSV116')).toBe('KSV-0116');
    expect(canonicalCheckId('AVD-KSV-0116')).toBe('KSV-0116');
    expect(canonicalCheckId('KSV-0116')).toBe('KSV-0116');
    expect(canonicalCheckId('DS002')).toBe('DS-0002');
    expect(canonicalCheckId('AVD-AWS-0086')).toBe('AWS-0086');
    expect(canonicalCheckId('no-public-ingress')).toBe('NO-PUBLIC-INGRESS');
  });
});

describe('Trivy licences', () => {
  it('license-cyclonedx: licences, zero observations', () => {
    const report = parse('license-cyclonedx.json');
    expect(report.observations).toEqual([]);
    expect(report.licences).toEqual([
      { package: 'org.eclipse.sisu:org.eclipse.sisu.plexus', version: null, ecosystem: null, licence: 'EPL-1.0', path: null },
      { package: 'org.ow2.asm:asm', version: null, ecosystem: null, licence: 'BSD-3-Clause', path: null },
      { package: 'org.slf4j:slf4j-api', version: null, ecosystem: null, licence: 'MIT License', path: null },
    ]);
  });
});

describe('malformed Trivy reports', () => {
  const vulnerability = { VulnerabilityID: 'CVE-1', PkgName: 'p', Severity: 'LOW' };
  const os = { Target: 't', Class: 'os-pkgs', Type: 'alpine', Vulnerabilities: [vulnerability] };
  const cases: [name: string, json: unknown, message: string][] = [
    ['not an object', [], '(document) must be an object'],
    ['null', null, '(document) must be an object'],
    ['no schema version', { Results: [] }, 'SchemaVersion is missing'],
    ['another schema version', { SchemaVersion: 1, Results: [] }, 'SchemaVersion must be 2: only Trivy JSON schema version 2 is supported'],
    ['Results not an array', { SchemaVersion: 2, Results: {} }, 'Results must be an array'],
    ['result without class', { SchemaVersion: 2, Results: [{ Target: 't' }] }, 'Results[0].Class is missing'],
    ['OS result without type', { SchemaVersion: 2, Results: [{ Target: 't', Class: 'os-pkgs', Vulnerabilities: [] }] }, 'Results[0].Type is missing'],
    ['vulnerability without id', { SchemaVersion: 2, Results: [os, os, os, { ...os, Vulnerabilities: [{ PkgName: 'p' }] }] }, 'Results[3].Vulnerabilities[0].VulnerabilityID is missing'],
    ['empty id', { SchemaVersion: 2, Results: [{ ...os, Vulnerabilities: [{ ...vulnerability, VulnerabilityID: ' ' }] }] }, 'Results[0].Vulnerabilities[0].VulnerabilityID must not be empty'],
    ['severity of the wrong type', { SchemaVersion: 2, Results: [{ ...os, Vulnerabilities: [{ ...vulnerability, Severity: 3 }] }] }, 'Results[0].Vulnerabilities[0].Severity must be a string'],
    ['CVSS score of the wrong type', { SchemaVersion: 2, Results: [{ ...os, Vulnerabilities: [{ ...vulnerability, CVSS: { nvd: { V3Score: 'high' } } }] }] }, 'Results[0].Vulnerabilities[0].CVSS.nvd.V3Score must be a number'],
    ['vulnerability not an object', { SchemaVersion: 2, Results: [{ ...os, Vulnerabilities: ['CVE-1'] }] }, 'Results[0].Vulnerabilities[0] must be an object'],
    ['secret without rule', { SchemaVersion: 2, Results: [{ Target: 'a', Class: 'secret', Secrets: [{ Match: '***' }] }] }, 'Results[0].Secrets[0].RuleID is missing'],
    ['misconfiguration without id', { SchemaVersion: 2, Results: [{ Target: 'a', Class: 'config', Misconfigurations: [{ Status: 'FAIL' }] }] }, 'Results[0].Misconfigurations[0].ID is missing'],
    ['licence without name', { SchemaVersion: 2, Results: [{ Target: 'a', Class: 'license', Licenses: [{ PkgName: 'x' }] }] }, 'Results[0].Licenses[0].Name is missing'],
    ['k8s resource results not an array', { ClusterName: 'c', Resources: [{ Namespace: 'n', Results: 'x' }] }, 'Resources[0].Results must be an array'],
  ];

  it.each(cases)('%s', (_name, json, message) => {
    let thrown: unknown;
    try {
      parseTrivyReport(json);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ReportFormatError);
    expect((thrown as ReportFormatError).message).toBe(message);
    expect((thrown as ReportFormatError).format).toBe('trivy');
  });
});
