import { describe, expect, it } from 'vitest';
import { createOsAnalyzers, osReleaseWants } from './os-analyzers.js';

const entry = { mode: 0o644, size: 0 };
const databases = [
  '/var/lib/dpkg/status',
  '/var/lib/dpkg/status.d/libc6',
  '/usr/share/doc/bash/copyright',
  '/lib/apk/db/installed',
  '/usr/lib/apk/db/installed',
  '/var/lib/rpm/rpmdb.sqlite',
  '/usr/lib/sysimage/rpm/Packages.db',
  '/var/lib/rpm/Packages',
];

describe('createOsAnalyzers', () => {
  it('gives dpkg, apk and rpm, each wanting only its own database paths, none os-release', async () => {
    const analyzers = await createOsAnalyzers();
    expect(analyzers.map((analyzer) => analyzer.name)).toEqual(['dpkg', 'apk', 'rpm']);
    for (const imagePath of databases) {
      const wanting = analyzers.filter((analyzer) => analyzer.wants(imagePath, entry) !== false).map((analyzer) => analyzer.name);
      expect(wanting, imagePath).toEqual([imagePath.includes('dpkg') || imagePath.includes('/doc/') ? 'dpkg' : imagePath.includes('apk') ? 'apk' : 'rpm']);
    }
    for (const imagePath of ['/etc/os-release', '/usr/lib/os-release', '/etc/apk/repositories']) {
      expect(osReleaseWants(imagePath)).toBe(true);
      expect(analyzers.some((analyzer) => analyzer.wants(imagePath, entry) !== false)).toBe(false);
    }
  });

});
