import { describe, expect, it } from 'vitest';
import { dpkgAnalyzer, dpkgWants, licencesOfCopyright } from './dpkg.js';
import type { FileWish, InventoryPackage, OsRelease } from './inventory.js';
import { readOsRelease } from './os-release.js';
import { imageWith, testdataFile, testdataText } from './testing/image-files.js';

const entry = { mode: 0o644, size: 0 };
const debian12: OsRelease = { id: 'debian', versionId: '12', codename: 'bookworm', prettyName: 'Debian GNU/Linux 12 (bookworm)' };
const ubuntu1804: OsRelease = { id: 'ubuntu', versionId: '18.04', codename: 'bionic', prettyName: null };

// An independent reading of a dpkg status file: the paragraphs, and each one's fields by a plain regular expression.
const paragraphsOf = (text: string) => text.split(/\n\n+/).filter((paragraph) => paragraph.trim() !== '');
const field = (paragraph: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(paragraph)?.[1];
const byName = (packages: InventoryPackage[], name: string) => packages.filter((found) => found.name === name);

const docPackages = ['bash', 'bsdutils', 'coreutils', 'dash', 'libbz2-1.0', 'libcap2', 'libssl3', 'tzdata', 'zlib1g', 'base-files', 'libc6'];
const debianImage = () =>
  imageWith({
    '/etc/os-release': 'debian-12/etc/os-release',
    '/var/lib/dpkg/status': 'debian-12/var/lib/dpkg/status',
    ...Object.fromEntries(docPackages.map((name) => [`/usr/share/doc/${name}/copyright`, `debian-12/usr/share/doc/${name}/copyright`])),
  });

describe('dpkg analyzer: /var/lib/dpkg/status', () => {
  it('lists every installed paragraph of this machine’s Debian 12 database (a verbatim subset)', () => {
    const files = debianImage();
    const text = testdataText('debian-12/var/lib/dpkg/status');
    const installed = paragraphsOf(text).filter((paragraph) => field(paragraph, 'Status') === 'install ok installed');
    const { packages, warnings } = dpkgAnalyzer.analyze(files, readOsRelease(files));

    expect(warnings).toEqual([]);
    expect(installed.length).toBe(24);
    expect(packages.map((found) => `${found.name}@${found.version}`).sort()).toEqual(installed.map((paragraph) => `${field(paragraph, 'Package')}@${field(paragraph, 'Version')}`).sort());
    expect(packages.every((found) => found.ecosystem === 'debian' && found.osvEcosystem === 'Debian:12' && found.installPath === null)).toBe(true);
  });

  it('reads bash exactly: the binNMU version, its source and version from Source:, the DEP-5 licences', () => {
    const { packages } = dpkgAnalyzer.analyze(debianImage(), debian12);
    const bashParagraph = paragraphsOf(testdataText('debian-12/var/lib/dpkg/status')).find((paragraph) => field(paragraph, 'Package') === 'bash')!;
    expect(field(bashParagraph, 'Source')).toBe('bash (5.2.15-2)');
    expect(byName(packages, 'bash')).toEqual([
      {
        ecosystem: 'debian',
        osvEcosystem: 'Debian:12',
        name: 'bash',
        version: '5.2.15-2+b8',
        source: { name: 'bash', version: '5.2.15-2' },
        purl: 'pkg:deb/debian/bash@5.2.15-2+b8?arch=amd64&distro=debian-12',
        installPath: null,
        licences: licencesOfCopyright(testdataText('debian-12/usr/share/doc/bash/copyright')),
      },
    ]);
    expect(byName(packages, 'bash')[0]!.licences).toContain('GPL-3+');
  });

  it('keeps epochs in the version (the purl moves it to a qualifier, as Trivy writes it) and takes the source version as written', () => {
    const { packages } = dpkgAnalyzer.analyze(debianImage(), debian12);
    expect(byName(packages, 'libcap2')[0]).toMatchObject({
      version: '1:2.66-4+deb12u2+b2',
      source: { name: 'libcap2', version: '1:2.66-4+deb12u2' },
      purl: 'pkg:deb/debian/libcap2@2.66-4+deb12u2+b2?arch=amd64&distro=debian-12&epoch=1',
    });
    // Source without a version: the binary's version is the source's.
    expect(byName(packages, 'libc6')[0]).toMatchObject({ version: '2.36-9+deb12u14', source: { name: 'glibc', version: '2.36-9+deb12u14' } });
    // No Source at all: the package is its own source.
    expect(byName(packages, 'coreutils')[0]).toMatchObject({ source: { name: 'coreutils', version: '9.1-1' } });
    expect(byName(packages, 'zlib1g')[0]).toMatchObject({ version: '1:1.2.13.dfsg-1', source: { name: 'zlib', version: '1:1.2.13.dfsg-1' }, licences: ['Zlib'] });
  });

  it('reads licences as Trivy does: License: lines split at and/or, common-licenses references in free-form files', () => {
    expect(licencesOfCopyright(testdataText('debian-12/usr/share/doc/libcap2/copyright'))).toEqual(['BSD-3-clause', 'GPL-2', 'GPL-2+']);
    const libc6 = testdataText('debian-12/usr/share/doc/libc6/copyright');
    expect(libc6.startsWith('Format:')).toBe(false);
    expect(licencesOfCopyright(libc6).length).toBeGreaterThan(0);
    for (const licence of licencesOfCopyright(libc6)) expect(libc6).toContain(`/usr/share/common-licenses/${licence}`);
    // A package without a copyright file in the image has no licence.
    const { packages } = dpkgAnalyzer.analyze(debianImage(), debian12);
    expect(byName(packages, 'apt')[0]!.licences).toEqual([]);
  });

  it('leaves out what is not installed: Trivy’s Ubuntu 18.04 database with git removed (config-files)', () => {
    const text = testdataText('ubuntu-18.04/var/lib/dpkg/status');
    const paragraphs = paragraphsOf(text);
    const git = paragraphs.find((paragraph) => field(paragraph, 'Package') === 'git')!;
    expect(field(git, 'Status')).toBe('deinstall ok config-files');
    const { packages, warnings } = dpkgAnalyzer.analyze(imageWith({ '/var/lib/dpkg/status': 'ubuntu-18.04/var/lib/dpkg/status' }), ubuntu1804);

    expect(warnings).toEqual([]);
    expect(packages.length).toBe(paragraphs.filter((paragraph) => field(paragraph, 'Status') === 'install ok installed').length);
    expect(packages.length).toBe(paragraphs.length - 1);
    expect(byName(packages, 'git')).toEqual([]);
    expect(byName(packages, 'fdisk')[0]).toMatchObject({
      ecosystem: 'ubuntu',
      osvEcosystem: 'Ubuntu:18.04:LTS',
      version: '2.31.1-0.4ubuntu3.1',
      source: { name: 'util-linux', version: '2.31.1-0.4ubuntu3.1' },
      purl: 'pkg:deb/ubuntu/fdisk@2.31.1-0.4ubuntu3.1?arch=amd64&distro=ubuntu-18.04',
    });
  });

  it('skips a malformed paragraph with a warning and keeps the rest: the database cut off mid-field', () => {
    const whole = testdataFile('debian-12/var/lib/dpkg/status');
    const cut = whole.subarray(0, whole.indexOf('Versi', whole.lastIndexOf('Package: ')) + 'Versi'.length);
    const { packages, warnings } = dpkgAnalyzer.analyze(imageWith({ '/var/lib/dpkg/status': cut }), debian12);
    expect(packages.length).toBe(23);
    expect(warnings).toEqual([{ analyzer: 'dpkg', message: expect.stringMatching(/^\/var\/lib\/dpkg\/status: 1 paragraph\(s\) .* skipped$/) }]);
  });

  it('survives a file that is not deb-control at all (an rpm Berkeley DB in its place)', () => {
    const { packages, warnings } = dpkgAnalyzer.analyze(imageWith({ '/var/lib/dpkg/status': 'rpm/Packages_epoch' }), debian12);
    expect(packages).toEqual([]);
    expect(warnings.map((warning) => warning.message)).toEqual([expect.stringMatching(/^\/var\/lib\/dpkg\/status: \d+ paragraph\(s\) without a package name/)]);
  });

  it('warns once, and leaves the OSV ecosystem unset, when the image names no distribution', () => {
    const { packages, warnings } = dpkgAnalyzer.analyze(imageWith({ '/var/lib/dpkg/status': 'debian-12/var/lib/dpkg/status' }), null);
    expect(packages.length).toBe(24);
    expect(packages.every((found) => found.osvEcosystem === null && found.ecosystem === 'debian')).toBe(true);
    expect(packages[0]!.purl).not.toContain('distro=');
    expect(warnings).toEqual([{ analyzer: 'dpkg', message: '24 dpkg packages in an image without /etc/os-release or /usr/lib/os-release: the release is unknown, so they are not matched' }]);
  });
});

describe('dpkg analyzer: distroless status.d', () => {
  const statusD = ['base-files', 'libc6', 'libssl3', 'netbase', 'tzdata'];
  const distroless = () =>
    imageWith(
      {
        '/usr/lib/os-release': 'distroless-debian-12/usr/lib/os-release',
        ...Object.fromEntries(
          statusD.flatMap((name) => [
            [`/var/lib/dpkg/status.d/${name}`, `distroless-debian-12/var/lib/dpkg/status.d/${name}`],
            [`/var/lib/dpkg/status.d/${name}.md5sums`, `distroless-debian-12/var/lib/dpkg/status.d/${name}.md5sums`],
          ]),
        ),
      },
      { '/etc/os-release': '../usr/lib/os-release' },
    );

  it('reads one control file per package (no Status) and skips the md5sums beside them', () => {
    const files = distroless();
    const { packages, warnings } = dpkgAnalyzer.analyze(files, readOsRelease(files));
    expect(warnings).toEqual([]);
    const expected = statusD.map((name) => {
      const control = testdataText(`distroless-debian-12/var/lib/dpkg/status.d/${name}`);
      expect(field(control, 'Status')).toBeUndefined();
      return `${field(control, 'Package')}@${field(control, 'Version')}`;
    });
    expect(packages.map((found) => `${found.name}@${found.version}`).sort()).toEqual(expected.sort());
    expect(byName(packages, 'libssl3')[0]).toMatchObject({ osvEcosystem: 'Debian:12', source: { name: 'openssl' }, purl: expect.stringMatching(/^pkg:deb\/debian\/libssl3@.*\?arch=amd64&distro=debian-12$/) });
    expect(byName(packages, 'tzdata')[0]!.purl).toContain('arch=all');
  });

  it('lists a package once when status and status.d both record it', () => {
    const files = distroless();
    files.set('/var/lib/dpkg/status', { kind: 'file', content: testdataFile('distroless-debian-12/var/lib/dpkg/status.d/libc6'), mode: 0o644 });
    const { packages } = dpkgAnalyzer.analyze(files, debian12);
    // status requires Status: installed, which a control file lacks; status.d's copy is the one listed.
    expect(byName(packages, 'libc6').length).toBe(1);
  });
});

describe('dpkgWants', () => {
  const condense = (wish: FileWish, content: Buffer, imagePath: string) => (typeof wish === 'function' ? wish(content, imagePath) : wish);

  it('keeps the databases, not md5sums, and condenses copyright files to the lines read', () => {
    expect(dpkgWants('/var/lib/dpkg/status')).toBe(true);
    expect(dpkgWants('/var/lib/dpkg/status.d/libc6')).toBe(true);
    expect(dpkgWants('/var/lib/dpkg/status.d/libc6.md5sums')).toBe(false);
    expect(dpkgWants('/var/lib/dpkg/status-old')).toBe(false);
    expect(dpkgWants('/usr/share/doc/bash/README')).toBe(false);
    expect(dpkgAnalyzer.wants('/usr/share/doc/bash/copyright', entry)).toBeTypeOf('function');

    const copyright = testdataFile('debian-12/usr/share/doc/bash/copyright');
    const condensed = condense(dpkgWants('/usr/share/doc/bash/copyright'), copyright, '/usr/share/doc/bash/copyright') as Buffer;
    expect(condensed.length).toBeLessThan(copyright.length / 4);
    expect(licencesOfCopyright(condensed.toString('utf8'))).toEqual(licencesOfCopyright(copyright.toString('utf8')));
  });
});
