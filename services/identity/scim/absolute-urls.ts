// The URIs a SCIM answer names (a resource's meta.location, a member's or group's
// $ref, the Location header) as absolute URLs under the deployment's PUBLIC_URL.
// RFC 7643 (sections 2.3.7 and 3.1) makes them URIs of the resources, and directories
// follow them as given: SAP's compliance suite, for one, reads a member's $ref and
// calls it. Resources are rendered with the path alone (resource-output.ts); the
// module's handlers are wrapped here, so the origin is added in one place.
import type { OperationHandler, OperationId, OperationResult } from '../../platform/http/handler.js';
import type { ScimHandler } from './scim-http.js';
import type { JsonObject } from './resource-input.js';
import { SCIM_BASE_PATH } from './scim-errors.js';

const underScim = (value: unknown): value is string => typeof value === 'string' && value.startsWith(`${SCIM_BASE_PATH}/`);

function absoluteResource(resource: JsonObject, base: string): JsonObject {
  const result: JsonObject = { ...resource };
  const meta = resource.meta as JsonObject | undefined;
  if (meta && underScim(meta.location)) result.meta = { ...meta, location: `${base}${meta.location}` };
  for (const references of ['members', 'groups']) {
    const list = resource[references];
    if (!Array.isArray(list)) continue;
    result[references] = list.map((item) => {
      const reference = item as JsonObject;
      return underScim(reference.$ref) ? { ...reference, $ref: `${base}${reference.$ref}` } : reference;
    });
  }
  return result;
}

/** The body with its URIs absolute: the same shape, only text naming a path under SCIM_BASE_PATH changes. */
function absoluteBody(body: JsonObject | undefined, base: string): JsonObject | undefined {
  if (body === undefined) return undefined;
  return Array.isArray(body.Resources)
    ? { ...body, Resources: body.Resources.map((resource) => absoluteResource(resource as JsonObject, base)) }
    : absoluteResource(body, base);
}

/**
 * The handler with the URIs of its answer made absolute under the base URL (no trailing
 * slash): the directory protocol's handler as the operation's. Its body is the SCIM JSON
 * object the resource rendering and the client's projection (attributes,
 * excludedAttributes: RFC 7644 section 3.9) built, which no type follows: the SCIM
 * conformance tests (scim.test.ts) hold it to the document, not the type checker.
 */
export function withAbsoluteUrls<Id extends OperationId>(handler: ScimHandler<Id>, base: string): OperationHandler<Id> {
  return async (ctx) => {
    const answer = await handler(ctx);
    const headers = answer.headers && underScim(answer.headers.location) ? { ...answer.headers, location: `${base}${answer.headers.location}` } : answer.headers;
    return { ...answer, body: absoluteBody(answer.body, base), headers } as OperationResult<Id>;
  };
}
