import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageFileSet } from '../image-pull/image-files.js';
import { npmAnalyzer } from './npm.js';
import { imageFilesFrom, testdataDirectory } from './testing/language-testdata.js';

const root = testdataDirectory('npm', 'root');
const readJson = (relative: string) => JSON.parse(readFileSync(path.join(root, relative), 'utf8')) as Record<string, never>;
const idsAt = (packages: { name: string; version: string; installPath: string | null }[], installPath: string) =>
  packages
    .filter((pkg) => pkg.installPath === installPath)
    .map((pkg) => `${pkg.name}@${pkg.version}`)
    .sort();

describe('npm analyzer on real packages (npm pack) and real lockfiles (Trivy test data)', () => {
  const result = npmAnalyzer.analyze(imageFilesFrom(root, npmAnalyzer), null);

  it('reports each installed package once, at its package.json, and none of the test fixtures inside a package', () => {
    const installed = ['@tootallnate/once', 'abbrev', 'json-schema', 'resolve'].map((name) => {
      const manifest = readJson(`app/node_modules/${name}/package.json`);
      return { id: `${manifest.name}@${manifest.version}`, installPath: `app/node_modules/${name}/package.json` };
    });
    const fromApp = result.packages.filter((pkg) => pkg.installPath?.startsWith('app/'));
    expect(fromApp.map((pkg) => ({ id: `${pkg.name}@${pkg.version}`, installPath: pkg.installPath }))).toEqual(installed);
    // resolve 1.22.8 ships 13 package.json files of its own tests (one named @my-scope/package-a).
    expect(result.packages.some((pkg) => pkg.name === '@my-scope/package-a' || pkg.name === 'baz')).toBe(false);
  });

  it('spells scoped packages, licences and legacy licence lists as npm and Trivy do', () => {
    expect(result.packages.find((pkg) => pkg.name === '@tootallnate/once')).toEqual({
      ecosystem: 'npm',
      osvEcosystem: 'npm',
      name: '@tootallnate/once',
      version: '2.0.0',
      purl: 'pkg:npm/%40tootallnate/once@2.0.0',
      installPath: 'app/node_modules/@tootallnate/once/package.json',
      licences: ['MIT'],
    });
    expect(result.packages.find((pkg) => pkg.name === 'json-schema')?.licences).toEqual(['AFLv2.1', 'BSD']);
  });

  it('does not read the lockfile of a project whose packages are installed beside it', () => {
    expect(result.packages.some((pkg) => pkg.installPath === 'app/package-lock.json')).toBe(false);
  });

  it('reads lockfile v3 "packages" without dev dependencies and workspace links', () => {
    const lock = readJson('srv/v3/package-lock.json') as unknown as { packages: Record<string, { version?: string; dev?: boolean; name?: string }> };
    const expected = Object.entries(lock.packages)
      .filter(([location, entry]) => location.includes('node_modules/') && entry.dev !== true)
      .map(([location, entry]) => `${location.slice(location.lastIndexOf('node_modules/') + 13)}@${entry.version}`);
    expect(idsAt(result.packages, 'srv/v3/package-lock.json')).toEqual([...new Set(expected)].sort());
    expect(idsAt(result.packages, 'srv/v3/package-lock.json')).toContain('body-parser@1.18.3');
    expect(idsAt(result.packages, 'srv/v3/package-lock.json')).not.toContain('debug@2.5.2');
    // functions/nested_func is a workspace (not from the registry); node_modules/function1 links to one.
    expect(idsAt(result.packages, 'srv/workspace/package-lock.json')).toEqual(['debug@2.5.2', 'debug@2.6.9', 'ms@0.7.2', 'ms@2.0.0']);
  });

  it('reads lockfile v1 nested "dependencies" to the same packages as the v3 lockfile of the same project', () => {
    expect(idsAt(result.packages, 'srv/v1/package-lock.json')).toEqual(idsAt(result.packages, 'srv/v3/package-lock.json'));
    expect(result.packages.find((pkg) => pkg.name === '@babel/helper-string-parser' && pkg.installPath === 'srv/v1/package-lock.json')?.purl).toBe(
      'pkg:npm/%40babel/helper-string-parser@7.19.4',
    );
    expect(result.warnings).toEqual([]);
  });

  it('wants installed package.json files and project lockfiles, never the hidden lockfile', () => {
    const entry = { mode: 0o644, size: 2000 };
    expect(npmAnalyzer.wants('/app/node_modules/.package-lock.json', entry)).toBe(false);
    expect(npmAnalyzer.wants('/app/node_modules/resolve/test/resolver/baz/package.json', entry)).toBe(false);
    expect(npmAnalyzer.wants('/app/node_modules/a/node_modules/@s/b/package.json', entry)).toBe(true);
    expect(npmAnalyzer.wants('/app/package.json', entry)).toBe(false);
    expect(npmAnalyzer.wants('/app/package-lock.json', entry)).toBe(true);
    expect(npmAnalyzer.wants('/app/node_modules/x/package-lock.json', entry)).toBe(false);
  });

  it('skips malformed files with a warning', () => {
    const files = new ImageFileSet();
    const real = readFileSync(path.join(root, 'app/node_modules/abbrev/package.json'));
    files.set('/a/node_modules/abbrev/package.json', { kind: 'file', content: real.subarray(0, real.length / 2), mode: 0o644 });
    files.set('/a/node_modules/b/package.json', { kind: 'file', content: Buffer.from('[]'), mode: 0o644 });
    files.set('/b/package-lock.json', { kind: 'file', content: Buffer.from('{"lockfileVersion":3}'), mode: 0o644 });
    const broken = npmAnalyzer.analyze(files, null);
    expect(broken.packages).toEqual([]);
    expect(broken.warnings.map((warning) => warning.message.replace(/\(.*\)/, '(…)'))).toEqual([
      '/a/node_modules/abbrev/package.json was skipped: it is not JSON (…)',
      '/a/node_modules/b/package.json was skipped: it is not a JSON object',
      '/b/package-lock.json was skipped: it has neither "packages" nor "dependencies"',
    ]);
  });
});
