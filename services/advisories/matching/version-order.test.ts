// Each ordering against the package managers' own comparison cases (testdata/, copied
// from osv-scalibr; the *-generated files were checked there with dpkg, apk and the
// ecosystems' own tools). Every line must hold in both directions, except the lines
// listed as expected failures with their reason; such a line failing to fail is an
// error too, so the list cannot go stale.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goTagToSemver } from './semver-like.js';
import { UnparseableVersionError, versionOrderFor } from './version-order.js';

const testdata = new URL('./testdata/', import.meta.url);

interface Case {
  line: string;
  a: string;
  operator: '<' | '=' | '>';
  b: string;
}

function readCases(file: string): Case[] {
  const cases: Case[] = [];
  for (const line of readFileSync(new URL(file, testdata), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('# ') || line.startsWith('// ')) continue;
    const [a, operator, b, ...extra] = line.split(' ');
    if (extra.length > 0 || (operator !== '<' && operator !== '=' && operator !== '>')) {
      throw new Error(`malformed fixture line in ${file}: ${line}`);
    }
    cases.push({ line, a: a!, operator, b: b! });
  }
  return cases;
}

const SIGN = { '<': -1, '=': 0, '>': 1 } as const;

/** The lines of a fixture whose comparison (both ways) does not give the expected result. */
function failingLines(ecosystem: string, file: string): { total: number; failing: string[] } {
  const order = versionOrderFor(ecosystem)!;
  const cases = readCases(file);
  const failing: string[] = [];
  for (const { line, a, operator, b } of cases) {
    try {
      if (order.compare(a, b) !== SIGN[operator] || order.compare(b, a) !== -SIGN[operator]) failing.push(line);
    } catch (error) {
      if (!(error instanceof UnparseableVersionError)) throw error;
      failing.push(line);
    }
  }
  return { total: cases.length, failing };
}

const HUGE_NUMBERS = [
  '999999999999999999999999999991 < 999999999999999999999999999999',
  '999999999999999999999999999991.999999999999999999999999999991.999999999999999999999999999991 < 999999999999999999999999999999.999999999999999999999999999991.999999999999999999999999999991',
];

/**
 * Lines that do not hold, and why:
 * - `semver` refuses numeric identifiers above 2^53, and @renovatebot/ruby-semver reads
 *   numbers as doubles, so versions made of 30-digit numbers are not comparable (SemVer
 *   ecosystems) or compare equal (RubyGems); no published release has one.
 * - @renovatebot/pep440 follows packaging ≥ 22, which dropped the pre-PEP 440 "legacy"
 *   versions (0.1-bulbasaur, 2013-01-21T20:33:09+0100…); pip no longer installs them
 *   by such a version, so they are not comparable rather than ordered by a guess.
 * - RubyGems: Gem::Version itself refuses 1beta and 1gamma (a letter needs a dot).
 * - Maven: ComparableVersion as Maven 3.8 normalises it drops the `ga` of 1-ga-1 but
 *   keeps the list that followed it, so 1-ga-1 sorts before 1-1.
 * - Packagist: '#' is PHP's internal stand-in for a number, not a character of a
 *   Composer version; versions holding one are not comparable.
 */
