// Applies one layer to the files kept so far (OCI image-spec layer.md), reading the
// layer as a stream: decompression (gzip, zstd: Node's zlib) and tar (tar-stream)
// never hold more than one entry's kept content, and entries nobody asked for are
// read past. Whiteouts in a layer hide paths of the layers below it, never its own
// entries, whatever their order in the tar: `.wh.<name>` hides <name> and what is
// below it, `.wh..wh..opq` everything below its directory; any other non-directory
// entry replaces what lower layers had at its path and below it. The markers
// themselves are never kept.
//
// Refused as unsafe: an entry name or hard-link target with a ".." segment (it would
// leave the image's root on a real file system). Symbolic links are kept as text and
// resolved inside the image (image-files.ts), so an absolute or escaping target cannot
// point outside it.
import path from 'node:path/posix';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { ImageFile, ImageFileSet } from './image-files.js';
import { ImagePullError } from './pull-errors.js';

/** What a layer entry looks like before its content is read. */
export interface EntryInfo {
  /** Permission bits (0o755 for an executable). */
  mode: number;
  /** Uncompressed bytes. */
  size: number;
}

/**
 * What the analyzers want of a file: false (nothing), true (the whole file), or a
 * condenser that reduces the content while the layer streams past and returns what to
 * keep (null: nothing, the file is not what the analyzer looks for). A condenser lets
 * an analyzer look inside large files (executables, archives) without the pull holding them.
 */
export type FileWish = boolean | ((content: Buffer, imagePath: string) => Buffer | null);

/** Decides by the absolute, normalized image path (e.g. /var/lib/dpkg/status) and the entry's mode and size. */
export type FileSelector = (imagePath: string, entry: EntryInfo) => FileWish;

export interface LayerLimits {
  /** Uncompressed bytes one layer may expand to (a decompression bomb is cut here). */
  maxUncompressedBytes: number;
  /** Tar entries one layer may hold. */
  maxEntries: number;
  /** A selected file larger than this is skipped with a warning. */
  maxFileBytes: number;
  /** Content kept over the whole image; past it the pull fails. */
  maxKeptBytes: number;
}

type LayerCompression = 'gzip' | 'zstd' | 'none';

export function layerCompression(mediaType: string): LayerCompression {
  if (mediaType.endsWith('+zstd')) return 'zstd';
  if (mediaType.endsWith('+gzip') || mediaType.endsWith('.tar.gzip')) return 'gzip';
  return 'none';
}

const WHITEOUT_PREFIX = '.wh.';
const OPAQUE_MARKER = '.wh..wh..opq';
// AUFS's own bookkeeping (.wh..wh.plnk, .wh..wh.aufs): not whiteouts, never content.
const AUFS_METADATA_PREFIX = '.wh..wh.';

/** The absolute image path a tar entry names, or a refusal when it climbs out of the root. */
export function layerEntryPath(name: string): string {
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new ImagePullError('unsafe_layer', `a layer entry climbs out of the image root: ${JSON.stringify(name.slice(0, 200))}`);
  return `/${segments.join('/')}`;
}

/**
 * What one layer does to the layers below it, in entry order: its whiteouts, the paths
 * its entries replace, and the entries the selector kept (condensed where it asked).
 * Reading a layer produces it; applying it changes the files kept so far. It is all a
 * later pull needs of the layer, so the layer cache keeps it (layer-cache.ts) and a warm
 * scan does not decompress the layer again.
 */
export interface LayerExtract {
  changes: LayerChange[];
  /** What reading skipped (a file larger than the per-file limit). */
  warnings: string[];
}

type LayerChange =
  /** `.wh..wh..opq`: hides what lower layers hold below the directory. */
  | { op: 'opaque'; path: string }
  /** `.wh.<name>`: hides the path and what is below it. */
  | { op: 'whiteout'; path: string }
  /** A directory: replaces a lower file of the same path, not what is below it. */
  | { op: 'directory'; path: string }
  /** Any other entry nobody kept: it still replaces the lower path and what is below it. */
  | { op: 'replace'; path: string }
  | { op: 'file'; path: string; content: Buffer; mode: number }
  | { op: 'symlink'; path: string; target: string }
  | { op: 'link'; path: string; target: string };

