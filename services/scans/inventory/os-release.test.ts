import { describe, expect, it } from 'vitest';
import type { OsRelease } from './inventory.js';
import { alpineBranchOf, osComponentEcosystem, osReleaseWants, osvEcosystemOf, parseOsRelease, readOsRelease } from './os-release.js';
import { imageWith, testdataText } from './testing/image-files.js';

const releaseOf = (file: string): OsRelease => {
  const os = readOsRelease(imageWith({ '/etc/os-release': `os-release/${file}` }));
  if (!os) throw new Error(`${file}: no os-release read`);
  return os;
};

describe('readOsRelease', () => {
  it('reads this machine’s Debian 12 /etc/os-release', () => {
    const fields = parseOsRelease(testdataText('debian-12/etc/os-release'));
    expect(readOsRelease(imageWith({ '/etc/os-release': 'debian-12/etc/os-release' }))).toEqual({
      id: fields.get('ID'),
      versionId: fields.get('VERSION_ID'),
      codename: fields.get('VERSION_CODENAME'),
      prettyName: fields.get('PRETTY_NAME'),
      cpeName: null,
    });
    expect(fields.get('PRETTY_NAME')).toBe('Debian GNU/Linux 12 (bookworm)');
  });

  it('follows /etc/os-release, a symlink to ../usr/lib/os-release as base-files ships it, inside the image', () => {
    const files = imageWith({ '/usr/lib/os-release': 'distroless-debian-12/usr/lib/os-release' }, { '/etc/os-release': '../usr/lib/os-release' });
    expect(readOsRelease(files)).toMatchObject({ id: 'debian', versionId: '12', codename: 'bookworm' });
  });

  it('falls back to /usr/lib/os-release when /etc/os-release is absent or names no ID', () => {
    expect(readOsRelease(imageWith({ '/usr/lib/os-release': 'os-release/alpine' }))).toMatchObject({ id: 'alpine', versionId: '3.15.4' });
    expect(parseOsRelease(testdataText('os-release/no-id')).has('ID')).toBe(false);
    const noId = imageWith({ '/etc/os-release': 'os-release/no-id', '/usr/lib/os-release': 'os-release/rocky' });
    expect(readOsRelease(noId)).toMatchObject({ id: 'rocky', versionId: '9.3' });
    expect(readOsRelease(imageWith({ '/etc/os-release': 'os-release/no-id' }))).toBeNull();
  });

  it('unquotes values and keeps CPE_NAME (Trivy’s RHEL 9.4 os-release)', () => {
    expect(releaseOf('rhel')).toEqual({
      id: 'rhel',
      versionId: '9.4',
      codename: null,
      prettyName: 'Red Hat Enterprise Linux 9.4 (Plow)',
      cpeName: 'cpe:/o:redhat:enterprise_linux:9::baseos',
    });
  });

  it('is null for an image without os-release, or with a binary file in its place', () => {
    expect(readOsRelease(imageWith({}))).toBeNull();
    expect(readOsRelease(imageWith({ '/etc/os-release': 'rpm/Packages_epoch' }))).toBeNull();
  });

  it('wants exactly the os-release paths and apk’s repositories', () => {
    expect(['/etc/os-release', '/usr/lib/os-release', '/etc/apk/repositories'].every(osReleaseWants)).toBe(true);
    expect(['/etc/lsb-release', '/usr/lib/os-release.d/x', '/etc/os-release.bak'].some(osReleaseWants)).toBe(false);
  });
});

