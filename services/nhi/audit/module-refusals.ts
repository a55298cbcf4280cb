// Authorization refusals of the module's operations go to the module's own trail
// (spec 6.2): authz.denied, result failure, with the reason and the caller's module
// roles. The module's permissions and roles are in the platform's registry
// (services/platform/authorization/permissions.ts), with the service's, so the guard
// gives a person both and every check asks for a permission.
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { authorizeAudited, type RefusalRecorder } from '../../platform/authorization/authorize-request.js';
import { nhiRoleOf, type NhiRole } from '../../platform/authorization/permissions.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { requirePrincipal, type RequestContext, type RequiredPermission } from '../../platform/http/handler.js';
import type { Principal } from '../../platform/principal.js';
import { findMember } from '../../organizations/index.js';
import { auditActorOf, recordAudit } from './audit-trail.js';

/**
 * The caller's module roles, for the record: a person's, from their role in the
 * organization they act in; none for an API key or a workload (spec 2.3 gives machines none).
 */
export async function moduleRolesOf(q: Queryable, principal: Principal): Promise<NhiRole[]> {
  if (principal.kind !== 'user') return [];
  const member = await findMember(q, principal.orgId, principal.userId);
  return member ? [nhiRoleOf(member.role)] : [];
}

/**
 * The module's RefusalRecorder: writes authz.denied and throws the refusal. It takes
 * the Database and writes on its own (one statement, its own transaction): the refused
 * action wrote nothing, and the record must outlive whatever transaction it was in.
 */
export const recordModuleRefusal: RefusalRecorder = async (db, principal, origin, operationId, refusal) => {
  await recordAudit(db, {
    orgId: principal.orgId,
    actor: auditActorOf(principal),
    action: 'authz.denied',
    subject: operationId,
    result: 'failure',
    sourceAddress: origin.sourceIp,
    correlationId: origin.requestId,
    detail: {
      operation_id: operationId,
      reason: refusal.message,
      required_permission: refusal.details.required_scope ?? null,
      principal: principal.kind,
      module_roles: await moduleRolesOf(db, principal),
    },
  });
  throw refusal;
};

/** For a module handler whose request decides the permission it needs: authorizes it, a refusal recorded as the guard's are. */
export async function authorizeModuleRequest(db: Database, ctx: RequestContext, permission: RequiredPermission): Promise<void> {
  await authorizeAudited(db, requirePrincipal(ctx), originOfContext(ctx), ctx.operationId, permission, recordModuleRefusal);
}
