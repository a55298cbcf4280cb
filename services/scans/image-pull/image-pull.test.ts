// The image pull against a real registry (Debian's docker-registry, over TLS on
// loopback) holding images skopeo pushed from OCI layouts built of this machine's own
// Debian files: an index with linux/amd64 and linux/arm64, gzip, zstd and plain layers,
// whiteouts and an opaque directory; read through an open registry, one with htpasswd
// logins and one sending clients to a token server.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest, createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asOrgId } from '../../../test/support/org-ids.js';
import { createTestCertificates, type TestCertificates } from '../../platform/egress/testing/certificates.js';
import { listenOnLoopback, type LoopbackHttps } from '../../platform/egress/testing/loopback-https.js';
import { createImagePuller, createLayerCache, ImagePullError, type ImagePuller, type PullRequest } from './image-pull.js';
import { AccessProof } from './layer-cache.js';
import { startOciRegistry, pushWithSkopeo, type OciRegistry } from './testing/oci-registry.js';
import { writeOciLayout, type LayerEntry, type WrittenImage } from './testing/oci-layout.js';
import { startTokenIssuer, type TokenIssuer } from './testing/token-issuer.js';

const ORG_A = asOrgId('00000000-0000-4000-8000-00000000000a');
const ORG_B = asOrgId('00000000-0000-4000-8000-00000000000b');
const ORG_C = asOrgId('00000000-0000-4000-8000-00000000000c');

// Real content: this machine's Debian 12 dpkg database (its first paragraphs) and os-release.
const dpkgParagraphs = readFileSync('/var/lib/dpkg/status', 'utf8').split('\n\n');
const statusOf = (count: number): string => `${dpkgParagraphs.slice(0, count).join('\n\n')}\n`;
const osRelease = readFileSync('/usr/lib/os-release', 'utf8');
const packageJson = (name: string): string => JSON.stringify({ name, version: '1.0.0' });

const analyzerPaths = new Set(['/etc/os-release', '/usr/lib/os-release', '/var/lib/dpkg/status']);
const select = (imagePath: string): boolean => analyzerPaths.has(imagePath) || imagePath.endsWith('/package.json');

const amd64Layers: { entries: LayerEntry[]; compression: 'gzip' | 'zstd' | 'none' }[] = [
  {
    compression: 'gzip',
    entries: [
      { name: 'etc/', type: 'directory' },
      { name: 'etc/os-release', type: 'symlink', linkname: '../usr/lib/os-release' },
      { name: 'etc/passwd', content: 'root:x:0:0:root:/root:/bin/sh\n' },
      { name: 'usr/lib/os-release', content: osRelease },
      { name: 'var/lib/dpkg/status', content: statusOf(6) },
      { name: 'app/node_modules/kept/package.json', content: packageJson('kept') },
      { name: 'app/node_modules/removed/package.json', content: packageJson('removed') },
      { name: 'app/node_modules/removed/lib/package.json', content: packageJson('removed-nested') },
      { name: 'opt/tool/node_modules/old/package.json', content: packageJson('old') },
    ],
  },
  {
    compression: 'zstd',
    entries: [
      // The layer's own entry comes before its whiteouts: they hide only the layers below.
      { name: 'opt/tool/node_modules/new/package.json', content: packageJson('new') },
      { name: 'opt/tool/.wh..wh..opq', content: '' },
      { name: 'app/node_modules/.wh.removed', content: '' },
      { name: 'var/lib/dpkg/status', content: statusOf(4) },
    ],
  },
  {
    compression: 'none',
    entries: [
      { name: './app/node_modules/added/package.json', content: packageJson('added') },
      { name: 'app/node_modules/linked/package.json', type: 'link', linkname: 'app/node_modules/added/package.json' },
    ],
  },
];

