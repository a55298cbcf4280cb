import { randomUUID } from 'node:crypto';
import Fastify, {
  LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { OpenAPIBackend, type Context, type Operation } from 'openapi-backend';
import { AppError, toHttpError, validationFailed } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Principal } from '../accounts/principal.js';
import { declaredPermission, type OperationHandler, type OperationSecurity, type RequestGuard } from './handler.js';
import { loadOpenApiDocument } from './openapi-document.js';
import type { OpenAPIV3 } from 'openapi-types';

export interface AppOptions {
  logger: Logger;
  /** One handler per operationId of api/openapi.yaml; a missing or extra one stops start-up. */
  handlers: Record<string, OperationHandler>;
  guard: RequestGuard;
  trustedProxies: string[];
  bodyLimitBytes?: number;
  /** Defaults to api/openapi.yaml; tests of the facade itself pass a small document. */
  document?: OpenAPIV3.Document;
}

export interface App {
  fastify: FastifyInstance;
  api: OpenAPIBackend;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the HTTP facade: routing, validation and response shapes all come from the OpenAPI document. */
export async function buildApp(options: AppOptions): Promise<App> {
  const document = options.document ?? loadOpenApiDocument();
  const api = new OpenAPIBackend({ definition: document, strict: true, validate: true, coerceTypes: true, apiRoot: '/' });
  await api.init();

  const operations: Operation[] = api.getOperations();
  const declared = new Set(operations.map((o) => o.operationId));
  const missing = [...declared].filter((id): id is string => typeof id === 'string' && !options.handlers[id]);
  const undeclared = Object.keys(options.handlers).filter((id) => !declared.has(id));
  if (missing.length || undeclared.length) {
    throw new Error(`handlers do not match api/openapi.yaml: missing [${missing.join(', ')}], undeclared [${undeclared.join(', ')}]`);
  }

  const fastify = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (request) => {
      const supplied = request.headers['x-request-id'];
      return typeof supplied === 'string' && REQUEST_ID.test(supplied) ? supplied : randomUUID();
    },
    trustProxy: options.trustedProxies.length > 0 ? options.trustedProxies : false,
    bodyLimit: options.bodyLimitBytes ?? 10 * 1024 * 1024,
    return503OnClosing: true,
  });

  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const send = (reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) => {
    reply.headers(headers).status(status);
    return body === undefined ? reply.send() : reply.send(body);
  };

  const sendError = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const mapped = toHttpError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    return send(reply, mapped.status, mapped.body, mapped.headers);
  };

  const securityOf = (operation: Operation): OperationSecurity => {
    const requirements = operation.security ?? document.security ?? [];
    return {
      operationId: operation.operationId ?? '',
      schemes: requirements.flatMap((r) => Object.keys(r)),
      permission: declaredPermission(operation),
    };
  };

  const securityByOperation = new Map(operations.map((o) => [o.operationId!, securityOf(o)]));
  const admitted = new WeakMap<FastifyRequest, Principal>();

  api.register({
    notFound: async () => {
      throw new AppError('not_found', 'not found');
    },
    methodNotAllowed: async () => {
      throw new AppError('not_found', 'not found');
    },
    // Runs after routing and before validation, so an unauthenticated caller learns
    // nothing about the request shape: 401 comes before 400.
    postRoutingHandler: async (c: Context, request: FastifyRequest, reply: FastifyReply) => {
      const security = c.operation && securityByOperation.get(c.operation.operationId!);
      if (!security || security.schemes.length === 0) return;
      const result = await options.guard(request, security, request.ip);
      admitted.set(request, result.principal);
      if (result.headers) reply.headers(result.headers);
    },
    unauthorizedHandler: async () => {
      throw new AppError('unauthorized', 'authentication required');
    },
    validationFail: async (c: Context) => {
      const problems = (c.validation.errors ?? []).map((e) => `${e.instancePath || 'request'} ${e.message ?? 'is invalid'}`.trim());
      throw validationFailed(`request validation failed: ${problems.join('; ')}`, { problems });
    },
  });
  // The guard has already decided; every declared scheme admits the principal it resolved.
  for (const name of Object.keys(document.components?.securitySchemes ?? {})) {
    api.registerSecurityHandler(name, (_c: Context, request: FastifyRequest) => admitted.has(request));
  }
  for (const operation of operations) {
    const operationId = operation.operationId!;
    const handler = options.handlers[operationId]!;
    api.register(operationId, async (c: Context, request: FastifyRequest, reply: FastifyReply) => {
      const result = await handler({
        operationId,
        requestId: String(request.id),
        params: c.request.params as Record<string, string>,
        query: c.request.query as Record<string, unknown>,
        body: c.request.requestBody,
        headers: request.headers,
        clientIp: request.ip,
        log: request.log,
        principal: admitted.get(request),
      });
      return send(reply, result.status, result.body, result.headers);
    });
  }

  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    // Fastify's own 4xx (malformed JSON, unsupported media type, body too large) are the client's fault.
    if (!(error instanceof AppError) && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'request body too large' : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported content type' : 'malformed request body';
      return send(reply, error.statusCode, { error: message, code: 'validation_failed' });
    }
    return sendError(request, reply, error);
  });
  fastify.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('not_found', 'not found')));

  fastify.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      const [path, search = ''] = request.url.split('?', 2) as [string, string?];
      return api.handleRequest(
        {
          method: request.method,
          path,
          query: Object.fromEntries(new URLSearchParams(search)),
          body: request.body,
          headers: request.headers as Record<string, string | string[]>,
        },
        request,
        reply,
      );
    },
  });

  return { fastify, api };
}
