// What the facade's request lines ("incoming request") say about a request, and which
// address is the client's. The request's URL is logged with the value of every query
// parameter the document marks `x-sentinel-sensitive` replaced (the logger itself
// already replaces those of code, state and token in any text: logger.ts).
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { queryValueRedactor } from '../logger.js';
import { resolveLocalReference } from './openapi-document.js';

/** The extension marking a query parameter, or a member of a form-exploded object parameter, whose value is a secret. */
const SENSITIVE_EXTENSION = 'x-sentinel-sensitive';

type Marked = { [SENSITIVE_EXTENSION]?: unknown };

/**
 * The query names the document marks sensitive: a query parameter's own name, or, for a
 * form-exploded object parameter (an authorization response), the names of its marked members.
 */
export function sensitiveQueryNames(document: OpenAPIV3.Document): Set<string> {
  const resolve = <T>(node: T | OpenAPIV3.ReferenceObject): T => resolveLocalReference(document, node);
  const names = new Set<string>();
  for (const item of Object.values(document.paths ?? {})) {
    const operations = Object.values(item ?? {}).filter((value): value is OpenAPIV3.OperationObject => typeof value === 'object' && value !== null && 'responses' in value);
    for (const parameter of [...(item?.parameters ?? []), ...operations.flatMap((operation) => operation.parameters ?? [])].map((p) => resolve(p))) {
      if (parameter.in !== 'query') continue;
      if ((parameter as Marked)[SENSITIVE_EXTENSION] === true) names.add(parameter.name);
      const schema = parameter.schema === undefined ? undefined : resolve(parameter.schema);
      for (const [name, member] of Object.entries(schema?.properties ?? {})) {
        if ((resolve(member) as Marked)[SENSITIVE_EXTENSION] === true) names.add(name);
      }
    }
  }
  return names;
}

/**
 * Whether the address Fastify resolved through TRUSTED_PROXIES is an address. A trusted
 * proxy vouches for the address it forwards; one that is not an address (`garbage`, an
 * address with a port) vouches for nothing, and the socket's address is the client's.
 */
export const resolvedAddressIsUsable = (request: FastifyRequest): boolean => isIP(request.ip ?? '') !== 0;

/** The request line's `req`: Fastify's own fields, with the marked query values replaced and the client address as the facade takes it. */
export function requestLogSerializer(sensitiveNames: Iterable<string>) {
  const redactQueryValues = queryValueRedactor(sensitiveNames);
  return (request: FastifyRequest) => ({
    method: request.method,
    url: redactQueryValues(request.url),
    host: request.host,
    remoteAddress: resolvedAddressIsUsable(request) ? request.ip : request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  });
}
