// The URIs a SCIM answer names (a resource's meta.location, a member's or group's
// $ref, the Location header) as absolute URLs under the deployment's PUBLIC_URL.
// RFC 7643 (sections 2.3.7 and 3.1) makes them URIs of the resources, and directories
// follow them as given: SAP's compliance suite, for one, reads a member's $ref and
// calls it. Resources are rendered with the path alone (resource-output.ts); the
// module's handlers are wrapped here, so the origin is added in one place.
import type { HandlerResult, OperationHandler } from '../../platform/http/handler.js';
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

/** The handler with the URIs of its answer made absolute under the base URL (no trailing slash). */
export function withAbsoluteUrls(handler: OperationHandler, base: string): OperationHandler {
  return async (ctx) => {
    const answer: HandlerResult = await handler(ctx);
    const body = answer.body as JsonObject | undefined;
    const headers = answer.headers && underScim(answer.headers.location) ? { ...answer.headers, location: `${base}${answer.headers.location}` } : answer.headers;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) return { ...answer, headers };
    const absolute = Array.isArray(body.Resources)
      ? { ...body, Resources: body.Resources.map((resource) => absoluteResource(resource as JsonObject, base)) }
      : absoluteResource(body, base);
    return { ...answer, body: absolute, headers };
  };
}
