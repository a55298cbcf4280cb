// The image pull: the files an image's analyzers ask for, read from
// a registry over the OCI distribution protocol. The public entry of this folder; the
// built-in scanner (services/scans) is its caller.
//
//   manifest (tag or digest) ─► index? ─► the platform's manifest ─► config ─► layers in order
//
// Every byte is checked before it is trusted: a manifest fetched by digest must hash to
// it (by tag, to the Docker-Content-Digest the registry announced), a manifest chosen
// from an index and every blob must match their descriptor's digest and size, and the
// pull fails on the first mismatch. Sizes are bounded before reading (manifests, config,
// layers compressed and uncompressed, kept files) and the whole pull has one time limit.
// Nothing of the image is written to disk except verified layers in the layer cache,
// whose file names are digests.
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { OrgId } from '../../platform/db/database.js';
import type { Config } from '../../platform/config.js';
import type { ResolveAll } from '../../platform/egress/destination-policy.js';
import type { RegistryLogin } from '../registry-logins.js';
import { ImageFileSet } from './image-files.js';
import { AccessProof, type LayerCache } from './layer-cache.js';
import { applyExtract, layerCompression, readLayer, type FileSelector, type LayerExtract, type LayerLimits } from './layer-reader.js';
import { CONFIG_MEDIA_TYPES, LAYER_MEDIA_TYPES, MANIFEST_ACCEPT, formatPlatform, isDigest, parseManifest, parsePlatform, selectPlatform, type Descriptor, type Platform } from './manifests.js';
import { ImagePullError } from './pull-errors.js';
import { createRegistryClient, readLimited, sha256Digest, type RegistryClient } from './registry-client.js';
import { createRegistryTransport } from './registry-transport.js';

export { ImageFileSet, type ImageFile } from './image-files.js';
export { createLayerCache, type LayerCache } from './layer-cache.js';
export type { EntryInfo, FileSelector, FileWish } from './layer-reader.js';
export { ImagePullError, type ImagePullFailure } from './pull-errors.js';

interface PullLimits extends LayerLimits {
  maxManifestBytes: number;
  maxConfigBytes: number;
  /** Compressed bytes of one layer. */
  maxLayerBytes: number;
  maxLayers: number;
  /** The whole pull: every request, every layer. */
  timeoutMs: number;
}

export const DEFAULT_PULL_LIMITS: PullLimits = {
  // distribution's own limit for a manifest it accepts.
  maxManifestBytes: 4 * 1024 * 1024,
  maxConfigBytes: 8 * 1024 * 1024,
  maxLayerBytes: 4 * 1024 * 1024 * 1024,
  maxUncompressedBytes: 16 * 1024 * 1024 * 1024,
  maxLayers: 256,
  maxEntries: 1_000_000,
  maxFileBytes: 64 * 1024 * 1024,
  maxKeptBytes: 512 * 1024 * 1024,
  timeoutMs: 15 * 60_000,
};

export const DEFAULT_PLATFORM = 'linux/amd64';

interface ImagePullerOptions {
  /**
   * The egress policy's settings for registries: SCAN_REGISTRY_ALLOW_PRIVATE, the test-only switch
   * for loopback registries (refused in production), and SCAN_REGISTRY_CA_FILE.
   */
  config: Pick<Config, 'scanRegistryAllowPrivate' | 'scanRegistryTrustedCaPem'>;
  /** Resolves names; the system resolver unless given (tests). */
  lookup?: ResolveAll;
  cache?: LayerCache;
  limits?: Partial<PullLimits>;
}

export interface PullRequest {
  /** The organization the pull is for: its login, and what the layer cache may hand it. */
  orgId: OrgId;
  /** host[:port] as the image reference names it (docker.io for Docker Hub). */
  registry: string;
  /** The repository path, library/ already added for Docker Hub's official images. */
  repository: string;
  /** A tag or a sha256 digest. */
  reference: string;
  /** The organization's login for the registry, if it has one. */
  login?: RegistryLogin;
  /** os/architecture[/variant] chosen from an index; linux/amd64 when absent. */
  platform?: string;
  select: FileSelector;
  /**
   * Names what `select` keeps (inventorySelectorId), so the layer cache may hand a later pull with
   * the same selector a layer's extract instead of the layer; without it, layers are always read.
   */
  selectorId?: string;
  signal?: AbortSignal;
}

interface PulledLayer {
  digest: string;
  size: number;
  mediaType: string;
  /** Read from the layer cache rather than the registry. */
  cached: boolean;
}

