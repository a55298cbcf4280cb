import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImageFileSet } from '../image-pull/image-files.js';
import { condenseJavaArchive, javaArchiveAnalyzer } from './java-archive.js';
import { imageFilesFrom, keepAsPulled, testdataDirectory } from './testing/language-testdata.js';

const root = testdataDirectory('maven', 'root');
const archive = (relative: string) => readFileSync(path.join(root, relative));
const summary = (packages: { name: string; version: string; installPath: string | null }[]) => packages.map((pkg) => `${pkg.installPath} ${pkg.name}@${pkg.version}`).sort();

describe('java-archive analyzer on real archives from Maven Central', () => {
  const files = imageFilesFrom(root, javaArchiveAnalyzer);
  const result = javaArchiveAnalyzer.analyze(files, null);

  it('reports pom.properties packages, each nested jar at its path inside the war, and the manifest of a jar without pom.properties', () => {
    expect(summary(result.packages)).toEqual([
      'app/jolokia-war-1.7.2.war org.jolokia:jolokia-war@1.7.2',
      'app/jolokia-war-1.7.2.war/WEB-INF/lib/jolokia-core-1.7.2.jar org.jolokia:jolokia-core@1.7.2',
      'app/jolokia-war-1.7.2.war/WEB-INF/lib/jolokia-jsr160-1.7.2.jar org.jolokia:jolokia-jsr160@1.7.2',
      'app/jolokia-war-1.7.2.war/WEB-INF/lib/json-simple-1.1.1.jar com.googlecode.json-simple:json-simple@1.1.1',
      // The shaded agent jar carries the pom.properties of what it bundles.
      'opt/jolokia/jolokia-jvm-1.7.2.jar com.googlecode.json-simple:json-simple@1.1.1',
      'opt/jolokia/jolokia-jvm-1.7.2.jar org.jolokia:jolokia-core@1.7.2',
      'opt/jolokia/jolokia-jvm-1.7.2.jar org.jolokia:jolokia-jvm@1.7.2',
      // Built by Ant, no pom.properties: the manifest's Implementation-Vendor-Id, -Title and -Version, as Trivy reads them offline.
      'usr/share/java/activation-1.1.1.jar com.sun:Sun Java System Application Server@1.1.1',
      'usr/share/java/slf4j-api-2.0.9.jar org.slf4j:slf4j-api@2.0.9',
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('spells Maven packages as Trivy and OSV do', () => {
    expect(result.packages.find((pkg) => pkg.name === 'org.slf4j:slf4j-api')).toEqual({
      ecosystem: 'maven',
      osvEcosystem: 'Maven',
      name: 'org.slf4j:slf4j-api',
      version: '2.0.9',
      purl: 'pkg:maven/org.slf4j/slf4j-api@2.0.9',
      installPath: 'usr/share/java/slf4j-api-2.0.9.jar',
      // Bundle-License is a URL there, which names no SPDX identifier without a URL table.
      licences: [],
    });
  });

  it('keeps a few hundred bytes of facts instead of each archive', () => {
    for (const kept of ['/app/jolokia-war-1.7.2.war', '/opt/jolokia/jolokia-jvm-1.7.2.jar']) {
      expect(files.read(kept)!.length).toBeLessThan(1500);
      expect(archive(kept.slice(1)).length).toBeGreaterThan(300_000);
    }
  });

  it('reads a jar renamed away from artifact-version.jar by its pom.properties and, as Trivy does, its manifest', () => {
    const renamed = new ImageFileSet();
    keepAsPulled(renamed, javaArchiveAnalyzer, '/app/lib/logging.jar', archive('usr/share/java/slf4j-api-2.0.9.jar'), 0o644);
    // Bundle-SymbolicName slf4j.api gives the group "slf4j", Implementation-Title the artifact.
    expect(summary(javaArchiveAnalyzer.analyze(renamed, null).packages)).toEqual(['app/lib/logging.jar org.slf4j:slf4j-api@2.0.9', 'app/lib/logging.jar slf4j:slf4j-api@2.0.9']);
  });

  it('reads an archive that was kept whole', () => {
    const whole = new ImageFileSet();
    whole.set('/srv/jolokia-war-1.7.2.war', { kind: 'file', content: archive('app/jolokia-war-1.7.2.war'), mode: 0o644 });
    expect(javaArchiveAnalyzer.analyze(whole, null).packages).toHaveLength(4);
  });

  it('warns and goes on for a truncated archive, and stops nesting at eight levels', () => {
    const jar = archive('usr/share/java/slf4j-api-2.0.9.jar');
    const truncated = condenseJavaArchive(jar.subarray(0, jar.length - 100), '/a/slf4j-api-2.0.9.jar');
    expect(truncated.artifacts).toEqual([]);
    expect(truncated.warnings).toHaveLength(1);
    expect(truncated.warnings[0]).toMatch(/^\/a\/slf4j-api-2\.0\.9\.jar was skipped: it is not a readable zip archive/);

    let nested: Uint8Array = jar;
    for (let level = 0; level < 10; level++) nested = zipSync({ 'lib/inner.jar': nested });
    const deep = condenseJavaArchive(nested, '/a/outer.jar');
    expect(deep.artifacts).toEqual([]);
    expect(deep.warnings).toEqual([`/a/outer.jar${'/lib/inner.jar'.repeat(8)}/lib/inner.jar was skipped: it is nested deeper than 8 archives`]);
  });

  it('skips what the pull kept that is neither an archive nor condensed facts', () => {
    const odd = new ImageFileSet();
    odd.set('/a/x.jar', { kind: 'file', content: Buffer.from('{"format":"other"}'), mode: 0o644 });
    expect(javaArchiveAnalyzer.analyze(odd, null).warnings.map((warning) => warning.message)).toEqual([
      '/a/x.jar was skipped: what was kept of it is neither a zip archive nor its condensed facts',
    ]);
  });

  it('wants Java archives by name, within the pull limit', () => {
    expect(typeof javaArchiveAnalyzer.wants('/app/app.war', { mode: 0o644, size: 1000 })).toBe('function');
    expect(typeof javaArchiveAnalyzer.wants('/var/jenkins_home/plugins/git.hpi', { mode: 0o644, size: 1000 })).toBe('function');
    expect(javaArchiveAnalyzer.wants('/app/app.zip', { mode: 0o644, size: 1000 })).toBe(false);
    expect(javaArchiveAnalyzer.wants('/app/app.jar', { mode: 0o644, size: 65 * 1024 * 1024 })).toBe(false);
  });
});
