// Who changes connectors or credential material: a person (connectors:manage and
// credential-material:write are never a machine's) acting in an organization; the
// module's audit trail records them, their address and request id, in the
// transaction of the change.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { requirePrincipal, type RequestContext } from '../../platform/http/handler.js';
import { asUser } from '../../platform/principal.js';
import { auditContextOf, recordAudit, type AuditAction, type AuditEntry } from '../audit/index.js';

export interface ConnectorCaller {
  orgId: OrgId;
  userId: string;
  audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>;
}

export function callerOfContext(ctx: RequestContext): ConnectorCaller {
  const principal = asUser(requirePrincipal(ctx));
  return { orgId: principal.orgId, userId: principal.userId, audit: auditContextOf(ctx) };
}

export const recordCallerAudit = (tx: Queryable, caller: ConnectorCaller, action: AuditAction, subject: string, detail: Record<string, unknown>): Promise<void> =>
  recordAudit(tx, { ...caller.audit, action, subject, result: 'success', detail });