interface PulledImage {
  /** The digest of the image manifest read (the platform's, when the reference named an index). */
  manifestDigest: string;
  /** Its media type: OCI's image manifest or Docker's v2 schema 2. */
  manifestMediaType: string;
  /** The digest of the index the platform was chosen from, when there was one. */
  indexDigest: string | null;
  /** The platform the image's configuration declares. */
  platform: Platform;
  layers: PulledLayer[];
  files: ImageFileSet;
  /** What was skipped (a file too large, a hard link to an unselected file). */
  warnings: string[];
}

export interface ImagePuller {
  pull(request: PullRequest): Promise<PulledImage>;
  close(): void;
}

export function createImagePuller(options: ImagePullerOptions): ImagePuller {
  const limits: PullLimits = { ...DEFAULT_PULL_LIMITS, ...options.limits };
  const transport = createRegistryTransport({ allowPrivate: options.config.scanRegistryAllowPrivate, trustedCaPem: options.config.scanRegistryTrustedCaPem, lookup: options.lookup });

  async function pull(request: PullRequest): Promise<PulledImage> {
    const wanted = parsePlatform(request.platform ?? DEFAULT_PLATFORM);
    const signal = AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), ...(request.signal ? [request.signal] : [])]);
    const client = createRegistryClient({ transport, registry: request.registry, repository: request.repository, login: request.login, signal });
    try {
      return await pullWith(client, request, wanted);
    } catch (error) {
      // Whichever request or stream the time limit cut, the failure is the limit.
      if (signal.aborted && request.signal?.aborted !== true) {
        throw new ImagePullError('limit', `the pull of ${request.registry}/${request.repository} ran past its time limit of ${limits.timeoutMs} ms`);
      }
      throw error;
    }
  }

  async function pullWith(client: RegistryClient, request: PullRequest, wanted: Platform): Promise<PulledImage> {
    const top = await fetchManifest(client, request.reference, undefined);
    let manifest = top;
    let indexDigest: string | null = null;
    if (top.parsed.kind === 'index') {
      const entry = selectPlatform(top.parsed.manifests, wanted);
      indexDigest = top.digest;
      manifest = await fetchManifest(client, entry.digest, entry);
      if (manifest.parsed.kind !== 'image') throw new ImagePullError('unsupported', 'an index entry names another index');
    }
    if (manifest.parsed.kind !== 'image') throw new ImagePullError('unsupported', 'the manifest is not an image manifest');
    const { config, layers, mediaType } = manifest.parsed;
    if (layers.length > limits.maxLayers) throw new ImagePullError('limit', `the image has ${layers.length} layers, more than ${limits.maxLayers}`);
    for (const layer of layers) {
      if (!LAYER_MEDIA_TYPES.has(layer.mediaType)) throw new ImagePullError('unsupported', `layer media type ${layer.mediaType} is not supported`);
      if (layer.size > limits.maxLayerBytes) throw new ImagePullError('limit', `layer ${layer.digest} is ${layer.size} bytes, more than the limit of ${limits.maxLayerBytes}`);
    }
    const proof = AccessProof.afterManifestRequest(request.orgId, layers.map((layer) => layer.digest));

    const platform = await fetchPlatform(client, config);
    if (platform.os !== wanted.os || platform.architecture !== wanted.architecture) {
      throw new ImagePullError('not_found', `the image is for ${formatPlatform(platform)}, not ${formatPlatform(wanted)}`);
    }

    const files = new ImageFileSet();
    const warnings: string[] = [];
    const pulled: PulledLayer[] = [];
    for (const [index, layer] of layers.entries()) {
      const label = `layer ${index + 1} (${layer.digest})`;
      const kept = request.selectorId === undefined ? undefined : await options.cache?.openExtract(layer.digest, request.selectorId, proof);
      const { extract, cached } = kept === undefined ? await readVerifiedLayer(client, layer, proof, request, label) : { extract: kept, cached: true };
      warnings.push(...applyExtract(files, extract, { limits, label }));
      pulled.push({ digest: layer.digest, size: layer.size, mediaType: layer.mediaType, cached });
    }
    return { manifestDigest: manifest.digest, manifestMediaType: mediaType, indexDigest, platform, layers: pulled, files, warnings };
  }

  /** Reads a layer from the cache or the registry, verified against its descriptor, and keeps it (and its extract) in the cache. */
  async function readVerifiedLayer(client: RegistryClient, layer: Descriptor, proof: AccessProof, request: PullRequest, label: string): Promise<{ extract: LayerExtract; cached: boolean }> {
    const cached = await options.cache?.open(layer.digest, proof);
    const source = cached ?? (await client.blob(layer.digest)).body;
    const writer = cached === undefined ? options.cache?.writer(layer.digest) : undefined;
    let extract: LayerExtract;
    try {
      const verified = source.pipe(verifier(layer, label, writer?.stream));
      source.once('error', (error) => verified.destroy(error));
      extract = await readLayer(verified, { compression: layerCompression(layer.mediaType), select: request.select, limits, label });
      await writer?.commit();
    } catch (error) {
      source.destroy();
      await writer?.discard();
      // A cached copy that no longer matches its digest is dropped, so the next pull downloads it again.
      if (cached !== undefined && error instanceof ImagePullError && error.failure === 'integrity') await options.cache?.forget(layer.digest);
      throw error;
    }
    if (request.selectorId !== undefined) await options.cache?.keepExtract(layer.digest, request.selectorId, extract);
    return { extract, cached: cached !== undefined };
  }

  async function fetchManifest(client: RegistryClient, reference: string, descriptor: Descriptor | undefined) {
    const { body, contentType, digestHeader } = await client.manifest(reference, MANIFEST_ACCEPT, limits.maxManifestBytes);
    const digest = sha256Digest(body);
    const expected = descriptor?.digest ?? (isDigest(reference) ? reference : digestHeader);
    if (expected !== undefined && expected !== digest) throw new ImagePullError('integrity', `the manifest ${reference} hashes to ${digest}, not ${expected}`);
    if (descriptor !== undefined && descriptor.size !== body.length) {
      throw new ImagePullError('integrity', `the manifest ${reference} is ${body.length} bytes, not the ${descriptor.size} its index declares`);
    }
    return { digest, parsed: parseManifest(body, descriptor?.mediaType ?? contentType) };
  }

  async function fetchPlatform(client: RegistryClient, config: Descriptor): Promise<Platform> {
    if (!CONFIG_MEDIA_TYPES.has(config.mediaType)) throw new ImagePullError('unsupported', `config media type ${config.mediaType} is not an image configuration`);
    if (config.size > limits.maxConfigBytes) throw new ImagePullError('limit', `the image configuration is ${config.size} bytes, more than the limit of ${limits.maxConfigBytes}`);
    const blob = await client.blob(config.digest);
    const body = await readLimited(blob.body, blob.announcedLength, config.size, 'the image configuration');
    if (body.length !== config.size || sha256Digest(body) !== config.digest) throw new ImagePullError('integrity', `the image configuration does not match its digest ${config.digest}`);
    let parsed: { os?: unknown; architecture?: unknown; variant?: unknown };
    try {
      parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
    } catch {
      throw new ImagePullError('integrity', 'the image configuration is not JSON');
    }
    if (typeof parsed.os !== 'string' || typeof parsed.architecture !== 'string') throw new ImagePullError('integrity', 'the image configuration names no os and architecture');
    return typeof parsed.variant === 'string' ? { os: parsed.os, architecture: parsed.architecture, variant: parsed.variant } : { os: parsed.os, architecture: parsed.architecture };
  }

  return { pull, close: () => transport.close() };
}

