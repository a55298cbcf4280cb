// Java archives (.jar, .war, .ear and the .par, .sar, .jpi, .hpi variants), read as
// Trivy reads them offline: every META-INF/maven/<group>/<artifact>/pom.properties is a
// package (a shaded jar holds several); when none of them is the archive's own (named
// like the file, artifact-version.jar), the main section of META-INF/MANIFEST.MF names
// it; nested archives (WEB-INF/lib, BOOT-INF/lib, lib/) are read the same way, their
// install path the outer one joined with the entry's name (app.war/WEB-INF/lib/x.jar).
//
// The condenser does this while the layer streams past and keeps only the facts found,
// as JSON, instead of the archive. Zip reading is fflate's unzipSync, which is
// synchronous as a condenser must be (yauzl, the other well-kept reader, is callback
// based). Its filter sees each entry's declared sizes before anything is inflated, so
// only the small metadata files and the nested archives are inflated, each into a
// buffer of its declared size (a lying entry is cut there, never grown), within a
// depth cap and a total byte budget per archive.
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { DEFAULT_PULL_LIMITS } from '../image-pull/image-pull.js';
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, FileWish, InventoryAnalyzer } from './inventory.js';
import { AnalyzerOutput, baseName, isRecord, keptFiles, languagePackage, parseJson, stringOf } from './language-package.js';

const ANALYZER = 'java-archive';
const ARCHIVE_NAME = /\.(?:jar|war|ear|par|sar|jpi|hpi)$/i;
// OSV-Scalibr stops at 16 levels; real archives nest two or three deep (ear → war → jar).
const MAX_NESTING_DEPTH = 8;
// What one top-level archive may inflate in total: its nested archives and metadata files.
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;
const MAX_METADATA_FILE_BYTES = 1024 * 1024;
const MAX_ENTRIES_PER_ARCHIVE = 200_000;
const MAX_ARTIFACTS = 20_000;
const MAX_WARNINGS = 100;
const CONDENSED_FORMAT = 'sentinel-java-archive/1';
// A zip (and so a jar) starts with a local file header.
const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
const STORED = 0;
const DEFLATED = 8;
// As Trivy reads an artifact's own coordinates from its file name: spring-core-5.3.4-SNAPSHOT.jar.
const JAR_FILE_NAME = /^([a-zA-Z0-9._-]*[^-*])-(\d\S*(?:-SNAPSHOT)?)\.jar$/;

/** What the condenser keeps of one archive and what the analyzer reads back. */
interface CondensedArchive {
  format: typeof CONDENSED_FORMAT;
  artifacts: Artifact[];
  warnings: string[];
}

interface Artifact {
  groupId: string;
  artifactId: string;
  version: string;
  /** The archive (or nested archive) it was found in: /app/app.war/WEB-INF/lib/x.jar. */
  archive: string;
  licences: string[];
}

export const javaArchiveAnalyzer: InventoryAnalyzer = {
  name: ANALYZER,
  wants(imagePath: string, entry: EntryInfo): FileWish {
    if (!ARCHIVE_NAME.test(imagePath) || entry.size > DEFAULT_PULL_LIMITS.maxFileBytes) return false;
    return (content: Buffer, path: string) => {
      const condensed = condenseJavaArchive(content, path);
      return condensed.artifacts.length === 0 && condensed.warnings.length === 0 ? null : Buffer.from(JSON.stringify(condensed));
    };
  },
  analyze(files: ImageFileSet): AnalyzerResult {
    const output = new AnalyzerOutput(ANALYZER);
    for (const { imagePath, content } of keptFiles(files, (imagePath) => ARCHIVE_NAME.test(imagePath))) {
      // An archive kept whole (another analyzer asked for it too) is read here instead.
      const condensed = content.subarray(0, 4).equals(ZIP_MAGIC) ? condenseJavaArchive(content, imagePath) : parseCondensed(content);
      if (condensed === null) {
        output.warn(`${imagePath} was skipped: what was kept of it is neither a zip archive nor its condensed facts`);
        continue;
      }
      condensed.warnings.forEach((warning) => output.warn(warning));
      for (const artifact of condensed.artifacts) {
        output.addOrWarn(
          languagePackage({
            ecosystem: 'maven',
            name: `${artifact.groupId}:${artifact.artifactId}`,
            version: artifact.version,
            purlNamespace: artifact.groupId,
            purlName: artifact.artifactId,
            recordedAt: artifact.archive,
            licences: artifact.licences,
          }),
          `${artifact.groupId}:${artifact.artifactId} in ${artifact.archive}`,
        );
      }
    }
    return output.result();
  },
};

