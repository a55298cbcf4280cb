import { describe, expect, it } from 'vitest';
import { assetIdentity, parseImageReference, type ImageReference, type ImageReferenceRule } from './image-reference.js';

const digest = `sha256:${'a1'.repeat(32)}`;

describe('parseImageReference accepts what container tools accept', () => {
  const accepted: [input: string, expected: Omit<ImageReference, 'pinned'>][] = [
    ['alpine', { registry: 'docker.io', repository: 'library/alpine', tag: 'latest', digest: null, canonical: 'docker.io/library/alpine:latest' }],
    ['alpine:3.18', { registry: 'docker.io', repository: 'library/alpine', tag: '3.18', digest: null, canonical: 'docker.io/library/alpine:3.18' }],
    ['docker.io/alpine', { registry: 'docker.io', repository: 'library/alpine', tag: 'latest', digest: null, canonical: 'docker.io/library/alpine:latest' }],
    ['index.docker.io/library/alpine:edge', { registry: 'docker.io', repository: 'library/alpine', tag: 'edge', digest: null, canonical: 'docker.io/library/alpine:edge' }],
    ['bitnami/redis:7.2', { registry: 'docker.io', repository: 'bitnami/redis', tag: '7.2', digest: null, canonical: 'docker.io/bitnami/redis:7.2' }],
    ['docker:24-dind', { registry: 'docker.io', repository: 'library/docker', tag: '24-dind', digest: null, canonical: 'docker.io/library/docker:24-dind' }],
    ['ghcr.io/aquasecurity/trivy-test-images:alpine-310', { registry: 'ghcr.io', repository: 'aquasecurity/trivy-test-images', tag: 'alpine-310', digest: null, canonical: 'ghcr.io/aquasecurity/trivy-test-images:alpine-310' }],
    ['GHCR.io/org/app:v1', { registry: 'ghcr.io', repository: 'org/app', tag: 'v1', digest: null, canonical: 'ghcr.io/org/app:v1' }],
    ['registry.example.com:5000/team/app', { registry: 'registry.example.com:5000', repository: 'team/app', tag: 'latest', digest: null, canonical: 'registry.example.com:5000/team/app:latest' }],
    ['quay.io/a/b/c__d.e-f---g:Tag_1.0-rc', { registry: 'quay.io', repository: 'a/b/c__d.e-f---g', tag: 'Tag_1.0-rc', digest: null, canonical: 'quay.io/a/b/c__d.e-f---g:Tag_1.0-rc' }],
    [`alpine@${digest}`, { registry: 'docker.io', repository: 'library/alpine', tag: null, digest, canonical: `docker.io/library/alpine@${digest}` }],
    [`alpine:3.18@${digest}`, { registry: 'docker.io', repository: 'library/alpine', tag: '3.18', digest, canonical: `docker.io/library/alpine:3.18@${digest}` }],
    [`gcr.io/distroless/static@${digest}`, { registry: 'gcr.io', repository: 'distroless/static', tag: null, digest, canonical: `gcr.io/distroless/static@${digest}` }],
    ['8.8.8.8:443/mirror/app:1', { registry: '8.8.8.8:443', repository: 'mirror/app', tag: '1', digest: null, canonical: '8.8.8.8:443/mirror/app:1' }],
    ['[2001:db8::1]:5000/app', { registry: '[2001:db8::1]:5000', repository: 'app', tag: 'latest', digest: null, canonical: '[2001:db8::1]:5000/app:latest' }],
    // Without "." or ":" the first component is a Docker Hub namespace, not a host.
    ['internal/app', { registry: 'docker.io', repository: 'internal/app', tag: 'latest', digest: null, canonical: 'docker.io/internal/app:latest' }],
    ['2130706433/app', { registry: 'docker.io', repository: '2130706433/app', tag: 'latest', digest: null, canonical: 'docker.io/2130706433/app:latest' }],
    [`a:${'t'.repeat(128)}`, { registry: 'docker.io', repository: 'library/a', tag: 't'.repeat(128), digest: null, canonical: `docker.io/library/a:${'t'.repeat(128)}` }],
  ];

  it.each(accepted)('%s', (input, expected) => {
    const result = parseImageReference(input);
    expect(result).toEqual({ ok: true, reference: { ...expected, pinned: expected.digest !== null } });
  });
});

