import type { LookupAddress } from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AddressClass,
  checkDestinationUrl,
  classifyAddress,
  DestinationRefusedError,
  parseHostLiteral,
  resolveAndCheck,
  vettedLookup,
} from './destination-policy.js';

const strict = { allowPrivate: false };
const permissive = { allowPrivate: true };

// Every row is one address in one notation; the class must be exact.
const classTable: ReadonlyArray<readonly [address: string, expected: AddressClass]> = [
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

const publicControls = [
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

describe('classifyAddress', () => {
  it.each(classTable)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each(publicControls)('%s is public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });

  it('throws for a name or garbage', () => {
    expect(() => classifyAddress('example.com')).toThrow(TypeError);
    expect(() => classifyAddress('1.2.3.256')).toThrow(TypeError);
    expect(() => classifyAddress('::1::')).toThrow(TypeError);
  });
});

describe('parseHostLiteral', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0x', '0.0.0.0'],
  ])('normalizes the IPv4 literal %s to %s', (host, address) => {
    expect(parseHostLiteral(host)).toMatchObject({ kind: 'ipv4', address });
  });

  it.each([
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1', undefined],
    ['[0:0:0:0:0:0:0:1]', '::1', undefined],
    ['2001:DB8:0:0:1:0:0:1', '2001:db8::1:0:0:1', undefined],
    ['fe80::1%eth0', 'fe80::1', 'eth0'],
  ])('normalizes the IPv6 literal %s to %s', (host, address, zone) => {
    expect(parseHostLiteral(host)).toMatchObject({ kind: 'ipv6', address, zone });
  });

  it('agrees with WHATWG URL on every IPv4 notation', () => {
    for (const host of ['2130706433', '0x7f.1', '0177.0.0.1', '127.0.1', '127.0.0.1.', '0xa9fea9fe', '169.254.43518']) {
      const parsed = parseHostLiteral(host);
      expect(parsed.kind === 'ipv4' && parsed.address).toBe(new URL(`https://${host}/`).hostname);
    }
  });

  it('reads names as names, lowercased and without the root dot', () => {
    expect(parseHostLiteral('Hooks.Example.COM.')).toEqual({ kind: 'name', name: 'hooks.example.com' });
    expect(parseHostLiteral('0x7f.1.example')).toEqual({ kind: 'name', name: '0x7f.1.example' });
  });

  // '0xg.1' ends in a number, so it must be an address, and it is not one; a
  // dotted quad inside IPv6 with a leading zero is ambiguous (octal or decimal).
  it.each(['1.2.3.256', '1.2.3.4.5', '08.0.0.1', '4294967296', '0xg.1', '[::1', '::ffff:010.0.0.1', '', '.', 'a..b'])(
    'refuses %j as malformed',
    (host) => {
      expect(parseHostLiteral(host)).toEqual({ kind: 'malformed' });
    },
  );
});

