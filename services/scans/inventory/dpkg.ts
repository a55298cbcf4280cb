// dpkg's database: /var/lib/dpkg/status (deb-control paragraphs, one per package dpkg
// knows, installed or not) and the distroless form, /var/lib/dpkg/status.d/<package>,
// one control file per package with no Status (everything listed is installed).
// Licences come from /usr/share/doc/<package>/copyright, read as Trivy reads them.
import path from 'node:path/posix';
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, FileWish, InventoryAnalyzer, InventoryPackage, InventoryWarning, OsRelease } from './inventory.js';
import { blankLineRecords, MAX_PACKAGES_PER_DATABASE, osPackageUrl, osSpellingOf } from './os-packages.js';

const ANALYZER = 'dpkg';
const STATUS_PATH = '/var/lib/dpkg/status';
const STATUS_DIRECTORY = '/var/lib/dpkg/status.d';
const DOC_DIRECTORY = '/usr/share/doc';
// A DEP-5 file names a few dozen licences at most; the rest of a copyright file is not kept.
const MAX_LICENCE_LINES = 256;

/** Whether a path is one dpkg's analyzer reads, and how. */
export function dpkgWants(imagePath: string): FileWish {
  if (imagePath === STATUS_PATH) return true;
  if (path.dirname(imagePath) === STATUS_DIRECTORY) return !imagePath.endsWith('.md5sums');
  if (path.basename(imagePath) === 'copyright' && path.dirname(path.dirname(imagePath)) === DOC_DIRECTORY) return condenseCopyright;
  return false;
}

/** Keeps only the lines of a copyright file the analyzer reads: `License:` lines and references to /usr/share/common-licenses. */
function condenseCopyright(content: Buffer): Buffer | null {
  const lines = licenceLines(content.toString('utf8'));
  return lines.length > 0 ? Buffer.from(lines.join('\n') + '\n') : null;
}

const COMMON_LICENCE_REFERENCE = /\/?usr\/share\/common-licenses\/([0-9A-Za-z_.+-]+[0-9A-Za-z+])/;

function licenceLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('License:') && !COMMON_LICENCE_REFERENCE.test(line)) continue;
    lines.push(line.trimEnd());
    if (lines.length === MAX_LICENCE_LINES) break;
  }
  return lines;
}

/**
 * The licences a copyright file declares, as Trivy reads them: each `License:` line's
 * value (DEP-5 short names as written: GPL-2+, Artistic) cut at a parenthesis and split
 * at "and", "or" and commas, and each /usr/share/common-licenses/<name> a free-form file
 * refers to; first appearance first. Names are not mapped to SPDX identifiers, and the
 * prose of a file that names no licence this way is not classified.
 */
export function licencesOfCopyright(text: string): string[] {
  const licences = new Set<string>();
  for (const line of licenceLines(text)) {
    if (line.startsWith('License:')) {
      const [value] = line.slice('License:'.length).split('(', 1);
      for (const name of value!.split(/,?[_ ]+(?:or|and)[_ ]+|,[ ]*/)) if (name.trim() !== '') licences.add(name.trim());
    } else {
      licences.add(COMMON_LICENCE_REFERENCE.exec(line)![1]!);
    }
  }
  return [...licences];
}

