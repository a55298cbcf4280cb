import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { operations } from '../../../api/openapi.js';
import type { HttpError } from '../errors.js';
import type { Principal } from '../principal.js';

/** Every operationId of api/openapi.yaml. */
export type OperationId = keyof operations;

/** What every handler receives, whatever its operation. */
interface RequestBasics {
  requestId: string;
  headers: FastifyRequest['headers'];
  /** Client address resolved through TRUSTED_PROXIES. */
  clientIp: string;
  log: FastifyBaseLogger;
  /** Set for every operation whose document entry declares security; undefined for open ones. */
  principal: Principal | undefined;
}

/** Any operation's request, for what serves many operations (the facade, a caller's principal). */
export interface RequestContext extends RequestBasics {
  operationId: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

// An absent part of an operation is `?: never` in the generated types: no members then.
type Present<T> = [NonNullable<T>] extends [never] ? Record<never, never> : NonNullable<T>;
type Values<T> = T extends object ? T[keyof T] : never;

/**
 * The request body as the facade hands it over: every media type the document declares
 * for a request is parsed (JSON and `+json` as JSON, forms as their fields), then validated
 * against the schema, so it is the schema's type; none when the body is optional and absent.
 */
type RequestBodyOf<Id extends OperationId> = operations[Id] extends { requestBody: { content: infer Content } }
  ? Values<Content>
  : operations[Id] extends { requestBody?: { content: infer Content } }
    ? Values<Content> | undefined
    : undefined;

/**
 * One operation's request: path parameters, and query values coerced to their schemas'
 * types by the validation (openapi-backend's coerceTypes), as the document declares them.
 */
export interface OperationContext<Id extends OperationId> extends RequestBasics {
  operationId: Id;
  params: Present<operations[Id]['parameters']['path']>;
  query: Present<operations[Id]['parameters']['query']>;
  body: RequestBodyOf<Id>;
}

declare const jsonOf: unique symbol;

/**
 * The JSON text of a T, sent as it is: a body serialized once and answered as the same
 * bytes every time (an idempotent response and its replays, a recorded verdict).
 */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** The JSON text of a value; `space` indents it, as JSON.stringify does. */
export const jsonText = <T>(value: T, space?: number): JsonText<T> => JSON.stringify(value, null, space) as JsonText<T>;

/** One documented response: its status, and the body of its media types (or their JSON text), or none. */
type ResponseOf<Status, Response> = Response extends { content: infer Content }
  ? [NonNullable<Content>] extends [never]
    ? { status: Status; body?: undefined; headers?: Record<string, string> }
    : { status: Status; body: Values<Content> | JsonText<Values<Content>>; headers?: Record<string, string> }
  : { status: Status; body?: undefined; headers?: Record<string, string> };

/**
 * What a handler may answer: one of its operation's documented responses. Errors are
 * thrown (services/platform/errors.ts) and rendered by the one mapper.
 */
export type OperationResult<Id extends OperationId> = Values<{
  [Status in keyof operations[Id]['responses']]: ResponseOf<Status, operations[Id]['responses'][Status]>;
}>;

/** Any operation's answer, as the facade sends it. */
export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Counts a request to the operation once it is routed and its caller admitted, before
 * its media type, body or validation are judged, so a request refused for its body
 * counts like any other (the authentication routes' limit per source address). Answers
 * headers for the response, whatever it turns out to be, or throws (429).
 */
type Admission = (request: { clientIp: string; log: FastifyBaseLogger }) => Promise<Record<string, string>>;

/** The handler of one operation, by its operationId: its request and its documented responses are typed from api/openapi.yaml. */
export type OperationHandler<Id extends OperationId> = ((ctx: OperationContext<Id>) => Promise<OperationResult<Id>>) & { admission?: Admission };

/** Handlers by operationId: the one registered under an operationId must be that operation's. */
export type OperationHandlers = { [Id in OperationId]?: OperationHandler<Id> };

/**
 * The facade's view of a handler: any operation's. The facade validated the request
 * against the operation's document entry before calling, which is what makes the
 * context it builds that operation's; the method form makes the parameter bivariant so
 * a typed handler can be held here.
 */
export type AnyOperationHandler = { handle(ctx: RequestContext): Promise<HandlerResult> }['handle'] & { admission?: Admission };

/** The permission an operation needs: one, or a list of which any one admits the caller. */
export type RequiredPermission = string | readonly [string, ...string[]];

/** The security requirements of an operation, read from the document (security, x-permission, x-permission-any, x-delegates-authority). */
export interface OperationSecurity {
  operationId: string;
  /** Names of the accepted security schemes; empty means the operation is open. */
  schemes: string[];
  /** The permission or scope the operation needs, if any: see declaredPermission. */
  permission: RequiredPermission | undefined;
  /** Whether the operation hands the caller's authority to a new principal: see delegatesAuthority. */
  delegatesAuthority: boolean;
  /**
   * Whether the operation is refused while its organization is scheduled for deletion:
   * every write, unless the document marks it `x-during-deletion-grace: allowed`
   * (cancelling, and what only takes access away). Reads never are.
   */
  refusedDuringDeletionGrace: boolean;
}

/** See OperationSecurity.refusedDuringDeletionGrace. */
export function refusedDuringDeletionGrace(method: string, operation: object): boolean {
  const readOnly = ['get', 'head'].includes(method.toLowerCase());
  return !readOnly && (operation as { 'x-during-deletion-grace'?: string })['x-during-deletion-grace'] !== 'allowed';
}

/**
 * What an operation object of the document requires: x-permission names one
 * permission; x-permission-any lists several, any one of which admits the caller,
 * for operations whose request decides which applies (PATCH /findings/{id}
 * triages with findings:write and suppresses with findings:suppress). The handler
 * of such an operation authorizes the specific one itself.
 */
export function declaredPermission(operation: object): RequiredPermission | undefined {
  const { 'x-permission': one, 'x-permission-any': anyOf } = operation as { 'x-permission'?: string; 'x-permission-any'?: string[] };
  if (anyOf === undefined) return one;
  const [first, ...others] = anyOf;
  if (one !== undefined || first === undefined) throw new Error('an operation declares either x-permission or a non-empty x-permission-any');
  return [first, ...others];
}

/**
 * x-delegates-authority: true marks an operation that gives part of the caller's
 * authority to a new principal (creating a workload). Only a person may delegate, so
 * the guard refuses a machine principal there before consulting any permission (spec 5.5).
 */
export const delegatesAuthority = (operation: object): boolean => (operation as { 'x-delegates-authority'?: boolean })['x-delegates-authority'] === true;

/**
 * Resolves and authorizes the caller of a secured operation, throwing AppError
 * (401, 403, 429...) when refused. Accounts supplies the real one; the facade
 * only knows this seam.
 */
export type RequestGuard = (request: FastifyRequest, security: OperationSecurity, clientIp: string) => Promise<{ principal: Principal; headers?: Record<string, string> }>;

/**
 * The limiter-state headers to add to a response about to be sent, given the headers
 * it already has (none when it carries the state of the limit that counted it), so
 * that every response carries the limiter state (spec 8). Accounts supplies the real one.
 */
export type LimiterStateOf = (request: FastifyRequest, headers: Record<string, unknown>) => Promise<Record<string, string>>;

/** For a secured operation: the principal, or a programming error if the guard did not run. */
export function requirePrincipal(ctx: RequestContext): Principal {
  if (!ctx.principal) throw new Error(`operation ${ctx.operationId} has no principal: is security declared in the document?`);
  return ctx.principal;
}

/**
 * The errors under a path prefix answered in a protocol's own shape (the SCIM
 * directory's at /api/scim/v2): every refusal and failure there, the guard's 401,
 * validation, unknown routes and unreadable bodies included, is first mapped by
 * the one mapper and then rendered by the dialect.
 */
export interface ErrorDialect {
  pathPrefix: string;
  render(error: HttpError): HttpError;
}