const EXPECTED_FAILURES: Record<string, string[]> = {
  'npm semver-versions.txt': HUGE_NUMBERS,
  'crates.io semver-versions.txt': HUGE_NUMBERS,
  'Go semver-versions.txt': HUGE_NUMBERS,
  'Hex semver-versions.txt': HUGE_NUMBERS,
  'Pub pub-versions.txt': HUGE_NUMBERS,
  'RubyGems rubygems-versions.txt': ['1 > 1beta', '1 > 1gamma', ...HUGE_NUMBERS],
  'Maven maven-versions.txt': ['1-1 = 1-ga-1'],
  'Packagist packagist-versions.txt': [
    '1.2.3.# = 1.2.3',
    '1.2.3.# = 1.2.3.#',
    '1.2.3.# = 1.2.3.1',
    '1.2.3.#.1 > 1.2.3',
    '1.2.3.#.p3 > 1.2.3',
    '1.2.3.#.beta < 1.2.3',
  ],
  'PyPI pypi-versions.txt': [
    '0.1-bulbasaur < 0.1-charmander',
    '0.1-charmander < 0.9-doduo',
    '0.9-doduo < 0.9-eevee',
    '0.9-eevee < 0.9-fearow',
    '0.9-fearow < 0.9-gyarados',
    '0.9-gyarados < 0.9-horsea',
    '0.9-horsea < 0.9-ivysaur',
    '0.9-ivysaur < 1.0',
    '-class.-jw.util.version.version-pre < 1.0',
    '-class.-jw.util.version.version-preview < 1.0',
    '-class.-jw.util.version.version-dev < 1.0',
  ],
  'PyPI pypi-versions-generated.txt': [
    '0.1-bulbasaur < 0.1-charmander',
    '0.1-charmander < 0.9-doduo',
    '0.9-doduo < 0.9-eevee',
    '0.9-eevee < 0.9-fearow',
    '0.9-fearow < 0.9-gyarados',
    '0.9-gyarados < 0.9-horsea',
    '0.9-horsea < 0.9-ivysaur',
    '0.9-ivysaur < 1.0',
    '2.0.1rc2-git < 0.8',
    '0.7.1.fix1 < 0.7.4.svn.r2010',
    '0.7.4.svn.r2010 < 0.6.4',
    '2013-01-21T20:33:09+0100 < 2013-01-23T17:11:52+0100',
    '2013-01-23T17:11:52+0100 < 2013-02-01T20:50:46+0100',
    '2013-02-01T20:50:46+0100 < 2013-02-02T19:59:03+0100',
    '2013-02-02T19:59:03+0100 < 2013-02-02T20:23:17+0100',
    '2013-02-02T20:23:17+0100 < 2013-02-08T17:40:57+0000',
    '2013-02-08T17:40:57+0000 < 2013-03-27T16:32:26+0100',
    '2013-03-27T16:32:26+0100 < 2013-05-09T12:47:53+0200',
    '2013-05-09T12:47:53+0200 < 2013-05-10T17:55:56+0200',
    '2013-05-10T17:55:56+0200 < 2013-05-14T20:16:05+0200',
    '2013-05-14T20:16:05+0200 < 2013-06-01T10:32:51+0200',
    '2013-06-01T10:32:51+0200 < 2013-07-19T09:11:08+0000',
    '2013-07-19T09:11:08+0000 < 2013-08-12T21:48:56+0200',
    '2013-08-12T21:48:56+0200 < 2013-09-11T19-27-10',
    '2013-09-11T19-27-10 < 2013-12-23T17-51-15',
    '2013-12-23T17-51-15 < 2014-01-12T15-52-10',
    '2014-01-12T15-52-10 < 0.2016.3.21',
    '0.0.1-test1 < 3.0.0a4',
    '0.7.10p1 < 0.7.11p1',
    '0.7.11p1 < 0.7.11p2',
    '0.7.11p2 < 0.7.11p3',
    '0.7.11p3 < 0.8.1p1',
    '0.8.1p1 < 0.8.3p1',
    '0.8.3p1 < 0.8.4p1',
    '0.8.4p1 < 0.8.4p2',
    '0.8.4p2 < 0.8.6p1',
    '0.8.6p1 < 0.8.7p1',
    '0.8.7p1 < 0.7.3',
    '-class.-jw.util.version.Version- < 1.0.dev1',
    'trunk < 3.2.3',
    '0.3m1 < 0.3m2',
    '0.3m2 < 0.3m3',
    '0.3m3 < 0.3m4',
    '0.3m4 < 0.3m5',
    '0.3m5 < 0.4m1',
    '0.4m1 < 0.4m2',
    '0.4m2 < 0.4m3',
    '0.4m3 < 0.4m4',
    '0.4m4 < 0.4m5',
    '0.4m5 < 0.5m1',
    '0.5m1 < 0.5m2',
    '0.5m2 < 0.5m3',
    '0.5m3 < 0.5m4',
    '0.5m4 < 0.5m5',
    '0.5m5 < 0.6m1',
    '0.6m1 < 0.6m2',
    '0.6m2 < 0.6m3',
    '0.6m3 < 0.6m4',
    '0.6m4 < 0.6m5',
    '0.6m5 < 0.6m6',
    '0.6m6 < 0.2rc0',
    '1.3.1-STAGING < 0.0.1',
    '4.11-final < 5.0-final',
    '5.0-final < 5.1',
    'a3 < 2.0b1',
    '2.0.0-final < 0.10',
    '1.0beta6.1 < 1.0b6',
    '0.3.1-p1 < 0.4.0-p1',
    '0.4.0-p1 < 0.0.1',
  ],
};