describe('parseImageReference refuses untrusted references by rule', () => {
  const refused: [input: string, rule: ImageReferenceRule][] = [
    ['', 'empty'],
    [`registry.example.com/${'a'.repeat(510)}`, 'too_long'],
    [`registry.example.com/${'a/'.repeat(120)}a`, 'too_long'],
    ['alpine :latest', 'control_character'],
    [' alpine', 'control_character'],
    ['alpine\n', 'control_character'],
    ['alpine\tlatest', 'control_character'],
    ['alpine\u0000', 'control_character'],
    ['alpine\u200b', 'control_character'],
    ['alpine\u00a0', 'control_character'],
    ['https://registry.example.com/app', 'url_scheme'],
    ['docker://alpine', 'url_scheme'],
    ['oci-archive:///tmp/image.tar', 'url_scheme'],
    ['http:registry.example.com/app', 'url_scheme'],
    ['file:/etc/passwd', 'url_scheme'],
    ['oci:/var/lib/layout', 'url_scheme'],
    ['docker-archive:image.tar:latest', 'url_scheme'],
    ['javascript:alert(1)', 'url_scheme'],
    ['user:password@registry.example.com/app', 'embedded_credentials'],
    ['user@registry.example.com/app', 'embedded_credentials'],
    ['admin:s3cr3t!@registry.example.com/app:1', 'embedded_credentials'],
    ['token@ghcr.io/org/app', 'embedded_credentials'],
    ['user:1234@registry.example.com/app', 'embedded_credentials'],
    [`user@registry.example.com/app@${digest}`, 'embedded_credentials'],
    ['registry.example.com/../app', 'path_traversal'],
    ['registry.example.com/team/./app', 'path_traversal'],
    ['registry.example.com//app', 'path_traversal'],
    ['/app', 'path_traversal'],
    ['app/', 'path_traversal'],
    ['..', 'path_traversal'],
    ['registry.example.com/%2e%2e/app', 'path_traversal'],
    ['registry.example.com/%2E%2E%2Fapp', 'path_traversal'],
    ['registry.example.com/%252e%252e/app', 'path_traversal'],
    ['registry.example.com\\app', 'path_traversal'],
    ['registry.example.com/app%41', 'percent_encoding'],
    ['localhost/app', 'private_registry'],
    ['localhost:5000/app', 'private_registry'],
    ['LOCALHOST:5000/app', 'private_registry'],
    ['app.localhost/app', 'private_registry'],
    ['127.0.0.1/app', 'private_registry'],
    ['127.0.0.1:5000/app', 'private_registry'],
    ['127.8.9.10/app', 'private_registry'],
    ['10.0.0.5/app', 'private_registry'],
    ['172.16.0.1/app', 'private_registry'],
    ['172.31.255.255/app', 'private_registry'],
    ['192.168.1.10:443/app', 'private_registry'],
    ['169.254.169.254/latest', 'private_registry'],
    ['169.254.1.1/app', 'private_registry'],
    ['100.64.0.1/app', 'private_registry'],
    ['100.127.255.254/app', 'private_registry'],
    ['0.0.0.0/app', 'private_registry'],
    ['0.0.0.0:5000/app', 'private_registry'],
    ['224.0.0.1/app', 'private_registry'],
    ['[::1]/app', 'private_registry'],
    ['[::1]:5000/app', 'private_registry'],
    ['[::]/app', 'private_registry'],
    ['[fd00::1]/app', 'private_registry'],
    ['[fc00::1]:443/app', 'private_registry'],
    ['[fe80::1]/app', 'private_registry'],
    ['[::ffff:127.0.0.1]/app', 'private_registry'],
    ['[::ffff:a9fe:a9fe]/app', 'private_registry'],
    ['metadata.google.internal/computeMetadata', 'private_registry'],
    ['registry.corp.internal/app', 'private_registry'],
    ['printer.local/app', 'private_registry'],
    ['host.localdomain:5000/app', 'private_registry'],
    ['2130706433:5000/app', 'obfuscated_ip_literal'],
    ['0x7f.1/app', 'obfuscated_ip_literal'],
    ['0x7f000001:80/app', 'obfuscated_ip_literal'],
    ['0177.0.0.1/app', 'obfuscated_ip_literal'],
    ['127.1/app', 'obfuscated_ip_literal'],
    ['010.0.0.1/app', 'obfuscated_ip_literal'],
    ['3232235777:443/app', 'obfuscated_ip_literal'],
    ['registry.example.com:99999/app', 'invalid_registry'],
    ['registry.example.com:0/app', 'invalid_registry'],
    ['reg_istry.example.com/app', 'invalid_registry'],
    ['-registry.example.com/app', 'invalid_registry'],
    ['::1/app', 'invalid_registry'],
    ['[not-an-ip]:5000/app', 'invalid_registry'],
    ['registry.example.com:abc/app', 'invalid_registry'],
    ['Alpine', 'invalid_repository'],
    ['registry.example.com/Team/app', 'invalid_repository'],
    ['app-', 'invalid_repository'],
    ['a..b', 'invalid_repository'],
    ['a___b', 'invalid_repository'],
    ['registry.example.com/a@b@' + digest, 'invalid_repository'],
    ['alpine:', 'invalid_tag'],
    ['alpine:.hidden', 'invalid_tag'],
    [`alpine:${'t'.repeat(129)}`, 'invalid_tag'],
    ['alpine@sha256:abc', 'invalid_digest'],
    [`alpine@sha256:${'A1'.repeat(32)}`, 'invalid_digest'],
    [`alpine@sha512:${'a1'.repeat(64)}`, 'invalid_digest'],
    ['registry.example.com/app@latest', 'invalid_digest'],
  ];

  it.each(refused)('%j is refused by %s', (input, rule) => {
    const result = parseImageReference(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.refusal.rule).toBe(rule);
    expect(result.refusal.message).toContain(`(${rule})`);
  });

  it('allows a reference of exactly 512 characters through the length check', () => {
    const input = `ghcr.io/${'a'.repeat(200)}:${'t'.repeat(128)}`;
    const padded = `${input}@${digest}`;
    expect(padded.length).toBeLessThanOrEqual(512);
    expect(parseImageReference(padded).ok).toBe(true);
  });
});

