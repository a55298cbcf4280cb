import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret, signDelivery, type SignatureHeaders, verifyDelivery } from './signature.js';

// Secrets whose bytes are known: 0x00..0x1f and 0xff..0xe0.
const ascendingSecret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const descendingSecret = 'whsec___79_Pv6-fj39vX08_Lx8O_u7ezr6uno5-bl5OPi4eA';
const jsonBody = Buffer.from('{"type":"finding.created","data":{"id":"fnd_1"}}');
const binaryBody = Buffer.from([0xff, 0xfe, 0x00, 0x80]); // not UTF-8: the body is signed as bytes

// Pinned vectors, computed once outside this code base (Python hmac/hashlib):
// base64(HMAC-SHA256(key bytes, "v1.<delivery>.<timestamp>." + body bytes)).
const pinnedVectors = [
  {
    secret: ascendingSecret,
    deliveryId: 'dlv_01HZX3K4M5N6P7Q8R9S0T1V2W3',
    timestamp: 1_700_000_000,
    body: jsonBody,
    signature: 'cbJnSScl4Ey+MKF5rC2Tn1OqY6ri7G2XC9kDsF5eMwk=',
  },
  { secret: descendingSecret, deliveryId: 'd-2', timestamp: 1_700_000_300, body: binaryBody, signature: 'MJX3QSzyc6snJqzQ78xw4pknmD5gg2LX8MLBt5h8O18=' },
];

/** The documented layout, written out by hand rather than through the module. */
function independentSignature(secret: string, deliveryId: string, timestamp: number, body: Buffer): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64url');
  const signed = Buffer.concat([Buffer.from(`v1.${deliveryId}.${timestamp}.`), body]);
  return createHmac('sha256', key).update(signed).digest('base64');
}

const deliveryId = 'dlv_5f1c';
const timestamp = 1_750_000_000;
const signed = (secrets: string[] = [ascendingSecret], body: Buffer = jsonBody): SignatureHeaders =>
  signDelivery({ secrets, deliveryId, timestamp, body });

describe('signDelivery', () => {
  it.each(pinnedVectors)('matches the pinned vector for $deliveryId', (vector) => {
    const headers = signDelivery({ ...vector, secrets: [vector.secret] });
    expect(headers['Service-Signature']).toBe(`v1,${vector.signature}`);
  });

  it('matches an independently computed HMAC over the documented layout', () => {
    for (const [secret, body] of [
      [ascendingSecret, jsonBody],
      [descendingSecret, binaryBody],
      [generateSigningSecret(), Buffer.alloc(0)],
    ] as const) {
      const headers = signDelivery({ secrets: [secret], deliveryId, timestamp, body });
      expect(headers['Service-Signature']).toBe(`v1,${independentSignature(secret, deliveryId, timestamp, body)}`);
    }
  });

  it('sends the four headers', () => {
    expect(signed()).toEqual({
      'Service-Signature': `v1,${independentSignature(ascendingSecret, deliveryId, timestamp, jsonBody)}`,
      'Service-Delivery': deliveryId,
      'Service-Timestamp': '1750000000',
      'Service-Signature-Version': 'v1',
    });
  });

  it('carries one signature per secret during a rotation, space-separated', () => {
    const entries = signed([descendingSecret, ascendingSecret])['Service-Signature'].split(' ');
    expect(entries).toEqual([
      `v1,${independentSignature(descendingSecret, deliveryId, timestamp, jsonBody)}`,
      `v1,${independentSignature(ascendingSecret, deliveryId, timestamp, jsonBody)}`,
    ]);
  });

  it('refuses inputs that would make the signed bytes ambiguous', () => {
    expect(() => signDelivery({ secrets: [], deliveryId, timestamp, body: jsonBody })).toThrow(TypeError);
    expect(() => signDelivery({ secrets: [ascendingSecret], deliveryId: 'a.b', timestamp, body: jsonBody })).toThrow(TypeError);
    expect(() => signDelivery({ secrets: [ascendingSecret], deliveryId, timestamp: 1.5, body: jsonBody })).toThrow(TypeError);
    expect(() => signDelivery({ secrets: ['whsec_short'], deliveryId, timestamp, body: jsonBody })).toThrow(TypeError);
  });
});

describe('generateSigningSecret', () => {
  it('is whsec_ and 32 random bytes in unpadded base64url', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(6), 'base64url')).toHaveLength(32);
    expect(generateSigningSecret()).not.toBe(secret);
  });
});

