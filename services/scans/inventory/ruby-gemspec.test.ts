import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImageFileSet } from '../image-pull/image-files.js';
import { rubyGemspecAnalyzer } from './ruby-gemspec.js';
import { imageFilesFrom, relativePathsBelow, testdataDirectory } from './testing/language-testdata.js';

const root = testdataDirectory('gem', 'root');

describe('ruby-gemspec analyzer on real gemspecs (Debian ruby-rack, ruby-json, libruby3.1)', () => {
  const result = rubyGemspecAnalyzer.analyze(imageFilesFrom(root, rubyGemspecAnalyzer), null);

  it('reports each gemspec as the gem RubyGems named the file after (<name>-<version>.gemspec)', () => {
    const expected = relativePathsBelow(root).map((installPath) => {
      const [, name, version] = /^(.+)-(\d[^-]*)\.gemspec$/.exec(path.basename(installPath))!;
      return `${installPath} ${name}@${version}`;
    });
    expect(expected).toHaveLength(8);
    expect(result.packages.map((pkg) => `${pkg.installPath} ${pkg.name}@${pkg.version}`)).toEqual(expected);
    expect(result.warnings).toEqual([]);
  });

  it('spells gems as Trivy and OSV do, with every licence of the list', () => {
    expect(result.packages.find((pkg) => pkg.name === 'rack')).toEqual({
      ecosystem: 'gem',
      osvEcosystem: 'RubyGems',
      name: 'rack',
      version: '2.2.22',
      purl: 'pkg:gem/rack@2.2.22',
      installPath: 'usr/share/rubygems-integration/all/specifications/rack-2.2.22.gemspec',
      licences: ['MIT'],
    });
    expect(result.packages.find((pkg) => pkg.name === 'debug')?.licences).toEqual(['Ruby', 'BSD-2-Clause']);
    // The default gem json 2.6.1 of Ruby 3.1 and Debian's ruby-json 2.6.3 are both installed: two packages.
    expect(result.packages.filter((pkg) => pkg.name === 'json').map((pkg) => pkg.version)).toEqual(['2.6.1', '2.6.3']);
  });

  it('wants gemspecs under a specifications directory only', () => {
    const entry = { mode: 0o644, size: 1000 };
    expect(rubyGemspecAnalyzer.wants('/usr/local/bundle/specifications/rack-2.2.22.gemspec', entry)).toBe(true);
    expect(rubyGemspecAnalyzer.wants('/usr/lib/ruby/gems/3.1.0/specifications/default/json-2.6.1.gemspec', entry)).toBe(true);
    expect(rubyGemspecAnalyzer.wants('/app/myapp.gemspec', entry)).toBe(false);
  });

  it('reads a gemspec of a million blank lines in one pass, to a warning', () => {
    const files = new ImageFileSet();
    files.set('/g/specifications/blank-1.0.gemspec', { kind: 'file', content: Buffer.from(`${'\n'.repeat(1_000_000)}s`), mode: 0o644 });
    expect(rubyGemspecAnalyzer.analyze(files, null).warnings).toHaveLength(1);
  });

  it('skips a gemspec without a quoted name or version with a warning', () => {
    const files = new ImageFileSet();
    const real = readFileSync(path.join(root, 'usr/share/rubygems-integration/all/specifications/rack-2.2.22.gemspec'), 'utf8');
    files.set('/g/specifications/rack-2.2.22.gemspec', { kind: 'file', content: Buffer.from(real.replace('s.version = "2.2.22"', 's.version = RACK_VERSION')), mode: 0o644 });
    expect(rubyGemspecAnalyzer.analyze(files, null)).toEqual({
      packages: [],
      warnings: [{ analyzer: 'ruby-gemspec', message: '/g/specifications/rack-2.2.22.gemspec was skipped: it has no quoted name or version assignment' }],
    });
  });
});