describe('assetIdentity', () => {
  function identityOf(input: string): string {
    const result = parseImageReference(input);
    if (!result.ok) throw new Error(result.refusal.message);
    return assetIdentity(result.reference);
  }

  it('is registry/repository:tag for a tag reference and the digest for a pinned one', () => {
    expect(identityOf('alpine')).toBe('docker.io/library/alpine:latest');
    expect(identityOf('docker.io/library/alpine:latest')).toBe('docker.io/library/alpine:latest');
    expect(identityOf(`alpine:3.18@${digest}`)).toBe(`docker.io/library/alpine@${digest}`);
    expect(identityOf(`alpine@${digest}`)).toBe(`docker.io/library/alpine@${digest}`);
  });
});

describe('the test-only switch for loopback registries', () => {
  const loopback = { allowLoopbackRegistries: true };

  it('accepts a loopback registry, by address or by name, and nothing else private', () => {
    for (const input of ['127.0.0.1:5000/team/app:1', 'localhost:5000/app', '[::1]:5000/app']) {
      const result = parseImageReference(input, loopback);
      expect(result.ok, input).toBe(true);
    }
    for (const input of ['10.0.0.5/app', '169.254.169.254/app', '192.168.1.1:5000/app', '[fe80::1]/app', 'registry.internal/app']) {
      const result = parseImageReference(input, loopback);
      expect(result.ok ? 'accepted' : result.refusal.rule, input).toBe('private_registry');
    }
  });
});
