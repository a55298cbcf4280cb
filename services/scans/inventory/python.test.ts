import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageFileSet } from '../image-pull/image-files.js';
import { metadataHeaders, pythonAnalyzer } from './python.js';
import { imageFilesFrom, relativePathsBelow, testdataDirectory } from './testing/language-testdata.js';

const root = testdataDirectory('pypi', 'root');

describe('python analyzer on real distributions (Debian python3-* packages, Trivy test data)', () => {
  const result = pythonAnalyzer.analyze(imageFilesFrom(root, pythonAnalyzer), null);

  it('reports one package per metadata file, named and versioned as the file says', () => {
    const expected = relativePathsBelow(root).map((installPath) => {
      const headers = metadataHeaders(readFileSync(path.join(root, installPath), 'utf8'));
      return { name: headers.get('name')?.[0], version: headers.get('version')?.[0], installPath };
    });
    expect(expected).toHaveLength(8);
    expect(result.packages.map(({ name, version, installPath }) => ({ name, version, installPath })).sort((a, b) => ((a.installPath ?? '') < (b.installPath ?? '') ? -1 : 1))).toEqual(expected);
    expect(result.warnings).toEqual([]);
  });

  it('spells the ecosystem as Trivy and OSV do, with a normalized purl', () => {
    const pyyaml = result.packages.find((pkg) => pkg.name === 'PyYAML');
    expect(pyyaml).toEqual({
      ecosystem: 'pypi',
      osvEcosystem: 'PyPI',
      name: 'PyYAML',
      version: '6.0',
      purl: 'pkg:pypi/pyyaml@6.0',
      installPath: 'usr/lib/python3/dist-packages/PyYAML-6.0.dist-info/METADATA',
      licences: ['MIT'],
    });
  });

  it('reads the egg-info directory, the egg-info file, License-Expression, License and classifiers', () => {
    const licences = Object.fromEntries(result.packages.map((pkg) => [`${pkg.name}@${pkg.version}`, pkg.licences]));
    expect(licences).toMatchObject({
      'requests@2.28.1': ['Apache 2.0'],
      'cryptography@38.0.4': ['BSD-3-Clause OR Apache-2.0'],
      // pyparsing 3.0.9 declares its licence only as a classifier.
      'pyparsing@3.0.9': ['MIT License'],
      'distlib@0.3.1': ['Python license'],
      'iniconfig@2.0.0': ['MIT'],
    });
    expect(result.packages.find((pkg) => pkg.name === 'distlib')?.installPath).toBe('usr/local/lib/python3.9/site-packages/distlib-0.3.1-py3.9.egg-info');
  });

  it('wants only metadata files', () => {
    const entry = { mode: 0o644, size: 100 };
    expect(pythonAnalyzer.wants('/usr/lib/python3/dist-packages/requests-2.28.1.egg-info/PKG-INFO', entry)).toBe(true);
    expect(pythonAnalyzer.wants('/usr/lib/python3/dist-packages/requests-2.28.1.egg-info/top_level.txt', entry)).toBe(false);
    expect(pythonAnalyzer.wants('/usr/lib/python3/dist-packages/pip-23.0.1.dist-info/RECORD', entry)).toBe(false);
    expect(pythonAnalyzer.wants('/usr/lib/python3/dist-packages/pip-23.0.1.dist-info/METADATA', { mode: 0o644, size: 64 * 1024 * 1024 })).toBe(false);
  });

  it('skips a metadata file without Name or Version with a warning, and binary garbage without throwing', () => {
    const files = new ImageFileSet();
    const real = readFileSync(path.join(root, 'usr/lib/python3/dist-packages/six-1.16.0.egg-info/PKG-INFO'), 'utf8');
    files.set('/a/six-1.16.0.egg-info/PKG-INFO', { kind: 'file', content: Buffer.from(real.replace(/^Version:.*$/m, '')), mode: 0o644 });
    const executableStart = Buffer.alloc(4096);
    const executable = openSync(process.execPath, 'r');
    readSync(executable, executableStart, 0, executableStart.length, 0);
    closeSync(executable);
    files.set('/a/x.dist-info/METADATA', { kind: 'file', content: executableStart, mode: 0o644 });
    const broken = pythonAnalyzer.analyze(files, null);
    expect(broken.packages).toEqual([]);
    expect(broken.warnings.map((warning) => warning.message)).toEqual([
      '/a/six-1.16.0.egg-info/PKG-INFO was skipped: it has no Name or no Version header',
      '/a/x.dist-info/METADATA was skipped: it has no Name or no Version header',
    ]);
  });
});
