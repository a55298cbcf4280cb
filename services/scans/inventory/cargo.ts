// Rust crates from Cargo.lock: every [[package]] with a name and a version, as Trivy
// reports them (the workspace's own crates included), the lockfile being the install
// path. The TOML is read with smol-toml (a complete TOML 1.0 parser, well kept, no
// dependencies), its nesting depth capped.
import { parse } from 'smol-toml';
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { AnalyzerResult, EntryInfo, FileWish, InventoryAnalyzer } from './inventory.js';
import { AnalyzerOutput, isRecord, keptFiles, languagePackage, stringOf } from './language-package.js';

const ANALYZER = 'cargo';
// Cargo.lock grows about 200 bytes a crate; tens of thousands of crates stay far below this.
const MAX_LOCKFILE_BYTES = 16 * 1024 * 1024;
const MAX_PACKAGES = 100_000;
// A lockfile nests two levels (package → dependencies).
const MAX_TOML_DEPTH = 8;

const isCargoLock = (imagePath: string): boolean => imagePath.endsWith('/Cargo.lock');

export const cargoAnalyzer: InventoryAnalyzer = {
  name: ANALYZER,
  wants(imagePath: string, entry: EntryInfo): FileWish {
    return isCargoLock(imagePath) && entry.size <= MAX_LOCKFILE_BYTES;
  },
  analyze(files: ImageFileSet): AnalyzerResult {
    const output = new AnalyzerOutput(ANALYZER);
    for (const { imagePath, content } of keptFiles(files, isCargoLock)) {
      if (content.length > MAX_LOCKFILE_BYTES) {
        output.warn(`${imagePath} was skipped: it is larger than ${MAX_LOCKFILE_BYTES} bytes`);
        continue;
      }
      let lock: Record<string, unknown>;
      try {
        lock = parse(content.toString('utf8'), { maxDepth: MAX_TOML_DEPTH, unsafeKeyBehaviour: 'drop' });
      } catch (error) {
        output.warn(`${imagePath} was skipped: it is not TOML (${(error as Error).message.split('\n')[0]})`);
        continue;
      }
      // Cargo.lock v1 (before Rust 1.41) wrote the same [[package]] tables.
      const packages = Array.isArray(lock.package) ? lock.package : [];
      if (packages.length > MAX_PACKAGES) output.warn(`${imagePath} has ${packages.length} packages; only the first ${MAX_PACKAGES} were read`);
      for (const entry of packages.slice(0, MAX_PACKAGES)) {
        if (!isRecord(entry)) continue;
        const name = stringOf(entry.name);
        const version = stringOf(entry.version);
        if (name === undefined || version === undefined) {
          output.warn(`a [[package]] of ${imagePath} was skipped: it has no name or version`);
          continue;
        }
        output.addOrWarn(languagePackage({ ecosystem: 'cargo', name, version, recordedAt: imagePath }), `${name} in ${imagePath}`);
      }
    }
    return output.result();
  },
};
