import { describe, expect, it } from 'vitest';
import { dedupeObservations } from '../fingerprint.js';
import { readReportFixture } from '../testing/report-fixtures.js';
import { ReportFormatError } from './report-reader.js';
import { parseSarifReport } from './sarif.js';

const asset = 'ghcr.io/aquasecurity/trivy-test-images:alpine-310';

describe('Trivy SARIF (trivy-alpine-310.sarif)', () => {
  const report = parseSarifReport(readReportFixture('sarif/trivy-alpine-310.sarif'));

  it('has 4 vulnerabilities, no licences, 4 rows', () => {
    expect(report.scanner).toBe('trivy');
    expect(report.artifact).toBe('testdata/fixtures/images/alpine-310.tar.gz');
    expect(report.observations).toHaveLength(4);
    expect(report.observations.every((o) => o.kind === 'vulnerability')).toBe(true);
    expect(report.licences).toEqual([]);
    expect(dedupeObservations(asset, report.observations)).toHaveLength(4);
  });

  it('reads the package, versions and severity from the message', () => {
    expect(report.observations[2]).toEqual({
      kind: 'vulnerability',
      identifier: 'CVE-2019-1549',
      severity: 'medium',
      fixability: 'fixable',
      // SARIF does not name the OS family.
      component: { ecosystem: 'unknown', name: 'libssl1.1', version: '1.1.1c-r0' },
      install_path: null,
      target: null,
      title: 'openssl: information disclosure in fork()',
      detail: expect.objectContaining({
        fixed_version: '1.1.1d-r0',
        installed_version: '1.1.1c-r0',
        cvss_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N',
        cvss_score: 5.3,
        primary_url: 'https://avd.aquasec.com/nvd/cve-2019-1549',
        line: null,
      }),
    });
  });
});

function sarif(results: unknown[], rules: unknown[] = []): unknown {
  return { version: '2.1.0', runs: [{ tool: { driver: { name: 'Checker', rules } }, results }] };
}

describe('generic SARIF results', () => {
  it('are misconfigurations of the file they point at, severity from security-severity then level', () => {
    const report = parseSarifReport(
      sarif(
        [
          {
            ruleId: 'no-root-user',
            level: 'error',
            message: { text: 'Image runs as root' },
            locations: [{ physicalLocation: { artifactLocation: { uri: 'Dockerfile' }, region: { startLine: 4, endLine: 6 } } }],
          },
          { ruleIndex: 0, message: { text: 'Image runs as root again' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'build/Dockerfile' } } }] },
          { ruleId: 'no-level', message: { text: 'x' } },
          { ruleId: 'passed', kind: 'pass', level: 'note', message: { text: 'fine' } },
        ],
        [{ id: 'no-root-user', shortDescription: { text: 'Do not run as root' }, properties: { 'security-severity': '9.1' } }],
      ),
    );
    expect(report.scanner).toBe('checker');
    expect(report.observations).toMatchObject([
      {
        kind: 'misconfiguration',
        identifier: 'no-root-user',
        severity: 'critical',
        target: 'Dockerfile',
        title: 'Do not run as root',
        detail: { rule: 'no-root-user', file: 'Dockerfile', line: { start: 4, end: 6 }, cause: 'Image runs as root' },
      },
      { identifier: 'no-root-user', severity: 'critical', target: 'build/Dockerfile' },
      // No level anywhere: SARIF's implicit "warning" is not evidence.
      { identifier: 'no-level', severity: 'unknown', target: '' },
    ]);
  });

  it('take a stated "Severity:" line over the level, even UNKNOWN, which Trivy writes as level note', () => {
    const report = parseSarifReport(
      sarif([
        {
          ruleId: 'GMS-2022-20',
          level: 'note',
          message: { text: 'Package: github.com/docker/distribution\nInstalled Version: v2.7.1+incompatible\nVulnerability GMS-2022-20\nSeverity: UNKNOWN\nFixed Version: \nLink: [GMS-2022-20](https://example.com)' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'go.mod' } } }],
        },
      ]),
    );
    expect(report.observations).toMatchObject([
      { kind: 'vulnerability', severity: 'unknown', fixability: 'unknown', component: { name: 'github.com/docker/distribution' }, install_path: 'go.mod', detail: { fixed_version: null } },
    ]);
  });

  it('with an advisory rule id but no package are misconfigurations', () => {
    const report = parseSarifReport(sarif([{ ruleId: 'CVE-2021-44228', level: 'error', message: { text: 'Log4Shell pattern in config' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'app.properties' } } }] }]));
    expect(report.observations).toMatchObject([{ kind: 'misconfiguration', identifier: 'CVE-2021-44228', severity: 'high' }]);
  });

  it('Trivy misconfiguration messages: the Message line is the cause, so a severity change does not re-key', () => {
    const text = (severity: string) => `Artifact: Dockerfile\nType: dockerfile\nVulnerability DS002\nSeverity: ${severity}\nMessage: Specify at least 1 USER command\nLink: [DS002](https://avd.aquasec.com/misconfig/ds002)`;
    const parse = (severity: string) =>
      dedupeObservations(asset, parseSarifReport(sarif([{ ruleId: 'DS002', message: { text: text(severity) }, locations: [{ physicalLocation: { artifactLocation: { uri: 'Dockerfile' } } }] }])).observations);
    const high = parse('HIGH');
    expect(high[0]).toMatchObject({ severity: 'high', detail: { cause: 'Specify at least 1 USER command' } });
    expect(parse('LOW')[0]?.fingerprint).toBe(high[0]?.fingerprint);
  });
});

describe('malformed SARIF', () => {
  const cases: [name: string, json: unknown, message: string][] = [
    ['not an object', 42, '(document) must be an object'],
    ['no version', { runs: [] }, 'version is missing'],
    ['another version', { version: '2.0.0', runs: [] }, 'version must be 2.1.0: only SARIF 2.1.0 is supported'],
    ['no runs', { version: '2.1.0' }, 'runs is missing'],
    ['results not an array', { version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: {} }] }, 'runs[0].results must be an array'],
    ['result without rule', sarif([{ message: { text: 'x' } }]), 'runs[0].results[0].ruleId is missing (and neither rule.id nor ruleIndex names a rule)'],
    ['rule without id', sarif([], [{ name: 'x' }]), 'runs[0].tool.driver.rules[0].id is missing'],
    ['message not an object', sarif([{ ruleId: 'r', message: 'x' }]), 'runs[0].results[0].message must be an object'],
    ['bad security-severity', sarif([{ ruleId: 'r', properties: { 'security-severity': 'high' } }]), 'runs[0].results[0].properties.security-severity must be a number'],
  ];

  it.each(cases)('%s', (_name, json, message) => {
    expect(() => parseSarifReport(json)).toThrow(ReportFormatError);
    expect(() => parseSarifReport(json)).toThrow(message);
  });
});
