// Who changes connectors or credential material: a person (connectors:manage and
// credential-material:write are never a machine's), and where the request came
// from; the module's audit trail records both, in the transaction of the change.
import { originOfContext, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { Queryable } from '../../platform/db/database.js';
import { requirePrincipal, type RequestContext } from '../../platform/http/handler.js';
import { asUser, type UserPrincipal } from '../../platform/principal.js';
import { auditActorOf, recordAudit, type AuditAction } from '../audit/index.js';

export interface ConnectorCaller {
  principal: UserPrincipal;
  origin: RequestOrigin;
}

export const callerOfContext = (ctx: RequestContext): ConnectorCaller => ({ principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) });

export function recordCallerAudit(tx: Queryable, caller: ConnectorCaller, action: AuditAction, subject: string, detail: Record<string, unknown>): Promise<void> {
  return recordAudit(tx, {
    orgId: caller.principal.orgId,
    actor: auditActorOf(caller.principal),
    action,
    subject,
    result: 'success',
    sourceAddress: caller.origin.sourceIp,
    correlationId: caller.origin.requestId,
    detail,
  });
}
