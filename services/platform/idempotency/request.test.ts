import { describe, expect, it } from 'vitest';
import { jsonText } from '../http/handler.js';
import { toHttpError } from '../errors.js';
import { fingerprintRequest, readIdempotencyKey, toHandlerResult } from './request.js';

const refusal = (attempt: () => unknown) => {
  try {
    attempt();
  } catch (error) {
    return toHttpError(error);
  }
  throw new Error('expected a refusal');
};

describe('readIdempotencyKey', () => {
  it('reads the header or the body field, and nothing when neither is sent', () => {
    expect(readIdempotencyKey({ 'idempotency-key': 'k-1' }, { image: 'x' })).toBe('k-1');
    expect(readIdempotencyKey({}, { image: 'x', idempotency_key: 'k-2' })).toBe('k-2');
    expect(readIdempotencyKey({ 'idempotency-key': 'k-3' }, { idempotency_key: 'k-3' })).toBe('k-3');
    expect(readIdempotencyKey({}, undefined)).toBeUndefined();
  });

  it('accepts 1 to 255 printable ASCII characters without spaces', () => {
    expect(readIdempotencyKey({ 'idempotency-key': '~' }, {})).toBe('~');
    expect(readIdempotencyKey({ 'idempotency-key': 'a'.repeat(255) }, {})).toBe('a'.repeat(255));
    expect(readIdempotencyKey({ 'idempotency-key': '3f1c0c1e-8a0b-4c55-b1c7-0e5f3a9d2b11' }, {})).toBeDefined();
  });

  it.each([
    ['an empty header', { 'idempotency-key': '' }, {}],
    ['a space', { 'idempotency-key': 'a b' }, {}],
    ['256 characters', { 'idempotency-key': 'a'.repeat(256) }, {}],
    ['a non-ASCII character', { 'idempotency-key': 'clé' }, {}],
    ['a control character', { 'idempotency-key': 'a\tb' }, {}],
    ['a repeated header', { 'idempotency-key': ['a', 'a'] }, {}],
    ['a number in the body', {}, { idempotency_key: 42 }],
    ['an empty body field', {}, { idempotency_key: '' }],
  ])('refuses %s with 400', (_, headers, body) => {
    expect(refusal(() => readIdempotencyKey(headers, body))).toEqual({
      status: 400,
      body: { error: 'idempotency key must be 1 to 255 printable ASCII characters without spaces', code: 'validation_failed' },
      headers: {},
    });
  });

  it('refuses a header and a body field that differ', () => {
    expect(refusal(() => readIdempotencyKey({ 'idempotency-key': 'a' }, { idempotency_key: 'b' }))).toMatchObject({
      status: 400,
      body: { error: 'the idempotency-key header and the idempotency_key field differ', code: 'validation_failed' },
    });
  });
});

describe('fingerprintRequest', () => {
  it('ignores the order of scanners, finding ids and object keys', () => {
    const scan = fingerprintRequest('createScan', { image: 'registry.example/app:1.0', scanners: ['vuln', 'secret'] });
    expect(fingerprintRequest('createScan', { scanners: ['secret', 'vuln'], image: 'registry.example/app:1.0' })).toBe(scan);
    expect(scan).toMatch(/^[0-9a-f]{64}$/);

    const bulk = { action: 'suppress', findingIds: ['f2', 'f1'], suppression: { reason: 'accepted', expiresAt: '2025-06-01T00:00:00Z' } };
    expect(fingerprintRequest('bulkUpdateFindings', bulk)).toBe(
      fingerprintRequest('bulkUpdateFindings', { suppression: { expiresAt: '2025-06-01T00:00:00Z', reason: 'accepted' }, findingIds: ['f1', 'f2'], action: 'suppress' }),
    );
  });

  it('tells different work apart', () => {
    const scan = fingerprintRequest('createScan', { image: 'registry.example/app:1.0', scanners: ['vuln'] });
    expect(fingerprintRequest('createScan', { image: 'registry.example/app:1.1', scanners: ['vuln'] })).not.toBe(scan);
    expect(fingerprintRequest('createScan', { image: 'registry.example/app:1.0', scanners: ['vuln', 'secret'] })).not.toBe(scan);
    expect(fingerprintRequest('bulkUpdateFindings', { image: 'registry.example/app:1.0', scanners: ['vuln'] })).not.toBe(scan);
  });
});

describe('toHandlerResult', () => {
  it('sends the stored JSON text as is and marks a replay', () => {
    expect(toHandlerResult({ status: 201, body: jsonText({ id: 's1' }), replayed: false })).toEqual({
      status: 201,
      body: '{"id":"s1"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(toHandlerResult({ status: 201, body: jsonText({ id: 's1' }), replayed: true }).headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'idempotent-replayed': 'true',
    });
  });
});
