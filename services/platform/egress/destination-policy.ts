// Which network destinations a webhook may reach (spec 4.5, 8). One module
// decides for registration (checkDestinationUrl) and for delivery
// (resolveAndCheck, vettedLookup), so the two checks cannot drift apart.
//
// Delivery must (1) run checkDestinationUrl on the stored URL and on any
// redirect target, because node's net skips the `lookup` option for IP
// literals, and (2) connect with `lookup: vettedLookup(policy)`, so the socket
// only ever opens to an address that passed the check: a DNS answer that
// changes between check and connect (rebinding) is never used unchecked.
import { promises as dns, type LookupAddress } from 'node:dns';
import { isIPv6, type LookupFunction } from 'node:net';

export const addressClasses = [
  'public',
  'private',
  'loopback',
  'link_local',
  'carrier_grade_nat',
  'multicast',
  'reserved',
  'documentation',
  'unspecified',
  'broadcast',
  'unique_local',
  'site_local',
  'benchmarking',
  // Instance metadata services sit inside link-local, carrier-grade-NAT or
  // unique-local space, but get their own class so that no switch (allowPrivate
  // permits unique-local) can ever open them and so the refusal says what it is.
  'cloud_metadata',
] as const;
export type AddressClass = (typeof addressClasses)[number];

export interface DestinationPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: permits private, loopback and unique-local addresses (never in production). */
  allowPrivate: boolean;
}

/** Classes WEBHOOK_ALLOW_PRIVATE_DESTINATIONS opens: the "private and loopback" of spec 8, with unique-local as IPv6's private space. */
const classesOpenedByAllowPrivate: ReadonlySet<AddressClass> = new Set(['private', 'loopback', 'unique_local']);

export function isAllowedClass(addressClass: AddressClass, policy: DestinationPolicy): boolean {
  return addressClass === 'public' || (policy.allowPrivate && classesOpenedByAllowPrivate.has(addressClass));
}

export interface Refusal {
  ok: false;
  reason: string;
  class?: AddressClass;
  /** The address that was refused; absent when the URL or the name itself was. */
  address?: string;
}

const refuse = (reason: string): Refusal => ({ ok: false, reason });
const refuseClass = (addressClass: AddressClass, address?: string): Refusal => ({
  ok: false,
  reason: `destination address class ${addressClass} is not allowed`,
  class: addressClass,
  ...(address === undefined ? {} : { address }),
});

// ---------------------------------------------------------------------------
// Host literals

type ParsedHost =
  | { kind: 'ipv4'; address: string; value: number }
  | { kind: 'ipv6'; address: string; value: bigint; zone: string | undefined }
  | { kind: 'name'; name: string }
  | { kind: 'malformed' };

/**
 * Reads a host the way a URL parser or libc's inet_aton would, so that no
 * spelling of an address (2130706433, 0x7f.1, 0177.0.0.1, 127.1, "127.0.0.1.",
 * [::ffff:127.0.0.1], fe80::1%eth0) slips past as a "name". Addresses come back
 * normalized (dotted quad, RFC 5952 IPv6); names lowercased without the
 * trailing root dot. A host that ends in a number but is not a valid IPv4
 * address (1.2.3.999, 08.0.0.1) is malformed, as it is for WHATWG URL.
 */
export function parseHostLiteral(host: string): ParsedHost {
  const bracketed = host.startsWith('[') && host.endsWith(']');
  if (bracketed || host.includes(':')) {
    const inner = bracketed ? host.slice(1, -1) : host;
    const zoneAt = inner.indexOf('%');
    const value = parseIpv6(zoneAt === -1 ? inner : inner.slice(0, zoneAt));
    if (value === undefined) return { kind: 'malformed' };
    return { kind: 'ipv6', address: formatIpv6(value), value, zone: zoneAt === -1 ? undefined : inner.slice(zoneAt + 1) };
  }
  if (endsInANumber(host)) {
    const value = parseIpv4(host);
    return value === undefined ? { kind: 'malformed' } : { kind: 'ipv4', address: formatIpv4(value), value };
  }
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === '' || name.startsWith('.') || name.includes('..') ? { kind: 'malformed' } : { kind: 'name', name };
}

// WHATWG URL "ends in a number": such a host is parsed as IPv4 or refused.
function endsInANumber(host: string): boolean {
  const parts = host.split('.');
  if (parts.at(-1) === '' && parts.length > 1) parts.pop();
  const last = parts.at(-1) ?? '';
  return /^[0-9]+$/.test(last) || /^0x[0-9a-f]*$/i.test(last);
}

