// Container image references: parsing with the grammar container tools use
// (github.com/distribution/reference) and refusal of untrusted references that
// would make the scanner fetch from somewhere it must not (spec 4.1).
//
//   reference  := name [ ":" tag ] [ "@" digest ]
//   name       := [ registry "/" ] repository
//   registry   := host [ ":" port ]        host: domain name, IPv4 or [IPv6]
//   repository := component ( "/" component )*
//   component  := [a-z0-9]+ ( separator [a-z0-9]+ )*    separator: "." | "_" | "__" | "-"+
//   tag        := [\w][\w.-]{0,127}
//   digest     := "sha256:" 64 lowercase hex digits
//
// The first path component names a registry only when it contains "." or ":" or is
// "localhost"; otherwise the reference is on Docker Hub (docker.io), where a
// single-component repository lives under library/.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export interface ImageReference {
  /** Lower-cased registry host with its port, e.g. docker.io, ghcr.io, registry.example.com:5000. */
  registry: string;
  /** Repository path inside the registry, e.g. library/alpine. */
  repository: string;
  /** Tag, null when the reference is digest-only. */
  tag: string | null;
  /** sha256:<hex>, null when the reference is not pinned. */
  digest: string | null;
  /** Normalized full reference: registry/repository[:tag][@digest]. */
  canonical: string;
  /** True when a digest pins the content: the asset cannot drift under a moving tag. */
  pinned: boolean;
}

export const imageReferenceRules = [
  'empty',
  'too_long',
  'control_character',
  'url_scheme',
  'embedded_credentials',
  'path_traversal',
  'percent_encoding',
  'private_registry',
  'obfuscated_ip_literal',
  'invalid_registry',
  'invalid_repository',
  'invalid_tag',
  'invalid_digest',
] as const;
export type ImageReferenceRule = (typeof imageReferenceRules)[number];

/** Why an untrusted reference was refused; the API answers 400 with `message`, which names the rule. */
interface ImageReferenceRefusal {
  rule: ImageReferenceRule;
  message: string;
}

type ImageReferenceResult = { ok: true; reference: ImageReference } | { ok: false; refusal: ImageReferenceRefusal };

const maxReferenceLength = 512;
// distribution/reference caps registry + "/" + repository at 255 characters.
const maxNameLength = 255;
const dockerHub = 'docker.io';
// The old Docker Hub index host; docker normalizes it to docker.io.
const legacyDockerHubHosts = new Set(['index.docker.io']);
const defaultTag = 'latest';

const domainComponentPattern = /^(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])$/;
const repositoryComponentPattern = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const tagPattern = /^[\w][\w.-]{0,127}$/;
const sha256DigestPattern = /^sha256:[0-9a-f]{64}$/;
// Anything shaped like "<algorithm>:<encoded>" after an "@": a digest, valid or not.
const digestShapePattern = /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[0-9a-zA-Z=_-]+$/;
const portPattern = /^[0-9]{1,5}$/;
// A leading "scheme:" as in http:, oci:, docker-archive:, file:.
const schemePrefixPattern = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
const hostPortPrefixPattern = /^[^/]*:[0-9]+(?:\/|$)/;
// Control characters (C0, DEL, C1), whitespace and invisible format characters.
// eslint-disable-next-line no-control-regex
const controlOrWhitespacePattern = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/u;

export interface ImageReferenceOptions {
  /**
   * SCAN_REGISTRY_ALLOW_PRIVATE, the test-only switch (refused in production): a loopback
   * registry (127.0.0.0/8, ::1, localhost) is accepted. Every other private class stays refused.
   */
  allowLoopbackRegistries?: boolean;
}

