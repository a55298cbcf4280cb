import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImageFileSet } from '../image-pull/image-files.js';
import { condenseGoBuildInfo, goBinaryAnalyzer, goTagToSemver } from './go-binary.js';
import { keepAsPulled, testdataDirectory } from './testing/language-testdata.js';

const executable = { mode: 0o755 };

/** Modules as the kept module text lists them: each dep, with an "=>" line replacing the one above it. */
function modulesListed(kept: Buffer): { dep: string; replacedBy: string | null }[] {
  const lines = kept.toString('latin1').split('\n');
  return lines.flatMap((line, index) => {
    if (!line.startsWith('dep\t')) return [];
    const [, path, version] = line.split('\t');
    const next = lines[index + 1] ?? '';
    return [{ dep: `${path}@${version}`, replacedBy: next.startsWith('=>\t') ? next.split('\t').slice(1, 3).join('@') : null }];
  });
}

function analyzeKept(imagePath: string, kept: Buffer) {
  const files = new ImageFileSet();
  files.set(imagePath, { kind: 'file', content: kept, mode: 0o755 });
  return goBinaryAnalyzer.analyze(files, null);
}

describe('go-binary analyzer on build information condensed from real executables', () => {
  it('reports every dependency of lefthook 2.2.2 (npm lefthook-linux-x64), its own module and the standard library', () => {
    const kept = readFileSync(testdataDirectory('golang', 'lefthook-linux-x64-2.2.2.go-buildinfo'));
    const listed = modulesListed(kept);
    expect(listed).toHaveLength(51);
    expect(listed.every((module) => module.replacedBy === null)).toBe(true);
    const result = analyzeKept('/usr/local/bin/lefthook', kept);
    expect(result.warnings).toEqual([]);
    expect(result.packages.map((pkg) => `${pkg.name}@${pkg.version}`).sort()).toEqual(
      ['stdlib@v1.27.0', 'github.com/evilmartians/lefthook/v2@v2.2.2', ...listed.map((module) => module.dep)].sort(),
    );
    expect(result.packages.find((pkg) => pkg.name === 'github.com/gobwas/glob')).toEqual({
      ecosystem: 'golang',
      osvEcosystem: 'Go',
      name: 'github.com/gobwas/glob',
      version: 'v0.2.3',
      purl: 'pkg:golang/github.com/gobwas/glob@v0.2.3',
      installPath: 'usr/local/bin/lefthook',
      licences: [],
    });
    expect(result.packages.find((pkg) => pkg.name === 'stdlib')?.purl).toBe('pkg:golang/stdlib@v1.27.0');
  });

  it('drops the main module built as (devel) and dependencies replaced by local directories (kubectl 1.28 of the Google Cloud SDK)', () => {
    const kept = readFileSync(testdataDirectory('golang', 'kubectl-1.28.go-buildinfo'));
    const listed = modulesListed(kept);
    const replacedLocally = listed.filter((module) => module.replacedBy !== null);
    expect(replacedLocally.map((module) => module.dep)).toContain('k8s.io/api@v0.0.0');
    expect(replacedLocally).toHaveLength(8);
    const result = analyzeKept('/usr/local/bin/kubectl', kept);
    expect(result.packages.map((pkg) => `${pkg.name}@${pkg.version}`).sort()).toEqual(
      ['stdlib@v1.22.8', ...listed.filter((module) => module.replacedBy === null).map((module) => module.dep)].sort(),
    );
    expect(result.packages.some((pkg) => pkg.name === 'k8s.io/kubernetes' || pkg.name.startsWith('./'))).toBe(false);
  });
});

