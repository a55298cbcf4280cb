// Layers already pulled, kept by digest in a directory of the worker's own, so a
// second scan of an image (or of one sharing its base layers) does not download them
// again. Shared by every organization the worker scans for, so a layer is handed out
// only against an AccessProof: the proof that this pull's organization, with its own
// login, just fetched a manifest from the registry that lists the layer. Knowing a
// digest is not access. A blob is stored only once it matched its digest and size,
// and it is checked again each time it is read (the pull's verifier sits on every source).
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { OrgId } from '../../platform/db/database.js';
import { isDigest } from './manifests.js';

const proofs = new WeakSet<AccessProof>();

/** What one organization's successful manifest request showed it may read. Made only by the pull (image-pull.ts). */
export class AccessProof {
  private constructor(
    readonly orgId: OrgId,
    readonly layerDigests: ReadonlySet<string>,
  ) {}

  /** Issued by the pull right after the organization's own manifest request succeeded. */
  static afterManifestRequest(orgId: OrgId, layerDigests: readonly string[]): AccessProof {
    const proof = new AccessProof(orgId, new Set(layerDigests));
    proofs.add(proof);
    return proof;
  }
}

export interface LayerCache {
  /** The cached layer, when `proof` (from this pull's own manifest request) lists it. */
  open(digest: string, proof: AccessProof): Promise<Readable | undefined>;
  /** Drops a cached layer (one that no longer matched its digest when read). */
  forget(digest: string): Promise<void>;
  /** A writer for a layer being downloaded; `commit` keeps it once the pull verified it (unless writing failed), `discard` drops it. */
  writer(digest: string): { stream: WriteStream; commit(): Promise<void>; discard(): Promise<void> };
}

const fileName = (digest: string): string => digest.replace(':', '-');

/** A cache under `directory` (created if missing) holding at most `maxBytes`; the least recently used layers go first. */
export function createLayerCache(options: { directory: string; maxBytes: number }): LayerCache {
  const { directory, maxBytes } = options;
  mkdirSync(directory, { recursive: true, mode: 0o700 });

  async function evict(): Promise<void> {
    const names = (await readdir(directory)).filter((name) => name.startsWith('sha256-'));
    const layers = await Promise.all(names.map(async (name) => ({ name, ...(await stat(path.join(directory, name))) })));
    layers.sort((a, b) => b.mtimeMs - a.mtimeMs);
    let kept = 0;
    for (const layer of layers) {
      kept += layer.size;
      if (kept > maxBytes) await rm(path.join(directory, layer.name), { force: true });
    }
  }

  return {
    async open(digest, proof) {
      if (!proofs.has(proof) || !proof.layerDigests.has(digest) || !isDigest(digest)) return undefined;
      const file = path.join(directory, fileName(digest));
      try {
        const now = new Date();
        await utimes(file, now, now);
      } catch {
        return undefined;
      }
      return createReadStream(file);
    },
    async forget(digest) {
      if (isDigest(digest)) await rm(path.join(directory, fileName(digest)), { force: true });
    },
    writer(digest) {
      if (!isDigest(digest)) throw new TypeError(`not a digest: ${digest}`);
      const partial = path.join(directory, `partial-${randomUUID()}`);
      const stream = createWriteStream(partial, { mode: 0o600 });
      const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
      stream.on('error', () => undefined);
      return {
        stream,
        async commit() {
          if (!stream.closed) stream.end();
          await closed;
          if (stream.errored) {
            await rm(partial, { force: true });
            return;
          }
          await rename(partial, path.join(directory, fileName(digest)));
          await evict();
        },
        async discard() {
          stream.destroy();
          await closed;
          await rm(partial, { force: true });
        },
      };
    },
  };
}