describe('image pull (OCI distribution)', () => {
  let certificates: TestCertificates;
  let work: string;
  let open: OciRegistry;
  let basic: OciRegistry;
  let tokenIssuer: TokenIssuer;
  let bearer: OciRegistry;
  let puller: ImagePuller;
  let multiPlatform: { images: WrittenImage[]; index: { digest: string } | undefined };

  async function layout(name: string, images: Parameters<typeof writeOciLayout>[2]) {
    const directory = path.join(work, name);
    return { directory, ...(await writeOciLayout(directory, 'v1', images)) };
  }

  beforeAll(async () => {
    certificates = createTestCertificates();
    work = mkdtempSync(path.join(tmpdir(), 'image-pull-test-'));
    open = await startOciRegistry({ certificates, auth: { kind: 'none' } });
    basic = await startOciRegistry({ certificates, auth: { kind: 'htpasswd', users: { alice: 'alice-secret', bob: 'bob-secret' } }, storageDirectory: open.storageDirectory });
    tokenIssuer = await startTokenIssuer(certificates, { alice: { password: 'alice-secret', repositories: ['team/app'] }, bob: { password: 'bob-secret', repositories: ['team/other'] } });
    bearer = await startOciRegistry({ certificates, auth: { kind: 'token', ...tokenIssuer }, storageDirectory: open.storageDirectory });

    const app = await layout('app', [
      { platform: { os: 'linux', architecture: 'amd64' }, layers: amd64Layers },
      { platform: { os: 'linux', architecture: 'arm64', variant: 'v8' }, layers: [{ compression: 'gzip', entries: [{ name: 'var/lib/dpkg/status', content: statusOf(2) }] }] },
    ]);
    multiPlatform = app;
    await pushWithSkopeo(app.directory, 'v1', `${open.host}/team/app:v1`, { all: true });
    puller = createImagePuller({ config: registrySettings(true) });
  });

  afterAll(async () => {
    puller.close();
    await bearer?.close();
    await tokenIssuer?.close();
    await basic?.close();
    await open?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const registrySettings = (allowPrivate: boolean) => ({ scanRegistryAllowPrivate: allowPrivate, scanRegistryTrustedCaPem: certificates.caPem });

  const request = (registry: OciRegistry, overrides: Partial<PullRequest> = {}): PullRequest => ({
    orgId: ORG_A,
    registry: registry.host,
    repository: 'team/app',
    reference: 'v1',
    select,
    ...overrides,
  });

  const refusal = async (promise: Promise<unknown>): Promise<ImagePullError> => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImagePullError);
    return error as ImagePullError;
  };

  it('chooses linux/amd64 from the index and applies the layers in order: whiteouts, an opaque directory, gzip, zstd and plain tar', async () => {
    const image = await puller.pull(request(open));
    const amd64 = multiPlatform.images[0];
    expect(image.indexDigest).toBe(multiPlatform.index?.digest);
    expect(image.manifestDigest).toBe(amd64?.manifest.digest);
    expect(image.manifestMediaType).toBe('application/vnd.oci.image.manifest.v1+json');
    expect(image.platform).toEqual({ os: 'linux', architecture: 'amd64' });
    expect(image.layers.map((layer) => layer.mediaType)).toEqual([
      'application/vnd.oci.image.layer.v1.tar+gzip',
      'application/vnd.oci.image.layer.v1.tar+zstd',
      'application/vnd.oci.image.layer.v1.tar',
    ]);
    expect(image.files.paths()).toEqual([
      '/app/node_modules/added/package.json',
      '/app/node_modules/kept/package.json',
      '/app/node_modules/linked/package.json',
      '/etc/os-release',
      '/opt/tool/node_modules/new/package.json',
      '/usr/lib/os-release',
      '/var/lib/dpkg/status',
    ]);
    // The upper layer's database replaced the lower one; os-release is read through its link.
    expect(image.files.read('/var/lib/dpkg/status')?.toString()).toBe(statusOf(4));
    expect(image.files.read('/etc/os-release')?.toString()).toBe(osRelease);
    expect(image.files.read('/app/node_modules/linked/package.json')?.toString()).toBe(packageJson('added'));
    expect(image.warnings).toEqual([]);
  });

  it('chooses the platform a scan asks for, and names what the index offers when it has not that one', async () => {
    const arm = await puller.pull(request(open, { platform: 'linux/arm64' }));
    expect(arm.manifestDigest).toBe(multiPlatform.images[1]?.manifest.digest);
    expect(arm.platform).toEqual({ os: 'linux', architecture: 'arm64', variant: 'v8' });
    expect(arm.files.paths()).toEqual(['/var/lib/dpkg/status']);
    expect(arm.files.read('/var/lib/dpkg/status')?.toString()).toBe(statusOf(2));

    const missing = await refusal(puller.pull(request(open, { platform: 'linux/s390x' })));
    expect(missing.failure).toBe('not_found');
    expect(missing.message).toContain('offers linux/amd64, linux/arm64/v8');
  });

  it('pulls by digest, and reads a Docker image manifest v2 schema 2', async () => {
    const byDigest = await puller.pull(request(open, { reference: multiPlatform.images[0]?.manifest.digest ?? '' }));
    expect(byDigest.indexDigest).toBeNull();
    expect(byDigest.files.read('/var/lib/dpkg/status')?.toString()).toBe(statusOf(4));

    const docker = await layout('docker', [{ platform: { os: 'linux', architecture: 'amd64' }, layers: [{ compression: 'gzip', entries: [{ name: 'etc/os-release', content: osRelease }] }] }]);
    await pushWithSkopeo(docker.directory, 'v1', `${open.host}/team/docker:v1`, { format: 'v2s2' });
    const image = await puller.pull(request(open, { repository: 'team/docker' }));
    expect(image.manifestMediaType).toBe('application/vnd.docker.distribution.manifest.v2+json');
    expect(image.layers.map((layer) => layer.mediaType)).toEqual(['application/vnd.docker.image.rootfs.diff.tar.gzip']);
    expect(image.files.read('/etc/os-release')?.toString()).toBe(osRelease);
  });

  it('chooses the platform from a Docker manifest list', async () => {
    const list = await layout('list', [
      { platform: { os: 'linux', architecture: 'amd64' }, layers: [{ compression: 'gzip', entries: [{ name: 'var/lib/dpkg/status', content: statusOf(3) }] }] },
      { platform: { os: 'linux', architecture: 'arm64', variant: 'v8' }, layers: [{ compression: 'gzip', entries: [{ name: 'var/lib/dpkg/status', content: statusOf(1) }] }] },
    ]);
    await pushWithSkopeo(list.directory, 'v1', `${open.host}/team/list:v1`, { all: true, format: 'v2s2' });
    const amd64 = await puller.pull(request(open, { repository: 'team/list' }));
    expect(amd64.manifestMediaType).toBe('application/vnd.docker.distribution.manifest.v2+json');
    expect(amd64.indexDigest).not.toBeNull();
    expect(amd64.files.read('/var/lib/dpkg/status')?.toString()).toBe(statusOf(3));
    const arm64 = await puller.pull(request(open, { repository: 'team/list', platform: 'linux/arm64/v8' }));
    expect(arm64.files.read('/var/lib/dpkg/status')?.toString()).toBe(statusOf(1));
  });

  it('answers a Basic challenge with the organization\'s login, and fails naming the authentication without one or with a wrong one', async () => {
    const image = await puller.pull(request(basic, { login: { registry: basic.host, username: 'alice', secret: 'alice-secret' } }));
    expect(image.files.read('/var/lib/dpkg/status')?.toString()).toBe(statusOf(4));

    const anonymous = await refusal(puller.pull(request(basic)));
    expect(anonymous.failure).toBe('authentication');
    expect(anonymous.message).toContain('the organization has none');
    const wrong = await refusal(puller.pull(request(basic, { login: { registry: basic.host, username: 'alice', secret: 'not-it' } })));
    expect(wrong.failure).toBe('authentication');
    expect(wrong.message).not.toContain('not-it');
  });

  it('follows the Bearer challenge to the token server with the login, for the pull scope, one token for the whole pull', async () => {
    tokenIssuer.requests.length = 0;
    const image = await puller.pull(request(bearer, { login: { registry: bearer.host, username: 'alice', secret: 'alice-secret' } }));
    expect(image.files.read('/etc/os-release')?.toString()).toBe(osRelease);
    // Index, manifest, configuration and three layers, one token.
    expect(tokenIssuer.requests).toEqual([{ scope: 'repository:team/app:pull', user: 'alice' }]);

    const notGranted = await refusal(puller.pull(request(bearer, { login: { registry: bearer.host, username: 'bob', secret: 'bob-secret' } })));
    expect(notGranted.failure).toBe('authentication');
    const anonymous = await refusal(puller.pull(request(bearer)));
    expect(anonymous.failure).toBe('authentication');
    const wrong = await refusal(puller.pull(request(bearer, { login: { registry: bearer.host, username: 'alice', secret: 'wrong' } })));
    expect(wrong.failure).toBe('authentication');
    expect(wrong.message).toContain('token server');
  });

  it('refuses a layer whose content does not match its digest', async () => {
    // Uncompressed, so the changed byte still reads as a tar: only the digest can tell.
    const tampered = await layout('tampered', [{ platform: { os: 'linux', architecture: 'amd64' }, layers: [{ compression: 'none', entries: [{ name: 'var/lib/dpkg/status', content: `${statusOf(3)}\n# tampered image\n` }] }] }]);
    await pushWithSkopeo(tampered.directory, 'v1', `${open.host}/team/tampered:v1`);
    const layer = tampered.images[0]?.layers[0];
    if (layer === undefined) throw new Error('no layer');
    const bytes = readFileSync(open.blobFile(layer.digest));
    const at = bytes.indexOf('# tampered image');
    bytes[at] = '%'.charCodeAt(0);
    writeFileSync(open.blobFile(layer.digest), bytes);

    const error = await refusal(puller.pull(request(open, { repository: 'team/tampered' })));
    expect(error.failure).toBe('integrity');
    expect(error.message).toBe(`layer 1 (${layer.digest}) hashes to sha256:${createHash('sha256').update(bytes).digest('hex')}, not its digest`);
  });

  it('refuses a manifest whose content is not what the registry announced for the tag', async () => {
    const image = await layout('forged', [{ platform: { os: 'linux', architecture: 'amd64' }, layers: [{ compression: 'gzip', entries: [{ name: 'etc/os-release', content: `${osRelease}# forged\n` }] }] }]);
    await pushWithSkopeo(image.directory, 'v1', `${open.host}/team/forged:v1`);
    const manifest = image.images[0]?.manifest;
    if (manifest === undefined) throw new Error('no manifest');
    // Still valid JSON naming a layer, but not the bytes the tag's digest stands for.
    const forged = Buffer.from(manifest.bytes.toString('utf8').replace('"schemaVersion":2', '"schemaVersion": 2'));
    writeFileSync(open.blobFile(manifest.digest), forged);

    const error = await refusal(puller.pull(request(open, { repository: 'team/forged' })));
    expect(error.failure).toBe('integrity');
    expect(error.message).toBe(`the manifest v1 hashes to sha256:${createHash('sha256').update(forged).digest('hex')}, not ${manifest.digest}`);
  });

  it('refuses past its size limits, and skips a selected file too large to read with a warning', async () => {
    const small = (limits: Parameters<typeof createImagePuller>[0]['limits']) => createImagePuller({ config: registrySettings(true), limits });
    const limited = [small({ maxLayerBytes: 100 }), small({ maxManifestBytes: 100 }), small({ maxUncompressedBytes: 4096 }), small({ maxKeptBytes: 1000 })];
    try {
      for (const [position, each] of limited.entries()) {
        const error = await refusal(each.pull(request(open)));
        expect(error.failure, `limit ${position}`).toBe('limit');
      }
      const perFile = small({ maxFileBytes: 1000 });
      limited.push(perFile);
      const image = await perFile.pull(request(open));
      expect(image.files.get('/var/lib/dpkg/status')).toBeUndefined();
      expect(image.files.read('/etc/os-release')?.toString()).toBe(osRelease);
      expect(image.warnings.some((warning) => warning.startsWith('/var/lib/dpkg/status in layer 2'))).toBe(true);
    } finally {
      for (const each of limited) each.close();
    }
  });

  it('refuses a layer whose entries climb out of the image root, and keeps links inside it', async () => {
    for (const [name, entries] of [
      ['traversal', [{ name: '../../etc/cron.d/evil', content: '* * * * * root true\n' }]],
      ['hardlink', [{ name: 'etc/os-release', content: osRelease }, { name: 'app/package.json', type: 'link', linkname: '../../../etc/shadow' }]],
    ] as const) {
      const unsafe = await layout(name, [{ platform: { os: 'linux', architecture: 'amd64' }, layers: [{ compression: 'gzip', entries: [...entries] }] }]);
      await pushWithSkopeo(unsafe.directory, 'v1', `${open.host}/team/${name}:v1`);
      const error = await refusal(puller.pull(request(open, { repository: `team/${name}` })));
      expect(error.failure, name).toBe('unsafe_layer');
    }

    const escaping = await layout('escaping', [
      { platform: { os: 'linux', architecture: 'amd64' }, layers: [{ compression: 'gzip', entries: [{ name: 'etc/os-release', type: 'symlink', linkname: '/../../../../usr/lib/os-release' }, { name: 'usr/lib/os-release', content: osRelease }] }] },
    ]);
    await pushWithSkopeo(escaping.directory, 'v1', `${open.host}/team/escaping:v1`);
    const image = await puller.pull(request(open, { repository: 'team/escaping' }));
    // The target resolves inside the image, as under a chroot: the image's own file, never the host's.
    expect(image.files.read('/etc/os-release')?.toString()).toBe(osRelease);
  });

  it('reuses a layer by digest only for an organization that fetched a manifest listing it with its own login', async () => {
    const cacheDirectory = path.join(work, 'layer-cache');
    const cache = createLayerCache({ directory: cacheDirectory, maxBytes: 64 * 1024 * 1024 });
    const caching = createImagePuller({ config: registrySettings(true), cache });
    try {
      const shared = await layout('shared', [{ platform: { os: 'linux', architecture: 'amd64' }, layers: [{ compression: 'zstd', entries: [{ name: 'var/lib/dpkg/status', content: `${statusOf(5)}\n# shared image\n` }] }] }]);
      await pushWithSkopeo(shared.directory, 'v1', `${open.host}/team/shared:v1`);
      const layer = shared.images[0]?.layers[0];
      if (layer === undefined) throw new Error('no layer');

      const first = await caching.pull(request(basic, { orgId: ORG_A, repository: 'team/shared', login: { registry: basic.host, username: 'alice', secret: 'alice-secret' } }));
      expect(first.layers.map((each) => each.cached)).toEqual([false]);
      // The registry's copy goes bad: a pull that reaches the registry now fails, one served from the cache does not.
      const bytes = readFileSync(open.blobFile(layer.digest));
      bytes[0] = (bytes[0] ?? 0) ^ 0xff;
      writeFileSync(open.blobFile(layer.digest), bytes);

      const second = await caching.pull(request(basic, { orgId: ORG_B, repository: 'team/shared', login: { registry: basic.host, username: 'bob', secret: 'bob-secret' } }));
      expect(second.layers.map((each) => each.cached)).toEqual([true]);
      expect(second.files.read('/var/lib/dpkg/status')?.toString()).toBe(`${statusOf(5)}\n# shared image\n`);

      const third = await refusal(caching.pull(request(basic, { orgId: ORG_C, repository: 'team/shared' })));
      expect(third.failure).toBe('authentication');
      // Knowing the digest is not access: a proof from a manifest that does not list the layer opens nothing.
      expect(await cache.open(layer.digest, AccessProof.afterManifestRequest(ORG_C, []))).toBeUndefined();

      // A cached copy gone bad is refused like any other and dropped.
      const cachedFile = path.join(cacheDirectory, layer.digest.replace(':', '-'));
      writeFileSync(cachedFile, Buffer.alloc(layer.size));
      const corrupted = await refusal(caching.pull(request(basic, { orgId: ORG_A, repository: 'team/shared', login: { registry: basic.host, username: 'alice', secret: 'alice-secret' } })));
      expect(corrupted.failure).toBe('integrity');
      expect(existsSync(cachedFile)).toBe(false);
    } finally {
      caching.close();
    }
  });

  it("applies a layer's kept extract exactly as the layer, without reading the layer, for a pull with the same selector and a proof", async () => {
    const cacheDirectory = path.join(work, 'extract-cache');
    const cache = createLayerCache({ directory: cacheDirectory, maxBytes: 64 * 1024 * 1024 });
    const caching = createImagePuller({ config: registrySettings(true), cache });
    const contents = (image: { files: { paths(): string[]; read(path: string): Buffer | undefined } }) => image.files.paths().map((kept) => [kept, image.files.read(kept)?.toString()]);
    try {
      const first = await caching.pull(request(open, { selectorId: 'test-1' }));
      expect(first.layers.map((layer) => layer.cached)).toEqual([false, false, false]);
      // Without the layers themselves, the extracts alone give the same files: whiteouts, the opaque directory and the hard link included.
      for (const name of readdirSync(cacheDirectory)) if (!name.endsWith('.extract')) rmSync(path.join(cacheDirectory, name));
      const fromExtracts = await caching.pull(request(open, { selectorId: 'test-1' }));
      expect(fromExtracts.layers.map((layer) => layer.cached)).toEqual([true, true, true]);
      expect(contents(fromExtracts)).toEqual(contents(first));
      expect(fromExtracts.files.paths()).toContain('/app/node_modules/linked/package.json');
      expect(fromExtracts.files.paths()).not.toContain('/opt/tool/node_modules/old/package.json');

      // Another selector, or a proof that does not list the layer, gets nothing of them.
      const layer = multiPlatform.images[0]!.layers[0]!;
      expect(await cache.openExtract(layer.digest, 'test-2', AccessProof.afterManifestRequest(ORG_A, [layer.digest]))).toBeUndefined();
      expect(await cache.openExtract(layer.digest, 'test-1', AccessProof.afterManifestRequest(ORG_C, []))).toBeUndefined();

      // An extract that cannot be read back is dropped, and the layer read again.
      const extractFile = readdirSync(cacheDirectory).find((name) => name.startsWith(layer.digest.replace(':', '-')) && name.endsWith('.test-1.extract'))!;
      writeFileSync(path.join(cacheDirectory, extractFile), 'not an extract');
      const reread = await caching.pull(request(open, { selectorId: 'test-1' }));
      expect(reread.layers.map((each) => each.cached)).toEqual([false, true, true]);
      expect(contents(reread)).toEqual(contents(first));
    } finally {
      caching.close();
    }
  });

  describe('egress', () => {
    let front: LoopbackHttps;
    let blobHost: LoopbackHttps;
    const blobHostAuthorizations: (string | undefined)[] = [];
    /**
     * What the front does with a blob request: pass it to the registry, redirect it, answer and then
     * send nothing, or answer a number of them 401 with the token server's challenge (an expired token).
     */
    let blobMode: { kind: 'proxy' } | { kind: 'redirect'; target: string } | { kind: 'stall' } | { kind: 'challenge'; remaining: number } = { kind: 'proxy' };
    let upstream: () => OciRegistry = () => basic;

    afterEach(() => {
      blobMode = { kind: 'proxy' };
      upstream = () => basic;
    });

    beforeAll(async () => {
      // The blob host: another origin, serving blobs from the registry's storage, noting what credentials reached it.
      blobHost = await listenOnLoopback(
        createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (incoming, outgoing) => {
          blobHostAuthorizations.push(incoming.headers.authorization);
          const digest = (incoming.url ?? '').split('/').at(-1) ?? '';
          outgoing.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(basic.blobFile(digest)));
        }),
      );
      // A front for the htpasswd registry that sends blob requests elsewhere, as registries backed by object storage do.
      front = await listenOnLoopback(
        createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (incoming, outgoing) => {
          const url = incoming.url ?? '/';
          const blob = /\/blobs\/(sha256:[0-9a-f]{64})$/.exec(url);
          if (blob && blobMode.kind === 'redirect') {
            outgoing.writeHead(307, { location: `${blobMode.target}/${blob[1]}` }).end();
            return;
          }
          if (blob && blobMode.kind === 'challenge' && blobMode.remaining > 0) {
            blobMode.remaining -= 1;
            outgoing.writeHead(401, { 'www-authenticate': `Bearer realm="${tokenIssuer.realm}",service="${tokenIssuer.service}",scope="repository:team/app:pull"` }).end();
            return;
          }
          if (blob && blobMode.kind === 'stall') {
            outgoing.writeHead(200, { 'content-type': 'application/octet-stream' });
            outgoing.write(Buffer.alloc(1));
            return;
          }
          const { host } = upstream();
          const forwarded = httpsRequest(`https://${host}${url}`, { method: incoming.method, headers: { ...incoming.headers, host }, ca: certificates.caPem }, (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          });
          forwarded.on('error', () => outgoing.destroy());
          incoming.pipe(forwarded);
        }),
      );
    });

    afterAll(async () => {
      await front?.close();
      await blobHost?.close();
    });

    const viaFront = (): PullRequest => {
      const host = new URL(front.origin).host;
      return request(open, { registry: host, login: { registry: host, username: 'alice', secret: 'alice-secret' } });
    };

    it('refuses a loopback registry unless the test-only switch (SCAN_REGISTRY_ALLOW_PRIVATE, refused in production: config.test.ts) is on', async () => {
      const strict = createImagePuller({ config: registrySettings(false) });
      try {
        const error = await refusal(strict.pull(request(open)));
        expect(error.failure).toBe('egress_refused');
        expect(error.message).toContain('loopback');
      } finally {
        strict.close();
      }
    });

    it('follows a blob redirect to another origin without the login', async () => {
      blobMode = { kind: 'redirect', target: `${blobHost.origin}/storage` };
      blobHostAuthorizations.length = 0;
      const image = await puller.pull(viaFront());
      expect(image.files.read('/var/lib/dpkg/status')?.toString()).toBe(statusOf(4));
      // The configuration and three layers came from the blob host, and no credential went with them.
      expect(blobHostAuthorizations).toEqual([undefined, undefined, undefined, undefined]);
    });

    it('refuses a redirect to an address the egress policy refuses', async () => {
      blobMode = { kind: 'redirect', target: 'https://169.254.169.254/latest/meta-data' };
      const error = await refusal(puller.pull(viaFront()));
      expect(error.failure).toBe('egress_refused');
      expect(error.message).toContain('cloud_metadata');
      blobMode = { kind: 'redirect', target: 'http://127.0.0.1:1/plain' };
      const plain = await refusal(puller.pull(viaFront()));
      expect(plain.failure).toBe('egress_refused');
      expect(plain.message).toContain('https');
      blobMode = { kind: 'redirect', target: `${front.origin}/v2/team/app/blobs` };
      const loop = await refusal(puller.pull(viaFront()));
      expect(loop.failure).toBe('limit');
      expect(loop.message).toContain('redirected more than 5 times');
    });

    it('asks the token server again when a request\'s token is refused, once', async () => {
      upstream = () => bearer;
      blobMode = { kind: 'challenge', remaining: 1 };
      tokenIssuer.requests.length = 0;
      const image = await puller.pull(viaFront());
      expect(image.files.read('/var/lib/dpkg/status')?.toString()).toBe(statusOf(4));
      expect(tokenIssuer.requests).toEqual([
        { scope: 'repository:team/app:pull', user: 'alice' },
        { scope: 'repository:team/app:pull', user: 'alice' },
      ]);

      blobMode = { kind: 'challenge', remaining: 100 };
      tokenIssuer.requests.length = 0;
      const error = await refusal(puller.pull(viaFront()));
      expect(error.failure).toBe('authentication');
      expect(tokenIssuer.requests).toHaveLength(2);
    });

    it('gives up on a registry that stops sending at the pull\'s time limit', async () => {
      blobMode = { kind: 'stall' };
      const impatient = createImagePuller({ config: registrySettings(true), limits: { timeoutMs: 1_500 } });
      const started = Date.now();
      try {
        const error = await refusal(impatient.pull(viaFront()));
        expect(error.failure).toBe('limit');
        expect(error.message).toContain('time limit of 1500 ms');
        expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        impatient.close();
      }
    });
  });
});
