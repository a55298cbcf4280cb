import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageFileSet } from '../image-pull/image-files.js';
import { composerAnalyzer } from './composer.js';
import { imageFilesFrom, testdataDirectory } from './testing/language-testdata.js';

const root = testdataDirectory('composer', 'root');
const readJson = (relative: string) => JSON.parse(readFileSync(path.join(root, relative), 'utf8')) as { packages: { name: string; version: string }[]; 'packages-dev'?: { name: string }[] };
const idsAt = (packages: { name: string; version: string; installPath: string | null }[], installPath: string) => packages.filter((pkg) => pkg.installPath === installPath).map((pkg) => `${pkg.name}@${pkg.version}`);

describe('composer analyzer on real composer.lock and installed.json files (Composer)', () => {
  const result = composerAnalyzer.analyze(imageFilesFrom(root, composerAnalyzer), null);

  it('reads composer.lock "packages", not "packages-dev"', () => {
    const lock = readJson('srv/composer/composer.lock');
    expect(idsAt(result.packages, 'srv/composer/composer.lock')).toEqual(lock.packages.map((pkg) => `${pkg.name}@${pkg.version}`));
    const dev = new Set(lock['packages-dev']!.map((pkg) => pkg.name));
    expect(dev.size).toBe(6);
    expect(result.packages.some((pkg) => dev.has(pkg.name))).toBe(false);
  });

  it('reads what vendor/composer/installed.json lists, and not the lockfile beside it', () => {
    const installed = readJson('srv/installed-versions2/vendor/composer/installed.json');
    expect(idsAt(result.packages, 'srv/installed-versions2/vendor/composer/installed.json')).toEqual(installed.packages.map((pkg) => `${pkg.name}@${pkg.version}`));
    expect(idsAt(result.packages, 'srv/installed-versions2/composer.lock')).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('spells Composer packages as Trivy and OSV do', () => {
    expect(result.packages.find((pkg) => pkg.name === 'symfony/filesystem')).toEqual({
      ecosystem: 'composer',
      osvEcosystem: 'Packagist',
      name: 'symfony/filesystem',
      version: 'v2.8.2',
      purl: 'pkg:composer/symfony/filesystem@v2.8.2',
      installPath: 'srv/installed-versions2/vendor/composer/installed.json',
      licences: ['MIT'],
    });
  });

  it('reads a Composer 1 installed.json (a bare list) and skips malformed files with a warning', () => {
    const installed = readJson('srv/installed-versions2/vendor/composer/installed.json');
    const files = new ImageFileSet();
    files.set('/a/vendor/composer/installed.json', { kind: 'file', content: Buffer.from(JSON.stringify(installed.packages)), mode: 0o644 });
    files.set('/b/composer.lock', { kind: 'file', content: Buffer.from('{"packages": {}}'), mode: 0o644 });
    const read = composerAnalyzer.analyze(files, null);
    expect(read.packages).toHaveLength(6);
    expect(read.warnings.map((warning) => warning.message)).toEqual(['/b/composer.lock was skipped: it has no "packages" list']);
    expect(composerAnalyzer.wants('/app/vendor/acme/lib/composer.lock', { mode: 0o644, size: 10 })).toBe(false);
  });
});
