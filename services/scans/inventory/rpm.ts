// rpm's package database: SQLite (rpmdb.sqlite, RHEL 9, Fedora 33+, CBL-Mariner 2,
// Rocky and Alma 9) read with sql.js, SQLite compiled to WebAssembly, from the kept
// buffer; Berkeley DB's hash format (Packages, RHEL up to 8) and SUSE's NDB (Packages.db)
// read here. Each database entry is an rpm header blob (rpm-header.ts).
import path from 'node:path/posix';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, InventoryAnalyzer, InventoryPackage, InventoryWarning, OsRelease } from './inventory.js';
import { MAX_PACKAGES_PER_DATABASE, osPackageUrl, osSpellingOf } from './os-packages.js';
import { berkeleyDbHashValues } from './rpm-berkeleydb.js';
import { ndbHeaderBlobs } from './rpm-ndb.js';
import { parseSourceRpm, readRpmHeader, RpmHeaderError, type RpmHeaderPackage } from './rpm-header.js';

const ANALYZER = 'rpm';
// Where rpm keeps its database: the classic place, /usr since rpm 4.16 moved it
// (openSUSE, Fedora), and CoreOS's read-only copy.
const DATABASE_DIRECTORIES = ['/var/lib/rpm', '/usr/lib/sysimage/rpm', '/usr/share/rpm'];
const SQLITE_FILE = 'rpmdb.sqlite';
const BERKELEY_FILE = 'Packages';
const NDB_FILE = 'Packages.db';
// SQLite's own heap while it reads one database: the pages it caches and the rows it
// returns. A real rpmdb.sqlite of a few thousand packages needs a few MiB.
const SQLITE_HEAP_LIMIT_BYTES = 256 * 1024 * 1024;

/** Whether a path is an rpm database the analyzer reads. */
export function rpmWants(imagePath: string): boolean {
  if (!DATABASE_DIRECTORIES.includes(path.dirname(imagePath))) return false;
  const file = path.basename(imagePath);
  return file === SQLITE_FILE || file === BERKELEY_FILE || file === NDB_FILE;
}

/** The header blobs of an rpm SQLite database (`SELECT blob FROM Packages`). Throws on a database SQLite refuses. */
function sqliteHeaderBlobs(sql: SqlJsStatic, content: Buffer, maxRows: number): { blobs: Uint8Array[]; cut: boolean } {
  const database = new sql.Database(content);
  try {
    // Defences SQLite recommends for database files from elsewhere (sqlite.org/security.html).
    database.exec(`PRAGMA hard_heap_limit=${SQLITE_HEAP_LIMIT_BYTES}; PRAGMA cell_size_check=ON; PRAGMA trusted_schema=OFF; PRAGMA query_only=ON;`);
    const statement = database.prepare('SELECT blob FROM Packages');
    try {
      const blobs: Uint8Array[] = [];
      while (statement.step()) {
        if (blobs.length === maxRows) return { blobs, cut: true };
        const [blob] = statement.get();
        if (blob instanceof Uint8Array) blobs.push(blob);
      }
      return { blobs, cut: false };
    } finally {
      statement.free();
    }
  } finally {
    database.close();
  }
}

function versionOf(header: RpmHeaderPackage): string {
  const epoch = header.epoch !== null && header.epoch > 0 ? `${header.epoch}:` : '';
  return `${epoch}${header.version}-${header.release}`;
}

/** The source package: SOURCERPM's name and version-release, with the binary's epoch (a source rpm's file name has none). */
function sourceOf(header: RpmHeaderPackage): { name: string; version: string } {
  const parsed = header.sourceRpm ? parseSourceRpm(header.sourceRpm) : null;
  if (!parsed) return { name: header.name, version: versionOf(header) };
  const epoch = header.epoch !== null && header.epoch > 0 ? `${header.epoch}:` : '';
  return { name: parsed.name, version: `${epoch}${parsed.version}-${parsed.release}` };
}

