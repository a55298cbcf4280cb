// The rules of the pull that need no registry: where Docker Hub is served, how a
// challenge reads, which index entry a platform takes, which layer entry names are refused.
import { describe, expect, it } from 'vitest';
import { parseImageReference } from '../image-reference.js';
import { layerEntryPath } from './layer-reader.js';
import { parsePlatform, selectPlatform, type Descriptor, type Platform } from './manifests.js';
import { ImagePullError } from './pull-errors.js';
import { parseChallenge, registryOrigin } from './registry-client.js';

describe('the pull rules', () => {
  it('reaches Docker Hub at registry-1.docker.io, an official image under library/', () => {
    const parsed = parseImageReference('alpine:3.19');
    if (!parsed.ok) throw new Error('refused');
    expect(registryOrigin(parsed.reference.registry)).toBe('https://registry-1.docker.io');
    expect(parsed.reference.repository).toBe('library/alpine');
    expect(registryOrigin('ghcr.io')).toBe('https://ghcr.io');
    expect(registryOrigin('registry.example.com:5000')).toBe('https://registry.example.com:5000');
  });

  it('reads Bearer and Basic challenges', () => {
    expect(parseChallenge('Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:library/alpine:pull"')).toEqual({
      scheme: 'bearer',
      realm: 'https://auth.docker.io/token',
      service: 'registry.docker.io',
    });
    expect(parseChallenge('bearer realm=https://ghcr.io/token, service="ghcr.io"')).toEqual({ scheme: 'bearer', realm: 'https://ghcr.io/token', service: 'ghcr.io' });
    expect(parseChallenge('Basic realm="Registry Realm"')).toEqual({ scheme: 'basic' });
    expect(parseChallenge('Bearer service="no-realm"')).toBeUndefined();
    expect(parseChallenge('Negotiate abc')).toBeUndefined();
    expect(parseChallenge(undefined)).toBeUndefined();
  });

  it('takes the platform asked for from an index, never an attestation, with arm64 meaning arm64/v8', () => {
    const entry = (digit: string, platform: Platform, annotations?: Record<string, string>): Descriptor & { platform: Platform } => ({
      mediaType: 'application/vnd.oci.image.manifest.v1+json',
      digest: `sha256:${digit.repeat(64)}`,
      size: 100,
      platform,
      ...(annotations ? { annotations } : {}),
    });
    const index = [
      entry('0', { os: 'unknown', architecture: 'unknown' }, { 'vnd.docker.reference.type': 'attestation-manifest' }),
      entry('1', { os: 'linux', architecture: 'amd64' }, { 'vnd.docker.reference.type': 'attestation-manifest' }),
      entry('2', { os: 'linux', architecture: 'amd64' }),
      entry('3', { os: 'linux', architecture: 'arm64' }),
      entry('4', { os: 'linux', architecture: 'arm', variant: 'v7' }),
    ];
    expect(selectPlatform(index, parsePlatform('linux/amd64')).digest).toBe(`sha256:${'2'.repeat(64)}`);
    expect(selectPlatform(index, parsePlatform('linux/arm64/v8')).digest).toBe(`sha256:${'3'.repeat(64)}`);
    expect(selectPlatform(index, parsePlatform('linux/arm/v7')).digest).toBe(`sha256:${'4'.repeat(64)}`);
    expect(() => selectPlatform(index, parsePlatform('linux/arm/v6'))).toThrow(/no linux\/arm\/v6 variant \(it offers linux\/amd64, linux\/arm64, linux\/arm\/v7\)/);
    expect(() => parsePlatform('linux')).toThrow(ImagePullError);
  });

  it('refuses a layer entry that climbs out of the root, and reads the others as absolute image paths', () => {
    expect(layerEntryPath('./var/lib/dpkg/status')).toBe('/var/lib/dpkg/status');
    expect(layerEntryPath('/etc//os-release')).toBe('/etc/os-release');
    expect(layerEntryPath('usr/lib/')).toBe('/usr/lib');
    expect(layerEntryPath('./')).toBe('/');
    for (const name of ['../etc/passwd', 'usr/../../etc/passwd', 'a/b/..', '/..']) {
      expect(() => layerEntryPath(name), name).toThrow(/climbs out of the image root/);
    }
  });
});
