import { connect } from 'node:net';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/support/http-client.js';
import { useTestApp } from '../../../test/support/test-app.js';
import { unauthorized } from '../errors.js';
import { createLogger } from '../logger.js';
import { buildApp, formFields, type App } from './app.js';
import { declaredPermission, type HandlerResult, type RequestContext } from './handler.js';

const BODY_LIMIT = 1024;

// A small document exercising the facade itself: validation, errors, request ids, security seam.
const errorResponse = { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
const document: OpenAPIV3.Document = {
  openapi: '3.0.3',
  info: { title: 'facade test', version: '1' },
  security: [{ bearer: [] }],
  paths: {
    '/echo': {
      post: {
        operationId: 'echo',
        security: [],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['n'], additionalProperties: false, properties: { n: { type: 'integer', minimum: 1 } } } } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } }, '400': errorResponse, '404': errorResponse },
      },
    },
    '/ping': { post: { operationId: 'ping', security: [], responses: { '204': { description: 'no body taken' } } }, delete: { operationId: 'unping', security: [], responses: { '204': { description: 'no body taken' }, '400': errorResponse } } },
    '/boom': { get: { operationId: 'boom', security: [], responses: { '500': errorResponse, '404': errorResponse } } },
    '/secret': { get: { operationId: 'secret', 'x-permission': 'things:read', responses: { '200': { description: 'ok' }, '401': errorResponse } } as never },
    '/either': { post: { operationId: 'either', 'x-permission-any': ['things:write', 'things:hide'], responses: { '200': { description: 'ok' }, '401': errorResponse } } as never },
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: { Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' }, code: { type: 'string' }, problems: { type: 'array', items: { type: 'string' } } } } },
  },
};