describe('checkDestinationUrl', () => {
  it('accepts a public https URL and returns it parsed', () => {
    const result = checkDestinationUrl('https://hooks.example.com/in?x=1', strict);
    expect(result.ok && result.url.href).toBe('https://hooks.example.com/in?x=1');
  });

  it.each([
    ['https://127.0.0.1/', 'loopback'],
    ['https://2130706433/', 'loopback'],
    ['https://0x7f.1/', 'loopback'],
    ['https://0177.0.0.1/', 'loopback'],
    ['https://127.1:8443/', 'loopback'],
    ['https://%31%32%37.0.0.1/', 'loopback'],
    ['https://[::1]/', 'loopback'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[::127.0.0.1]/', 'loopback'],
    ['https://[64:ff9b::10.0.0.1]/', 'private'],
    ['https://[2002:a9fe:a9fe::]/', 'cloud_metadata'],
    ['https://169.254.169.254/latest/meta-data/', 'cloud_metadata'],
    ['https://[fe80::1]/', 'link_local'],
    ['https://100.64.0.1/', 'carrier_grade_nat'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://240.0.0.1/', 'reserved'],
    ['https://192.0.2.1/', 'documentation'],
    ['https://[2001:db8::1]/', 'documentation'],
    ['https://localhost/', 'loopback'],
    ['https://LOCALHOST./', 'loopback'],
    ['https://api.localhost/', 'loopback'],
    ['https://db.internal/', 'private'],
    ['https://printer.local/', 'private'],
    ['https://host.localdomain/', 'private'],
    ['https://metadata.google.internal/', 'cloud_metadata'],
    ['https://intranet/', 'private'],
  ])('refuses %s as %s, naming the class', (url, addressClass) => {
    expect(checkDestinationUrl(url, strict)).toEqual({
      ok: false,
      reason: `destination address class ${addressClass} is not allowed`,
      class: addressClass,
    });
  });

  it.each([
    ['http://hooks.example.com/', 'destination URL must use https'],
    ['ftp://hooks.example.com/', 'destination URL must use https'],
    ['https://user:pass@hooks.example.com/', 'destination URL must not contain credentials'],
    ['https://user@hooks.example.com/', 'destination URL must not contain credentials'],
    ['not a url', 'destination is not a valid URL'],
    ['https://1.2.3.256/', 'destination is not a valid URL'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, 'destination URL must be at most 2048 characters'],
  ])('refuses %s', (url, reason) => {
    expect(checkDestinationUrl(url, strict)).toEqual({ ok: false, reason });
  });

  it('accepts exactly 2048 characters', () => {
    const prefix = 'https://hooks.example.com/';
    expect(checkDestinationUrl(prefix + 'a'.repeat(2048 - prefix.length), strict).ok).toBe(true);
  });

  it('with allowPrivate opens private, loopback and unique-local only', () => {
    for (const url of ['https://10.0.0.1/', 'https://127.0.0.1/', 'https://localhost/', 'https://[fd12::1]/', 'https://receiver/']) {
      expect(checkDestinationUrl(url, permissive).ok).toBe(true);
    }
    for (const url of [
      'https://169.254.169.254/',
      'https://[fd00:ec2::254]/',
      'https://metadata.google.internal/',
      'https://[fe80::1]/',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://255.255.255.255/',
      'https://224.0.0.1/',
      'https://192.0.2.1/',
    ]) {
      expect(checkDestinationUrl(url, permissive).ok).toBe(false);
    }
  });
});

const resolvingTo =
  (...addresses: string[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('resolveAndCheck', () => {
  it('returns every vetted address of a public name', async () => {
    const lookup = resolvingTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c');
    await expect(resolveAndCheck('hooks.example.com', { ...strict, lookup })).resolves.toEqual({
      ok: true,
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
  });

  it('refuses when ANY address is not public', async () => {
    const lookup = resolvingTo('93.184.215.14', '127.0.0.1');
    await expect(resolveAndCheck('mixed.example.com', { ...strict, lookup })).resolves.toEqual({
      ok: false,
      reason: 'destination address class loopback is not allowed',
      class: 'loopback',
      address: '127.0.0.1',
    });
  });

  it('refuses a name that resolves to loopback', async () => {
    const result = await resolveAndCheck('rebind.example.com', { ...strict, lookup: resolvingTo('127.0.0.1') });
    expect(result).toMatchObject({ ok: false, class: 'loopback' });
  });

  it('refuses cloud metadata even with allowPrivate', async () => {
    const result = await resolveAndCheck('sneaky.example.com', { ...permissive, lookup: resolvingTo('10.0.0.5', '169.254.169.254') });
    expect(result).toMatchObject({ ok: false, class: 'cloud_metadata' });
  });

  it('permits private answers with allowPrivate', async () => {
    const result = await resolveAndCheck('receiver', { ...permissive, lookup: resolvingTo('10.0.0.5', '::1') });
    expect(result.ok).toBe(true);
  });

  it('classifies IP literals in any notation without asking DNS', async () => {
    const lookup = async (): Promise<LookupAddress[]> => {
      throw new Error('DNS must not be asked about a literal');
    };
    await expect(resolveAndCheck('0x7f.1', { ...strict, lookup })).resolves.toMatchObject({ ok: false, class: 'loopback' });
    await expect(resolveAndCheck('[::ffff:a9fe:a9fe]', { ...strict, lookup })).resolves.toMatchObject({ ok: false, class: 'cloud_metadata' });
    await expect(resolveAndCheck('134744072', { ...strict, lookup })).resolves.toEqual({ ok: true, addresses: [{ address: '8.8.8.8', family: 4 }] });
  });

  it('refuses a local name before resolving it', async () => {
    const lookup = resolvingTo('93.184.215.14');
    await expect(resolveAndCheck('localhost', { ...strict, lookup })).resolves.toMatchObject({ ok: false, class: 'loopback' });
  });

  it('refuses an empty or non-address answer', async () => {
    await expect(resolveAndCheck('empty.example.com', { ...strict, lookup: resolvingTo() })).resolves.toMatchObject({ ok: false });
    await expect(resolveAndCheck('odd.example.com', { ...strict, lookup: resolvingTo('not-an-ip') })).resolves.toMatchObject({ ok: false });
  });

  it('lets resolver failures through as errors', async () => {
    const lookup = async (): Promise<LookupAddress[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolveAndCheck('gone.example.com', { ...strict, lookup })).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('vettedLookup', () => {
  // A plain TCP listener on loopback counts connection attempts, so the test
  // can tell "refused before connecting" from "connected, then failed".
  let server: net.Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const request = (allowPrivate: boolean): Promise<Error> =>
    new Promise((resolve) => {
      const req = https.request({
        hostname: 'rebind.example.com',
        port,
        path: '/',
        method: 'POST',
        agent: false,
        lookup: vettedLookup({ allowPrivate, lookup: resolvingTo('127.0.0.1') }),
      });
      req.on('error', resolve);
      req.end('{}');
    });

  it('fails an https.request before any connection when the name resolves to loopback', async () => {
    const before = connections;
    const error = await request(false);
    expect(error).toBeInstanceOf(DestinationRefusedError);
    expect(error.message).toBe('destination address class loopback is not allowed');
    expect((error as DestinationRefusedError).addressClass).toBe('loopback');
    expect(connections).toBe(before);
  });

  it('is the lookup the request really uses: with allowPrivate the same request connects', async () => {
    const before = connections;
    const error = await request(true);
    expect(error).not.toBeInstanceOf(DestinationRefusedError);
    expect(connections).toBe(before + 1);
  });

  it('honours the family and all options', async () => {
    const lookup = vettedLookup({ ...strict, lookup: resolvingTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c') });
    const call = (options: { family?: number; all?: boolean }) =>
      new Promise<unknown[]>((resolve) => lookup('hooks.example.com', options, (...args) => resolve(args)));
    expect(await call({ all: true })).toEqual([
      null,
      [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    ]);
    expect(await call({})).toEqual([null, '93.184.215.14', 4]);
    expect(await call({ family: 6 })).toEqual([null, '2606:2800:21f:cb07:6820:80da:af6b:8b2c', 6]);
  });
});