function parseCondensed(content: Buffer): CondensedArchive | null {
  const parsed = parseJson(content);
  if ('error' in parsed || !isRecord(parsed.value) || parsed.value.format !== CONDENSED_FORMAT) return null;
  const { artifacts, warnings } = parsed.value;
  if (!Array.isArray(artifacts) || !Array.isArray(warnings)) return null;
  return {
    format: CONDENSED_FORMAT,
    artifacts: artifacts.filter(isRecord).map((artifact) => ({
      groupId: stringOf(artifact.groupId) ?? '',
      artifactId: stringOf(artifact.artifactId) ?? '',
      version: stringOf(artifact.version) ?? '',
      archive: stringOf(artifact.archive) ?? '',
      licences: Array.isArray(artifact.licences) ? artifact.licences.filter((licence): licence is string => typeof licence === 'string') : [],
    })),
    warnings: warnings.filter((warning): warning is string => typeof warning === 'string'),
  };
}

class ArchiveLimitReached extends Error {}

/** The packages a Java archive holds, its nested archives included, and what could not be read. */
export function condenseJavaArchive(archive: Uint8Array, imagePath: string): CondensedArchive {
  const condensed: CondensedArchive = { format: CONDENSED_FORMAT, artifacts: [], warnings: [] };
  const warn = (message: string) => {
    if (condensed.warnings.length < MAX_WARNINGS) condensed.warnings.push(message);
  };
  const budget = { remaining: MAX_INFLATED_BYTES };
  const pending: { data: Uint8Array; path: string; depth: number }[] = [{ data: archive, path: imagePath, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { data, path, depth } = next;
    const read = readOneArchive(data, path, depth, budget, warn);
    if (read === null) continue;
    condensed.artifacts.push(...read.artifacts.slice(0, MAX_ARTIFACTS - condensed.artifacts.length));
    if (condensed.artifacts.length >= MAX_ARTIFACTS) {
      warn(`${imagePath} holds ${MAX_ARTIFACTS} Java packages or more; the rest were not read`);
      break;
    }
    for (const [name, nested] of read.nested) pending.push({ data: nested, path: `${path}/${name.replace(/^\/+/, '')}`, depth: depth + 1 });
  }
  return condensed;
}

function readOneArchive(data: Uint8Array, path: string, depth: number, budget: { remaining: number }, warn: (message: string) => void): { artifacts: Artifact[]; nested: [string, Uint8Array][] } | null {
  let entries = 0;
  const wanted = (file: UnzipFileInfo): boolean => {
    if (++entries > MAX_ENTRIES_PER_ARCHIVE) throw new ArchiveLimitReached(`${path} has more than ${MAX_ENTRIES_PER_ARCHIVE} entries`);
    const metadata = file.name === 'META-INF/MANIFEST.MF' || baseName(file.name) === 'pom.properties';
    const nested = ARCHIVE_NAME.test(file.name) && !file.name.split('/').includes('..');
    if (!metadata && !nested) return false;
    if (file.compression !== STORED && file.compression !== DEFLATED) {
      warn(`${path}/${file.name} was skipped: its compression method ${file.compression} is not read`);
      return false;
    }
    if (nested && depth + 1 > MAX_NESTING_DEPTH) {
      warn(`${path}/${file.name} was skipped: it is nested deeper than ${MAX_NESTING_DEPTH} archives`);
      return false;
    }
    const bytes = Math.max(file.size, file.originalSize);
    if (metadata && bytes > MAX_METADATA_FILE_BYTES) return false;
    if (bytes > budget.remaining) {
      warn(`${path}/${file.name} was skipped: the archive's nested content exceeds ${MAX_INFLATED_BYTES} bytes`);
      return false;
    }
    budget.remaining -= bytes;
    return true;
  };
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(data, { filter: wanted });
  } catch (error) {
    warn(`${path} was skipped: ${error instanceof ArchiveLimitReached ? error.message : `it is not a readable zip archive (${(error as Error).message})`}`);
    return null;
  }

  const artifacts: Artifact[] = [];
  const nested: [string, Uint8Array][] = [];
  const fromFileName = ownCoordinatesFromFileName(baseName(path));
  let ownPomFound = false;
  for (const [name, content] of Object.entries(unzipped)) {
    if (ARCHIVE_NAME.test(name)) {
      nested.push([name, content]);
      continue;
    }
    if (baseName(name) !== 'pom.properties') continue;
    const properties = javaProperties(Buffer.from(content).toString('utf8'));
    const groupId = properties.get('groupId');
    const artifactId = properties.get('artifactId');
    const version = properties.get('version');
    if (!groupId || !artifactId || !version) continue;
    artifacts.push({ groupId, artifactId, version, archive: path, licences: [] });
    if (fromFileName && fromFileName.artifactId === artifactId && fromFileName.version === version) ownPomFound = true;
  }
  const manifestBytes = unzipped['META-INF/MANIFEST.MF'];
  const manifest = manifestBytes ? manifestMainSection(Buffer.from(manifestBytes).toString('utf8')) : new Map<string, string>();
  if (!ownPomFound) {
    const own = coordinatesFromManifest(manifest);
    if (own) artifacts.push({ ...own, archive: path, licences: [] });
  }
  // The manifest's licences belong to the archive's own package, when exactly one is.
  const own = artifacts.length === 1 ? artifacts[0] : undefined;
  if (own) own.licences = manifestLicences(manifest);
  return { artifacts, nested };
}

