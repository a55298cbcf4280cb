// Layers already pulled, kept by digest in a directory of the worker's own, so a
// second scan of an image (or of one sharing its base layers) does not download them
// again. Shared by every organization the worker scans for, so a layer is handed out
// only against an AccessProof: the proof that this pull's organization, with its own
// login, just fetched a manifest from the registry that lists the layer. Knowing a
// digest is not access. A blob is stored only once it matched its digest and size,
// and it is checked again each time it is read (the pull's verifier sits on every source).
//
// Beside a layer the cache keeps its extract for a selector (layer-reader.ts): what the
// analyzers kept of it and the paths it replaces. A later pull with the same selector
// applies that instead of decompressing the layer again, as Trivy reuses a layer's
// analysis; it is handed out against the same proof. The extract was made from the
// verified layer; a file that cannot be read back is dropped and the layer read again.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import v8 from 'node:v8';
import type { OrgId } from '../../platform/db/database.js';
import type { LayerExtract } from './layer-reader.js';
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
  /** The layer's extract for the selector `selectorId`, when `proof` lists the layer and one was kept. */
  openExtract(digest: string, selectorId: string, proof: AccessProof): Promise<LayerExtract | undefined>;
  /** Keeps the extract of a verified layer for the selector. */
  keepExtract(digest: string, selectorId: string, extract: LayerExtract): Promise<void>;
}

const fileName = (digest: string): string => digest.replace(':', '-');
const SELECTOR_ID = /^[a-z0-9-]{1,80}$/;
const extractName = (digest: string, selectorId: string): string => {
  if (!isDigest(digest) || !SELECTOR_ID.test(selectorId)) throw new TypeError(`not a digest and selector: ${digest} ${selectorId}`);
  return `${fileName(digest)}.${selectorId}.extract`;
};
const isExtract = (value: unknown): value is LayerExtract =>
  typeof value === 'object' && value !== null && Array.isArray((value as LayerExtract).changes) && Array.isArray((value as LayerExtract).warnings);

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
    async openExtract(digest, selectorId, proof) {
      if (!proofs.has(proof) || !proof.layerDigests.has(digest)) return undefined;
      const file = path.join(directory, extractName(digest, selectorId));
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch {
        return undefined;
      }
      try {
        const extract: unknown = v8.deserialize(bytes);
        if (!isExtract(extract)) throw new TypeError('not an extract');
        const now = new Date();
        await utimes(file, now, now);
        return extract;
      } catch {
        await rm(file, { force: true });
        return undefined;
      }
    },
    async keepExtract(digest, selectorId, extract) {
      const partial = path.join(directory, `partial-${randomUUID()}`);
      await writeFile(partial, v8.serialize(extract), { mode: 0o600 });
      await rename(partial, path.join(directory, extractName(digest, selectorId)));
      await evict();
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
