// Runs the analyzers over a pulled image: one selector for the pull (a file is kept
// whole if any analyzer wants it whole, otherwise condensed by the first analyzer whose
// condenser recognizes it), then each analyzer reads the kept files once the
// distribution is known.
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { FileSelector, FileWish } from '../image-pull/layer-reader.js';
import type { InventoryAnalyzer, InventoryPackage, InventoryWarning, OsRelease } from './inventory.js';
import { osReleaseWants, readOsRelease } from './os-release.js';

export interface Inventory {
  os: OsRelease | null;
  packages: InventoryPackage[];
  warnings: InventoryWarning[];
}

export function inventorySelector(analyzers: readonly InventoryAnalyzer[]): FileSelector {
  return (imagePath, entry) => {
    if (osReleaseWants(imagePath)) return true;
    const condensers: Exclude<FileWish, boolean>[] = [];
    for (const analyzer of analyzers) {
      const wish = analyzer.wants(imagePath, entry);
      if (wish === true) return true;
      if (wish !== false) condensers.push(wish);
    }
    if (condensers.length === 0) return false;
    if (condensers.length === 1) return condensers[0]!;
    return (content, path) => {
      for (const condense of condensers) {
        const kept = condense(content, path);
        if (kept !== null) return kept;
      }
      return null;
    };
  };
}

export function readInventory(files: ImageFileSet, analyzers: readonly InventoryAnalyzer[]): Inventory {
  const os = readOsRelease(files);
  const packages: InventoryPackage[] = [];
  const warnings: InventoryWarning[] = [];
  for (const analyzer of analyzers) {
    const result = analyzer.analyze(files, os);
    packages.push(...result.packages);
    warnings.push(...result.warnings);
  }
  return { os, packages, warnings };
}