function headersOf(sql: SqlJsStatic, databasePath: string, content: Buffer, warnings: InventoryWarning[]): RpmHeaderPackage[] {
  let blobs: Uint8Array[];
  let skippedEntries = 0;
  const file = path.basename(databasePath);
  try {
    if (file === SQLITE_FILE) {
      const read = sqliteHeaderBlobs(sql, content, MAX_PACKAGES_PER_DATABASE);
      blobs = read.blobs;
      if (read.cut) warnings.push({ analyzer: ANALYZER, message: `${databasePath}: more than ${MAX_PACKAGES_PER_DATABASE} packages; the rest is not read` });
    } else if (file === BERKELEY_FILE) {
      const read = berkeleyDbHashValues(content, MAX_PACKAGES_PER_DATABASE);
      blobs = read.values;
      skippedEntries = read.skipped;
    } else {
      const read = ndbHeaderBlobs(content, MAX_PACKAGES_PER_DATABASE);
      blobs = read.blobs;
      skippedEntries = read.skipped;
    }
  } catch (error) {
    // sql.js throws plain Errors (SQLITE_CORRUPT, SQLITE_NOTADB); the readers here their own; a read past a buffer a RangeError.
    const reason = error instanceof Error ? error.message : String(error);
    warnings.push({ analyzer: ANALYZER, message: `${databasePath}: not a readable rpm database (${reason}), skipped` });
    return [];
  }
  const headers: RpmHeaderPackage[] = [];
  let malformed = 0;
  for (const blob of blobs) {
    try {
      headers.push(readRpmHeader(blob));
    } catch (error) {
      if (!(error instanceof RpmHeaderError) && !(error instanceof RangeError)) throw error;
      malformed++;
    }
  }
  if (malformed + skippedEntries > 0) {
    warnings.push({ analyzer: ANALYZER, message: `${databasePath}: ${malformed + skippedEntries} malformed package entr${malformed + skippedEntries === 1 ? 'y' : 'ies'} skipped` });
  }
  return headers;
}

function createAnalyzer(sql: SqlJsStatic): InventoryAnalyzer {
  return {
    name: ANALYZER,
    wants: (imagePath: string, _entry: EntryInfo) => rpmWants(imagePath),
    analyze(files: ImageFileSet, os: OsRelease | null): AnalyzerResult {
      const warnings: InventoryWarning[] = [];
      // rpm reads one database, so a second one is a leftover (a Berkeley DB left behind
      // by the conversion to SQLite): the first present is read, the newest format first.
      // A path that links to one already found (/var/lib/rpm → /usr/lib/sysimage/rpm) is the same database.
      const present = new Map<Buffer, string>();
      for (const directory of DATABASE_DIRECTORIES) {
        for (const file of [SQLITE_FILE, NDB_FILE, BERKELEY_FILE]) {
          const content = files.read(`${directory}/${file}`);
          if (content !== undefined && !present.has(content)) present.set(content, `${directory}/${file}`);
        }
      }
      const [database, ...leftovers] = present;
      if (leftovers.length > 0) {
        warnings.push({ analyzer: ANALYZER, message: `${leftovers.map(([, leftover]) => leftover).join(', ')}: not read, as rpm would not: ${database![1]} is the image's rpm database` });
      }
      const headers = database ? headersOf(sql, database[1], database[0], warnings) : [];
      // gpg-pubkey entries are the keys rpm trusts, recorded as packages; nothing is installed.
      const installed = headers.filter((header) => header.name !== 'gpg-pubkey');

      const { spelling, warning } = osSpellingOf(ANALYZER, 'redhat', 'family-version', files, os, installed.length);
      if (warning) warnings.push(warning);
      const packages: InventoryPackage[] = [];
      const seen = new Set<string>();
      for (const header of installed) {
        const version = versionOf(header);
        const purl = osPackageUrl('rpm', spelling.purlNamespace, header.name, version, header.arch, spelling.distro);
        if (purl === null) {
          warnings.push({ analyzer: ANALYZER, message: `package ${JSON.stringify(header.name)} ${JSON.stringify(version)}: not a valid package URL, skipped` });
          continue;
        }
        if (seen.has(purl)) continue;
        seen.add(purl);
        packages.push({
          ecosystem: spelling.ecosystem,
          osvEcosystem: spelling.osvEcosystem,
          name: header.name,
          version,
          source: sourceOf(header),
          purl,
          installPath: null,
          licences: header.license ? [header.license] : [],
        });
      }
      return { packages, warnings };
    },
  };
}

let sqlJs: Promise<SqlJsStatic> | undefined;

/**
 * The rpm analyzer. Asynchronous because SQLite's WebAssembly is compiled once per
 * process before the first database is read; analyze itself is synchronous, as every
 * analyzer's is.
 */
export async function createRpmAnalyzer(): Promise<InventoryAnalyzer> {
  sqlJs ??= initSqlJs().catch((error: unknown) => {
    sqlJs = undefined;
    throw error;
  });
  return createAnalyzer(await sqlJs);
}
