// Which query values request lines replace: those the document marks, on top of the
// logger's own (code, state, token); and which address they name.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryValueRedactor, redactSecrets } from '../logger.js';
import { loadOpenApiDocument } from './openapi-document.js';
import { requestLogSerializer, resolvedAddressIsUsable, sensitiveQueryNames } from './request-log.js';

describe('sensitiveQueryNames', () => {
  it("reads the marked members of the callbacks' authorization responses from the document", () => {
    expect([...sensitiveQueryNames(loadOpenApiDocument())].sort()).toEqual(['code', 'session_state', 'state']);
  });
});

describe('queryValueRedactor', () => {
  const redact = queryValueRedactor(['session_state']);

  it('replaces the named values in any letter case and encoding, and leaves the others and the rest of the text', () => {
    expect(redact('GET /cb?session_state=abc&iss=https%3A%2F%2Fidp&Session_State=def&session%5Fstate=ghi#frag')).toBe(
      'GET /cb?session_state=[redacted]&iss=https%3A%2F%2Fidp&Session_State=[redacted]&session%5Fstate=[redacted]#frag',
    );
    expect(redact('no query here, session_state=abc')).toBe('no query here, session_state=abc');
  });

  it("is the logger's own for code, state and token, in any string of any line", () => {
    expect(redactSecrets({ msg: 'redirect to https://x.test/cb?state=s3cr3t&code=c0de&scope=openid', nested: ['/a?token=t0ken'] })).toEqual({
      msg: 'redirect to https://x.test/cb?state=[redacted]&code=[redacted]&scope=openid',
      nested: ['/a?token=[redacted]'],
    });
  });
});

describe('requestLogSerializer', () => {
  const request = (ip: string, url: string) => ({ method: 'GET', url, host: 'sentinel.test', ip, socket: { remoteAddress: '10.0.0.9', remotePort: 4711 } }) as unknown as FastifyRequest;

  it('names the URL with the marked values replaced, and the socket address when the forwarded one is not an address', () => {
    const serialize = requestLogSerializer(['session_state']);
    expect(serialize(request('198.51.100.7', '/cb?session_state=abc&iss=x'))).toEqual({ method: 'GET', url: '/cb?session_state=[redacted]&iss=x', host: 'sentinel.test', remoteAddress: '198.51.100.7', remotePort: 4711 });
    expect(serialize(request('garbage', '/')).remoteAddress).toBe('10.0.0.9');
    expect(['198.51.100.7', '2001:db8::1', 'garbage', '198.51.100.7:80', ''].map((ip) => resolvedAddressIsUsable(request(ip, '/')))).toEqual([true, true, false, false, false]);
  });
});
