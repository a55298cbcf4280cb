import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageFileSet } from '../image-pull/image-files.js';
import { cargoAnalyzer } from './cargo.js';
import { imageFilesFrom, testdataDirectory } from './testing/language-testdata.js';

const root = testdataDirectory('cargo', 'root');
const lockfile = readFileSync(path.join(root, 'usr/src/ripgrep/Cargo.lock'), 'utf8');

describe('cargo analyzer on a real Cargo.lock (ripgrep)', () => {
  const result = cargoAnalyzer.analyze(imageFilesFrom(root, cargoAnalyzer), null);

  it('reports every [[package]] of the lockfile, at the lockfile', () => {
    const expected = [...lockfile.matchAll(/^\[\[package\]\]\nname = "([^"]+)"\nversion = "([^"]+)"/gm)].map((match) => `${match[1]}@${match[2]}`);
    expect(expected).toHaveLength(lockfile.split('[[package]]').length - 1);
    expect(result.packages.map((pkg) => `${pkg.name}@${pkg.version}`)).toEqual(expected);
    expect(new Set(result.packages.map((pkg) => pkg.installPath))).toEqual(new Set(['usr/src/ripgrep/Cargo.lock']));
    expect(result.warnings).toEqual([]);
  });

  it('spells crates as Trivy and OSV do, the workspace crates included', () => {
    expect(result.packages.find((pkg) => pkg.name === 'aho-corasick')).toEqual({
      ecosystem: 'cargo',
      osvEcosystem: 'crates.io',
      name: 'aho-corasick',
      version: '1.1.5',
      purl: 'pkg:cargo/aho-corasick@1.1.5',
      installPath: 'usr/src/ripgrep/Cargo.lock',
      licences: [],
    });
    expect(result.packages.some((pkg) => pkg.name === 'ripgrep')).toBe(true);
  });

  it('skips a lockfile that is not TOML with a warning', () => {
    const files = new ImageFileSet();
    files.set('/x/Cargo.lock', { kind: 'file', content: Buffer.from(lockfile.slice(0, lockfile.indexOf('[[package]]') + 5)), mode: 0o644 });
    const broken = cargoAnalyzer.analyze(files, null);
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
    expect(broken.warnings[0]?.message).toMatch(/^\/x\/Cargo\.lock was skipped: it is not TOML/);
    expect(cargoAnalyzer.wants('/x/Cargo.toml', { mode: 0o644, size: 10 })).toBe(false);
  });
});