describe('verifyDelivery', () => {
  const verify = (headers: Record<string, string | string[] | undefined>, options: { body?: Buffer; now?: number; secret?: string } = {}) =>
    verifyDelivery({ secret: options.secret ?? ascendingSecret, headers, body: options.body ?? jsonBody, now: options.now ?? timestamp });

  it('accepts a delivery it signed, with header names in any case', () => {
    expect(verify(signed())).toEqual({ ok: true });
    const lowercased = Object.fromEntries(Object.entries(signed()).map(([name, value]) => [name.toLowerCase(), value]));
    expect(verify(lowercased)).toEqual({ ok: true });
  });

  it.each(pinnedVectors)('accepts the pinned vector for $deliveryId', (vector) => {
    const headers = {
      'service-signature': `v1,${vector.signature}`,
      'service-delivery': vector.deliveryId,
      'service-timestamp': String(vector.timestamp),
      'service-signature-version': 'v1',
    };
    expect(verifyDelivery({ secret: vector.secret, headers, body: vector.body, now: vector.timestamp })).toEqual({ ok: true });
  });

  it('refuses a tampered body, including one that differs only in bytes UTF-8 decoding would hide', () => {
    expect(verify(signed(), { body: Buffer.from(jsonBody.toString().replace('fnd_1', 'fnd_2')) })).toMatchObject({ ok: false, reason: 'no_matching_signature' });
    const headers = signed([ascendingSecret], binaryBody);
    expect(verify(headers, { body: Buffer.from([0xff, 0xfe, 0x00, 0x81]) })).toMatchObject({ ok: false, reason: 'no_matching_signature' });
  });

  it('refuses a wrong delivery id or a wrong secret', () => {
    expect(verify({ ...signed(), 'Service-Delivery': 'dlv_other' })).toMatchObject({ ok: false, reason: 'no_matching_signature' });
    expect(verify(signed(), { secret: descendingSecret })).toMatchObject({ ok: false, reason: 'no_matching_signature' });
  });

  it('refuses a re-signed timestamp header (the timestamp is inside the signature)', () => {
    expect(verify({ ...signed(), 'Service-Timestamp': String(timestamp + 1) })).toMatchObject({ ok: false, reason: 'no_matching_signature' });
  });

  it('allows 300 seconds of clock difference in both directions and no more', () => {
    expect(verify(signed(), { now: timestamp + 300 })).toEqual({ ok: true });
    expect(verify(signed(), { now: timestamp - 300 })).toEqual({ ok: true });
    expect(verify(signed(), { now: timestamp + 301 })).toMatchObject({ ok: false, reason: 'timestamp_out_of_tolerance' });
    expect(verify(signed(), { now: timestamp - 301 })).toMatchObject({ ok: false, reason: 'timestamp_out_of_tolerance' });
  });

  it('accepts either signature during a rotation', () => {
    const headers = signed([descendingSecret, ascendingSecret]);
    expect(verify(headers, { secret: ascendingSecret })).toEqual({ ok: true });
    expect(verify(headers, { secret: descendingSecret })).toEqual({ ok: true });
    expect(verify(headers, { secret: generateSigningSecret() })).toMatchObject({ ok: false, reason: 'no_matching_signature' });
  });

  it.each(['Service-Signature', 'Service-Delivery', 'Service-Timestamp', 'Service-Signature-Version'] as const)('refuses a missing %s', (name) => {
    expect(verify({ ...signed(), [name]: undefined })).toEqual({ ok: false, reason: 'missing_header', detail: `missing ${name} header` });
  });

  it('refuses an unknown version, and entries whose version differs from the header', () => {
    const headers = signed();
    const signature = headers['Service-Signature'].slice('v1,'.length);
    expect(verify({ ...headers, 'Service-Signature-Version': 'v2' })).toMatchObject({ ok: false, reason: 'unsupported_version' });
    expect(verify({ ...headers, 'Service-Signature': `v2,${signature}` })).toMatchObject({ ok: false, reason: 'unsupported_version' });
    expect(verify({ ...headers, 'Service-Signature-Version': 'v2', 'Service-Signature': `v2,${signature}` })).toMatchObject({
      ok: false,
      reason: 'unsupported_version',
    });
  });

  it.each([
    ['a signature without its version', { 'Service-Signature': 'cbJnSScl4Ey+MKF5rC2Tn1OqY6ri7G2XC9kDsF5eMwk=' }],
    ['a truncated signature', { 'Service-Signature': 'v1,cbJnSScl4Ey+MKF5rC2Tn1Oq' }],
    ['a signature that is not base64', { 'Service-Signature': `v1,${'!'.repeat(43)}=` }],
    ['an extra comma', { 'Service-Signature': 'v1,cbJnSScl4Ey+MKF5rC2Tn1OqY6ri7G2XC9kDsF5eMwk=,x' }],
    ['a non-numeric timestamp', { 'Service-Timestamp': '1750000000.5' }],
    ['a zero-padded timestamp', { 'Service-Timestamp': '01750000000' }],
    ['a delivery id with a dot', { 'Service-Delivery': 'dlv.5f1c' }],
    ['a repeated header', { 'Service-Signature': ['v1,cbJnSScl4Ey+MKF5rC2Tn1OqY6ri7G2XC9kDsF5eMwk=', 'v1,cbJnSScl4Ey+MKF5rC2Tn1OqY6ri7G2XC9kDsF5eMwk='] }],
  ])('refuses %s as malformed', (_label, override) => {
    expect(verify({ ...signed(), ...override })).toMatchObject({ ok: false, reason: 'malformed_header' });
  });

  it('refuses an empty header as missing', () => {
    expect(verify({ ...signed(), 'Service-Signature': '' })).toMatchObject({ ok: false, reason: 'missing_header' });
  });

  it('treats a malformed secret as a programming error, not a failed delivery', () => {
    expect(() => verify(signed(), { secret: 'not-a-secret' })).toThrow(TypeError);
  });
});
