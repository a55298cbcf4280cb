import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/support/http-client.js';
import { AppError } from '../platform/errors.js';
import { createLogger } from '../platform/logger.js';
import { buildApp, type App } from './app.js';
import { declaredPermission } from './handler.js';

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

  beforeAll(async () => {
    app = await buildApp({
      logger: createLogger('silent'),
      document,
      trustedProxies: [],
      guard: async (_request, security) => {
        guardCalls.push(`${security.operationId}:${security.permission}`);
        throw new AppError('unauthorized', 'authentication required');
      },
      handlers: {
        echo: async (ctx) => ({ status: 200, body: { got: ctx.body, requestId: ctx.requestId } }),
        boom: async () => {
          throw new Error('connection string postgres://secret@db leaked?');
        },
        secret: async () => ({ status: 200 }),
        either: async () => ({ status: 200 }),
      },
    });
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

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.fastify.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"n": ' });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ error: 'malformed request body', code: 'validation_failed' });
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

  it('refuses to start when handlers and document disagree', async () => {
    await expect(buildApp({ logger: createLogger('silent'), document, trustedProxies: [], guard: async () => ({}) as never, handlers: { echo: async () => ({ status: 200 }) } })).rejects.toThrow(/missing \[boom, secret, either\]/);
  });

  const call_ = (...args: Parameters<ReturnType<typeof apiClient>>) => (call ??= apiClient(app))(...args);
});