const FIXTURES: Array<[ecosystem: string, file: string]> = [
  ['Debian:12', 'debian-versions.txt'],
  ['Debian:12', 'debian-versions-generated.txt'],
  ['Ubuntu:22.04:LTS', 'debian-versions.txt'],
  ['Alpine:v3.19', 'alpine-versions.txt'],
  ['Alpine:v3.19', 'alpine-versions-generated.txt'],
  ['Wolfi', 'alpine-versions.txt'],
  ['Red Hat:enterprise_linux:9::baseos', 'redhat-versions.txt'],
  ['Rocky Linux:9', 'redhat-versions.txt'],
  ['openSUSE:Leap 15.5', 'redhat-versions.txt'],
  ['npm', 'semver-versions.txt'],
  ['crates.io', 'semver-versions.txt'],
  ['Go', 'semver-versions.txt'],
  ['Hex', 'semver-versions.txt'],
  ['Pub', 'pub-versions.txt'],
  ['PyPI', 'pypi-versions.txt'],
  ['PyPI', 'pypi-versions-generated.txt'],
  ['Maven', 'maven-versions.txt'],
  ['Maven', 'maven-versions-generated.txt'],
  ['RubyGems', 'rubygems-versions.txt'],
  ['RubyGems', 'rubygems-versions-generated.txt'],
  ['NuGet', 'nuget-versions.txt'],
  ['Packagist', 'packagist-versions.txt'],
  ['Packagist', 'packagist-versions-generated.txt'],
];

describe('version order against the ecosystems’ published comparison cases', () => {
  it.each(FIXTURES)('%s: every line of %s holds, or is a listed expected failure', (ecosystem, file) => {
    const { total, failing } = failingLines(ecosystem, file);
    const base = ecosystem.split(':')[0];
    expect(total).toBeGreaterThan(0);
    expect(failing).toEqual(EXPECTED_FAILURES[`${base} ${file}`] ?? []);
  });
});

describe('versionOrderFor', () => {
  it('knows each ecosystem with or without its release suffix', () => {
    for (const ecosystem of [
      'Debian',
      'Debian:12',
      'Ubuntu:22.04:LTS',
      'Ubuntu:Pro:18.04:LTS',
      'Alpine:v3.19',
      'Red Hat:enterprise_linux:9::baseos',
      'Rocky Linux:9',
      'AlmaLinux:9',
      'SUSE:Linux Enterprise Server 15 SP5',
      'openSUSE:Tumbleweed',
      'Wolfi',
      'Chainguard',
      'npm',
      'PyPI',
      'Go',
      'Maven',
      'RubyGems',
      'crates.io',
      'Packagist',
      'NuGet',
      'Hex',
      'Pub',
    ]) {
      expect(versionOrderFor(ecosystem), ecosystem).not.toBeNull();
    }
  });

  it('returns null for an ecosystem it cannot order', () => {
    expect(versionOrderFor('CRAN')).toBeNull();
    expect(versionOrderFor('GIT')).toBeNull();
    expect(versionOrderFor('')).toBeNull();
    expect(versionOrderFor('debian:12')).toBeNull();
  });

  it('throws UnparseableVersionError for a version the ecosystem cannot read, and says which', () => {
    expect(() => versionOrderFor('Debian:12')!.compare('1.2.3', '1.2.3-not-a-debian:version!@#$')).toThrow(
      UnparseableVersionError,
    );
    expect(() => versionOrderFor('npm')!.compare('not a version', '1.0.0')).toThrow(/not a SemVer version/);
    expect(() => versionOrderFor('PyPI')!.compare('1.0', 'x'.repeat(300))).toThrow(UnparseableVersionError);
    expect(versionOrderFor('Debian')!.isValid('a:1')).toBe(false);
  });
});