/**
 * Passes a blob through while hashing and counting it: more bytes than its descriptor
 * declares fail at once, and at the end the size and digest must match. A writer, when
 * given, receives the same bytes (the layer cache's file).
 */
function verifier(descriptor: Descriptor, label: string, copy: NodeJS.WritableStream | undefined): Transform {
  const hash = createHash('sha256');
  let received = 0;
  // A cache that cannot be written (a full disk) stops receiving; the pull goes on without it.
  let copying = copy !== undefined;
  copy?.once('error', () => {
    copying = false;
  });
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > descriptor.size) return callback(new ImagePullError('integrity', `${label} is longer than the ${descriptor.size} bytes its manifest declares`));
      hash.update(chunk);
      if (!copying || copy === undefined || copy.write(chunk)) return callback(null, chunk);
      const resume = (): void => {
        copy.off('drain', resume);
        copy.off('error', resume);
        callback(null, chunk);
      };
      copy.once('drain', resume);
      copy.once('error', resume);
    },
    flush(callback) {
      const digest = `sha256:${hash.digest('hex')}`;
      if (received !== descriptor.size) return callback(new ImagePullError('integrity', `${label} is ${received} bytes, not the ${descriptor.size} its manifest declares`));
      if (digest !== descriptor.digest) return callback(new ImagePullError('integrity', `${label} hashes to ${digest}, not its digest`));
      callback();
    },
  });
}
