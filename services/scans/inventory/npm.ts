// npm packages: the installed node_modules/<name>/package.json files (what Trivy reads
// in images) and project lockfiles (package-lock.json v1, v2, v3) for directories that
// have nothing installed beside them, so no package is counted twice. The hidden
// node_modules/.package-lock.json is never read: it repeats the installed package.json
// files next to it.
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, FileWish, InventoryAnalyzer } from './inventory.js';
import { AnalyzerOutput, isRecord, keptFiles, languagePackage, parseJson, stringOf } from './language-package.js';

const ANALYZER = 'npm';
// A package's own package.json is a few kilobytes; a lockfile of a large monorepo tens of megabytes.
const MAX_PACKAGE_JSON_BYTES = 4 * 1024 * 1024;
const MAX_LOCKFILE_BYTES = 64 * 1024 * 1024;
const MAX_LOCKFILE_ENTRIES = 200_000;
// npm nests v1 lockfile dependencies once per conflicting version; real trees stay far below this.
const MAX_V1_DEPTH = 64;

// node_modules/<name>/package.json or node_modules/@scope/<name>/package.json, the
// directories npm installs into. A package.json deeper inside a package (test
// fixtures, examples, nested build output) is not an installed package.
const INSTALLED_PACKAGE_JSON = /\/node_modules\/(?:@[^/]+\/)?[^/@.][^/]*\/package\.json$/;
const PROJECT_LOCKFILE = /\/package-lock\.json$/;

const isInstalledPackageJson = (imagePath: string): boolean => INSTALLED_PACKAGE_JSON.test(imagePath);
const isProjectLockfile = (imagePath: string): boolean => PROJECT_LOCKFILE.test(imagePath) && !imagePath.includes('/node_modules/');

export const npmAnalyzer: InventoryAnalyzer = {
  name: ANALYZER,
  wants(imagePath: string, entry: EntryInfo): FileWish {
    if (isInstalledPackageJson(imagePath)) return entry.size <= MAX_PACKAGE_JSON_BYTES;
    if (isProjectLockfile(imagePath)) return entry.size <= MAX_LOCKFILE_BYTES;
    return false;
  },
  analyze(files: ImageFileSet): AnalyzerResult {
    const output = new AnalyzerOutput(ANALYZER);
    const projectsWithInstalledPackages = new Set<string>();
    for (const { imagePath, content } of keptFiles(files, isInstalledPackageJson)) {
      projectsWithInstalledPackages.add(imagePath.slice(0, imagePath.indexOf('/node_modules/')));
      readInstalledPackage(imagePath, content, output);
    }
    for (const { imagePath, content } of keptFiles(files, isProjectLockfile)) {
      const project = imagePath.slice(0, imagePath.lastIndexOf('/'));
      if (projectsWithInstalledPackages.has(project)) continue;
      readLockfile(imagePath, content, output);
    }
    return output.result();
  },
};

function readInstalledPackage(imagePath: string, content: Buffer, output: AnalyzerOutput): void {
  if (content.length > MAX_PACKAGE_JSON_BYTES) return output.warn(`${imagePath} was skipped: it is larger than ${MAX_PACKAGE_JSON_BYTES} bytes`);
  const parsed = parseJson(content);
  if ('error' in parsed) return output.warn(`${imagePath} was skipped: it is not JSON (${parsed.error})`);
  const manifest = parsed.value;
  if (!isRecord(manifest)) return output.warn(`${imagePath} was skipped: it is not a JSON object`);
  const name = stringOf(manifest.name);
  const version = stringOf(manifest.version);
  // Without a name and a version it names nothing an advisory could be about; Trivy
  // skips it the same way, without a word.
  if (name === undefined || version === undefined) return;
  output.addOrWarn(npmPackage(name, version, imagePath, licencesOf(manifest)), imagePath);
}

function npmPackage(name: string, version: string, recordedAt: string, licences: string[]) {
  const scoped = /^(@[^/]+)\/(.+)$/.exec(name);
  return languagePackage({
    ecosystem: 'npm',
    name,
    version,
    ...(scoped ? { purlNamespace: scoped[1], purlName: scoped[2] } : {}),
    recordedAt,
    licences,
  });
}

