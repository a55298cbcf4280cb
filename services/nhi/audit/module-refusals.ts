// Authorization refusals of the module's operations go to the module's own trail
// (spec 6.2): authz.denied, result failure, with the reason and the caller's module
// roles. The module's permissions and roles are in the platform's registry
// (services/platform/authorization/permissions.ts), with the service's, so the guard
// gives a person both and every check asks for a permission.
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { authorizeAudited, type RefusalRecorder } from '../../platform/authorization/authorize-request.js';
import { nhiRoleOf, type NhiRole } from '../../platform/authorization/permissions.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { requirePrincipal, type RequestContext, type RequiredPermission } from '../../platform/http/handler.js';
import type { Principal } from '../../platform/principal.js';
import { findMember } from '../../organizations/index.js';
import { auditActorOf, recordAudit, type AuditEntry } from './audit-trail.js';

/**
 * The caller's module roles, for the record: a person's, from their role in the
 * organization they act in; none for an API key or a workload (spec 2.3 gives machines none).
 */
export async function moduleRolesOf(q: Queryable, principal: Principal): Promise<NhiRole[]> {
  return principal.kind === 'user' ? moduleRolesOfPerson(q, principal.orgId, principal.userId) : [];
}

const moduleRolesOfPerson = async (q: Queryable, orgId: OrgId, userId: string): Promise<NhiRole[]> => {
  const member = await findMember(q, orgId, userId);
  return member ? [nhiRoleOf(member.role)] : [];
};

/** A person the guard admitted, acting in an organization: who a rule of the module's authority may still refuse. */
export interface AdmittedPerson {
  orgId: OrgId;
  userId: string;
  audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>;
}

/**
 * Records authz.denied for a person a rule of the module's authority refused after the
 * guard admitted them (no approving or reviewing authority, not the requester, not an
 * Organization Admin), with what the guard's refusals record: the operation, the reason,
 * the principal and the person's module roles. On the Database in its own statement,
 * like recordModuleRefusal: the refused action wrote nothing. The caller throws.
 */
export async function recordAuthorityRefusal(
  db: Database,
  person: AdmittedPerson,
  refused: { subject: string; operationId: string; reason: string; detail?: Record<string, unknown> },
): Promise<void> {
  await recordAudit(db, {
    ...person.audit,
    action: 'authz.denied',
    subject: refused.subject,
    result: 'failure',
    detail: { operation_id: refused.operationId, reason: refused.reason, ...refused.detail, principal: 'user', module_roles: await moduleRolesOfPerson(db, person.orgId, person.userId) },
  });
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

/**
 * For a module handler whose request decides the permission it needs: authorizes it, a
 * refusal recorded as the guard's are. Call it before the action's transaction opens:
 * the refusal is written on the Database (on the embedded profile a statement waits
 * for an open transaction to end, so inside one it would wait for itself).
 */
export async function authorizeModuleRequest(db: Database, ctx: RequestContext, permission: RequiredPermission): Promise<void> {
  await authorizeAudited(db, requirePrincipal(ctx), originOfContext(ctx), ctx.operationId, permission, recordModuleRefusal);
}
