// Test support: lays a directory of real files out as an image's kept files, passing
// each through the analyzer's own wants() (and its condenser) as a pull would.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImageFileSet } from '../../image-pull/image-files.js';
import type { InventoryAnalyzer } from '../inventory.js';

export const testdataDirectory = (...segments: string[]): string => path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'testdata', ...segments);

function* filesBelow(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesBelow(full);
    else if (entry.isFile()) yield full;
  }
}

/** Adds one file as the pull would: asked of wants(), kept whole or condensed. */
export function keepAsPulled(files: ImageFileSet, analyzer: InventoryAnalyzer, imagePath: string, content: Buffer, mode: number): void {
  const wish = analyzer.wants(imagePath, { mode, size: content.length });
  if (wish === false) return;
  const kept = wish === true ? content : wish(content, imagePath);
  if (kept !== null) files.set(imagePath, { kind: 'file', content: kept, mode });
}

/** The files under `root` as an image holds them (root is the image's "/"), kept by the analyzer's wishes. */
export function imageFilesFrom(root: string, analyzer: InventoryAnalyzer): ImageFileSet {
  const files = new ImageFileSet();
  for (const file of filesBelow(root)) {
    const imagePath = `/${path.relative(root, file).split(path.sep).join('/')}`;
    keepAsPulled(files, analyzer, imagePath, readFileSync(file), statSync(file).mode & 0o7777);
  }
  return files;
}

/** Every file under `root`, image-relative as Trivy writes install paths. */
export const relativePathsBelow = (root: string): string[] => [...filesBelow(root)].map((file) => path.relative(root, file).split(path.sep).join('/')).sort();