// WHATWG URL IPv4 parser, which accepts what inet_aton accepts (one to four
// parts, each decimal, 0x-hex or 0-octal, the last filling the remaining bytes)
// plus one trailing dot.
function parseIpv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.at(-1) === '' && parts.length > 1) parts.pop();
  if (parts.length > 4) return undefined;
  const numbers = parts.map(parseIpv4Part);
  let value = 0;
  for (const [index, part] of numbers.entries()) {
    if (part === undefined) return undefined;
    const isLast = index === numbers.length - 1;
    const limit = isLast ? 256 ** (5 - numbers.length) : 256;
    if (part >= limit) return undefined;
    value += isLast ? part : part * 256 ** (3 - index);
  }
  return value;
}

function parseIpv4Part(part: string): number | undefined {
  if (/^0x/i.test(part)) return /^[0-9a-f]*$/i.test(part.slice(2)) ? Number.parseInt(part.slice(2) || '0', 16) : undefined;
  if (/^0[0-9]/.test(part)) return /^[0-7]+$/.test(part.slice(1)) ? Number.parseInt(part.slice(1), 8) : undefined;
  return /^[0-9]+$/.test(part) ? Number.parseInt(part, 10) : undefined;
}

const formatIpv4 = (value: number): string => [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join('.');

// Syntax is node's (isIPv6 refuses leading zeros in an embedded dotted quad,
// which would be ambiguous between octal and decimal); the arithmetic is ours.
function parseIpv6(text: string): bigint | undefined {
  if (!isIPv6(text)) return undefined;
  const toGroups = (side: string): number[] =>
    side === ''
      ? []
      : side.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const v4 = group.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
          return [v4 >>> 16, v4 & 0xffff];
        });
  const [head = '', tail] = text.split('::');
  const headGroups = toGroups(head);
  const tailGroups = tail === undefined ? [] : toGroups(tail);
  const zeros = new Array<number>(8 - headGroups.length - tailGroups.length).fill(0);
  return [...headGroups, ...zeros, ...tailGroups].reduce((acc, group) => (acc << 16n) | BigInt(group), 0n);
}

// RFC 5952: lowercase, no leading zeros, the longest run of two or more zero groups as "::".
function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, index) => Number((value >> BigInt(112 - 16 * index)) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = (part: number[]): string => part.map((group) => group.toString(16)).join(':');
  if (bestStart === -1) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
}

// ---------------------------------------------------------------------------
// Classification

/** Classifies an IP address in any notation parseHostLiteral accepts. Throws TypeError for a name or garbage. */
export function classifyAddress(ip: string): AddressClass {
  const host = parseHostLiteral(ip);
  if (host.kind !== 'ipv4' && host.kind !== 'ipv6') throw new TypeError(`not an IP address: ${JSON.stringify(ip)}`);
  return classifyIp(host);
}

type ParsedIp = Extract<ParsedHost, { kind: 'ipv4' | 'ipv6' }>;

const classifyIp = (host: ParsedIp): AddressClass => (host.kind === 'ipv4' ? classifyIpv4(host.value) : classifyIpv6(host.value));

// First match wins, so the single addresses come before the blocks that hold them.
const ipv4Table: ReadonlyArray<readonly [network: string, prefixLength: number, addressClass: AddressClass]> = [
  ['169.254.169.254', 32, 'cloud_metadata'], // AWS, GCP, Azure, OCI and others
  ['169.254.170.2', 32, 'cloud_metadata'], // AWS ECS task metadata and credentials
  ['100.100.100.200', 32, 'cloud_metadata'], // Alibaba Cloud
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 8, 'unspecified'], // "this network"; connecting to 0.0.0.0 reaches the local host
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier_grade_nat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const compiledIpv4Table = ipv4Table.map(([network, prefixLength, addressClass]) => ({
  shift: 32 - prefixLength,
  network: (parseIpv4(network) ?? 0) >>> (32 - prefixLength),
  addressClass,
}));

function classifyIpv4(value: number): AddressClass {
  return compiledIpv4Table.find(({ shift, network }) => value >>> shift === network)?.addressClass ?? 'public';
}

const firstNonPublic = (...classes: AddressClass[]): AddressClass => classes.find((c) => c !== 'public') ?? 'public';

/** The 32 bits starting `offset` bits from the most significant end of a `width`-bit value. */
const ipv4At = (value: bigint, width: number, offset: number): number =>
  Number((value >> BigInt(width - offset - 32)) & 0xffffffffn);

