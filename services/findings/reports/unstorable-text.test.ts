// Reports holding text no column can hold (NUL, an unpaired surrogate), as real
// scanner reports do: each such character is replaced with U+FFFD wherever the
// parsers return text, each field is named in a text_replaced warning, and what
// goes on the stream encodes to Avro and back unchanged.
import type avsc from 'avsc';
import { describe, expect, it } from 'vitest';
import { unstorableTextIn } from '../../platform/http/text-rule.js';
import { loadSchema } from '../../../streams/avro.js';
import { toScannerObservationRecord, type ReportWarning } from '../observation.js';
import { dedupeObservations, parseReport, ReportFormatError, type ReportFormat } from './index.js';
import { maxListedWarnings } from './report-collector.js';
import { readReportFixture } from '../testing/report-fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw scanner reports are edited field by field
type Json = Record<string, any>;
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const asset = 'ghcr.io/acme/app:1';

const replaced = (report: { warnings: ReportWarning[] }) => report.warnings.filter((w) => w.code === 'text_replaced').map((w) => [w.where, w.count]);

describe('text no column can hold, in a report', () => {
  it('Grype: a NUL in artifact.version (as in a real JVM image) is stored as U+FFFD and named', () => {
    const report = readReportFixture('grype/dd-issue_9618.json') as Json;
    report.matches[0].artifact.version = `0.7${NUL}-20.el8`;
    const parsed = parseReport('grype', report);
    const first = parsed.observations[0]!;
    expect(first.component?.version).toBe('0.7\uFFFD-20.el8');
    expect(first.detail.installed_version).toBe('0.7\uFFFD-20.el8');
    expect(parsed.warnings).toEqual([
      {
        code: 'text_replaced',
        where: 'matches[0].artifact.version',
        count: 1,
        message: 'matches[0].artifact.version: 1 character no text can hold (NUL or unpaired surrogate) replaced with U+FFFD',
      },
    ]);
    expect(unstorableTextIn(parsed, '')).toEqual([]);
  });

  it('Grype: a purl whose percent-decoding gives a NUL names the package with U+FFFD', () => {
    const report = readReportFixture('grype/dd-issue_9618.json') as Json;
    const index = report.matches.findIndex((m: Json) => String(m.artifact.purl).startsWith('pkg:maven/'));
    report.matches[index].artifact.purl = 'pkg:maven/org.apache%00avro/avro@1.11.1';
    const parsed = parseReport('grype', report);
    expect(parsed.observations[index]!.component?.name).toBe('org.apache\uFFFDavro:avro');
    expect(replaced(parsed)).toEqual([[`matches[${index}].artifact.purl`, 1]]);
  });

  it('Trivy: every character is counted, each field named once, and a member name read from the report is storable in the path', () => {
    const report = readReportFixture('trivy/alpine-310.json') as Json;
    const [first, second] = report.Results[0].Vulnerabilities as Json[];
    first!.Title = `openssl${NUL}: information${NUL} disclosure ${LONE_SURROGATE}`;
    second!.PkgName = `libssl${LONE_SURROGATE}1.1`;
    second!.CVSS = { [`n${NUL}vd`]: { V3Vector: `CVSS:3.1${NUL}`, V3Score: 5.3 } };
    const parsed = parseReport('trivy', report);
    expect(parsed.observations[0]!.title).toBe('openssl\uFFFD: information\uFFFD disclosure \uFFFD');
    expect(parsed.observations[1]!.component?.name).toBe('libssl\uFFFD1.1');
    expect(parsed.observations[1]!.detail.cvss_vector).toBe('CVSS:3.1\uFFFD');
    expect(replaced(parsed)).toEqual([
      ['Results[0].Vulnerabilities[0].Title', 3],
      ['Results[0].Vulnerabilities[1].PkgName', 1],
      ['Results[0].Vulnerabilities[1].CVSS.n\uFFFDvd.V3Vector', 1],
    ]);
    expect(unstorableTextIn(parsed, '')).toEqual([]);
  });

  it('the fingerprint is that of the replaced text: the same on every re-import, whichever character was replaced', () => {
    const withCharacter = (character: string) => {
      const report = readReportFixture('trivy/alpine-310.json') as Json;
      report.Results[0].Vulnerabilities[0].PkgName = `libcrypto${character}1.1`;
      return dedupeObservations(asset, parseReport('trivy', report).observations)[0]!.fingerprint;
    };
    const clean = dedupeObservations(asset, parseReport('trivy', readReportFixture('trivy/alpine-310.json')).observations)[0]!.fingerprint;
    expect(withCharacter(NUL)).toBe(withCharacter(NUL));
    expect(withCharacter(NUL)).toBe(withCharacter(LONE_SURROGATE));
    expect(withCharacter(NUL)).toBe(withCharacter('\uFFFD'));
    expect(withCharacter(NUL)).not.toBe(clean);
  });

  it('SARIF: a NUL in the message lines that name the package is replaced', () => {
    const report = readReportFixture('sarif/trivy-alpine-310.sarif') as Json;
    const result = report.runs[0].results[0];
    result.message.text = String(result.message.text).replace('Installed Version: ', `Installed Version: ${NUL}`);
    const parsed = parseReport('sarif', report);
    expect(parsed.observations[0]!.component?.version).toMatch(/^\uFFFD/);
    expect(replaced(parsed)).toEqual([['runs[0].results[0].message.text', 1]]);
  });

  it('a report given as text with \\u0000 escapes is read the same as the document', () => {
    const report = readReportFixture('grype/dd-issue_9618.json') as Json;
    report.matches[0].artifact.version = `0.7${NUL}`;
    const asText = parseReport('grype', JSON.stringify(report));
    expect(asText).toEqual(parseReport('grype', report));
    expect(asText.observations[0]!.component?.version).toBe('0.7\uFFFD');
  });

  it('a report text that is not JSON because of a NUL is refused with a message that holds none', () => {
    expect(() => parseReport('trivy', `${NUL}{"SchemaVersion": 2}`)).toThrow(ReportFormatError);
    expect(() => parseReport('trivy', `${NUL}{"SchemaVersion": 2}`)).toThrow(/^\(document\) is not valid JSON: Unexpected token '\uFFFD'/);
  });

  // Puts a NUL or an unpaired surrogate into one randomly chosen string (value or
  // member name) of a real report, many times over: the parser either refuses the
  // report with ReportFormatError or returns only storable text, and what it puts on
  // the stream encodes to Avro and decodes unchanged (an unpaired surrogate would not:
  // the encoder writes U+FFFD).
  const observationType = ((loadSchema('scanner-result') as avsc.types.RecordType).field('observation')!.type as avsc.types.UnwrappedUnionType).types[1]!;
  const fixtures: [ReportFormat, string][] = [
    ['trivy', 'trivy/alpine-310.json'],
    ['trivy', 'trivy/secrets.json'],
    ['trivy', 'trivy/dockerfile.json'],
    ['trivy', 'trivy/license-cyclonedx.json'],
    ['trivy', 'trivy/gomod-vex.json'],
    ['grype', 'grype/dd-issue_9618.json'],
    ['sarif', 'sarif/trivy-alpine-310.sarif'],
  ];

  function poisonOneString(document: unknown, seed: number): unknown {
    const copy = structuredClone(document);
    const slots: (() => void)[] = [];
    const bad = seed % 2 === 0 ? NUL : LONE_SURROGATE;
    const spoil = (text: string) => `${text.slice(0, 1)}${bad}${text.slice(1)}`;
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) {
        value.forEach((item, index) => {
          if (typeof item === 'string') slots.push(() => (value[index] = spoil(item)));
          walk(item);
        });
      } else if (typeof value === 'object' && value !== null) {
        const members = value as Record<string, unknown>;
        for (const [key, item] of Object.entries(members)) {
          if (typeof item === 'string') slots.push(() => (members[key] = spoil(item)));
          slots.push(() => {
            members[spoil(key)] = item;
            delete members[key];
          });
          walk(item);
        }
      }
    };
    walk(copy);
    slots[Math.floor(seed / 2) % slots.length]!();
    return copy;
  }

  it.each(fixtures)('%s %s with one string spoiled, 200 times over', (format, name) => {
    const original = readReportFixture(name);
    let seed = name.length;
    for (let round = 0; round < 200; round += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      let parsed;
      try {
        parsed = parseReport(format, poisonOneString(original, seed));
      } catch (error) {
        expect(error).toBeInstanceOf(ReportFormatError);
        continue;
      }
      expect(unstorableTextIn(parsed, '')).toEqual([]);
      for (const row of dedupeObservations(asset, parsed.observations)) {
        const envelope = { org_id: 'org_1', scan_id: 's', asset_id: 'a', scanner: parsed.scanner, observed_at: 0, fingerprint: row.fingerprint };
        const record = toScannerObservationRecord(envelope, row);
        expect(observationType.fromBuffer(observationType.toBuffer(record))).toEqual(record);
      }
    }
  });
});

describe('warnings', () => {
  it(`lists at most ${maxListedWarnings}, then counts the rest by code`, () => {
    const report = readReportFixture('trivy/alpine-310.json') as Json;
    const template = report.Results[0].Vulnerabilities[0] as Json;
    report.Results[0].Vulnerabilities = Array.from({ length: 130 }, (_, index) => ({
      ...template,
      VulnerabilityID: `CVE-2024-${1000 + index}`,
      Status: index < 120 ? 'not_affected' : 'fixed',
      Title: index >= 120 ? `title${NUL}` : template.Title,
    }));
    const parsed = parseReport('trivy', report);
    expect(parsed.observations).toHaveLength(10);
    expect(parsed.warnings).toHaveLength(maxListedWarnings + 1);
    expect(parsed.warnings[0]).toEqual({
      code: 'entry_skipped',
      where: 'Results[0].Vulnerabilities[0]',
      count: 1,
      message: 'Results[0].Vulnerabilities[0]: CVE-2024-1000 in libcrypto1.1 is marked not_affected; skipped',
    });
    expect(parsed.warnings.at(-1)).toEqual({ code: 'warnings_omitted', where: null, count: 30, message: '30 more warnings not listed (20 entry_skipped, 10 text_replaced)' });
  });
});
