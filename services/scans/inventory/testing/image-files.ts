// Test images for the analyzers: real files from testdata/ placed at the paths an image holds them.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ImageFileSet } from '../../image-pull/image-files.js';

const testdata = new URL('../testdata/', import.meta.url);

/** A testdata file's bytes; `.gz` files (the larger rpm databases) are stored compressed and returned as their content. */
export function testdataFile(relativePath: string): Buffer {
  const content = readFileSync(new URL(relativePath, testdata));
  return relativePath.endsWith('.gz') ? gunzipSync(content) : content;
}

export function testdataText(relativePath: string): string {
  return testdataFile(relativePath).toString('utf8');
}

/** An image holding each testdata file at its image path, and the given symlinks. */
export function imageWith(files: Record<string, string | Buffer>, symlinks: Record<string, string> = {}): ImageFileSet {
  const set = new ImageFileSet();
  for (const [imagePath, source] of Object.entries(files)) {
    set.set(imagePath, { kind: 'file', content: typeof source === 'string' ? testdataFile(source) : source, mode: 0o644 });
  }
  for (const [imagePath, target] of Object.entries(symlinks)) set.set(imagePath, { kind: 'symlink', target });
  return set;
}
