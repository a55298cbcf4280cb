import { randomUUID } from 'node:crypto';
import Fastify, {
  LogController, type FastifyBaseLogger, type FastifyBodyParser, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { OpenAPIBackend, type Context, type Operation } from 'openapi-backend';
import { routeOnce } from './operation-router.js';
import { AppError, notFound, toHttpError, unauthorized, validationFailed } from '../errors.js';
import { answerClientError, fromFramework } from './framework-errors.js';
import { assertDeclaredMediaType, declaredMediaTypes } from './media-types.js';
import type { Logger } from '../logger.js';
import type { Principal } from '../principal.js';
import {
  declaredPermission, delegatesAuthority, refusedDuringDeletionGrace, type ErrorDialect, type LimiterStateOf, type AnyOperationHandler, type OperationSecurity, type RequestGuard,
} from './handler.js';
import { loadOpenApiDocument } from './openapi-document.js';
import { assertStorableText, documentSubtrees } from './text-rule.js';
import { BODY_LIMITS, DOCUMENT_BODY_LIMITS, bodyShapeRefusal, measureJsonText, measureParsedBody, type BodyShape } from './body-limits.js';
import { describeProblem } from './validation-problems.js';
import { requestLogSerializer, resolvedAddressIsUsable, sensitiveQueryNames } from './request-log.js';
import { servingRequest } from '../db/request-lane.js';
import { actingForTenant } from '../tenancy.js';
import type { OpenAPIV3 } from 'openapi-types';

interface AppOptions {
  logger: Logger;
  /** One handler per operationId of api/openapi.yaml; a missing or extra one stops start-up. */
  handlers: Record<string, AnyOperationHandler>;
  guard: RequestGuard;
  limiterState: LimiterStateOf;
  trustedProxies: string[];
  bodyLimitBytes?: number;
  /** Defaults to api/openapi.yaml bundled with its module files; tests of the facade itself pass a small document. */
  document?: OpenAPIV3.Document;
  /**
   * Whether an operation may run now. While the process is still starting (waiting
   * for a dependency), every other operation answers 503 unavailable. Default: all may.
   */
  isAvailable?: (operationId: string) => boolean;
  /** Path prefixes whose errors are answered in a protocol's own shape (CapabilityModule.errorDialect). */
  errorDialects?: readonly ErrorDialect[];
}

export interface App {
  fastify: FastifyInstance;
  api: OpenAPIBackend;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function send(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  reply.headers(headers).status(status);
  return body === undefined ? reply.send() : reply.send(body);
}

/**
 * Every error response goes through here: the one mapper decides status and body, and
 * under a dialect's path prefix the dialect renders that answer in its protocol's shape.
 */
function errorSender(dialects: readonly ErrorDialect[]) {
  return (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const mapped = toHttpError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    const dialect = dialects.find((candidate) => request.url.startsWith(candidate.pathPrefix));
    const answer = dialect ? dialect.render(mapped) : mapped;
    return send(reply, answer.status, answer.body, answer.headers);
  };
}

/**
 * Routing and validation from the document, checked against the OpenAPI schema.
 * discriminator: a oneOf whose branches a property selects (policy conditions) is
 * validated against that branch alone, so a refusal names the real problem.
 * verbose: errors carry the value sent and the schema, for describeProblem.
 * validateSchema false: ajv would compile its meta-schema again for every validator (the
 * library gives each its own ajv) to check schemas the document check and lint:openapi check.
 * quick: an operation's validators are compiled when it is first called instead of every
 * operation's at start, which took about ten seconds of CPU per app (most of the test
 * suite's time, since every suite builds apps). quick also skips the check of the document
 * against the OpenAPI schema, which is therefore asked for here; the document's test
 * compiles every validator, so a schema that cannot compile fails there, not at a request.
 */
export async function createOpenApiBackend(document: OpenAPIV3.Document): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({ definition: document, strict: true, quick: true, validate: true, coerceTypes: true, apiRoot: '/', ajvOpts: { discriminator: true, verbose: true, validateSchema: false } });
  await api.init();
  await api.loadDocument();
  api.validateDefinition();
  return api;
}

/** Builds the HTTP facade: routing, validation and response shapes all come from the OpenAPI document. */
export async function buildApp(options: AppOptions): Promise<App> {
  const document = options.document ?? loadOpenApiDocument();
  const sendError = errorSender(options.errorDialects ?? []);
  const api = await createOpenApiBackend(document);
  routeOnce(api);

  const operations: Operation[] = api.getOperations();
  const declared = new Set(operations.map((o) => o.operationId));
  const missing = [...declared].filter((id): id is string => typeof id === 'string' && !options.handlers[id]);
  const undeclared = Object.keys(options.handlers).filter((id) => !declared.has(id));
  if (missing.length || undeclared.length) {
    throw new Error(`handlers do not match api/openapi.yaml: missing [${missing.join(', ')}], undeclared [${undeclared.join(', ')}]`);
  }

  const fastify = Fastify({
    // Request lines name the URL with the values of the query parameters the document marks sensitive replaced.
    loggerInstance: options.logger.child({}, { serializers: { req: requestLogSerializer(sensitiveQueryNames(document)) } }) as FastifyBaseLogger,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (request) => {
      const supplied = request.headers['x-request-id'];
      return typeof supplied === 'string' && REQUEST_ID.test(supplied) ? supplied : randomUUID();
    },
    trustProxy: options.trustedProxies.length > 0 ? options.trustedProxies : false,
    bodyLimit: options.bodyLimitBytes ?? 10 * 1024 * 1024,
    return503OnClosing: true,
    // Refusals raised before routing (a malformed URL) and by Node's HTTP parser answer through the mapper too.
    frameworkErrors: (error, request, reply) => sendError(request, reply.header('x-request-id', request.id), fromFramework(error)),
    clientErrorHandler: answerClientError,
  });

  // Bodies of every media type are read (as bytes, within the body limit), so the
  // operation's declared media types decide, after routing and security, what is refused.
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // What a body's reading found, judged after routing and security (see postRoutingHandler):
  // the refusal of an unreadable body (malformed, empty, past the shape limits), or the shape
  // of a body that is readable but past the limits of a body without a customer's document.
  const readings = new WeakMap<FastifyRequest, { refusal: unknown } | { shape: BodyShape }>();
  const refuseLater = (request: FastifyRequest, refusal: unknown, done: (error: null, body: undefined) => void) => {
    readings.set(request, { refusal });
    done(null, undefined);
  };
  // A DELETE's body has no meaning (RFC 9110, section 9.3.5), and some clients name a
  // Content-Type on it all the same (Jersey's, which SAP's SCIM compliance suite and Java
  // directories use): an empty one is no body there, not an empty JSON document to refuse.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  const parseJsonBody: FastifyBodyParser<string> = (request, body, done) => {
    if (request.method === 'DELETE' && body === '') return done(null, undefined);
    const shape = measureJsonText(body, DOCUMENT_BODY_LIMITS);
    const refusal = bodyShapeRefusal(shape, DOCUMENT_BODY_LIMITS);
    if (refusal) return refuseLater(request, refusal, done);
    if (bodyShapeRefusal(shape, BODY_LIMITS)) readings.set(request, { shape });
    parseJson(request, body, (error, parsed) => (error ? refuseLater(request, fromFramework(error), done) : done(null, parsed)));
  };
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  // A JSON-based media type (RFC 6839's +json suffix, such as SCIM's application/scim+json) is JSON.
  // Fastify matches the whole header, parameters (charset) included.
  fastify.addContentTypeParser(/^application\/[a-z0-9.!#$&^_-]+\+json\s*(;.*)?$/i, { parseAs: 'string' }, parseJsonBody);
  // A form (a SAML response a browser posts) becomes an object the document's schema validates.
  // A repeated field becomes a list, which a schema asking for a string refuses.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const refusal = bodyShapeRefusal({ depth: 1, members: formFieldCount(body as string) }, BODY_LIMITS);
    return refusal ? refuseLater(request, refusal, done) : done(null, formFields(body as string));
  });

  // First, so every reader of request.ip (the guard, the limits, the identity trail, the
  // handlers) sees one address: a forwarded one that is not an address is dropped.
  fastify.addHook('onRequest', async (request, reply) => {
    if (!resolvedAddressIsUsable(request)) delete request.raw.headers['x-forwarded-for'];
    reply.header('x-request-id', request.id);
  });
  // Last, so it sees every response, including Fastify's own refusals and unknown routes.
  fastify.addHook('onSend', async (request, reply) => {
    reply.headers(await options.limiterState(request, reply.getHeaders()));
  });

  // Once close() has begun, answers end their connection: a kept-alive connection
  // whose request was in flight would otherwise hold close() open until the client drops it.
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const securityOf = (operation: Operation): OperationSecurity => {
    const requirements = operation.security ?? document.security ?? [];
    return {
      operationId: operation.operationId ?? '',
      schemes: requirements.flatMap((r) => Object.keys(r)),
      permission: declaredPermission(operation),
      delegatesAuthority: delegatesAuthority(operation),
      refusedDuringDeletionGrace: refusedDuringDeletionGrace(operation.method, operation),
    };
  };

  const securityByOperation = new Map(operations.map((o) => [o.operationId!, securityOf(o)]));
  const mediaTypesByOperation = new Map(operations.map((o) => [o.operationId!, declaredMediaTypes(o)]));
  const documentsByOperation = new Map(operations.map((o) => [o.operationId!, documentSubtrees(o)]));
  const admitted = new WeakMap<FastifyRequest, Principal>();

  api.register({
    notFound: async () => {
      throw notFound();
    },
    // A wrong method answers like an unknown route, so it discloses no route either.
    methodNotAllowed: async () => {
      throw notFound();
    },
    // Runs after routing and before validation, so an unauthenticated caller learns
    // nothing about the request shape: 401 comes before 415 and 400. An operation's
    // admission (the authentication routes' limit per source address) counts the
    // request next, so a request refused for its body counts too. Then the body: its
    // media type, whether it could be read, its shape outside the customer's documents
    // the document declares (x-sentinel-document), and text no column can hold (a NUL,
    // an unpaired surrogate) anywhere outside those documents, for every operation.
    postRoutingHandler: async (c: Context, request: FastifyRequest, reply: FastifyReply) => {
      const operationId = c.operation?.operationId;
      if (operationId === undefined) return;
      if (options.isAvailable && !options.isAvailable(operationId)) {
        throw new AppError('unavailable', 'the service is starting, retry later', { headers: { 'retry-after': '1' } });
      }
      const security = securityByOperation.get(operationId)!;
      if (security.schemes.length > 0) {
        const result = await options.guard(request, security, request.ip);
        admitted.set(request, result.principal);
        if (result.headers) reply.headers(result.headers);
      }
      const admission = options.handlers[operationId]!.admission;
      if (admission) reply.headers(await admission({ clientIp: request.ip, log: request.log }));
      assertDeclaredMediaType(request.headers, mediaTypesByOperation.get(operationId)!);
      const documents = documentsByOperation.get(operationId)!;
      const reading = readings.get(request);
      if (reading && 'refusal' in reading) throw reading.refusal;
      if (reading) {
        // Past the limits of a body without a document: only the documents may account for it.
        const refusal = bodyShapeRefusal(documents.size === 0 ? reading.shape : measureParsedBody(request.body, documents, BODY_LIMITS), BODY_LIMITS);
        if (refusal) throw refusal;
      }
      assertStorableText({ path: c.request.params, query: c.request.query, body: request.body }, documents);
    },
    unauthorizedHandler: async () => {
      throw unauthorized();
    },
    validationFail: async (c: Context) => {
      const problems = (c.validation.errors ?? []).map(describeProblem);
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
      const principal = admitted.get(request);
      const handle = () => handler({
        operationId,
        requestId: String(request.id),
        params: c.request.params as Record<string, string>,
        query: c.request.query as Record<string, unknown>,
        body: c.request.requestBody,
        headers: request.headers,
        clientIp: request.ip,
        log: request.log,
        principal,
      });
      // An authenticated operation acts in its principal's organization, and the database holds it there too.
      const result = principal ? await actingForTenant(principal.orgId, handle) : await handle();
      return send(reply, result.status, result.body, result.headers);
    });
  }

  fastify.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, fromFramework(error)));
  fastify.setNotFoundHandler((request, reply) => sendError(request, reply, notFound()));

  fastify.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      const [path, search = ''] = request.url.split('?', 2) as [string, string?];
      // Everything the request waits on (its guard, its handler) is request work for the database's lanes.
      return servingRequest(() =>
        api.handleRequest(
          {
            // HEAD is GET without the body (load balancers probe with it); Node leaves the body out.
            method: request.method === 'HEAD' ? 'GET' : request.method,
            path,
            query: Object.fromEntries(new URLSearchParams(search)),
            body: request.body,
            headers: request.headers as Record<string, string | string[]>,
          },
          request,
          reply,
        ),
      );
    },
  });

  return { fastify, api };
}

/**
 * An application/x-www-form-urlencoded body as fields; a field given more than once
 * keeps every value, in order. Built through a Map, so a field named __proto__ is data.
 */
export function formFields(body: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(body)) {
    const earlier = fields.get(name);
    fields.set(name, earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value]);
  }
  return Object.fromEntries(fields);
}

/** How many fields a form holds, counted before any is decoded. */
function formFieldCount(body: string): number {
  let fields = body === '' ? 0 : 1;
  for (let at = body.indexOf('&'); at !== -1; at = body.indexOf('&', at + 1)) fields += 1;
  return fields;
}
