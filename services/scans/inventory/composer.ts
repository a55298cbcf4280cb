// PHP packages: what Composer installed (vendor/composer/installed.json, Composer 1's
// list or Composer 2's {"packages": […]}) and, for projects with nothing installed
// beside them, composer.lock's "packages". composer.lock's "packages-dev" is left out,
// as Trivy does by default: `composer install --no-dev` (how images are built) does not
// install them, and an image that did install them shows them in installed.json.
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, FileWish, InventoryAnalyzer } from './inventory.js';
import { AnalyzerOutput, isRecord, keptFiles, languagePackage, parseJson, stringOf } from './language-package.js';

const ANALYZER = 'composer';
const MAX_FILE_BYTES = 32 * 1024 * 1024;
const MAX_PACKAGES = 100_000;
const INSTALLED_SUFFIX = '/vendor/composer/installed.json';

const isInstalledJson = (imagePath: string): boolean => imagePath.endsWith(INSTALLED_SUFFIX);
// A lockfile some package ships inside vendor/ is that package's development record, not this project's.
const isComposerLock = (imagePath: string): boolean => imagePath.endsWith('/composer.lock') && !imagePath.includes('/vendor/');

export const composerAnalyzer: InventoryAnalyzer = {
  name: ANALYZER,
  wants(imagePath: string, entry: EntryInfo): FileWish {
    return (isInstalledJson(imagePath) || isComposerLock(imagePath)) && entry.size <= MAX_FILE_BYTES;
  },
  analyze(files: ImageFileSet): AnalyzerResult {
    const output = new AnalyzerOutput(ANALYZER);
    const projectsWithInstalledPackages = new Set<string>();
    for (const { imagePath, content } of keptFiles(files, isInstalledJson)) {
      projectsWithInstalledPackages.add(imagePath.slice(0, -INSTALLED_SUFFIX.length));
      const document = readJson(imagePath, content, output);
      if (document === undefined) continue;
      // Composer 1 wrote the list itself; Composer 2 wraps it.
      const packages = Array.isArray(document) ? document : isRecord(document) ? document.packages : undefined;
      if (!Array.isArray(packages)) {
        output.warn(`${imagePath} was skipped: it has no list of packages`);
        continue;
      }
      readPackages(imagePath, packages, output);
    }
    for (const { imagePath, content } of keptFiles(files, isComposerLock)) {
      // The packages installed beside a lockfile are the truth; the lockfile would repeat them.
      if (projectsWithInstalledPackages.has(imagePath.slice(0, imagePath.lastIndexOf('/')))) continue;
      const document = readJson(imagePath, content, output);
      if (document === undefined) continue;
      if (!isRecord(document) || !Array.isArray(document.packages)) {
        output.warn(`${imagePath} was skipped: it has no "packages" list`);
        continue;
      }
      readPackages(imagePath, document.packages, output);
    }
    return output.result();
  },
};

function readJson(imagePath: string, content: Buffer, output: AnalyzerOutput): unknown {
  if (content.length > MAX_FILE_BYTES) {
    output.warn(`${imagePath} was skipped: it is larger than ${MAX_FILE_BYTES} bytes`);
    return undefined;
  }
  const parsed = parseJson(content);
  if ('error' in parsed) {
    output.warn(`${imagePath} was skipped: it is not JSON (${parsed.error})`);
    return undefined;
  }
  return parsed.value;
}

function readPackages(imagePath: string, packages: unknown[], output: AnalyzerOutput): void {
  if (packages.length > MAX_PACKAGES) output.warn(`${imagePath} has ${packages.length} packages; only the first ${MAX_PACKAGES} were read`);
  for (const entry of packages.slice(0, MAX_PACKAGES)) {
    if (!isRecord(entry)) continue;
    const name = stringOf(entry.name);
    const version = stringOf(entry.version);
    if (name === undefined || version === undefined) {
      output.warn(`a package of ${imagePath} was skipped: it has no name or version`);
      continue;
    }
    const slash = name.indexOf('/');
    const licences = Array.isArray(entry.license) ? entry.license.filter((licence): licence is string => typeof licence === 'string') : typeof entry.license === 'string' ? [entry.license] : [];
    output.addOrWarn(
      languagePackage({
        ecosystem: 'composer',
        name,
        version,
        ...(slash > 0 ? { purlNamespace: name.slice(0, slash), purlName: name.slice(slash + 1) } : {}),
        recordedAt: imagePath,
        licences,
      }),
      `${name} in ${imagePath}`,
    );
  }
}
