import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { HttpError } from '../errors.js';
import type { Principal } from '../principal.js';

/** What one OpenAPI operation's handler receives; inputs are already validated against api/openapi.yaml. */
export interface RequestContext {
  operationId: string;
  requestId: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: FastifyRequest['headers'];
  /** Client address resolved through TRUSTED_PROXIES. */
  clientIp: string;
  log: FastifyBaseLogger;
  /** Set for every operation whose document entry declares security; undefined for open ones. */
  principal: Principal | undefined;
}

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
export type Admission = (request: { clientIp: string; log: FastifyBaseLogger }) => Promise<Record<string, string>>;

export type OperationHandler = ((ctx: RequestContext) => Promise<HandlerResult>) & { admission?: Admission };

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
