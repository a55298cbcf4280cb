// Test-only: writes images as an OCI image layout (image-spec image-layout.md) that
// skopeo copies into a registry, so the tests need no Docker. Layers are real tar
// streams (tar-stream's packer) compressed with gzip, zstd or nothing; the content is
// what the test gives, taken from this machine's own files.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { Platform } from '../manifests.js';

export type LayerEntry =
  | { name: string; type?: 'file'; content: string | Buffer; mode?: number }
  | { name: string; type: 'directory' }
  | { name: string; type: 'symlink' | 'link'; linkname: string };

export interface LayerSpec {
  entries: LayerEntry[];
  compression: 'gzip' | 'zstd' | 'none';
}

export interface ImageSpec {
  platform: Platform;
  layers: LayerSpec[];
}

export interface Blob {
  mediaType: string;
  digest: string;
  size: number;
  bytes: Buffer;
}

const layerMediaTypes = {
  gzip: 'application/vnd.oci.image.layer.v1.tar+gzip',
  zstd: 'application/vnd.oci.image.layer.v1.tar+zstd',
  none: 'application/vnd.oci.image.layer.v1.tar',
} as const;

export async function tarOf(entries: readonly LayerEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk) => chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve, reject) => {
    pack.on('end', () => resolve());
    pack.on('error', reject);
  });
  for (const entry of entries) {
    if (entry.type === 'directory') pack.entry({ name: entry.name, type: 'directory', mode: 0o755 });
    else if ('linkname' in entry) pack.entry({ name: entry.name, type: entry.type, linkname: entry.linkname });
    else pack.entry({ name: entry.name, mode: entry.mode ?? 0o644 }, Buffer.from(entry.content));
  }
  pack.finalize();
  await ended;
  return Buffer.concat(chunks);
}

const blobOf = (mediaType: string, bytes: Buffer): Blob => ({ mediaType, bytes, size: bytes.length, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}` });

export async function layerBlob(spec: LayerSpec): Promise<Blob> {
  const raw = await tarOf(spec.entries);
  const bytes = spec.compression === 'gzip' ? zlib.gzipSync(raw) : spec.compression === 'zstd' ? zlib.zstdCompressSync(raw) : raw;
  return blobOf(layerMediaTypes[spec.compression], bytes);
}

const descriptor = ({ mediaType, digest, size }: Blob) => ({ mediaType, digest, size });

export interface WrittenImage {
  manifest: Blob;
  config: Blob;
  layers: Blob[];
}

/**
 * Writes `images` under `directory` tagged `tag`: one image as its manifest, several
 * as an index of them. Returns what was written, by image.
 */
export async function writeOciLayout(directory: string, tag: string, images: readonly ImageSpec[]): Promise<{ images: WrittenImage[]; index: Blob | undefined }> {
  mkdirSync(path.join(directory, 'blobs', 'sha256'), { recursive: true });
  const save = (blob: Blob): Blob => {
    writeFileSync(path.join(directory, 'blobs', 'sha256', blob.digest.slice(7)), blob.bytes);
    return blob;
  };
  const written: WrittenImage[] = [];
  for (const image of images) {
    const layers = await Promise.all(image.layers.map(async (spec) => save(await layerBlob(spec))));
    const diffIds = await Promise.all(image.layers.map(async (spec) => `sha256:${createHash('sha256').update(await tarOf(spec.entries)).digest('hex')}`));
    const config = save(
      blobOf(
        'application/vnd.oci.image.config.v1+json',
        Buffer.from(JSON.stringify({ ...image.platform, config: {}, rootfs: { type: 'layers', diff_ids: diffIds }, history: image.layers.map(() => ({ created_by: 'sentinel test' })) })),
      ),
    );
    const manifest = save(
      blobOf(
        'application/vnd.oci.image.manifest.v1+json',
        Buffer.from(JSON.stringify({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.manifest.v1+json', config: descriptor(config), layers: layers.map(descriptor) })),
      ),
    );
    written.push({ manifest, config, layers });
  }
  const refName = { 'org.opencontainers.image.ref.name': tag };
  let index: Blob | undefined;
  let top: object;
  if (written.length === 1 && written[0] !== undefined) {
    top = { ...descriptor(written[0].manifest), annotations: refName };
  } else {
    index = save(
      blobOf(
        'application/vnd.oci.image.index.v1+json',
        Buffer.from(
          JSON.stringify({
            schemaVersion: 2,
            mediaType: 'application/vnd.oci.image.index.v1+json',
            manifests: written.map((image, position) => ({ ...descriptor(image.manifest), platform: images[position]?.platform })),
          }),
        ),
      ),
    );
    top = { ...descriptor(index), annotations: refName };
  }
  writeFileSync(path.join(directory, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }));
  writeFileSync(path.join(directory, 'index.json'), JSON.stringify({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.index.v1+json', manifests: [top] }));
  return { images: written, index };
}