// ::/96 "IPv4-compatible" (RFC 4291 2.5.5.1) is deprecated and no stack should
// route it, but some still tunnel it to the embedded IPv4 address: a non-public
// embedded address keeps its class, a public one is refused as reserved.
const classifyIpv4Compatible = (value: bigint): AddressClass => firstNonPublic(classifyIpv4(ipv4At(value, 128, 96)), 'reserved');

// Teredo (RFC 4380): the server's IPv4 address in bits 32-63, the client's
// inverted in the last 32 bits. The packet reaches both, so both must be public.
const classifyTeredo = (value: bigint): AddressClass =>
  firstNonPublic(classifyIpv4(~ipv4At(value, 128, 96) >>> 0), classifyIpv4(ipv4At(value, 128, 32)));

// The local-use NAT64 prefix (RFC 8215) may be cut at /48, /56, /64 or /96 by
// the operator, and RFC 6052 2.2 places the IPv4 address right after the cut,
// skipping the u-octet (bits 64-71). We cannot see which cut applies, so every
// position must hold a public address. With the u-octet removed the positions
// are bits 88 (/96, the last 32 bits, reported first as the usual one), 48, 56 and 64.
function classifyLocalUseNat64(value: bigint): AddressClass {
  const withoutUOctet = ((value >> 64n) << 56n) | (value & ((1n << 56n) - 1n));
  return firstNonPublic(...[88, 48, 56, 64].map((offset) => classifyIpv4(ipv4At(withoutUOctet, 120, offset))));
}

type Ipv6Rule = readonly [prefix: string, prefixLength: number, classify: AddressClass | ((value: bigint) => AddressClass)];

// First match wins. Anything outside these rules and outside 2000::/3 (global
// unicast) is unallocated or special-purpose (100::/64 discard-only, the rest
// of ::/8, 5f00::/16 SRv6 ...) and is reserved.
const ipv6Table: ReadonlyArray<Ipv6Rule> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fd00:ec2::254', 128, 'cloud_metadata'], // AWS instance metadata over IPv6
  ['::ffff:0:0', 96, (value) => classifyIpv4(ipv4At(value, 128, 96))], // IPv4-mapped
  ['::', 96, classifyIpv4Compatible],
  ['64:ff9b::', 96, (value) => classifyIpv4(ipv4At(value, 128, 96))], // NAT64 well-known prefix
  ['64:ff9b:1::', 48, classifyLocalUseNat64],
  ['2001::', 32, classifyTeredo],
  ['2001:2::', 48, 'benchmarking'],
  ['2001::', 23, 'reserved'], // IETF protocol assignments, incl. ORCHID 2001:10::/28 and ORCHIDv2 2001:20::/28
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['2002::', 16, (value) => classifyIpv4(ipv4At(value, 128, 16))], // 6to4
  ['2000::', 3, 'public'],
  ['fc00::', 7, 'unique_local'],
  ['fe80::', 10, 'link_local'],
  ['fec0::', 10, 'site_local'],
  ['ff00::', 8, 'multicast'],
];
const compiledIpv6Table = ipv6Table.map(([prefix, prefixLength, classify]) => ({
  shift: BigInt(128 - prefixLength),
  network: (parseIpv6(prefix) ?? 0n) >> BigInt(128 - prefixLength),
  classify,
}));

function classifyIpv6(value: bigint): AddressClass {
  const rule = compiledIpv6Table.find(({ shift, network }) => value >> shift === network);
  if (rule === undefined) return 'reserved';
  return typeof rule.classify === 'function' ? rule.classify(value) : rule.classify;
}

// Names that can only mean this host or the local network, whatever DNS says.
export function classifyHostName(name: string): AddressClass {
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  if (name === 'metadata.google.internal') return 'cloud_metadata';
  const localSuffixes = ['internal', 'local', 'localdomain', 'home.arpa'];
  if (localSuffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) return 'private';
  // A single label is completed from the resolver's search domains: an internal host.
  if (!name.includes('.')) return 'private';
  return 'public';
}

// ---------------------------------------------------------------------------
// Registration: the URL itself

const MAX_DESTINATION_URL_LENGTH = 2048;

type UrlCheck = { ok: true; url: URL } | Refusal;

/**
 * Registration check (and delivery re-check of the stored URL and any redirect).
 * A name that passes here is still resolved and checked at delivery.
 */