/** Reads a layer's compressed bytes from `source` to its extract. */
export async function readLayer(source: Readable, options: { compression: LayerCompression; select: FileSelector; limits: LayerLimits; label: string }): Promise<LayerExtract> {
  const { limits, select, label } = options;
  const changes: LayerChange[] = [];
  const warnings: string[] = [];
  let entries = 0;
  let keptBytes = 0;
  const keep = (bytes: number): void => {
    keptBytes += bytes;
    if (keptBytes > limits.maxKeptBytes) throw new ImagePullError('limit', `the selected files exceed ${limits.maxKeptBytes} bytes`);
  };

  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const finish = (error?: unknown): void => {
      stream.resume();
      stream.once('end', () => next(error === undefined ? undefined : (error as Error)));
    };
    try {
      entries += 1;
      if (entries > limits.maxEntries) throw new ImagePullError('limit', `${label} has more than ${limits.maxEntries} entries`);
      const entryPath = layerEntryPath(header.name);
      if (entryPath === '/') return finish();
      const base = path.basename(entryPath);
      const directory = path.dirname(entryPath);
      if (base === OPAQUE_MARKER) {
        changes.push({ op: 'opaque', path: directory });
        return finish();
      }
      if (base.startsWith(AUFS_METADATA_PREFIX)) return finish();
      if (base.startsWith(WHITEOUT_PREFIX)) {
        // ".wh." alone names nothing; it must not hide its whole directory.
        if (base !== WHITEOUT_PREFIX) changes.push({ op: 'whiteout', path: path.join(directory, base.slice(WHITEOUT_PREFIX.length)) });
        return finish();
      }
      if (header.type === 'directory') {
        changes.push({ op: 'directory', path: entryPath });
        return finish();
      }
      const mode = header.mode ?? 0o644;
      const size = header.size ?? 0;
      const wish = select(entryPath, { mode, size });
      const replace = (): void => void changes.push({ op: 'replace', path: entryPath });
      if (wish === false) {
        replace();
        return finish();
      }
      switch (header.type) {
        case 'file':
        case 'contiguous-file': {
          if (size > limits.maxFileBytes) {
            warnings.push(`${entryPath} in ${label} is ${size} bytes, more than the ${limits.maxFileBytes} read per file; it was skipped`);
            replace();
            return finish();
          }
          // A condensed file is held whole only while it is condensed; what it keeps is counted after.
          if (wish === true) keep(size);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk) => chunks.push(chunk as Buffer));
          stream.once('end', () => {
            try {
              const content = wish === true ? Buffer.concat(chunks) : wish(Buffer.concat(chunks), entryPath);
              if (content === null) replace();
              else {
                if (wish !== true) keep(content.length);
                changes.push({ op: 'file', path: entryPath, content, mode });
              }
              next();
            } catch (error) {
              next(error as Error);
            }
          });
          stream.once('error', next);
          return;
        }
        case 'symlink':
          changes.push({ op: 'symlink', path: entryPath, target: header.linkname ?? '' });
          return finish();
        case 'link':
          changes.push({ op: 'link', path: entryPath, target: layerEntryPath(header.linkname ?? '') });
          return finish();
        default:
          replace();
          return finish();
      }
    } catch (error) {
      finish(error);
    }
  });

  let uncompressed = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      uncompressed += chunk.length;
      if (uncompressed > limits.maxUncompressedBytes) callback(new ImagePullError('limit', `${label} expands to more than ${limits.maxUncompressedBytes} bytes`));
      else callback(null, chunk);
    },
  });
  try {
    // tar-stream reads its input to the end (blocks after the end-of-archive ones are
    // skipped), so the pipeline settles only after the source's digest was checked.
    if (options.compression === 'none') await pipeline(source, counter, extract);
    else await pipeline(source, options.compression === 'gzip' ? zlib.createGunzip() : zlib.createZstdDecompress(), counter, extract);
  } catch (error) {
    if (error instanceof ImagePullError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ImagePullError('integrity', `${label} could not be read as a ${options.compression === 'none' ? '' : `${options.compression}-compressed `}tar stream: ${message}`);
  }
  return { changes, warnings };
}

/**
 * Applies a layer's extract to `files` (the files of the layers below, changed in place).
 * Answers what was skipped: the extract's warnings, and hard links to files nobody kept.
 */
export function applyExtract(files: ImageFileSet, extract: LayerExtract, options: { limits: LayerLimits; label: string }): string[] {
  const warnings = [...extract.warnings];
  const lowerDirectories = files.directoriesHoldingFiles();
  // The layer's own entries are written after its whiteouts, so a whiteout never hides an entry of its own layer.
  const upper = new Map<string, ImageFile>();
  const hideLower = (entryPath: string, withItself: boolean): void => {
    if (withItself) files.delete(entryPath);
    if (lowerDirectories.has(entryPath)) files.deleteBelow(entryPath);
  };
  let upperBytes = 0;
  for (const change of extract.changes) {
    switch (change.op) {
      case 'opaque':
        hideLower(change.path, false);
        break;
      case 'whiteout':
        hideLower(change.path, true);
        break;
      case 'directory':
        if (!lowerDirectories.has(change.path)) files.delete(change.path);
        break;
      case 'replace':
        hideLower(change.path, true);
        upper.delete(change.path);
        break;
      case 'file':
        hideLower(change.path, true);
        upper.set(change.path, { kind: 'file', content: change.content, mode: change.mode });
        break;
      case 'symlink':
        hideLower(change.path, true);
        upper.set(change.path, { kind: 'symlink', target: change.target });
        break;
      case 'link': {
        hideLower(change.path, true);
        const linked = upper.get(change.target) ?? files.get(change.target);
        if (linked?.kind === 'file') upper.set(change.path, linked);
        else {
          upper.delete(change.path);
          warnings.push(`${change.path} in ${options.label} is a hard link to ${change.target}, which was not selected; it was skipped`);
        }
        break;
      }
    }
  }
  for (const file of upper.values()) if (file.kind === 'file') upperBytes += file.content.length;
  if (files.keptBytes + upperBytes > options.limits.maxKeptBytes) throw new ImagePullError('limit', `the selected files exceed ${options.limits.maxKeptBytes} bytes`);
  for (const [entryPath, file] of upper) files.set(entryPath, file);
  return warnings;
}
