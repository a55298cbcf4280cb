// apk's database: lib/apk/db/installed (Alpine), usr/lib/apk/db/installed (Wolfi and
// Chainguard since they moved it under /usr): blank-line separated records of `X:value`
// lines (P name, V version, A arch, o origin, L licence; F/R/Z the files, not read).
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, InventoryAnalyzer, InventoryPackage, InventoryWarning, OsRelease } from './inventory.js';
import { blankLineRecords, MAX_PACKAGES_PER_DATABASE, osPackageUrl, osSpellingOf } from './os-packages.js';

const ANALYZER = 'apk';
const DATABASE_PATHS = ['/lib/apk/db/installed', '/usr/lib/apk/db/installed'];

interface ApkRecord {
  name: string;
  version: string;
  arch: string | null;
  origin: string | null;
  licence: string | null;
}

function recordOf(lines: string[]): ApkRecord | null {
  const fields = new Map<string, string>();
  for (const line of lines) {
    // Single-letter keys; the file lists (F:, R:, Z:, a:, M:) repeat and are not read.
    if (line.length < 2 || line[1] !== ':') return null;
    const key = line[0]!;
    if ('PVAoL'.includes(key) && !fields.has(key)) fields.set(key, line.slice(2).trim());
  }
  const name = fields.get('P');
  const version = fields.get('V');
  if (!name || !version) return null;
  return { name, version, arch: fields.get('A') || null, origin: fields.get('o') || null, licence: fields.get('L') || null };
}

export const apkAnalyzer: InventoryAnalyzer = {
  name: ANALYZER,
  wants: (imagePath: string, _entry: EntryInfo) => DATABASE_PATHS.includes(imagePath),
  analyze(files: ImageFileSet, os: OsRelease | null): AnalyzerResult {
    const warnings: InventoryWarning[] = [];
    const records: ApkRecord[] = [];
    const read = new Set<Buffer>();
    for (const databasePath of DATABASE_PATHS) {
      // Both paths may lead to one file (a link between them): the same database, read once.
      const content = files.read(databasePath);
      if (content === undefined || read.has(content)) continue;
      read.add(content);
      const { records: raw, cut } = blankLineRecords(content.toString('utf8'), MAX_PACKAGES_PER_DATABASE);
      let malformed = 0;
      for (const lines of raw) {
        const record = recordOf(lines);
        if (record) records.push(record);
        else malformed++;
      }
      if (malformed > 0) warnings.push({ analyzer: ANALYZER, message: `${databasePath}: ${malformed} record(s) without P: and V: lines (not an apk database record) skipped` });
      if (cut) warnings.push({ analyzer: ANALYZER, message: `${databasePath}: more than ${MAX_PACKAGES_PER_DATABASE} records; the rest is not read` });
    }

    const { spelling, warning } = osSpellingOf(ANALYZER, 'alpine', 'version', files, os, records.length);
    if (warning) warnings.push(warning);
    const packages: InventoryPackage[] = [];
    const seen = new Set<string>();
    for (const record of records) {
      const purl = osPackageUrl('apk', spelling.purlNamespace, record.name, record.version, record.arch, spelling.distro);
      if (purl === null) {
        warnings.push({ analyzer: ANALYZER, message: `package ${JSON.stringify(record.name)} ${JSON.stringify(record.version)}: not a valid package URL, skipped` });
        continue;
      }
      if (seen.has(purl)) continue;
      seen.add(purl);
      packages.push({
        ecosystem: spelling.ecosystem,
        osvEcosystem: spelling.osvEcosystem,
        name: record.name,
        version: record.version,
        // The origin is the aports package the binary was built from; it shares the binary's version.
        source: { name: record.origin ?? record.name, version: record.version },
        purl,
        installPath: null,
        licences: record.licence ? [record.licence] : [],
      });
    }
    return { packages, warnings };
  },
};