export function checkDestinationUrl(raw: string, policy: DestinationPolicy): UrlCheck {
  const tooLong = refuse(`destination URL must be at most ${MAX_DESTINATION_URL_LENGTH} characters`);
  if (raw.length > MAX_DESTINATION_URL_LENGTH) return tooLong;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('destination is not a valid URL');
  }
  // Normalization (percent-encoding, punycode) can lengthen what gets stored.
  if (url.href.length > MAX_DESTINATION_URL_LENGTH) return tooLong;
  if (url.protocol !== 'https:') return refuse('destination URL must use https');
  if (url.username !== '' || url.password !== '') return refuse('destination URL must not contain credentials');
  // WHATWG has already normalized numeric hosts (0x7f.1 -> 127.0.0.1); our
  // parser reads them again rather than trusting that it did.
  const host = parseHostLiteral(url.hostname);
  if (host.kind === 'malformed') return refuse('destination URL has no valid host');
  const addressClass = host.kind === 'name' ? classifyHostName(host.name) : classifyIp(host);
  return isAllowedClass(addressClass, policy) ? { ok: true, url } : refuseClass(addressClass);
}

// ---------------------------------------------------------------------------
// Delivery: what the name resolves to

/** Resolves a name to every address it has. Injectable so tests need no DNS. */
export type ResolveAll = (hostname: string) => Promise<readonly LookupAddress[]>;

const resolveWithSystem: ResolveAll = (hostname) => dns.lookup(hostname, { all: true });

interface ResolveOptions extends DestinationPolicy {
  lookup?: ResolveAll;
}

export type ResolveCheck = { ok: true; addresses: LookupAddress[] } | Refusal;

/**
 * Resolves `hostname` (a name, or an IP literal in any notation) and refuses
 * if ANY address is not allowed: a name with one public and one internal
 * address could otherwise be steered to the internal one. Returns the vetted
 * addresses so the caller connects to one of them without a second lookup.
 * Resolver failures (ENOTFOUND, EAI_AGAIN) are thrown, not refused: they are
 * transient delivery failures, not policy.
 */
export async function resolveAndCheck(hostname: string, options: ResolveOptions): Promise<ResolveCheck> {
  const host = parseHostLiteral(hostname);
  switch (host.kind) {
    case 'malformed':
      return refuse('destination host is not valid');
    case 'ipv4':
    case 'ipv6': {
      const addressClass = classifyIp(host);
      if (!isAllowedClass(addressClass, options)) return refuseClass(addressClass, host.address);
      return { ok: true, addresses: [{ address: host.address, family: host.kind === 'ipv4' ? 4 : 6 }] };
    }
    case 'name': {
      const nameClass = classifyHostName(host.name);
      if (!isAllowedClass(nameClass, options)) return refuseClass(nameClass);
      const resolved = await (options.lookup ?? resolveWithSystem)(hostname);
      if (resolved.length === 0) return refuse('destination host has no addresses');
      const vetted: LookupAddress[] = [];
      for (const { address } of resolved) {
        const parsed = parseHostLiteral(address);
        if (parsed.kind !== 'ipv4' && parsed.kind !== 'ipv6') return refuse('destination host resolved to something that is not an address');
        const addressClass = classifyIp(parsed);
        if (!isAllowedClass(addressClass, options)) return refuseClass(addressClass, address);
        vetted.push({ address, family: parsed.kind === 'ipv4' ? 4 : 6 });
      }
      return { ok: true, addresses: vetted };
    }
  }
}

/** Raised through a socket's 'error' event when vettedLookup refuses a destination. */
export class DestinationRefusedError extends Error {
  readonly code = 'EDESTINATIONREFUSED';
  readonly addressClass: AddressClass | undefined;

  constructor(refusal: Refusal) {
    super(refusal.reason);
    this.name = 'DestinationRefusedError';
    this.addressClass = refusal.class;
  }
}

/**
 * A `lookup` for net.connect / https.request that only ever hands back
 * addresses resolveAndCheck vetted, so the connection cannot be rebound.
 * Honours the `family` and `all` options node passes (autoSelectFamily asks for all).
 */
export function vettedLookup(options: ResolveOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const wantedFamily = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : (lookupOptions.family ?? 0);
    resolveAndCheck(hostname, options).then(
      (result) => {
        if (!result.ok) return callback(new DestinationRefusedError(result), []);
        const addresses = result.addresses.filter(({ family }) => wantedFamily === 0 || family === wantedFamily);
        const [first] = addresses;
        if (first === undefined) {
          return callback(Object.assign(new Error(`no IPv${wantedFamily} address for ${hostname}`), { code: 'ENOTFOUND' }), []);
        }
        if (lookupOptions.all === true) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
