// The closed set of error codes (spec section 7) and the one mapping to HTTP.
// Stream processors ask isRetriable() to decide between retrying a batch and
// parking a poison record.

export const errorCodes = [
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'validation_failed',
  'unprocessable',
  'rate_limited',
  'internal_error',
  'sso_required',
  'configuration_error',
  'unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

const statusByCode: Record<ErrorCode, number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation_failed: 400,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  sso_required: 403,
  configuration_error: 422,
  unavailable: 503,
};

interface AppErrorOptions {
  /** Overrides the status derived from the code (for example 400 for a business-rule refusal). */
  status?: number;
  /** Extra body fields such as required_scope and principal. */
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** True when the same work may succeed later (a dependency was down, a lock was lost). */
  retriable?: boolean;
  /** Omit `code` from the body: some rule-specific refusals carry only `error` (spec 7.1). */
  omitCode?: boolean;
  cause?: unknown;
}

export class AppError extends Error {
  readonly status: number;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly retriable: boolean;
  readonly omitCode: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? statusByCode[code];
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
    this.retriable = options.retriable ?? code === 'unavailable';
    this.omitCode = options.omitCode ?? false;
  }
}

// One message per refusal kind, so bodies are byte-identical wherever they are produced.
export const notFound = (): AppError => new AppError('not_found', 'not found');
export const unauthorized = (): AppError => new AppError('unauthorized', 'authentication required');
export const validationFailed = (message: string, details?: Record<string, unknown>): AppError =>
  new AppError('validation_failed', message, { details });
export const conflict = (message: string): AppError => new AppError('conflict', message);
/**
 * A missing permission (spec 5.12). Given several, any one of which would do, the
 * message names them all and required_scope the first: the one the document
 * lists as admitting a caller to the operation at all.
 */
export const forbidden = (requiredScope: string | readonly [string, ...string[]], principal: 'user' | 'api_key' | 'workload' | 'directory_token'): AppError => {
  const anyOf = typeof requiredScope === 'string' ? [requiredScope] : requiredScope;
  return new AppError('forbidden', `missing permission ${anyOf.join(' or ')}`, { details: { required_scope: anyOf[0], principal } });
};

/** The same refusal carrying extra response headers (for example the rate-limit state). */
export const withHeaders = (error: AppError, headers: Record<string, string>): AppError =>
  new AppError(error.code, error.message, {
    status: error.status,
    details: error.details,
    headers: { ...error.headers, ...headers },
    retriable: error.retriable,
    omitCode: error.omitCode,
    cause: error.cause,
  });

export interface HttpError {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** The single mapper from any thrown value to an HTTP response. Never leaks a stack or driver message. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { error: error.message };
    if (!error.omitCode) body.code = error.code;
    Object.assign(body, error.details);
    return { status: error.status, body, headers: error.headers };
  }
  if (isTransientInfrastructureError(error)) {
    return { status: 503, body: { error: 'a dependency is unavailable, retry later', code: 'unavailable' }, headers: { 'retry-after': '1' } };
  }
  return { status: 500, body: { error: 'internal error', code: 'internal_error' }, headers: {} };
}

// PostgreSQL SQLSTATEs that mean "try the same thing again": any connection
// exception (class 08), serialization failure and deadlock, insufficient resources
// (class 53: too many connections, disk full), a lock not available or a statement
// timeout, an administrator's shutdown or "cannot connect now". Everything else,
// notably data exceptions (class 22: invalid byte sequence, untranslatable
// character) and integrity constraints (class 23), fails again on the same input.
const retriableSqlStateClasses = new Set(['08', '53']);
const retriableSqlStates = new Set(['40001', '40P01', '55P03', '57014', '57P01', '57P02', '57P03']);
const retriableNodeCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const isSqlState = (code: string): boolean => /^[0-9A-Z]{5}$/.test(code);
const isRetriableCode = (code: string): boolean =>
  retriableSqlStates.has(code) || retriableNodeCodes.has(code) || (isSqlState(code) && retriableSqlStateClasses.has(code.slice(0, 2)));
// node-postgres reports a connection lost mid-query without a code.
const connectionLostMessages = ['Connection terminated unexpectedly', 'Connection terminated due to connection timeout'];

/** Also true when the error wraps a transient one: fetch's "fetch failed", kafkajs' "retries exceeded". */
function isTransientInfrastructureError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && isRetriableCode(code)) return true;
  if (error instanceof Error && connectionLostMessages.includes(error.message)) return true;
  // kafkajs marks its own errors
  if ((error as { retriable?: unknown }).retriable === true) return true;
  return isTransientInfrastructureError((error as { cause?: unknown }).cause, depth + 1);
}

/** Whether a stream processor should retry the batch (true) or treat the failure as permanent. */
export function isRetriable(error: unknown): boolean {
  if (error instanceof AppError) return error.retriable;
  return isTransientInfrastructureError(error);
}
