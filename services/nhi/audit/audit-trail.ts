// Writing the module's audit trail (spec 2.11, 6.2, 5.15). A record is written in
// the transaction of the action it describes: if the write fails, the action rolls
// back with it. The database chains and digests it (migration 075).
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { redact } from '../../platform/audit/identity-trail.js';
import { requirePrincipal, type RequestContext } from '../../platform/http/handler.js';
import { credentialOf, type Principal } from '../../platform/principal.js';
import { replaceUnstorableText } from '../../platform/storable-text.js';
import { isAuditAction, type AuditAction } from './actions.js';

export type AuditActorKind = 'person' | 'anonymous' | 'platform_admin' | 'system';
export type AuditResult = 'success' | 'failure';

export interface AuditEntry {
  orgId: OrgId;
  actor: { kind: AuditActorKind; id: string | null };
  action: AuditAction;
  subject: string | null;
  result: AuditResult;
  sourceAddress: string | null;
  /** The request id of the request that acted (X-Request-ID), or a run's id for system work. */
  correlationId: string | null;
  detail: Record<string, unknown>;
}

/**
 * The actor of a principal. A person is a person. An API key or a workload holds no
 * module permission, so in the trail it appears only as refused; it is a machine
 * acting on its own credential, recorded as `system` with its credential's kind in
 * the id (`api_key:<id>`, `workload:<id>`), so it is never confused with a person or
 * with the service's own work (docs/decisions/nhi.md, "The audit trail").
 */
export function auditActorOf(principal: Principal): AuditEntry['actor'] {
  const { kind, id } = credentialOf(principal);
  return kind === 'user' ? { kind: 'person', id } : { kind: 'system', id: `${kind}:${id}` };
}

/** The fields of a record that the request decides: its organization, actor, client address and request id. */
export function auditContextOf(ctx: RequestContext): Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'> {
  const principal = requirePrincipal(ctx);
  return { orgId: principal.orgId, actor: auditActorOf(principal), sourceAddress: ctx.clientIp, correlationId: ctx.requestId };
}

/**
 * Appends one record to the organization's chain. Refuses (throws) an action name
 * not in the registry, a reserved one among them. Detail is made representable
 * exactly in jsonb (see storableDetail), then redacted (the identity trail's rule).
 */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  if (!isAuditAction(entry.action)) throw new Error(`"${entry.action}" is not an audit action the module produces (services/nhi/audit/actions.ts)`);
  await tx.query(
    `INSERT INTO nhi_audit_records (org_id, actor_kind, actor_id, action, subject, result, source_address, correlation_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.orgId,
      entry.actor.kind,
      entry.actor.id,
      entry.action,
      entry.subject,
      entry.result,
      entry.sourceAddress,
      entry.correlationId,
      JSON.stringify(redact(storableDetail(entry.detail))),
    ],
  );
}

/**
 * Detail as jsonb holds it and as the offline verifier reads it back, value for value:
 * numbers other than safe integers become their decimal text (jsonb would print 1e21
 * or 0.1e-6 differently from JavaScript, and the canonical bytes would no longer be
 * reproducible), NUL and unpaired surrogates become U+FFFD (jsonb refuses them),
 * dates their ISO text, and undefined members are left out.
 */
function storableDetail(value: unknown): unknown {
  if (typeof value === 'string') return replaceUnstorableText(value).text;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value + 0 : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((member) => (member === undefined ? null : storableDetail(member)));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, member]) => member !== undefined)
        .map(([key, member]) => [replaceUnstorableText(key).text, storableDetail(member)]),
    );
  }
  return value;
}
