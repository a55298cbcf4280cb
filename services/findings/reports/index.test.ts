import avsc from 'avsc';
import { describe, expect, it } from 'vitest';
import { toScannerObservationRecord, type ScanCompletionRecord } from '../observation.js';
import { dedupeObservations, parseReport, ReportFormatError, type ReportFormat } from './index.js';
import { loadSchema } from '../../../streams/avro.js';
import { readReportFixture } from '../testing/report-fixtures.js';

const fixtures: [format: ReportFormat, name: string][] = [
  ['trivy', 'trivy/alpine-310.json'],
  ['trivy', 'trivy/centos-7.json'],
  ['trivy', 'trivy/debian-stretch.json'],
  ['trivy', 'trivy/ubuntu-1804.json'],
  ['trivy', 'trivy/fluentd-gems.json'],
  ['trivy', 'trivy/spring4shell-jre11.json'],
  ['trivy', 'trivy/npm.json'],
  ['trivy', 'trivy/gomod-vex.json'],
  ['trivy', 'trivy/secrets.json'],
  ['trivy', 'trivy/dockerfile.json'],
  ['trivy', 'trivy/helm.json'],
  ['trivy', 'trivy/license-cyclonedx.json'],
  ['trivy', 'trivy/dd-issue_10991.json'],
  ['grype', 'grype/dd-issue_9618.json'],
  ['grype', 'grype/dd-many_vulns3.json'],
  ['sarif', 'sarif/trivy-alpine-310.sarif'],
];

describe('parseReport', () => {
  it('dispatches on the format', () => {
    expect(parseReport('trivy', readReportFixture('trivy/alpine-310.json')).observations).toHaveLength(4);
    expect(parseReport('grype', readReportFixture('grype/dd-issue_9618.json')).observations).toHaveLength(35);
    expect(parseReport('sarif', readReportFixture('sarif/trivy-alpine-310.sarif')).observations).toHaveLength(4);
  });

  // What each real report shows it looked for, read from the report by hand: Trivy's
  // result classes, Grype's descriptor, the kinds of SARIF's results.
  it.each([
    ['trivy', 'trivy/alpine-310.json', ['vulnerability']],
    ['trivy', 'trivy/spring4shell-jre11.json', ['vulnerability']],
    ['trivy', 'trivy/secrets.json', ['secret']],
    ['trivy', 'trivy/dockerfile.json', ['misconfiguration']],
    ['trivy', 'trivy/helm.json', ['misconfiguration']],
    ['trivy', 'trivy/license-cyclonedx.json', []],
    ['trivy', 'trivy/dd-issue_10991.json', ['misconfiguration']],
    ['grype', 'grype/dd-issue_9618.json', ['vulnerability']],
    ['grype', 'grype/dd-many_vulns3.json', ['vulnerability']],
    ['sarif', 'sarif/trivy-alpine-310.sarif', ['vulnerability']],
  ] as const)('%s %s covers %j', (format, name, kinds) => {
    expect(parseReport(format, readReportFixture(name)).coveredKinds).toEqual(kinds);
  });

  it('covers vulnerabilities with a clean package result, and nothing without the evidence', () => {
    const clean = structuredClone(readReportFixture('trivy/alpine-310.json')) as { Results: { Vulnerabilities?: unknown[] }[] };
    delete clean.Results[0]!.Vulnerabilities;
    expect(parseReport('trivy', clean).coveredKinds).toEqual(['vulnerability']);
    expect(parseReport('trivy', { SchemaVersion: 2, ArtifactName: 'scratch', Results: [] }).coveredKinds).toEqual([]);
    expect(parseReport('grype', { matches: [] }).coveredKinds).toEqual([]);
    expect(parseReport('grype', { matches: [], descriptor: { name: 'grype', version: '0.96.0' } }).coveredKinds).toEqual(['vulnerability']);
    expect(parseReport('sarif', { version: '2.1.0', runs: [{ tool: { driver: { name: 'Trivy' } }, results: [] }] }).coveredKinds).toEqual([]);
  });

  it('accepts the report as text', () => {
    const text = JSON.stringify(readReportFixture('trivy/secrets.json'));
    expect(parseReport('trivy', text).observations).toHaveLength(2);
  });

  it('refuses text that is not JSON with a ReportFormatError', () => {
    expect(() => parseReport('grype', '{"matches": [')).toThrow(ReportFormatError);
    expect(() => parseReport('grype', '{"matches": [')).toThrow(/^\(document\) is not valid JSON/);
  });

  it('refuses a report of another format with a ReportFormatError', () => {
    expect(() => parseReport('grype', readReportFixture('trivy/alpine-310.json'))).toThrow('matches is missing');
    expect(() => parseReport('sarif', readReportFixture('grype/dd-issue_9618.json'))).toThrow('version is missing');
  });
});

