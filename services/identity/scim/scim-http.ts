// What every SCIM handler shares: the directory caller a request acts as, and
// answers in SCIM's media type.
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { requirePrincipal, type OperationContext, type OperationId, type OperationResult, type RequestContext } from '../../platform/http/handler.js';
import { recordedActorOf } from '../../platform/principal.js';
import type { DirectoryCaller } from './access.js';
import type { JsonObject } from './resource-input.js';
import type { RenderedResource } from './resource-output.js';
import { SCIM_MEDIA_TYPE } from './scim-errors.js';

/** The directory token's caller; the guard admits nothing else at /api/scim/v2. */
export function directoryCallerOf(ctx: RequestContext): DirectoryCaller {
  const principal = requirePrincipal(ctx);
  if (principal.kind !== 'directory_token') throw new Error(`expected a directory token, got a ${principal.kind} principal: is the operation declared with the directoryToken scheme alone?`);
  return { orgId: principal.orgId, actor: recordedActorOf(principal), origin: originOfContext(ctx) };
}

/** What a directory protocol handler answers: one of its operation's statuses, a SCIM JSON object (see withAbsoluteUrls). */
interface ScimAnswer<Status> {
  status: Status;
  body?: JsonObject;
  headers?: Record<string, string>;
}

/** A handler of the directory protocol: its request typed by its operation, its answer a SCIM JSON object. */
export type ScimHandler<Id extends OperationId> = (ctx: OperationContext<Id>) => Promise<ScimAnswer<OperationResult<Id>['status']>>;

export function scimAnswer<Status extends number>(status: Status, body: JsonObject, headers: Record<string, string> = {}): ScimAnswer<Status> {
  return { status, body, headers: { 'content-type': SCIM_MEDIA_TYPE, ...headers } };
}

/** The ETag header of a single resource: its meta.version. */
export const versionHeader = (resource: RenderedResource): Record<string, string> => ({ etag: resource.meta.version });