describe('HTTP facade', () => {
  let app: App;
  let call: ReturnType<typeof apiClient>;
  const guardCalls: string[] = [];
  let admissions = 0;

  beforeAll(async () => {
    app = await buildApp({
      logger: createLogger('silent'),
      document,
      trustedProxies: [],
      bodyLimitBytes: BODY_LIMIT,
      guard: async (_request, security) => {
        guardCalls.push(`${security.operationId}:${security.permission}`);
        throw unauthorized();
      },
      // Stands for the rate limiter: a response that already carries a state keeps it.
      limiterState: async (_request, headers): Promise<Record<string, string>> => ('x-limiter-state' in headers ? {} : { 'x-limiter-state': 'added by the facade' }),
      handlers: {
        // Its admission stands for the authentication routes' limit: it counts every request routed to it.
        echo: Object.assign(
          async (ctx: RequestContext): Promise<HandlerResult> => ({ status: 200, body: { got: ctx.body, requestId: ctx.requestId }, headers: (ctx.body as { n: number }).n === 7 ? { 'x-limiter-state': 'set by the handler' } : {} }),
          { admission: async () => ({ 'x-admitted': String((admissions += 1)) }) },
        ),
        boom: async () => {
          throw new Error('connection string postgres://secret@db leaked?');
        },
        secret: async () => ({ status: 200 }),
        ping: async () => ({ status: 204 }),
        unping: async () => ({ status: 204 }),
        either: async () => ({ status: 200 }),
      },
    });
    await app.fastify.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.fastify.close());

  it('routes and validates with the document', async () => {
    const ok = await call_('POST', '/echo', { body: { n: 3 } });
    expect(ok.status).toBe(200);
    expect(ok.body.got).toEqual({ n: 3 });
  });

  it('refuses invalid bodies with 400 validation_failed naming the problem', async () => {
    const bad = await call_('POST', '/echo', { body: { n: 0, extra: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(bad.body.error).toMatch(/request validation failed/);
    expect(bad.body.problems.length).toBeGreaterThan(0);
  });

  describe('answers what Fastify and Node refuse through the one mapper, never with their own body or a 500', () => {
    const refusal = (error: string) => JSON.stringify({ error, code: 'validation_failed' });
    const post = (payload: string, contentType = 'application/json') => app.fastify.inject({ method: 'POST', url: '/echo', headers: { 'content-type': contentType }, payload });

    it('a malformed URL', async () => {
      const response = await app.fastify.inject({ method: 'GET', url: '/%zz', headers: { 'x-request-id': 'bad-url-1' } });
      expect([response.statusCode, response.body]).toEqual([400, refusal('malformed URL')]);
      expect(response.headers['x-request-id']).toBe('bad-url-1');
    });

    it('malformed JSON', async () => {
      const response = await post('{"n": ');
      expect([response.statusCode, response.body]).toEqual([400, refusal('malformed JSON request body')]);
    });

    it('an empty JSON body', async () => {
      const response = await post('');
      expect([response.statusCode, response.body]).toEqual([400, refusal('empty JSON request body')]);
    });

    it('but not the empty body of a DELETE that names a JSON media type, which is no body (Jersey sends one)', async () => {
      for (const contentType of ['application/json', 'application/scim+json']) {
        const response = await app.fastify.inject({ method: 'DELETE', url: '/ping', headers: { 'content-type': contentType } });
        expect([contentType, response.statusCode]).toEqual([contentType, 204]);
      }
      // A body that is there is still refused: the operation takes none, which is said before its syntax is judged.
      const malformed = await app.fastify.inject({ method: 'DELETE', url: '/ping', headers: { 'content-type': 'application/json' }, payload: '{"n": ' });
      expect([malformed.statusCode, malformed.body]).toEqual([415, refusal('this operation takes no request body')]);
    });

    it('a body over the limit', async () => {
      const response = await post(JSON.stringify({ n: 1, pad: 'x'.repeat(BODY_LIMIT) }));
      expect([response.statusCode, response.body]).toEqual([413, refusal('request body too large')]);
    });

    it('a body that does not match its Content-Length', async () => {
      const response = await app.fastify.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json', 'content-length': '5' }, payload: '{"n":1}' });
      expect([response.statusCode, response.body]).toEqual([400, refusal('request body does not match Content-Length')]);
    });

    it('a connection closed before the body was complete', async () => {
      const response = await rawRequest(`POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{"n":1}`, { endAfterWrite: true });
      expect(response).toMatch(/^HTTP\/1.1 400 /);
      expect(response.endsWith(refusal('malformed HTTP request'))).toBe(true);
    });

    it('a malformed HTTP request', async () => {
      const response = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
      expect(response).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/);
      expect(response.endsWith(`\r\n\r\n${refusal('malformed HTTP request')}`)).toBe(true);
    });

    it('headers too large', async () => {
      const response = await rawRequest(`GET /boom HTTP/1.1\r\nHost: x\r\nX-Padding: ${'p'.repeat(32 * 1024)}\r\n\r\n`);
      expect(response).toMatch(/^HTTP\/1.1 431 /);
      expect(response.endsWith(refusal('request headers too large'))).toBe(true);
    });
  });

  describe('judges a body after routing, security and the admission of its operation', () => {
    const deep = '{"n":'.repeat(65) + '1' + '}'.repeat(65);

    it('refuses a body nested past 64 levels with 400 validation_failed', async () => {
      const response = await app.fastify.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: deep });
      expect([response.statusCode, response.body]).toEqual([400, JSON.stringify({ error: 'request body nested deeper than 64 levels', code: 'validation_failed' })]);
    });

    it('counts a request in its admission whatever its body, and answers with the admission state', async () => {
      const before = admissions;
      const answers = [];
      for (const [contentType, payload] of [['application/json', deep], ['application/json', '{"n": '], ['text/plain', '{"n": 1}'], ['application/json', '{"n": 0}'], ['application/json', '{"n": 1}']]) {
        const response = await app.fastify.inject({ method: 'POST', url: '/echo', headers: { 'content-type': contentType! }, payload });
        answers.push([response.statusCode, response.headers['x-admitted']]);
      }
      expect(answers).toEqual([400, 400, 415, 400, 200].map((status, index) => [status, String(before + index + 1)]));
    });

    it('answers a stranger 401 before any word on the body', async () => {
      const response = await app.fastify.inject({ method: 'POST', url: '/either', headers: { 'content-type': 'application/json' }, payload: deep.replace('1}', '1') });
      expect(response.statusCode).toBe(401);
    });

    it('leaves an unknown route 404 whatever its body', async () => {
      const response = await app.fastify.inject({ method: 'POST', url: '/nope', headers: { 'content-type': 'application/json' }, payload: '{"n": ' });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('accepts a request body only in a media type its operation declares', () => {
    const json = JSON.stringify({ n: 3 });

    it('refuses JSON labelled text/plain, form or multipart (what a cross-site form can send) with 415', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
        const response = await app.fastify.inject({ method: 'POST', url: '/echo', headers: { 'content-type': contentType }, payload: json });
        expect([contentType, response.statusCode, response.body]).toEqual([
          contentType,
          415,
          JSON.stringify({ error: 'unsupported content type; this operation accepts application/json', code: 'validation_failed' }),
        ]);
      }
    });

    it('refuses a body without a Content-Type', async () => {
      const response = await rawRequest(`POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${json.length}\r\n\r\n${json}`);
      expect(response).toMatch(/^HTTP\/1.1 415 /);
    });

    it('accepts the declared type with parameters and in any letter case', async () => {
      const response = await app.fastify.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'Application/JSON; charset=utf-8' }, payload: json });
      expect(response.statusCode).toBe(200);
    });

    it('refuses any body for an operation that declares none, and accepts none', async () => {
      const withBody = await app.fastify.inject({ method: 'POST', url: '/ping', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect([withBody.statusCode, withBody.body]).toEqual([415, JSON.stringify({ error: 'this operation takes no request body', code: 'validation_failed' })]);
      expect((await app.fastify.inject({ method: 'POST', url: '/ping' })).statusCode).toBe(204);
    });

    it('authenticates first: a stranger learns nothing about the accepted types', async () => {
      const response = await app.fastify.inject({ method: 'GET', url: '/secret', headers: { 'content-type': 'text/plain' }, payload: 'x' });
      expect(response.statusCode).toBe(401);
    });

    it('leaves unknown routes 404 whatever the body', async () => {
      const response = await app.fastify.inject({ method: 'POST', url: '/nope', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
      expect(response.statusCode).toBe(404);
    });
  });

  it('answers HEAD like GET without a body', async () => {
    const head = await app.fastify.inject({ method: 'HEAD', url: '/boom' });
    const get = await app.fastify.inject({ method: 'GET', url: '/boom' });
    expect([head.statusCode, head.body]).toEqual([get.statusCode, '']);
    expect((await app.fastify.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
  });

  it('answers unknown routes and methods with the one 404 body', async () => {
    const unknown = await app.fastify.inject({ method: 'GET', url: '/nope' });
    const wrongMethod = await app.fastify.inject({ method: 'DELETE', url: '/echo' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('{"error":"not found","code":"not_found"}');
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.body).toBe(unknown.body);
  });

  it('maps unexpected errors to 500 internal_error without leaking the message or a stack', async () => {
    const response = await call_('GET', '/boom');
    expect(response.status).toBe(500);
    expect(response.raw).toBe('{"error":"internal error","code":"internal_error"}');
  });

  it('runs the guard with the operation permission before a secured handler', async () => {
    const response = await call_('GET', '/secret');
    expect(response.status).toBe(401);
    expect(guardCalls).toContain('secret:things:read');
  });

  it('hands the guard every permission of x-permission-any, any one of which admits', async () => {
    const response = await call_('POST', '/either');
    expect(response.status).toBe(401);
    expect(guardCalls).toContain('either:things:write,things:hide');
  });

  it('reads x-permission or a non-empty x-permission-any from an operation, never both', () => {
    expect(declaredPermission({ 'x-permission': 'things:read' })).toBe('things:read');
    expect(declaredPermission({ 'x-permission-any': ['things:write', 'things:hide'] })).toEqual(['things:write', 'things:hide']);
    expect(declaredPermission({})).toBeUndefined();
    expect(() => declaredPermission({ 'x-permission-any': [] })).toThrow(/non-empty/);
    expect(() => declaredPermission({ 'x-permission': 'things:read', 'x-permission-any': ['things:write'] })).toThrow(/either/);
  });

  it('echoes a valid X-Request-ID and replaces an invalid one', async () => {
    const kept = await app.fastify.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'ci-run-42' } });
    expect(kept.headers['x-request-id']).toBe('ci-run-42');
    const replaced = await app.fastify.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'bad id\n<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await app.fastify.inject({ method: 'GET', url: '/nope' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for the limiter state of every response, whoever answered it, and keeps a state already set', async () => {
    const responses = [
      await app.fastify.inject({ method: 'POST', url: '/echo', payload: { n: 1 } }),
      await app.fastify.inject({ method: 'POST', url: '/echo', payload: { n: 0 } }),
      await app.fastify.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{' }),
      await app.fastify.inject({ method: 'GET', url: '/nope' }),
      await app.fastify.inject({ method: 'GET', url: '/boom' }),
      await app.fastify.inject({ method: 'GET', url: '/secret' }),
    ];
    expect(responses.map((r) => [r.statusCode, r.headers['x-limiter-state']])).toEqual([200, 400, 400, 404, 500, 401].map((status) => [status, 'added by the facade']));
    const own = await app.fastify.inject({ method: 'POST', url: '/echo', payload: { n: 7 } });
    expect(own.headers['x-limiter-state']).toBe('set by the handler');
  });

  it('refuses to start when handlers and document disagree', async () => {
    await expect(buildApp({ logger: createLogger('silent'), document, trustedProxies: [], guard: async () => ({}) as never, limiterState: async () => ({}), handlers: { echo: async () => ({ status: 200 }) } })).rejects.toThrow(/missing \[ping, unping, boom, secret, either\]/);
  });

  const call_ = (...args: Parameters<ReturnType<typeof apiClient>>) => (call ??= apiClient(app))(...args);

  /** Writes bytes to the listening server and answers everything it sends back until it closes the connection. */
  function rawRequest(bytes: string, { endAfterWrite = false } = {}): Promise<string> {
    const { port } = app.fastify.server.address() as { port: number };
    return new Promise((resolve, reject) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => (endAfterWrite ? socket.end(bytes) : socket.write(bytes)));
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
  }
});

describe('HTTP facade on api/openapi.yaml', () => {
  const testApp = useTestApp({ profile: 'embedded' });
  const person = { email: 'text-plain@example.test', password: 'a-long-enough-password', name: 'Cross Site' };

  it('refuses a signup sent as text/plain (a simple cross-site request) and creates nothing', async () => {
    const { fastify } = testApp.current.app;
    const crossSite = await fastify.inject({ method: 'POST', url: '/api/v1/auth/signup', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(person) });
    expect(crossSite.statusCode).toBe(415);
    expect(JSON.parse(crossSite.body)).toEqual({ error: 'unsupported content type; this operation accepts application/json', code: 'validation_failed' });
    // The same person can still sign up properly: the refused request created no account.
    expect((await testApp.current.call('POST', '/api/v1/auth/signup', { body: person })).status).toBe(201);
  });

  it('answers HEAD /health and HEAD /ready for probes that use HEAD', async () => {
    const { fastify } = testApp.current.app;
    for (const url of ['/health', '/ready']) {
      const response = await fastify.inject({ method: 'HEAD', url });
      expect([url, response.statusCode, response.body]).toEqual([url, 200, '']);
    }
  });
});

describe('form bodies', () => {
  it('reads fields, keeps every value of a repeated one, and treats __proto__ as data', () => {
    const fields = formFields('SAMLResponse=PD94bWw%2B&RelayState=abc&RelayState=def&__proto__=x');
    expect(fields).toEqual({ SAMLResponse: 'PD94bWw+', RelayState: ['abc', 'def'], ['__proto__']: 'x' });
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
