// A request body is accepted only in a media type its operation declares in the
// document. Fastify also parses text/plain, and browsers send text/plain (and
// form encodings) cross-site without a preflight, so without this check a JSON
// body labelled text/plain would be a cross-site request forgery.
import type { IncomingHttpHeaders } from 'node:http';
import type { Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { AppError } from '../errors.js';

/** The media types of an operation's requestBody (dereferenced by openapi-backend); empty when it takes none. */
export function declaredMediaTypes(operation: Operation): string[] {
  const requestBody = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  return Object.keys(requestBody?.content ?? {}).map((mediaType) => mediaType.toLowerCase());
}

const matches = (declared: string, actual: string): boolean => {
  if (declared === '*/*' || declared === actual) return true;
  return declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1));
};

/** Refuses (415) a non-empty body whose Content-Type the operation does not declare. */
export function assertDeclaredMediaType(headers: IncomingHttpHeaders, declared: readonly string[]): void {
  const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
  if (!hasBody) return;
  const mediaType = (headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (declared.some((candidate) => matches(candidate, mediaType))) return;
  // The caller's header is not echoed: the message only names what is accepted.
  const message = declared.length > 0 ? `unsupported content type; this operation accepts ${declared.join(', ')}` : 'this operation takes no request body';
  throw new AppError('validation_failed', message, { status: 415 });
}
