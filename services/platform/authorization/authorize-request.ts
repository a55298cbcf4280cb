// Authorization with every refusal audited: the guard's check of the permission an
// operation declares, and a handler's check of the one its request turns out to need.
import { originOfContext, refuseAuthorization, type RequestOrigin } from '../audit/identity-trail.js';
import type { Database } from '../db/database.js';
import type { AppError } from '../errors.js';
import { requirePrincipal, type RequestContext, type RequiredPermission } from '../http/handler.js';
import type { Principal } from '../principal.js';
import { authorize } from './permissions.js';

/**
 * Records an authorization refusal and throws it. The identity trail's is
 * refuseAuthorization; a module with a trail of its own (the non-human identity
 * module's) declares its own (CapabilityModule.refusalRecorder) for its operations.
 */
export type RefusalRecorder = (db: Database, principal: Principal, origin: RequestOrigin, operationId: string, refusal: AppError) => Promise<never>;

/** authorize(), with a refusal audited: the guard's check and authorizeRequest's are this one. */
export async function authorizeAudited(
  db: Database,
  principal: Principal,
  origin: RequestOrigin,
  operationId: string,
  permission: RequiredPermission,
  recordRefusal: RefusalRecorder = refuseAuthorization,
): Promise<void> {
  try {
    authorize(principal, permission);
  } catch (refusal) {
    await recordRefusal(db, principal, origin, operationId, refusal as AppError);
  }
}

/**
 * For a handler whose permission depends on the request (its operation declares
 * x-permission-any, so the guard admitted any of them): authorizes the specific
 * one, refusing with the guard's 403 body and audit record.
 */
export async function authorizeRequest(db: Database, ctx: RequestContext, permission: RequiredPermission): Promise<void> {
  await authorizeAudited(db, requirePrincipal(ctx), originOfContext(ctx), ctx.operationId, permission);
}
