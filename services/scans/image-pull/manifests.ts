// The manifest formats an image pull reads (OCI image-spec manifest.md, image-index.md,
// descriptor.md; Docker image manifest v2 schema 2 and manifest list), checked with
// zod: a field a later step trusts (a digest, a size, a media type) is validated here
// once. Docker schema 1 is deprecated and refused.
import { z } from 'zod';
import { ImagePullError } from './pull-errors.js';

const MEDIA_TYPES = {
  ociIndex: 'application/vnd.oci.image.index.v1+json',
  ociManifest: 'application/vnd.oci.image.manifest.v1+json',
  dockerList: 'application/vnd.docker.distribution.manifest.list.v2+json',
  dockerManifest: 'application/vnd.docker.distribution.manifest.v2+json',
} as const;

/** What a manifest request accepts, best first. */
export const MANIFEST_ACCEPT = [MEDIA_TYPES.ociIndex, MEDIA_TYPES.dockerList, MEDIA_TYPES.ociManifest, MEDIA_TYPES.dockerManifest].join(', ');

const indexTypes: ReadonlySet<string> = new Set([MEDIA_TYPES.ociIndex, MEDIA_TYPES.dockerList]);
const imageManifestTypes: ReadonlySet<string> = new Set([MEDIA_TYPES.ociManifest, MEDIA_TYPES.dockerManifest]);

export const CONFIG_MEDIA_TYPES: ReadonlySet<string> = new Set(['application/vnd.oci.image.config.v1+json', 'application/vnd.docker.container.image.v1+json']);

/** Layer media types whose content is a tar stream, compressed or not (the compression is read from the bytes). */
export const LAYER_MEDIA_TYPES: ReadonlySet<string> = new Set([
  'application/vnd.oci.image.layer.v1.tar',
  'application/vnd.oci.image.layer.v1.tar+gzip',
  'application/vnd.oci.image.layer.v1.tar+zstd',
  'application/vnd.docker.image.rootfs.diff.tar.gzip',
  // Non-distributable variants: the content is still served by the registry that holds the image.
  'application/vnd.oci.image.layer.nondistributable.v1.tar',
  'application/vnd.oci.image.layer.nondistributable.v1.tar+gzip',
  'application/vnd.oci.image.layer.nondistributable.v1.tar+zstd',
]);

const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

const descriptorSchema = z.object({
  mediaType: z.string().min(1),
  digest: z.string().regex(DIGEST_PATTERN, 'a digest is sha256: followed by 64 lowercase hex digits'),
  size: z.number().int().nonnegative(),
  urls: z.array(z.string()).optional(),
  annotations: z.record(z.string(), z.string()).optional(),
});
export type Descriptor = z.infer<typeof descriptorSchema>;

const platformSchema = z.object({
  architecture: z.string(),
  os: z.string(),
  variant: z.string().optional(),
  'os.version': z.string().optional(),
});
export type Platform = z.infer<typeof platformSchema>;

const indexSchema = z.object({
  schemaVersion: z.literal(2),
  mediaType: z.string().optional(),
  manifests: z.array(descriptorSchema.extend({ platform: platformSchema.optional() })),
});

const imageManifestSchema = z.object({
  schemaVersion: z.literal(2),
  mediaType: z.string().optional(),
  config: descriptorSchema,
  layers: z.array(descriptorSchema),
});

type ParsedManifest =
  | { kind: 'index'; mediaType: string; manifests: (Descriptor & { platform?: Platform })[] }
  | { kind: 'image'; mediaType: string; config: Descriptor; layers: Descriptor[] };

/**
 * Reads a manifest body served as `contentType`. The media type inside, when present,
 * must agree with the one the registry declared (distribution spec: a disagreement is refused).
 */
export function parseManifest(body: Buffer, contentType: string | undefined): ParsedManifest {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ImagePullError('integrity', 'the manifest is not JSON');
  }
  const declared = json !== null && typeof json === 'object' && 'mediaType' in json && typeof json.mediaType === 'string' ? json.mediaType : undefined;
  const served = contentType?.split(';')[0]?.trim().toLowerCase();
  if (declared !== undefined && served !== undefined && served !== '' && declared !== served) {
    throw new ImagePullError('integrity', `the manifest says it is ${declared} but was served as ${served}`);
  }
  const mediaType = declared ?? served ?? '';
  if (indexTypes.has(mediaType)) {
    const parsed = indexSchema.safeParse(json);
    if (!parsed.success) throw new ImagePullError('integrity', `the image index is malformed: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return { kind: 'index', mediaType, manifests: parsed.data.manifests };
  }
  if (imageManifestTypes.has(mediaType)) {
    const parsed = imageManifestSchema.safeParse(json);
    if (!parsed.success) throw new ImagePullError('integrity', `the image manifest is malformed: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return { kind: 'image', mediaType, config: parsed.data.config, layers: parsed.data.layers };
  }
  throw new ImagePullError('unsupported', `manifest media type ${mediaType || '(none)'} is not supported (Docker schema 1 is deprecated)`);
}

/** "linux/amd64", "linux/arm64/v8": os/architecture[/variant]. */
export function parsePlatform(text: string): Platform {
  const [os, architecture, variant, ...rest] = text.split('/');
  if (!os || !architecture || rest.length > 0 || variant === '') throw new ImagePullError('not_found', `"${text}" is not a platform (os/architecture[/variant])`);
  return variant === undefined ? { os, architecture } : { os, architecture, variant };
}

export const formatPlatform = (platform: Platform): string =>
  [platform.os, platform.architecture, ...(platform.variant === undefined ? [] : [platform.variant])].join('/');

// arm64's default variant is v8 (containerd's platforms normalization): an entry without one matches a request for v8 and vice versa.
const normalizedVariant = (platform: Platform): string | undefined =>
  platform.architecture === 'arm64' && (platform.variant === undefined || platform.variant === 'v8') ? undefined : platform.variant;

/**
 * The entry of an index for the wanted platform. Attestation manifests (Docker's
 * `unknown/unknown` entries and `vnd.docker.reference.type`) are never chosen. A request
 * without a variant takes the first entry of the os and architecture.
 */
export function selectPlatform(manifests: readonly (Descriptor & { platform?: Platform })[], wanted: Platform): Descriptor {
  const images = manifests.filter((entry) => entry.platform !== undefined && entry.annotations?.['vnd.docker.reference.type'] === undefined && imageManifestTypes.has(entry.mediaType));
  const candidates = images.filter((entry) => entry.platform?.os === wanted.os && entry.platform.architecture === wanted.architecture);
  const chosen =
    wanted.variant === undefined && wanted.architecture !== 'arm64'
      ? candidates[0]
      : candidates.find((entry) => entry.platform !== undefined && normalizedVariant(entry.platform) === normalizedVariant(wanted));
  if (chosen === undefined) {
    const offered = images.flatMap((entry) => (entry.platform ? [formatPlatform(entry.platform)] : []));
    throw new ImagePullError('not_found', `the image has no ${formatPlatform(wanted)} variant (it offers ${offered.join(', ') || 'none'})`);
  }
  return chosen;
}

export const isDigest = (text: string): boolean => DIGEST_PATTERN.test(text);
