import { describe, expect, it } from 'vitest';
import { parseImageReference } from '../scans/index.js';
import { normalizeRegistryHost, parseRegistryHost } from './registry-host.js';

describe('registry host', () => {
  it.each([
    ['ghcr.io', 'ghcr.io'],
    ['GHCR.io', 'ghcr.io'],
    ['registry.example.com:5000', 'registry.example.com:5000'],
    ['docker.io', 'docker.io'],
    ['index.docker.io', 'docker.io'],
    ['registry-1.docker.io', 'docker.io'],
    ['registry.hub.docker.com', 'docker.io'],
    ['index.docker.io:443', 'index.docker.io:443'],
    ['203.0.113.7:5000', '203.0.113.7:5000'],
    ['[2001:DB8::1]:5000', '[2001:db8::1]:5000'],
  ])('takes %s as %s', (input, host) => {
    expect(parseRegistryHost(input)).toEqual({ ok: true, host });
  });

  it.each(['', ' ghcr.io', 'https://ghcr.io', 'ghcr.io/', 'ghcr.io/acme', 'ghcr.io?x', 'user:pw@ghcr.io', 'ghcr.io:', 'ghcr.io:http', 'ghcr.io:65536', '-ghcr.io', 'ghcr..io', '[2001:db8::1', '[nope]', '2001:db8::1'])(
    'refuses %j',
    (input) => {
      expect(parseRegistryHost(input).ok).toBe(false);
    },
  );

  it("matches the registry the image parser gives for the same image, whichever Docker Hub name the image uses", () => {
    for (const image of ['alpine:3', 'index.docker.io/library/alpine:3', 'registry-1.docker.io/library/alpine:3', 'docker.io/acme/app:1']) {
      const parsed = parseImageReference(image);
      if (!parsed.ok) throw new Error(parsed.refusal.message);
      expect(normalizeRegistryHost(parsed.reference.registry)).toBe('docker.io');
    }
    const parsed = parseImageReference('GHCR.IO/acme/app:1');
    expect(parsed.ok && normalizeRegistryHost(parsed.reference.registry)).toBe('ghcr.io');
  });
});
