// The files of a pulled image that the analyzers asked for, held in memory: a pull
// writes nothing of an image's content to disk, so no entry of a layer can reach a
// path outside the pull, and the limits (per file, in total) bound the memory it takes.
// Links are kept as links and resolved inside the image's own root, as a chroot would:
// an absolute target or a ".." past the root stays in the image.
import path from 'node:path/posix';

export type ImageFile = { kind: 'file'; content: Buffer; mode: number } | { kind: 'symlink'; target: string };

const MAX_LINK_HOPS = 40;

/** Normalizes a path inside the image: absolute, no ".", "..", or repeated "/"; ".." at the root stays at the root. */
export const imagePath = (raw: string): string => path.normalize(`/${raw}`).replace(/\/+$/, '') || '/';

export class ImageFileSet {
  private readonly entries = new Map<string, ImageFile>();
  private contentBytes = 0;

  /** Every kept path, sorted. */
  paths(): string[] {
    return [...this.entries.keys()].sort();
  }

  get(filePath: string): ImageFile | undefined {
    return this.entries.get(filePath);
  }

  /** Bytes of kept file content. */
  get keptBytes(): number {
    return this.contentBytes;
  }

  /** The content at `filePath`, following kept symbolic links inside the image; undefined when absent or the chain leaves the kept set. */
  read(filePath: string): Buffer | undefined {
    let current = imagePath(filePath);
    for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
      const entry = this.entries.get(current);
      if (entry === undefined) return undefined;
      if (entry.kind === 'file') return entry.content;
      current = imagePath(entry.target.startsWith('/') ? entry.target : path.join(path.dirname(current), entry.target));
    }
    return undefined;
  }

  set(filePath: string, file: ImageFile): void {
    this.delete(filePath);
    this.entries.set(filePath, file);
    if (file.kind === 'file') this.contentBytes += file.content.length;
  }

  delete(filePath: string): void {
    const existing = this.entries.get(filePath);
    if (existing?.kind === 'file') this.contentBytes -= existing.content.length;
    this.entries.delete(filePath);
  }

  /** Removes every kept path strictly below `directory`. */
  deleteBelow(directory: string): void {
    const prefix = directory === '/' ? '/' : `${directory}/`;
    for (const kept of [...this.entries.keys()]) if (kept.startsWith(prefix)) this.delete(kept);
  }

  /** Directories that hold a kept path, so a layer entry can ask in constant time whether it hides any. */
  directoriesHoldingFiles(): Set<string> {
    const directories = new Set<string>();
    for (const kept of this.entries.keys()) {
      for (let directory = path.dirname(kept); !directories.has(directory); directory = path.dirname(directory)) {
        directories.add(directory);
        if (directory === '/') break;
      }
    }
    return directories;
  }
}