function ownCoordinatesFromFileName(fileName: string): { artifactId: string; version: string } | null {
  const match = JAR_FILE_NAME.exec(fileName);
  return match?.[1] && match[2] ? { artifactId: match[1], version: match[2] } : null;
}

/** key=value lines of a .properties file as Maven writes pom.properties; comments skipped. */
function javaProperties(text: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const raw of text.split(/\r?\n/, 1000)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    const separator = line.search(/[=:]/);
    if (separator > 0) properties.set(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
  }
  return properties;
}

/** The manifest's main section (up to the first empty line), continuation lines unfolded, as the JAR specification writes it. */
function manifestMainSection(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const lines = text.split(/\r\n|\r|\n/, 10_000);
  let current: string | null = null;
  const flush = () => {
    if (current === null) return;
    const colon = current.indexOf(':');
    const value = colon > 0 ? current.slice(colon + 1).trim() : '';
    // Unresolved build variables ("Bundle-Name: %bundleName") name nothing.
    if (colon > 0 && value !== '' && !value.startsWith('%')) attributes.set(current.slice(0, colon).trim(), value);
    current = null;
  };
  for (const line of lines) {
    if (line === '') break;
    if (line.startsWith(' ') && current !== null) {
      current += line.slice(1);
      continue;
    }
    flush();
    current = line;
  }
  flush();
  return attributes;
}

/** Trivy's offline reading of a manifest: group, artifact and version each from the first attribute that has one. */
function coordinatesFromManifest(manifest: Map<string, string>): { groupId: string; artifactId: string; version: string } | null {
  const symbolicName = manifest.get('Bundle-SymbolicName')?.split(';')[0]?.trim();
  // An OSGi symbolic name is group.artifact: com.fasterxml.jackson.core.jackson-databind.
  const groupFromSymbolicName = symbolicName && symbolicName.includes('.') ? symbolicName.slice(0, symbolicName.lastIndexOf('.')) : symbolicName;
  const groupId = manifest.get('Implementation-Vendor-Id') ?? groupFromSymbolicName ?? manifest.get('Implementation-Vendor') ?? manifest.get('Specification-Vendor');
  const artifactId = manifest.get('Implementation-Title') ?? manifest.get('Specification-Title') ?? manifest.get('Bundle-Name');
  const version = manifest.get('Implementation-Version') ?? manifest.get('Specification-Version') ?? manifest.get('Bundle-Version');
  return groupId && artifactId && version ? { groupId, artifactId, version } : null;
}

/** Jenkins plugins' Plugin-License-Name attributes, else the identifiers of OSGi Bundle-License entries that are not URLs. */
function manifestLicences(manifest: Map<string, string>): string[] {
  const plugin = [...manifest.entries()].filter(([key]) => /^Plugin-License-Name(?:-\d+)?$/.test(key)).map(([, value]) => value);
  if (plugin.length > 0) return plugin;
  const bundle = manifest.get('Bundle-License');
  if (!bundle) return [];
  return bundle
    .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((entry) => (entry.split(';')[0] ?? '').trim().replace(/^"|"$/g, ''))
    .filter((name) => name !== '' && !/^[a-z]+:\/\//i.test(name) && name !== '<<EXTERNAL>>');
}
