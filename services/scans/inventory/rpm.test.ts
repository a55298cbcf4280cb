import { beforeAll, describe, expect, it } from 'vitest';
import type { InventoryAnalyzer, InventoryPackage } from './inventory.js';
import { readOsRelease } from './os-release.js';
import { berkeleyDbHashValues } from './rpm-berkeleydb.js';
import { readRpmHeader, RpmHeaderError } from './rpm-header.js';
import { ndbHeaderBlobs } from './rpm-ndb.js';
import { createRpmAnalyzer, rpmWants } from './rpm.js';
import { imageWith, testdataFile, testdataText } from './testing/image-files.js';

let rpm: InventoryAnalyzer;
beforeAll(async () => {
  rpm = await createRpmAnalyzer();
});

/**
 * What rpm itself lists for a database: `rpm -qa` with a tab-separated query format
 * (testdata/README.md), or go-rpmdb's expectations for the NDB database, each line
 * NAME, EPOCHNUM, VERSION, RELEASE, ARCH, SOURCERPM, LICENSE.
 */
function rpmListing(file: string): Array<Pick<InventoryPackage, 'name' | 'version' | 'source' | 'licences'> & { arch: string }> {
  return testdataText(file)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [name, epoch, version, release, arch, sourceRpm, licence] = line.split('\t') as [string, string, string, string, string, string, string];
      const epochPrefix = epoch === '0' ? '' : `${epoch}:`;
      // The source rpm's file name: <name>-<version>-<release>.src.rpm, read from the right.
      const sourceParts = sourceRpm.replace(/\.src\.rpm$/, '').split('-');
      const sourceRelease = sourceParts.pop()!;
      const sourceVersion = sourceParts.pop()!;
      return {
        name,
        version: `${epochPrefix}${version}-${release}`,
        arch,
        source: { name: sourceParts.join('-'), version: `${epochPrefix}${sourceVersion}-${sourceRelease}` },
        licences: [licence],
      };
    });
}

const comparable = (packages: InventoryPackage[]) =>
  packages.map((found) => ({ name: found.name, version: found.version, arch: /[?&]arch=([^&]+)/.exec(found.purl)?.[1], source: found.source, licences: found.licences }));