/** `license` (an SPDX expression, or the legacy {type}) and the legacy `licenses` list. */
function licencesOf(manifest: Record<string, unknown>): string[] {
  const licences: string[] = [];
  const add = (value: unknown) => {
    const licence = typeof value === 'string' ? value : isRecord(value) ? stringOf(value.type) : undefined;
    if (licence !== undefined) licences.push(licence);
  };
  add(manifest.license);
  if (Array.isArray(manifest.licenses)) manifest.licenses.slice(0, 32).forEach(add);
  return licences;
}

function readLockfile(imagePath: string, content: Buffer, output: AnalyzerOutput): void {
  const parsed = parseJson(content);
  if ('error' in parsed) return output.warn(`${imagePath} was skipped: it is not JSON (${parsed.error})`);
  const lock = parsed.value;
  if (!isRecord(lock)) return output.warn(`${imagePath} was skipped: it is not a JSON object`);
  // v2 holds both `packages` and the v1 `dependencies`; `packages` is the complete one.
  if (isRecord(lock.packages)) return readPackagesSection(imagePath, lock.packages, output);
  if (isRecord(lock.dependencies)) return readDependenciesSection(imagePath, lock.dependencies, output);
  output.warn(`${imagePath} was skipped: it has neither "packages" nor "dependencies"`);
}

/** Lockfile v2 and v3: entries keyed by install location ("node_modules/a/node_modules/b"). */
function readPackagesSection(imagePath: string, packages: Record<string, unknown>, output: AnalyzerOutput): void {
  const locations = Object.keys(packages);
  if (locations.length > MAX_LOCKFILE_ENTRIES) output.warn(`${imagePath} has ${locations.length} entries; only the first ${MAX_LOCKFILE_ENTRIES} were read`);
  for (const location of locations.slice(0, MAX_LOCKFILE_ENTRIES)) {
    const entry = packages[location];
    // "" is the project itself; a location outside node_modules is a workspace of it.
    const marker = location.lastIndexOf('node_modules/');
    if (marker === -1 || !isRecord(entry)) continue;
    // Links point at workspaces (their own entry is read); dev dependencies are not
    // installed in a production image, and Trivy leaves them out by default.
    if (entry.link === true || entry.dev === true) continue;
    const name = stringOf(entry.name) ?? location.slice(marker + 'node_modules/'.length);
    const version = stringOf(entry.version);
    if (version === undefined) continue;
    output.addOrWarn(npmPackage(name, version, imagePath, licencesOf(entry)), `${name} in ${imagePath}`);
  }
}

/** Lockfile v1: nested `dependencies`, each version under the package that needed it. */
function readDependenciesSection(imagePath: string, root: Record<string, unknown>, output: AnalyzerOutput): void {
  const pending: { dependencies: Record<string, unknown>; depth: number }[] = [{ dependencies: root, depth: 0 }];
  let entries = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const [name, entry] of Object.entries(next.dependencies)) {
      if (++entries > MAX_LOCKFILE_ENTRIES) return output.warn(`${imagePath} has more than ${MAX_LOCKFILE_ENTRIES} entries; the rest were not read`);
      if (!isRecord(entry)) continue;
      if (isRecord(entry.dependencies)) {
        if (next.depth + 1 < MAX_V1_DEPTH) pending.push({ dependencies: entry.dependencies, depth: next.depth + 1 });
        else output.warn(`${imagePath}: the dependencies of ${name} nest deeper than ${MAX_V1_DEPTH} levels and were not read`);
      }
      const written = stringOf(entry.version);
      if (entry.dev === true || written === undefined) continue;
      // An alias is installed under its own name but is the aliased registry package.
      const alias = /^npm:((?:@[^/]+\/)?[^@]+)@(.+)$/.exec(written);
      const [packageName, version] = alias?.[1] && alias[2] ? [alias[1], alias[2]] : [name, written];
      // file:, git and tarball URLs are not registry versions advisories name.
      if (/[:/]/.test(version)) continue;
      output.addOrWarn(npmPackage(packageName, version, imagePath, []), `${packageName} in ${imagePath}`);
    }
  }
}