describe('osvEcosystemOf', () => {
  it('spells each distribution’s release as OSV’s ecosystems do, from real os-release files', () => {
    expect(osvEcosystemOf(releaseOf('alpine'))).toBe('Alpine:v3.15');
    expect(osvEcosystemOf(releaseOf('rhel'))).toBe('Red Hat:enterprise_linux:9');
    expect(osvEcosystemOf(releaseOf('rocky'))).toBe('Rocky Linux:9');
    expect(osvEcosystemOf(releaseOf('alma'))).toBe('AlmaLinux:9');
    expect(osvEcosystemOf(releaseOf('sles'))).toBe('SUSE:Linux Enterprise Server 15 SP3');
    expect(osvEcosystemOf(releaseOf('opensusetumbleweed'))).toBe('openSUSE:Tumbleweed');
    expect(osvEcosystemOf(readOsRelease(imageWith({ '/etc/os-release': 'debian-12/etc/os-release' }))!)).toBe('Debian:12');
  });

  it('is null where OSV publishes no release: CentOS, Fedora, CBL-Mariner, a beta Leap point release, an os-release without VERSION_ID', () => {
    for (const file of ['centos', 'fedora', 'mariner-2.0', 'opensuseleap-15.2.1', 'no-version']) expect(osvEcosystemOf(releaseOf(file)), file).toBeNull();
  });

  it('adds :LTS to Ubuntu’s long-term releases only', () => {
    const ubuntu = (versionId: string, prettyName: string | null): OsRelease => ({ id: 'ubuntu', versionId, codename: null, prettyName });
    expect(osvEcosystemOf(ubuntu('22.04', 'Ubuntu 22.04.4 LTS'))).toBe('Ubuntu:22.04:LTS');
    expect(osvEcosystemOf(ubuntu('18.04', null))).toBe('Ubuntu:18.04:LTS');
    expect(osvEcosystemOf(ubuntu('23.10', 'Ubuntu 23.10'))).toBe('Ubuntu:23.10');
    expect(osvEcosystemOf(ubuntu('21.04', null))).toBe('Ubuntu:21.04');
  });

  it('leaves Debian testing and unstable (no VERSION_ID) unmatched, and maps a released codename', () => {
    const debian = (versionId: string | null, codename: string | null, prettyName: string | null): OsRelease => ({ id: 'debian', versionId, codename, prettyName });
    expect(osvEcosystemOf(debian(null, 'trixie', 'Debian GNU/Linux trixie/sid'))).toBeNull();
    expect(osvEcosystemOf(debian(null, 'forky', 'Debian GNU/Linux forky/sid'))).toBeNull();
    expect(osvEcosystemOf(debian(null, 'bookworm', 'Debian GNU/Linux 12 (bookworm)'))).toBe('Debian:12');
  });

  it('takes Alpine’s branch from /etc/apk/repositories, the newest named and edge above all, as Trivy does', () => {
    const alpine = releaseOf('alpine');
    // The repositories files of Trivy's own tests (pkg/fanal/analyzer/repo/apk/apk_test.go, Apache-2.0).
    const repositories = (text: string) => imageWith({ '/etc/apk/repositories': Buffer.from(text) });
    expect(osvEcosystemOf(alpine, repositories('http://nl.alpinelinux.org/alpine/v3.7/main'))).toBe('Alpine:v3.7');
    expect(osvEcosystemOf(alpine, repositories('https://dl-cdn.alpinelinux.org/alpine/v3.1/main\nhttps://dl-cdn.alpinelinux.org/alpine/v3.10/main\n'))).toBe('Alpine:v3.10');
    expect(osvEcosystemOf(alpine, repositories('https://dl-cdn.alpinelinux.org/alpine/v3.10/main\nhttps://dl-cdn.alpinelinux.org/alpine/v3.1/main\n'))).toBe('Alpine:v3.10');
    const edge = repositories('https://dl-cdn.alpinelinux.org/alpine/edge/main\nhttps://dl-cdn.alpinelinux.org/alpine/v3.10/main\n');
    expect(alpineBranchOf(edge)).toBe('edge');
    expect(osvEcosystemOf(alpine, edge)).toBeNull();
    expect(alpineBranchOf(repositories('https://dl-cdn.alpinelinux.org/alpine//edge/main'))).toBe('edge');
    // Another distribution's apk repository names no Alpine branch: os-release decides.
    expect(osvEcosystemOf(alpine, repositories('https://distfiles.adelielinux.org/adelie/1.0-beta4/system/'))).toBe('Alpine:v3.15');
  });

  it('names Wolfi and Chainguard without a release', () => {
    const rolling = (id: string): OsRelease => ({ id, versionId: null, codename: null, prettyName: null });
    expect(osvEcosystemOf(rolling('wolfi'))).toBe('Wolfi');
    expect(osvEcosystemOf(rolling('chainguard'))).toBe('Chainguard');
  });
});

describe('osComponentEcosystem', () => {
  it('spells the OS family as the Trivy parser does', () => {
    expect(osComponentEcosystem(releaseOf('rhel'), 'redhat')).toBe('redhat');
    expect(osComponentEcosystem(releaseOf('alma'), 'redhat')).toBe('alma');
    expect(osComponentEcosystem(releaseOf('rocky'), 'redhat')).toBe('rocky');
    expect(osComponentEcosystem(releaseOf('sles'), 'redhat')).toBe('suse linux enterprise server');
    expect(osComponentEcosystem(releaseOf('opensusetumbleweed'), 'redhat')).toBe('opensuse.tumbleweed');
    expect(osComponentEcosystem(null, 'debian')).toBe('debian');
  });
});
