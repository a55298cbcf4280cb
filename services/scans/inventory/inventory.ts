// The inventory of an image: what is installed, read from the files
// the image holds. Each analyzer says which paths it needs (the pull keeps only those,
// optionally condensed while the layer streams past) and turns the kept files into
// packages. The built-in scanner matches the packages against OSV advisories; the
// Trivy-compatible spelling of ecosystems and install paths keeps fingerprints equal to
// the Trivy adapter's for the same issue.
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { EntryInfo, FileWish } from '../image-pull/layer-reader.js';

/** The distribution an image is built on, from /etc/os-release (or /usr/lib/os-release). */
export interface OsRelease {
  /** os-release ID, lower-cased: debian, ubuntu, alpine, rhel, rocky, almalinux, centos, fedora, opensuse-leap, sles, wolfi, chainguard… */
  id: string;
  /** VERSION_ID as written (12, 22.04, 3.19.1, 9.3); null when absent (debian sid, wolfi). */
  versionId: string | null;
  /** VERSION_CODENAME when present (bookworm, jammy). */
  codename: string | null;
  prettyName: string | null;
  /** CPE_NAME when present (cpe:/o:redhat:enterprise_linux:9::baseos): Red Hat's OSV ecosystem is keyed by it. */
  cpeName?: string | null;
}

export interface InventoryPackage {
  /**
   * The observation's component ecosystem, spelled as the Trivy parser spells it
   * (services/findings/normalize.ts): the OS family for OS packages (debian, ubuntu,
   * alpine, redhat, rocky, alma, centos…), the purl type for language packages (npm,
   * pypi, golang, maven, gem, cargo, composer).
   */
  ecosystem: string;
  /**
   * The OSV ecosystem advisories are keyed by, with the release for OS packages as OSV
   * spells it: 'Debian:12', 'Ubuntu:22.04:LTS', 'Alpine:v3.19', 'Red Hat:…', 'Rocky Linux:9',
   * 'AlmaLinux:9'; 'npm', 'PyPI', 'Go', 'Maven', 'RubyGems', 'crates.io', 'Packagist'.
   * null when the analyzer cannot tell (an OS package of an unknown release): such a
   * package is reported in a warning, never matched against every release.
   */
  osvEcosystem: string | null;
  /** The name as installed: the binary package for OS packages, group:artifact for Maven, the module path for Go. */
  name: string;
  /** The installed version as the ecosystem writes it (dpkg and rpm with their epoch when one is set: 1:2.3-4). */
  version: string;
  /**
   * OS packages: the source package and its version, which distribution advisories name
   * (dpkg Source:, apk o:, the rpm SOURCERPM). Absent for language packages.
   */
  source?: { name: string; version: string };
  /** Package URL (packageurl-js), version included. */
  purl: string;
  /**
   * Where the package is recorded, as Trivy writes PkgPath: image-relative, no leading
   * slash (usr/lib/node_modules/npm/package.json, app/app.jar, usr/local/bin/registry).
   * null for OS packages (Trivy reports none for them).
   */
  installPath: string | null;
  /** Declared licences, as written (SPDX expressions where the package gives one). */
  licences: string[];
}

export interface InventoryWarning {
  /** The analyzer that could not read something. */
  analyzer: string;
  /** In words a person can act on: the file and the reason. */
  message: string;
}

export interface AnalyzerResult {
  packages: InventoryPackage[];
  warnings: InventoryWarning[];
}

export type { EntryInfo, FileWish } from '../image-pull/layer-reader.js';

export interface InventoryAnalyzer {
  readonly name: string;
  /** Decides by the absolute, normalized image path (/var/lib/dpkg/status) and the entry's mode and size. */
  wants(imagePath: string, entry: EntryInfo): FileWish;
  /** Reads the kept files. Never throws on a malformed file: the file is skipped with a warning. */
  analyze(files: ImageFileSet, os: OsRelease | null): AnalyzerResult;
}