/** Parses an untrusted image reference; never throws. */
export function parseImageReference(input: string, options: ImageReferenceOptions = {}): ImageReferenceResult {
  try {
    return { ok: true, reference: parseOrRefuse(input, options) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

/**
 * The identity of the asset an image reference names: the digest for a pinned
 * reference (a tag beside it is only a label), otherwise registry/repository:tag.
 * Tenant-independent, so it can feed the finding fingerprint (spec 1.1 rule 7).
 */
export function assetIdentity(reference: ImageReference): string {
  const name = `${reference.registry}/${reference.repository}`;
  return reference.digest ? `${name}@${reference.digest}` : `${name}:${reference.tag ?? defaultTag}`;
}

// Internal control flow only: every check below refuses by throwing this, and
// parseImageReference turns it into a result.
class Refused extends Error {
  constructor(readonly refusal: ImageReferenceRefusal) {
    super(refusal.message);
  }
}

function refuse(rule: ImageReferenceRule, detail: string): never {
  throw new Refused({ rule, message: `image reference refused (${rule}): ${detail}` });
}

function parseOrRefuse(input: string, options: ImageReferenceOptions): ImageReference {
  refuseUnsafeCharacters(input);
  const { name, tag, digest } = splitTagAndDigest(input);
  const { registry, path } = splitRegistry(name);
  checkRegistry(registry, options.allowLoopbackRegistries === true);
  checkRepository(path);

  const normalizedRegistry = normalizeRegistry(registry);
  const repository = normalizedRegistry === dockerHub && !path.includes('/') ? `library/${path}` : path;
  if (normalizedRegistry.length + 1 + repository.length > maxNameLength) {
    refuse('too_long', `registry and repository together exceed ${maxNameLength} characters`);
  }
  const effectiveTag = tag ?? (digest ? null : defaultTag);
  const canonical = `${normalizedRegistry}/${repository}${effectiveTag ? `:${effectiveTag}` : ''}${digest ? `@${digest}` : ''}`;
  return { registry: normalizedRegistry, repository, tag: effectiveTag, digest, canonical, pinned: digest !== null };
}

/** Checks on the raw string that must pass before any splitting can be trusted. */
function refuseUnsafeCharacters(input: string): void {
  if (input.length === 0) refuse('empty', 'the reference is empty');
  if (input.length > maxReferenceLength) refuse('too_long', `the reference is longer than ${maxReferenceLength} characters`);
  if (controlOrWhitespacePattern.test(input)) refuse('control_character', 'the reference contains whitespace or control characters');
  if (input.includes('://')) refuse('url_scheme', 'a URL is not an image reference; remove the scheme');
  if (input.includes('%')) {
    refuse(decodesToTraversal(input) ? 'path_traversal' : 'percent_encoding', 'percent-encoded characters are not allowed');
  }
  if (input.includes('\\')) refuse('path_traversal', 'backslashes are not allowed');
  if (hasUserInfo(input)) refuse('embedded_credentials', 'credentials (user@ or user:password@) must not be part of the reference');
  if (looksLikeSchemePrefix(input)) refuse('url_scheme', 'a transport or URL scheme prefix is not allowed; give registry/repository:tag');
}

function decodesToTraversal(input: string): boolean {
  let decoded = input;
  // Decode repeatedly so double encoding (%252e%252e) cannot hide a traversal.
  for (let round = 0; round < 3 && decoded.includes('%'); round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  return decoded.includes('\\') || decoded.split('/').some((segment) => segment === '.' || segment === '..');
}

/** An "@" before the first "/" that does not start a digest is userinfo: user[:password]@host. */
function hasUserInfo(input: string): boolean {
  const slash = input.indexOf('/');
  const at = input.indexOf('@');
  return at !== -1 && (slash === -1 || at < slash) && !digestShapePattern.test(input.slice(at + 1));
}

// URL schemes and the image transports of skopeo, podman and buildah.
const knownSchemes = new Set([
  'http', 'https', 'ftp', 'file', 'ssh', 'git', 's3', 'gs', 'tcp', 'unix', 'data', 'javascript',
  'docker', 'docker-archive', 'docker-daemon', 'oci', 'oci-archive', 'containers-storage', 'dir', 'ostree', 'sif', 'tarball',
]);

/**
 * "http:evil/x", "oci:/tmp/layout" and "docker-archive:img.tar" name a transport,
 * not a registry. "docker:24-dind" (name:tag) and "registry:5000/x" (host:port) do not:
 * a known scheme counts only when a tag cannot follow it, any other word only before a path.
 */
function looksLikeSchemePrefix(input: string): boolean {
  const match = schemePrefixPattern.exec(input);
  if (!match || hostPortPrefixPattern.test(input)) return false;
  const afterColon = input.slice(match[0].length);
  if (afterColon.startsWith('/')) return true;
  const scheme = match[0].slice(0, -1).toLowerCase();
  return knownSchemes.has(scheme) && !tagPattern.test(afterColon.split('@')[0] ?? '');
}

function splitTagAndDigest(input: string): { name: string; tag: string | null; digest: string | null } {
  let name = input;
  let digest: string | null = null;
  const at = name.lastIndexOf('@');
  if (at !== -1) {
    digest = name.slice(at + 1);
    name = name.slice(0, at);
    if (!sha256DigestPattern.test(digest)) refuse('invalid_digest', 'a digest is sha256: followed by 64 lowercase hex digits');
  }
  // The text after the last ":" is a tag unless a "/" follows it (then the ":" precedes a port).
  let tag: string | null = null;
  const colon = name.lastIndexOf(':');
  if (colon > name.lastIndexOf('/')) {
    tag = name.slice(colon + 1);
    name = name.slice(0, colon);
    if (!tagPattern.test(tag)) {
      refuse('invalid_tag', 'a tag is 1 to 128 letters, digits, "_", "." or "-", and does not start with "." or "-"');
    }
  }
  return { name, tag, digest };
}

function splitRegistry(name: string): { registry: string; path: string } {
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    refuse('path_traversal', 'empty, "." and ".." path segments are not allowed');
  }
  const first = segments[0] ?? '';
  const namesRegistry = segments.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost');
  return namesRegistry ? { registry: first, path: segments.slice(1).join('/') } : { registry: dockerHub, path: name };
}

function checkRepository(path: string): void {
  for (const component of path.split('/')) {
    if (!repositoryComponentPattern.test(component)) {
      refuse('invalid_repository', `"${component}" is not lowercase letters and digits separated by ".", "_", "__" or "-"`);
    }
  }
}

function normalizeRegistry(registry: string): string {
  const lowered = registry.toLowerCase();
  return legacyDockerHubHosts.has(lowered) ? dockerHub : lowered;
}

function checkRegistry(registry: string, allowLoopback: boolean): void {
  const { host, port, bracketed } = splitHostAndPort(registry);
  if (port !== null && (!portPattern.test(port) || Number(port) < 1 || Number(port) > 65535)) {
    refuse('invalid_registry', `registry port "${port}" is not a number from 1 to 65535`);
  }
  if (bracketed) {
    if (!isIPv6(host)) refuse('invalid_registry', `"[${host}]" is not an IPv6 address`);
    checkAddress(host, 'ipv6', allowLoopback);
    return;
  }
  const lowered = host.toLowerCase();
  if (isIPv4(lowered) && isCanonicalDottedQuad(lowered)) {
    checkAddress(lowered, 'ipv4', allowLoopback);
    return;
  }
  if (looksLikeNumericHost(lowered)) {
    refuse('obfuscated_ip_literal', `registry "${host}" is an IP address in integer, octal or hex notation; write it as a dotted quad`);
  }
  if (!host.split('.').every((component) => domainComponentPattern.test(component))) {
    refuse('invalid_registry', `registry host "${host}" is not a valid domain name`);
  }
  if (!allowLoopback && (lowered === 'localhost' || lowered.endsWith('.localhost'))) refuse('private_registry', `registry "${host}" is a loopback host name`);
  const internalSuffix = internalHostSuffixes.find((suffix) => lowered.endsWith(suffix));
  if (internalSuffix) refuse('private_registry', `registry "${host}" is an internal host name (${internalSuffix})`);
}

const internalHostSuffixes = ['.internal', '.local', '.localdomain'];

function splitHostAndPort(registry: string): { host: string; port: string | null; bracketed: boolean } {
  if (registry.startsWith('[')) {
    const close = registry.indexOf(']');
    const after = close === -1 ? '' : registry.slice(close + 1);
    if (close === -1 || (after !== '' && !after.startsWith(':'))) refuse('invalid_registry', `registry "${registry}" is not [IPv6]:port`);
    return { host: registry.slice(1, close), port: after === '' ? null : after.slice(1), bracketed: true };
  }
  const parts = registry.split(':');
  if (parts.length > 2) refuse('invalid_registry', `registry "${registry}" is not host[:port] (an IPv6 address needs brackets)`);
  return { host: parts[0] ?? '', port: parts[1] ?? null, bracketed: false };
}

function isCanonicalDottedQuad(host: string): boolean {
  return host.split('.').every((octet) => octet === '0' || !octet.startsWith('0'));
}

// Every label numeric (decimal, 0-prefixed octal or 0x hex): resolvers read such
// hosts as IPv4 addresses (127.1, 2130706433, 0x7f.1, 0177.0.0.1). The spelling
// hides the address class, so any non-canonical numeric host is refused outright.
function looksLikeNumericHost(host: string): boolean {
  return host.split('.').every((label) => /^(?:0x[0-9a-f]*|[0-9]+)$/.test(label));
}

// Address classes a registry must not be in. Node's BlockList also matches
// IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 entries.
const forbiddenAddressClasses: { network: string; prefix: number; type: 'ipv4' | 'ipv6'; name: string }[] = [
  { network: '0.0.0.0', prefix: 8, type: 'ipv4', name: 'an unspecified ("this network") address' },
  { network: '10.0.0.0', prefix: 8, type: 'ipv4', name: 'a private address' },
  { network: '100.64.0.0', prefix: 10, type: 'ipv4', name: 'a carrier-grade NAT address' },
  { network: '127.0.0.0', prefix: 8, type: 'ipv4', name: 'a loopback address' },
  { network: '169.254.0.0', prefix: 16, type: 'ipv4', name: 'a link-local address (this includes cloud metadata, 169.254.169.254)' },
  { network: '172.16.0.0', prefix: 12, type: 'ipv4', name: 'a private address' },
  { network: '192.168.0.0', prefix: 16, type: 'ipv4', name: 'a private address' },
  { network: '224.0.0.0', prefix: 4, type: 'ipv4', name: 'a multicast address' },
  { network: '240.0.0.0', prefix: 4, type: 'ipv4', name: 'a reserved address' },
  { network: '::', prefix: 128, type: 'ipv6', name: 'the unspecified address' },
  { network: '::1', prefix: 128, type: 'ipv6', name: 'a loopback address' },
  { network: 'fc00::', prefix: 7, type: 'ipv6', name: 'a unique local (private) address' },
  { network: 'fe80::', prefix: 10, type: 'ipv6', name: 'a link-local address' },
  { network: 'ff00::', prefix: 8, type: 'ipv6', name: 'a multicast address' },
];

const forbiddenAddressLists = forbiddenAddressClasses.map((addressClass) => {
  const list = new BlockList();
  list.addSubnet(addressClass.network, addressClass.prefix, addressClass.type);
  return { name: addressClass.name, list, loopback: addressClass.name === 'a loopback address' };
});

function checkAddress(address: string, type: 'ipv4' | 'ipv6', allowLoopback: boolean): void {
  const match = forbiddenAddressLists.find(({ list, loopback }) => list.check(address, type) && !(allowLoopback && loopback));
  if (match) refuse('private_registry', `registry ${address} is ${match.name}`);
}
