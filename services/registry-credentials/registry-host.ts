// The registry a credential is for: a host and an optional port, exactly what an
// image reference names before its first "/" (services/scans/image-reference.ts).
// No scheme, path, user or whitespace. Both a credential's host and the registry
// of an image being scanned go through normalizeRegistryHost, so they match.
import { isIPv4, isIPv6 } from 'node:net';

type RegistryHostResult = { ok: true; host: string } | { ok: false; problem: string };

// Docker Hub answers under several names; image references name it docker.io
// (`alpine` is docker.io/library/alpine), so a credential for any of them is one for docker.io.
const DOCKER_HUB = 'docker.io';
const dockerHubAliases = new Set(['docker.io', 'index.docker.io', 'registry-1.docker.io', 'registry.hub.docker.com']);

const domainLabelPattern = /^(?:[a-z0-9]|[a-z0-9][a-z0-9-]{0,61}[a-z0-9])$/;
const portPattern = /^[0-9]{1,5}$/;
const MAX_HOST_LENGTH = 253;

/** Checks and normalizes a registry as a person typed it: lower-cased, Docker Hub's aliases as docker.io. */
export function parseRegistryHost(input: string): RegistryHostResult {
  if (input.includes('://')) return refuse('give the registry host without a scheme, for example ghcr.io');
  if (/[/?#]/.test(input)) return refuse('give the registry host without a path, for example registry.example.com:5000');
  if (input.includes('@')) return refuse('the registry host must not carry a user; give the username in its own field');
  if (/\s/.test(input) || input === '') return refuse('the registry host is empty or contains whitespace');
  const { host, port } = splitPort(input.toLowerCase());
  if (host === undefined) return refuse('the registry is host[:port]; an IPv6 address needs brackets, [2001:db8::1]:5000');
  if (port !== null && (!portPattern.test(port) || Number(port) < 1 || Number(port) > 65535)) {
    return refuse('the registry port must be a number from 1 to 65535');
  }
  if (!isHost(host)) return refuse(`"${host}" is not a host name or IP address`);
  const normalizedHost = port === null && dockerHubAliases.has(host) ? DOCKER_HUB : host;
  return { ok: true, host: port === null ? normalizedHost : `${normalizedHost}:${port}` };
}

/** The form a registry is stored and matched in; an input parseRegistryHost refuses is returned lower-cased. */
export function normalizeRegistryHost(registry: string): string {
  const parsed = parseRegistryHost(registry);
  return parsed.ok ? parsed.host : registry.toLowerCase();
}

const refuse = (problem: string): RegistryHostResult => ({ ok: false, problem });

function splitPort(input: string): { host: string | undefined; port: string | null } {
  if (input.startsWith('[')) {
    const close = input.indexOf(']');
    const after = close === -1 ? '' : input.slice(close + 1);
    if (close === -1 || (after !== '' && !after.startsWith(':'))) return { host: undefined, port: null };
    return { host: input.slice(0, close + 1), port: after === '' ? null : after.slice(1) };
  }
  const parts = input.split(':');
  if (parts.length > 2) return { host: undefined, port: null };
  return { host: parts[0], port: parts[1] ?? null };
}

function isHost(host: string): boolean {
  if (host.startsWith('[')) return isIPv6(host.slice(1, -1));
  if (isIPv4(host)) return true;
  return host.length <= MAX_HOST_LENGTH && host.split('.').every((label) => domainLabelPattern.test(label));
}