/** A deb-control paragraph's fields; continuation lines (leading space or tab) belong to the field above. */
function controlFields(lines: string[]): Map<string, string> | null {
  const fields = new Map<string, string>();
  let last: string | null = null;
  for (const line of lines) {
    if (line.startsWith('#')) continue;
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (last === null) return null;
      fields.set(last, `${fields.get(last)!}\n${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    last = line.slice(0, colon).trim();
    fields.set(last, line.slice(colon + 1).trim());
  }
  return fields;
}

interface DpkgRecord {
  name: string;
  version: string;
  arch: string | null;
  source: { name: string; version: string };
}

/** The package a paragraph records, null when it is not installed (`requireStatus`) or lacks a name or version. */
function recordOf(fields: Map<string, string>, requireStatus: boolean): DpkgRecord | 'not-installed' | null {
  if (requireStatus) {
    // Status is "want flag state"; only the state "installed" is on the disk whole.
    const state = fields.get('Status')?.split(/\s+/)[2];
    if (state !== 'installed') return 'not-installed';
  }
  // A multi-arch package may be written qualified (libc6:amd64), as dpkg-query prints it.
  const [name, qualifier] = (fields.get('Package') ?? '').split(':', 2);
  const version = fields.get('Version');
  if (!name || !version) return null;
  const arch = fields.get('Architecture') || qualifier || null;
  // Source: name (version), the version only when it differs from the binary's.
  const sourceMatch = /^(\S+)(?:\s+\((\S+)\))?$/.exec(fields.get('Source') ?? '');
  const source = sourceMatch ? { name: sourceMatch[1]!, version: sourceMatch[2] ?? version } : { name, version };
  return { name, version, arch, source };
}

function readDatabase(
  content: Buffer,
  file: string,
  requireStatus: boolean,
  warnings: InventoryWarning[],
  into: DpkgRecord[],
  budget: { left: number },
): void {
  const { records, cut } = blankLineRecords(content.toString('utf8'), budget.left);
  let malformed = 0;
  for (const lines of records) {
    const fields = controlFields(lines);
    const record = fields ? recordOf(fields, requireStatus) : null;
    if (record === 'not-installed') continue;
    if (record === null) {
      malformed++;
      continue;
    }
    into.push(record);
  }
  budget.left -= records.length;
  if (malformed > 0) warnings.push({ analyzer: ANALYZER, message: `${file}: ${malformed} paragraph(s) without a package name and version (not deb-control) skipped` });
  if (cut) warnings.push({ analyzer: ANALYZER, message: `${file}: more than ${MAX_PACKAGES_PER_DATABASE} paragraphs; the rest is not read` });
}

export const dpkgAnalyzer: InventoryAnalyzer = {
  name: ANALYZER,
  wants: (imagePath: string, _entry: EntryInfo) => dpkgWants(imagePath),
  analyze(files: ImageFileSet, os: OsRelease | null): AnalyzerResult {
    const warnings: InventoryWarning[] = [];
    const records: DpkgRecord[] = [];
    const budget = { left: MAX_PACKAGES_PER_DATABASE };
    const status = files.read(STATUS_PATH);
    if (status !== undefined) readDatabase(status, STATUS_PATH, true, warnings, records, budget);
    for (const kept of files.paths()) {
      if (path.dirname(kept) !== STATUS_DIRECTORY || kept.endsWith('.md5sums')) continue;
      const content = files.read(kept);
      if (content === undefined || budget.left === 0) continue;
      readDatabase(content, kept, false, warnings, records, budget);
    }

    const { spelling, warning } = osSpellingOf(ANALYZER, 'debian', 'family-version', files, os, records.length);
    if (warning) warnings.push(warning);
    const packages: InventoryPackage[] = [];
    const seen = new Set<string>();
    for (const record of records) {
      const purl = osPackageUrl('deb', spelling.purlNamespace, record.name, record.version, record.arch, spelling.distro);
      if (purl === null) {
        warnings.push({ analyzer: ANALYZER, message: `package ${JSON.stringify(record.name)} ${JSON.stringify(record.version)}: not a valid package URL, skipped` });
        continue;
      }
      // status and status.d may both list a package; it is installed once.
      if (seen.has(purl)) continue;
      seen.add(purl);
      const copyright = files.read(`${DOC_DIRECTORY}/${record.name}/copyright`);
      packages.push({
        ecosystem: spelling.ecosystem,
        osvEcosystem: spelling.osvEcosystem,
        name: record.name,
        version: record.version,
        source: record.source,
        purl,
        installPath: null,
        licences: copyright ? licencesOfCopyright(copyright.toString('utf8')) : [],
      });
    }
    return { packages, warnings };
  },
};
