// The HTTP side of idempotency (spec 4.10): where the key comes from, what makes
// two requests "the same", and how a stored response goes back on the wire.
import type { IncomingHttpHeaders } from 'node:http';
import { validationFailed } from '../errors.js';
import { canonicalDigest } from '../pagination/canonical-json.js';
import type { IdempotentResponse } from './idempotency.js';
import type { JsonText } from '../http/handler.js';

/** Request header carrying the key (Node lower-cases header names). */
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Body field carrying the key, for clients that cannot set headers. */
const IDEMPOTENCY_KEY_FIELD = 'idempotency_key';
/** Response header marking a replayed response; its value is always "true". */
const REPLAY_HEADER = 'idempotent-replayed';

// Printable ASCII without space: a UUID, a ULID or a client's own token all fit,
// and nothing a log line or a header could misread does.
const VALID_KEY = /^[!-~]{1,255}$/;

/** A supplied key, checked; undefined when absent. */
function checkedKey(supplied: unknown): string | undefined {
  if (supplied === undefined) return undefined;
  if (typeof supplied !== 'string' || !VALID_KEY.test(supplied)) {
    throw validationFailed('idempotency key must be 1 to 255 printable ASCII characters without spaces');
  }
  return supplied;
}

/**
 * The request's idempotency key, or undefined when it sent none. Throws 400 for a
 * malformed key, a repeated header, or a header and a body field that disagree.
 */
export function readIdempotencyKey(headers: IncomingHttpHeaders, body: unknown): string | undefined {
  const fromHeader = checkedKey(headers[IDEMPOTENCY_KEY_HEADER]);
  const fromBody = checkedKey(typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[IDEMPOTENCY_KEY_FIELD] : undefined);
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
    throw validationFailed(`the ${IDEMPOTENCY_KEY_HEADER} header and the ${IDEMPOTENCY_KEY_FIELD} field differ`);
  }
  return fromHeader ?? fromBody;
}

/**
 * What makes two requests with one key "the same request": SHA-256 over the
 * operation and the parts that define its work, insensitive to key order and to
 * the order of list members (every list here is a set: scanners, finding ids).
 * The operation is part of it so a key used for a scan cannot replay a bulk update.
 * For a scan: { image, scanners }; for bulk: { action, findingIds, suppression }.
 */
export function fingerprintRequest(operation: string, parts: Record<string, unknown>): string {
  return canonicalDigest({ operation, parts });
}

/**
 * The handler result for an idempotent response: the stored JSON text sent as is,
 * so the first response and every replay are the same bytes.
 */
export function toHandlerResult<Response extends { status: number; body: object }>(
  response: IdempotentResponse<Response>,
): { status: Response['status']; body: JsonText<Response['body']>; headers: Record<string, string> } {
  return {
    status: response.status,
    body: response.body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(response.replayed ? { [REPLAY_HEADER]: 'true' } : {}),
    },
  };
}
