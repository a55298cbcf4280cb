import type { LookupAddress } from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDestinationUrl,
  classifyAddress,
  DestinationRefusedError,
  parseHostLiteral,
  resolveAndCheck,
  vettedLookup,
} from './destination-policy.js';
import { classTable, publicControls } from './testing/address-notations.js';

const strict = { allowPrivate: false };
const permissive = { allowPrivate: true };

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
