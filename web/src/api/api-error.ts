import type { components } from '../../../api/openapi';

type ErrorBody = components['schemas']['Error'];

/** An API answer that is not a success, carrying the body's `error` text for the page to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody>,
  ) {
    super(body.error ?? `the service answered ${status}`);
  }

  get rule(): string | undefined {
    return this.body.rule;
  }
}

/**
 * The data of an openapi-fetch result, or its error thrown as an ApiError. An answer
 * that is not JSON (a proxy's HTML page) still becomes an ApiError with its status.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const body = typeof result.error === 'object' && result.error !== null ? (result.error as Partial<ErrorBody>) : {};
  throw new ApiError(result.response.status, body);
}

/** The text a page shows for a failure: the API's own `error` text when there is one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // fetch() rejects with a TypeError when the service cannot be reached at all.
  if (error instanceof TypeError) return 'The service could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong.';
}