describe('go-binary condenser on real ELF executables', () => {
  // docker-registry is one of the image tools infra/services.sh installs (Debian's package, built with Go 1.19).
  const registryBinary = '/usr/bin/docker-registry';
  const registry = () => {
    if (!existsSync(registryBinary)) throw new Error(`${registryBinary} is missing: run "bash infra/services.sh up", which installs Debian's docker-registry package`);
    return readFileSync(registryBinary);
  };

  it('keeps only the build information of a Go executable, which the analyzer reads', () => {
    const binary = registry();
    const files = new ImageFileSet();
    keepAsPulled(files, goBinaryAnalyzer, '/usr/bin/docker-registry', binary, 0o755);
    const kept = files.read('/usr/bin/docker-registry');
    expect(kept?.length).toBeLessThan(1024);
    expect(binary.includes(kept!)).toBe(true);
    // Debian builds outside module mode: the toolchain is known, the modules are not recorded.
    expect(goBinaryAnalyzer.analyze(files, null)).toEqual({
      packages: [{ ecosystem: 'golang', osvEcosystem: 'Go', name: 'stdlib', version: 'v1.19.8', purl: 'pkg:golang/stdlib@v1.19.8', installPath: 'usr/bin/docker-registry', licences: [] }],
      warnings: [],
    });
  });

  it('finds the build information without section headers, in the first writable segment', () => {
    const binary = registry();
    const withSections = condenseGoBuildInfo(binary);
    const stripped = Buffer.from(binary);
    stripped.writeUInt16LE(0, 0x3c);
    expect(withSections).not.toBeNull();
    expect(condenseGoBuildInfo(stripped)).toEqual(withSections);
  });

  it('keeps nothing of an executable that is not Go (node)', () => {
    expect(condenseGoBuildInfo(readFileSync(process.execPath))).toBeNull();
  });

  it('answers null, never reading out of range, for hostile ELF headers built from a real one', () => {
    const header = registry().subarray(0, 4096);
    const hostile = (patch: (copy: Buffer) => void) => {
      const copy = Buffer.from(header);
      patch(copy);
      return condenseGoBuildInfo(copy);
    };
    expect(hostile(() => {})).toBeNull();
    expect(hostile((copy) => copy.writeBigUInt64LE(0xffffffffffffff00n, 0x28))).toBeNull();
    expect(hostile((copy) => copy.writeBigUInt64LE(0xffffffffffffff00n, 0x20))).toBeNull();
    expect(hostile((copy) => copy.writeUInt16LE(0xffff, 0x3c))).toBeNull();
    expect(hostile((copy) => copy.writeUInt16LE(0xffff, 0x38))).toBeNull();
    expect(hostile((copy) => copy.writeUInt16LE(0, 0x3a))).toBeNull();
    expect(hostile((copy) => (copy[4] = 1))).toBeNull();
    expect(hostile((copy) => (copy[5] = 2))).toBeNull();
    expect(condenseGoBuildInfo(header.subarray(0, 63))).toBeNull();
  });

  it('never throws on build information cut short or with an overlong length', () => {
    const kept = readFileSync(testdataDirectory('golang', 'lefthook-linux-x64-2.2.2.go-buildinfo'));
    for (let length = 0; length < kept.length; length += 7) expect(() => analyzeKept('/bin/x', kept.subarray(0, length))).not.toThrow();
    const cut = analyzeKept('/bin/x', kept.subarray(0, kept.length - 1));
    expect(cut.packages).toEqual([]);
    expect(cut.warnings.map((warning) => warning.message)).toEqual(['/bin/x was skipped: its Go build information is malformed']);
    const overlong = Buffer.from(kept);
    overlong.fill(0xff, 32, 44);
    expect(analyzeKept('/bin/x', overlong).warnings).toHaveLength(1);
    // The pointer form of binaries older than Go 1.18: the header is kept, the rest is not read.
    const pointerForm = Buffer.from(kept.subarray(0, 32));
    pointerForm[15] = 0;
    expect(analyzeKept('/bin/old', pointerForm).warnings.map((warning) => warning.message)).toEqual([
      '/bin/old was skipped: it was built before Go 1.18, whose build information (pointers into the executable) is not read',
    ]);
  });

  it('wants executables of any name but archives and scripts, within the pull limit', () => {
    expect(typeof goBinaryAnalyzer.wants('/usr/bin/registry', { ...executable, size: 20_000_000 })).toBe('function');
    expect(goBinaryAnalyzer.wants('/usr/bin/registry', { mode: 0o644, size: 20_000_000 })).toBe(false);
    expect(goBinaryAnalyzer.wants('/app/run.jar', { ...executable, size: 20_000_000 })).toBe(false);
    expect(goBinaryAnalyzer.wants('/usr/bin/huge', { ...executable, size: 65 * 1024 * 1024 })).toBe(false);
  });
});

describe('goTagToSemver (golang.org/x/vuln)', () => {
  it.each([
    ['go1.21.5', 'v1.21.5'],
    ['go1.21', 'v1.21.0'],
    ['go1.22rc1', 'v1.22.0-rc.1'],
    ['go1.19beta2', 'v1.19.0-beta.2'],
    ['go1.9.2rc2', 'v1.9.2-rc.2'],
    ['go1', 'v1.0.0'],
    ['go1.21.5 X:boringcrypto', 'v1.21.5'],
    ['go1.26.1-X:nodwarf5', 'v1.26.1'],
    ['go1.0', null],
    // The toolchain of the Google Cloud SDK's go-app-stager: an internal build, no release tag.
    ['go1.22-20231128-RC02 cl/586117301 +6111acc8e6 X:fieldtrack,boringcrypto', null],
  ])('%s → %s', (tag, semver) => {
    expect(goTagToSemver(tag)).toBe(semver);
  });
});
