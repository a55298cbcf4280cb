// Test-only: the SSRF table. Every refused address class, IPv4 and IPv6, with
// addresses written in every notation a URL parser or inet_aton accepts; used
// by the classification tests and again at registration and at delivery.
import type { AddressClass, ResolveAll } from '../destination-policy.js';

// Every row is one address in one notation; the class must be exact.
export const classTable: ReadonlyArray<readonly [address: string, expected: AddressClass]> = [
  // IPv4 loopback in every notation inet_aton or a URL parser accepts
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['2130706433', 'loopback'],
  ['0x7f000001', 'loopback'],
  ['0X7F000001', 'loopback'],
  ['0x7f.0.0.1', 'loopback'],
  ['0x7f.0x0.0x0.0x1', 'loopback'],
  ['0177.0.0.1', 'loopback'],
  ['0177.0000.0.01', 'loopback'],
  ['017700000001', 'loopback'],
  ['127.1', 'loopback'],
  ['127.0.1', 'loopback'],
  ['127.0.0.1.', 'loopback'],
  ['0x7f.1', 'loopback'],
  // private
  ['10.0.0.1', 'private'],
  ['167772161', 'private'],
  ['012.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['0xac.0x1f.1', 'private'],
  ['192.168.1.1', 'private'],
  ['0xc0a80101', 'private'],
  ['192.168.257', 'private'],
  // carrier-grade NAT
  ['100.64.0.1', 'carrier_grade_nat'],
  ['100.127.255.255', 'carrier_grade_nat'],
  ['0x64400001', 'carrier_grade_nat'],
  // link-local and cloud metadata
  ['169.254.1.1', 'link_local'],
  ['169.254.169.254', 'cloud_metadata'],
  ['2852039166', 'cloud_metadata'],
  ['0xa9fea9fe', 'cloud_metadata'],
  ['0251.0376.0251.0376', 'cloud_metadata'],
  ['169.254.43518', 'cloud_metadata'],
  ['169.254.170.2', 'cloud_metadata'],
  ['100.100.100.200', 'cloud_metadata'],
  // unspecified, broadcast, multicast, reserved
  ['0.0.0.0', 'unspecified'],
  ['0', 'unspecified'],
  ['0x0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['4294967295', 'broadcast'],
  ['0xffffffff', 'broadcast'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.254', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.88.99.1', 'reserved'],
  // documentation and benchmarking
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.200', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  // IPv6 fixed ranges, bracketed and bare
  ['::', 'unspecified'],
  ['[::]', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['fc00::1', 'unique_local'],
  ['fd12:3456::1', 'unique_local'],
  ['fd00:ec2::254', 'cloud_metadata'],
  ['[fd00:ec2::254]', 'cloud_metadata'],
  ['fe80::1', 'link_local'],
  ['fe80::1%eth0', 'link_local'],
  ['[fe80::1%25eth0]', 'link_local'],
  ['febf::1', 'link_local'],
  ['fec0::1', 'site_local'],
  ['ff02::1', 'multicast'],
  ['ff0e::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'reserved'],
  ['2001:20::1', 'reserved'],
  ['2001:1::1', 'reserved'],
  ['100::1', 'reserved'],
  ['5f00::1', 'reserved'],
  ['4000::1', 'reserved'],
  // IPv4-mapped: the embedded address decides
  ['::ffff:127.0.0.1', 'loopback'],
  ['[::ffff:127.0.0.1]', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:169.254.169.254', 'cloud_metadata'],
  ['::ffff:0:0', 'unspecified'],
  // IPv4-compatible (deprecated): the embedded class, or reserved when public
  ['::127.0.0.1', 'loopback'],
  ['::7f00:1', 'loopback'],
  ['[::10.0.0.1]', 'private'],
  ['::8.8.8.8', 'reserved'],
  // NAT64, well-known and local-use prefixes
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'cloud_metadata'],
  ['64:ff9b:1::7f00:1', 'loopback'],
  ['64:ff9b:1::192.168.0.1', 'private'],
  // local-use: a /48 translator would read 0.0.0.0 from bits 48-87
  ['64:ff9b:1::808:808', 'unspecified'],
  // 6to4: IPv4 in bits 16-47
  ['2002:7f00:1::', 'loopback'],
  ['2002:a9fe:a9fe::1', 'cloud_metadata'],
  ['2002:c0a8:101::', 'private'],
  // Teredo: client = last 32 bits inverted, server = bits 32-63
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'documentation'], // RFC 4380 example: client 192.0.2.45
  ['2001:0:808:808::80ff:fffe', 'loopback'], // client 127.0.0.1
  ['2001:0:7f00:1::f7f7:f7f7', 'loopback'], // server 127.0.0.1, client 8.8.8.8
];

export const publicControls = [
  '8.8.8.8',
  '1.1.1.1',
  '134744072', // 8.8.8.8 as an integer
  '0x08.0x08.0x08.0x08',
  '100.63.255.255', // just below carrier-grade NAT
  '172.32.0.1', // just above 172.16/12
  '2606:4700:4700::1111',
  '[2606:4700:4700::1111]',
  '2a00:1450:4001:80b::200e',
  '2002:808:808::1', // 6to4 around 8.8.8.8
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '2001:0:808:808::f7f7:f7f7', // Teredo, server and client 8.8.8.8
];

/** The address as a URL host, IPv6 in brackets; undefined for a zone index (fe80::1%eth0), which a URL cannot carry. */
function asUrlHost(address: string): string | undefined {
  if (address.includes('%')) return undefined;
  return address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
}

const TABLE_NAME = /^row-(\d+)\.resolves\.example\.com$/;

/**
 * Resolves row-<n>.resolves.example.com to the n-th address of the table and
 * every other name to a public address: destination checks are tested without
 * real DNS.
 */
export const resolveFromTable: ResolveAll = async (hostname) => {
  const row = TABLE_NAME.exec(hostname);
  const address = row ? classTable[Number(row[1])]![0] : publicControls[0]!;
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

/** The table's rows, numbered, for it.each. */
export const refusedAddresses = classTable.map(([address, addressClass], row) => ({ address, addressClass, row }));

/**
 * The destinations that reach a row's address: the address written into the
 * URL (where a URL can carry it) and a name that resolveFromTable resolves to it.
 */
export function destinationsReaching(row: number, port?: number): string[] {
  const host = asUrlHost(classTable[row]![0]);
  const authority = (hostname: string) => (port === undefined ? hostname : `${hostname}:${port}`);
  return [...(host === undefined ? [] : [`https://${authority(host)}/ssrf-${row}`]), `https://${authority(`row-${row}.resolves.example.com`)}/ssrf-${row}`];
}