// Replaces one randomly chosen value in a real report with a value of another
// type, many times over: the parser must either succeed or throw ReportFormatError.
describe('damaged reports fail with ReportFormatError only', () => {
  const replacements: unknown[] = [null, 0, -1, 1.5, '', 'x', true, [], {}, [1], { a: 1 }];

  function nextRandom(seed: number): number {
    return (seed * 1103515245 + 12345) % 2147483648;
  }

  function damage(document: unknown, seed: number): unknown {
    const copy = structuredClone(document);
    const slots: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach((item, index) => (slots.push({ parent: value, key: index }), walk(item)));
      else if (typeof value === 'object' && value !== null) {
        for (const [key, item] of Object.entries(value)) {
          slots.push({ parent: value as Record<string, unknown>, key });
          walk(item);
        }
      }
    };
    walk(copy);
    const slot = slots[seed % slots.length];
    if (slot) (slot.parent as Record<string | number, unknown>)[slot.key] = replacements[Math.floor(seed / 7) % replacements.length];
    return copy;
  }

  it.each(fixtures.filter(([, name]) => !name.includes('many_vulns')))('%s %s', (format, name) => {
    const original = readReportFixture(name);
    let seed = name.length;
    for (let round = 0; round < 150; round += 1) {
      seed = nextRandom(seed);
      try {
        parseReport(format, damage(original, seed));
      } catch (error) {
        expect(error).toBeInstanceOf(ReportFormatError);
      }
    }
  });
});

describe('Avro stream records', () => {
  const resultType = loadSchema('scanner-result') as avsc.types.RecordType;
  const member = (field: string) => (resultType.field(field)!.type as avsc.types.UnwrappedUnionType).types[1]!;
  const observationType = member('observation');
  const completionType = member('completion');

  it.each(fixtures)('every observation of %s %s encodes and decodes unchanged', (format, name) => {
    const report = parseReport(format, readReportFixture(name));
    const rows = dedupeObservations('ghcr.io/acme/app:1', report.observations);
    for (const row of rows) {
      const record = toScannerObservationRecord(
        {
          org_id: 'org_1',
          scan_id: '0b6f2a4e-8c1d-4f6b-9a2e-3d5c7e9f1a2b',
          asset_id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c',
          scanner: report.scanner,
          observed_at: Date.UTC(2024, 1, 22, 19, 46, 26),
          fingerprint: row.fingerprint,
        },
        row,
      );
      expect(observationType.isValid(record)).toBe(true);
      expect(observationType.fromBuffer(observationType.toBuffer(record))).toEqual(record);
      expect(JSON.parse(record.detail_json)).toEqual(row.detail);
    }
  });

  it('a scan completion encodes and decodes unchanged', () => {
    const completion: ScanCompletionRecord = {
      org_id: 'org_1',
      scan_id: '0b6f2a4e-8c1d-4f6b-9a2e-3d5c7e9f1a2b',
      asset_id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a4f3e2d1c',
      completed_scanners: ['trivy'],
      completed_kinds: ['vulnerability', 'secret'],
      status: 'partial',
      observation_count: 35,
      failure_reason: 'grype: report is not valid JSON',
      completed_at: Date.UTC(2024, 1, 22, 19, 47, 0),
    };
    expect(completionType.isValid(completion)).toBe(true);
    expect(completionType.fromBuffer(completionType.toBuffer(completion))).toEqual(completion);
  });

  it('a reader with the current schema reads a record written before a nullable field existed', () => {
    const writer = avsc.Type.forSchema({
      type: 'record',
      name: 'ScanCompletion',
      namespace: 'sentinel.scans',
      fields: (completionType.schema() as avsc.schema.RecordType).fields.filter((field) => field.name !== 'failure_reason'),
    });
    const old = { org_id: 'o', scan_id: 's', asset_id: 'a', completed_scanners: [], completed_kinds: [], status: 'success', observation_count: 0, completed_at: 0 };
    const resolver = completionType.createResolver(writer);
    expect(completionType.fromBuffer(writer.toBuffer(old), resolver)).toEqual({ ...old, failure_reason: null });
  });
});
