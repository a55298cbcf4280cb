// Fastify and Node refuse some requests before any operation runs (a malformed
// URL or HTTP message, an unreadable or oversized body). These translate those
// refusals into the closed error set, so they answer through the one mapper like
// every other error: never Fastify's own body, a stack trace or a 500.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, toHttpError } from '../errors.js';

const messageByFastifyCode: Record<string, string> = {
  FST_ERR_BAD_URL: 'malformed URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URL path segment too long',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request body too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request body does not match Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty JSON request body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed JSON request body',
};

/**
 * A client error Fastify raised (status 4xx) as validation_failed with Fastify's
 * status, which is the precise one (413, 414...); anything else is returned as it
 * is, for the mapper to answer 503 or 500.
 */
export function fromFramework(error: unknown): unknown {
  if (error instanceof AppError || typeof error !== 'object' || error === null) return error;
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode > 499) return error;
  // Fastify's JSON parser rejects bad syntax with a SyntaxError that carries statusCode 400 and no code.
  const message = (typeof code === 'string' ? messageByFastifyCode[code] : undefined) ?? (error instanceof SyntaxError ? 'malformed JSON request body' : 'malformed request');
  return new AppError('validation_failed', message, { status: statusCode });
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it (malformed request
 * line or headers, headers too large, a request that never finished). The answer
 * is written to the socket directly, with the body the mapper gives.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new AppError('validation_failed', 'request not completed in time', { status: 408 })
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('validation_failed', 'request headers too large', { status: 431 })
        : new AppError('validation_failed', 'malformed HTTP request', { status: 400 });
  const { status, body } = toHttpError(refusal);
  const payload = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy();
}