describe('rpm analyzer', () => {
  it('reads CBL-Mariner 2.0’s SQLite database exactly as rpm lists it', () => {
    const files = imageWith({ '/etc/os-release': 'os-release/mariner-2.0', '/var/lib/rpm/rpmdb.sqlite': 'rpm/rpmdb.sqlite.gz' });
    const { packages, warnings } = rpm.analyze(files, readOsRelease(files));
    const expected = rpmListing('rpm/rpmdb.sqlite.rpm-qa.tsv');
    expect(expected.length).toBe(129);
    expect(comparable(packages)).toEqual(expected);
    expect(packages.find((found) => found.name === 'curl')).toEqual({
      ecosystem: 'cbl-mariner',
      osvEcosystem: null,
      name: 'curl',
      version: '7.76.0-6.cm2',
      source: { name: 'curl', version: '7.76.0-6.cm2' },
      purl: 'pkg:rpm/cbl-mariner/curl@7.76.0-6.cm2?arch=x86_64&distro=cbl-mariner-2.0',
      installPath: null,
      licences: ['MIT'],
    });
    // OSV has no CBL-Mariner release spelled from os-release: listed, not matched, said once.
    expect(warnings).toEqual([{ analyzer: 'rpm', message: expect.stringMatching(/^129 rpm packages of .*\(mariner 2\.0\): no OSV advisory release is known/) }]);
  });

  it('keeps the epoch in the version and gives it to the source, whose file name has none', () => {
    const listing = rpmListing('rpm/rpmdb.sqlite.rpm-qa.tsv').filter((found) => found.version.includes(':'));
    expect(listing.length).toBeGreaterThan(0);
    const files = imageWith({ '/usr/lib/sysimage/rpm/rpmdb.sqlite': 'rpm/rpmdb.sqlite.gz' });
    const { packages } = rpm.analyze(files, readOsRelease(imageWith({ '/etc/os-release': 'os-release/mariner-2.0' })));
    expect(packages.find((found) => found.name === 'ca-certificates-base')).toMatchObject({
      version: '1:2.0.0-1.cm2',
      source: { name: 'ca-certificates', version: '1:2.0.0-1.cm2' },
      purl: 'pkg:rpm/cbl-mariner/ca-certificates-base@2.0.0-1.cm2?arch=noarch&distro=cbl-mariner-2.0&epoch=1',
    });
  });

  it('reads Berkeley DB databases: RHEL 8’s libuuid and OSV-Scalibr’s package with an epoch', () => {
    const files = imageWith({ '/etc/os-release': 'os-release/rhel', '/var/lib/rpm/Packages': 'rpm/Packages' });
    const { packages, warnings } = rpm.analyze(files, readOsRelease(files));
    expect(warnings).toEqual([]);
    expect(comparable(packages)).toEqual(rpmListing('rpm/Packages.rpm-qa.tsv'));
    expect(packages[0]).toEqual({
      ecosystem: 'redhat',
      osvEcosystem: 'Red Hat:enterprise_linux:9',
      name: 'libuuid',
      version: '2.32.1-42.el8_8',
      source: { name: 'util-linux', version: '2.32.1-42.el8_8' },
      purl: 'pkg:rpm/redhat/libuuid@2.32.1-42.el8_8?arch=x86_64&distro=redhat-9.4',
      installPath: null,
      licences: ['BSD'],
    });

    const epoch = rpm.analyze(imageWith({ '/var/lib/rpm/Packages': 'rpm/Packages_epoch' }), readOsRelease(files));
    expect(comparable(epoch.packages)).toEqual(rpmListing('rpm/Packages_epoch.rpm-qa.tsv'));
    expect(epoch.packages[0]).toMatchObject({ name: 'hello', version: '1:0.0.1-rls', source: { name: 'hello', version: '1:0.0.1-rls' } });
  });

  it('reads SUSE’s NDB database (SLE 15 SP3 BCI) as go-rpmdb’s tests expect it', () => {
    const files = imageWith({ '/etc/os-release': 'os-release/sles', '/usr/lib/sysimage/rpm/Packages.db': 'rpm/Packages.db.gz' });
    const { packages, warnings } = rpm.analyze(files, readOsRelease(files));
    expect(warnings).toEqual([]);
    const expected = rpmListing('rpm/Packages.db.go-rpmdb.tsv').filter((found) => found.name !== 'gpg-pubkey');
    expect(expected.length).toBe(35);
    expect(comparable(packages)).toEqual(expected);
    expect(packages.find((found) => found.name === 'libgmp10')).toMatchObject({
      ecosystem: 'suse linux enterprise server',
      osvEcosystem: 'SUSE:Linux Enterprise Server 15 SP3',
      source: { name: 'gmp', version: '6.1.2-4.6.1' },
      purl: 'pkg:rpm/suse/libgmp10@6.1.2-4.6.1?arch=x86_64&distro=sles-15.3',
    });
  });

  it('reads the one database rpm would: the newest format present, a link to it counted once', () => {
    const files = imageWith(
      { '/usr/lib/sysimage/rpm/rpmdb.sqlite': 'rpm/rpmdb.sqlite.gz', '/var/lib/rpm/Packages': 'rpm/Packages' },
      { '/var/lib/rpm/rpmdb.sqlite': '../../../usr/lib/sysimage/rpm/rpmdb.sqlite' },
    );
    const { packages, warnings } = rpm.analyze(files, readOsRelease(imageWith({ '/etc/os-release': 'os-release/rhel' })));
    expect(packages.length).toBe(129);
    expect(packages.find((found) => found.name === 'libuuid')).toBeUndefined();
    expect(warnings).toEqual([{ analyzer: 'rpm', message: "/var/lib/rpm/Packages: not read, as rpm would not: /var/lib/rpm/rpmdb.sqlite is the image's rpm database" }]);
  });

  describe('malformed databases are skipped with a warning, never a crash or a hang', () => {
    const only = (imagePath: string, content: Buffer) => rpm.analyze(imageWith({ [imagePath]: content }), null);

    it('a SQLite database cut in half', () => {
      const whole = testdataFile('rpm/rpmdb.sqlite.gz');
      const { packages, warnings } = only('/var/lib/rpm/rpmdb.sqlite', whole.subarray(0, whole.length / 2));
      expect(packages.length).toBeLessThan(129);
      expect(warnings.map((warning) => warning.message)).toContainEqual(expect.stringMatching(/^\/var\/lib\/rpm\/rpmdb\.sqlite: not a readable rpm database \(.+\), skipped$/));
    });

    it('a file that is not SQLite, Berkeley DB or NDB at all', () => {
      const status = testdataFile('debian-12/var/lib/dpkg/status');
      for (const imagePath of ['/var/lib/rpm/rpmdb.sqlite', '/var/lib/rpm/Packages', '/usr/lib/sysimage/rpm/Packages.db']) {
        const { packages, warnings } = only(imagePath, status);
        expect(packages).toEqual([]);
        expect(warnings).toEqual([{ analyzer: 'rpm', message: expect.stringMatching(new RegExp(`^${imagePath}: not a readable rpm database \\(.+\\), skipped$`)) }]);
      }
    });

    it('a Berkeley DB overflow chain that loops, or runs past the end of the file', () => {
      const looping = Buffer.from(testdataFile('rpm/Packages'));
      const pageSize = looping.readUInt32LE(20);
      // The header's last overflow page (22) made to point back at its first (3).
      expect(looping[22 * pageSize + 25]).toBe(7);
      looping.writeUInt32LE(3, 22 * pageSize + 16);
      expect(berkeleyDbHashValues(looping, 10)).toEqual({ values: [], skipped: 1 });
      expect(only('/var/lib/rpm/Packages', looping).warnings).toEqual([{ analyzer: 'rpm', message: '/var/lib/rpm/Packages: 1 malformed package entry skipped' }]);

      const truncated = testdataFile('rpm/Packages').subarray(0, 10 * pageSize);
      expect(berkeleyDbHashValues(truncated, 10)).toEqual({ values: [], skipped: 1 });
    });

    it('an NDB database whose blobs are cut off', () => {
      const whole = testdataFile('rpm/Packages.db.gz');
      const { blobs, skipped } = ndbHeaderBlobs(whole.subarray(0, Math.floor(whole.length / 2)), 1000);
      expect(blobs.length).toBeGreaterThan(0);
      expect(skipped).toBeGreaterThan(0);
      expect(blobs.length + skipped).toBe(ndbHeaderBlobs(whole, 1000).blobs.length);
    });

    it('a header blob cut short', () => {
      const [blob] = berkeleyDbHashValues(testdataFile('rpm/Packages'), 10).values;
      expect(readRpmHeader(blob!).name).toBe('libuuid');
      expect(() => readRpmHeader(blob!.subarray(0, blob!.length - 100))).toThrow(RpmHeaderError);
      expect(() => readRpmHeader(blob!.subarray(0, 4))).toThrow(RpmHeaderError);
    });
  });

  it('wants the three database files in rpm’s three database directories', () => {
    for (const directory of ['/var/lib/rpm', '/usr/lib/sysimage/rpm', '/usr/share/rpm']) {
      for (const file of ['rpmdb.sqlite', 'Packages', 'Packages.db']) expect(rpmWants(`${directory}/${file}`)).toBe(true);
      expect(rpmWants(`${directory}/rpmdb.sqlite-shm`)).toBe(false);
      expect(rpmWants(`${directory}/Name`)).toBe(false);
    }
    expect(rpmWants('/var/lib/dpkg/Packages')).toBe(false);
  });
});
