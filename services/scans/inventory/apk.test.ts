import { describe, expect, it } from 'vitest';
import { apkAnalyzer } from './apk.js';
import type { OsRelease } from './inventory.js';
import { readOsRelease } from './os-release.js';
import { imageWith, testdataFile, testdataText } from './testing/image-files.js';

const entry = { mode: 0o644, size: 0 };
const wolfi: OsRelease = { id: 'wolfi', versionId: null, codename: null, prettyName: null };

// An independent reading of OSV-Scalibr's real Alpine database: the records, and each one's first value of a key.
const records = testdataText('alpine/installed')
  .split(/\n\n+/)
  .filter((record) => record.trim() !== '');
const value = (record: string, key: string) => new RegExp(`^${key}:(.*)$`, 'm').exec(record)?.[1];

describe('apk analyzer', () => {
  const alpineImage = () => imageWith({ '/etc/os-release': 'os-release/alpine', '/lib/apk/db/installed': 'alpine/installed' });

  it('lists every record of a real Alpine database with its origin and licence', () => {
    const files = alpineImage();
    const { packages, warnings } = apkAnalyzer.analyze(files, readOsRelease(files));
    expect(warnings).toEqual([]);
    expect(records.length).toBe(15);
    expect(packages.map((found) => [found.name, found.version, found.source, found.licences])).toEqual(
      records.map((record) => [value(record, 'P'), value(record, 'V'), { name: value(record, 'o'), version: value(record, 'V') }, [value(record, 'L')]]),
    );
    expect(packages.every((found) => found.ecosystem === 'alpine' && found.osvEcosystem === 'Alpine:v3.15' && found.installPath === null)).toBe(true);
  });

  it('reads a package built from another origin exactly (libcrypto3 from openssl)', () => {
    const { packages } = apkAnalyzer.analyze(alpineImage(), readOsRelease(alpineImage()));
    const libcrypto = records.find((record) => value(record, 'P') === 'libcrypto3')!;
    expect(packages.find((found) => found.name === 'libcrypto3')).toEqual({
      ecosystem: 'alpine',
      osvEcosystem: 'Alpine:v3.15',
      name: 'libcrypto3',
      version: value(libcrypto, 'V'),
      source: { name: 'openssl', version: value(libcrypto, 'V') },
      purl: `pkg:apk/alpine/libcrypto3@${value(libcrypto, 'V')}?arch=x86_64&distro=3.15.4`,
      installPath: null,
      licences: [value(libcrypto, 'L')],
    });
  });

  it('reads Wolfi’s database under /usr/lib and spells its ecosystem without a release', () => {
    const { packages, warnings } = apkAnalyzer.analyze(imageWith({ '/usr/lib/apk/db/installed': 'alpine/installed' }), wolfi);
    expect(warnings).toEqual([]);
    expect(packages.length).toBe(records.length);
    expect(packages.every((found) => found.ecosystem === 'wolfi' && found.osvEcosystem === 'Wolfi' && found.purl.startsWith('pkg:apk/wolfi/'))).toBe(true);
  });

  it('skips a malformed record with a warning and keeps the rest: the database cut off inside its last record', () => {
    const whole = testdataFile('alpine/installed');
    const cut = whole.subarray(0, whole.lastIndexOf('\nP:') + 3);
    const { packages, warnings } = apkAnalyzer.analyze(imageWith({ '/lib/apk/db/installed': cut }), readOsRelease(alpineImage()));
    expect(packages.length).toBe(records.length - 1);
    expect(warnings).toEqual([{ analyzer: 'apk', message: '/lib/apk/db/installed: 1 record(s) without P: and V: lines (not an apk database record) skipped' }]);
  });

  it('survives a file that is not an apk database (a dpkg status in its place)', () => {
    const { packages, warnings } = apkAnalyzer.analyze(imageWith({ '/lib/apk/db/installed': 'debian-12/var/lib/dpkg/status' }), null);
    expect(packages).toEqual([]);
    expect(warnings.map((warning) => warning.message)).toEqual(['/lib/apk/db/installed: 24 record(s) without P: and V: lines (not an apk database record) skipped']);
  });

  it('wants the two database paths only', () => {
    expect(apkAnalyzer.wants('/lib/apk/db/installed', entry)).toBe(true);
    expect(apkAnalyzer.wants('/usr/lib/apk/db/installed', entry)).toBe(true);
    expect(apkAnalyzer.wants('/lib/apk/db/scripts.tar', entry)).toBe(false);
    expect(apkAnalyzer.wants('/etc/apk/world', entry)).toBe(false);
  });
});