describe('Go toolchain tags', () => {
  it('converts as GoTagToSemver does and orders release candidates before the release', () => {
    expect(goTagToSemver('go1.21rc2')).toBe('1.21.0-rc.2');
    expect(goTagToSemver('go1.16')).toBe('1.16.0');
    expect(goTagToSemver('go1.9beta1')).toBe('1.9.0-beta.1');
    expect(goTagToSemver('go1.22.3')).toBe('1.22.3');
    expect(goTagToSemver('v1.2.3')).toBe('v1.2.3');
    const go = versionOrderFor('Go')!;
    expect(go.compare('go1.21rc2', '1.21.0')).toBe(-1);
    expect(go.compare('go1.21rc2', '1.21.0-0')).toBe(1);
    expect(go.compare('go1.20.14', '1.21.0-0')).toBe(-1);
    expect(go.compare('v0.0.0-20191109021931-daa7c04131f5', 'v0.0.0-20200101000000-000000000000')).toBe(-1);
  });
});

describe('dpkg order agrees with this machine’s dpkg --compare-versions', () => {
  it('on the hand-written cases and a sample of the generated pairs, both ways', () => {
    const generated = readCases('debian-versions-generated.txt').filter((_, index) => index % 97 === 0);
    const sample = [...readCases('debian-versions.txt'), ...generated];
    const order = versionOrderFor('Debian:12')!;
    const dpkgSays = (a: string, operator: 'lt' | 'gt', b: string): boolean => {
      try {
        execFileSync('dpkg', ['--compare-versions', a, operator, b], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    };
    const dpkgOrder = (a: string, b: string): number => (dpkgSays(a, 'lt', b) ? -1 : dpkgSays(a, 'gt', b) ? 1 : 0);
    expect(sample.length).toBeGreaterThan(150);
    for (const { a, b } of sample) {
      const expected = dpkgOrder(a, b);
      expect(order.compare(a, b), `${a} vs ${b}`).toBe(expected);
      expect(order.compare(b, a), `${b} vs ${a}`).toBe(expected === 0 ? 0 : -expected);
    }
  });
});

describe('versions from other ecosystems', () => {
  it('are ordered or refused with UnparseableVersionError by every ordering, never another error', () => {
    const foreign = new Set<string>();
    for (const file of ['debian-versions.txt', 'alpine-versions.txt', 'redhat-versions.txt', 'maven-versions.txt', 'pypi-versions.txt', 'packagist-versions.txt', 'nuget-versions.txt', 'pub-versions.txt']) {
      for (const { a, b } of readCases(file)) foreign.add(a).add(b);
    }
    const versions = [...foreign, '', ' ', '-', ':', '~', '^', '.', '..', 'v', 'go', '0:', '1:'];
    for (const [ecosystem] of FIXTURES) {
      const order = versionOrderFor(ecosystem)!;
      for (let i = 0; i < versions.length; i += 13) {
        for (let j = 0; j < versions.length; j += 17) {
          try {
            const sign = order.compare(versions[i]!, versions[j]!);
            if (sign !== -1 && sign !== 0 && sign !== 1) throw new Error(`compare gave ${sign}`);
          } catch (error) {
            if (!(error instanceof UnparseableVersionError)) throw new Error(`${ecosystem}: ${versions[i]} vs ${versions[j]}: ${String(error)}`);
          }
        }
      }
    }
  });
});
