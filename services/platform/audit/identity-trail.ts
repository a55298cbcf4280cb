// The identity audit trail (spec 2.10, 6.2): sign-ins, refused passwords,
// sign-outs, replayed refresh tokens, membership and role changes, API keys,
// webhook endpoints and refused requests. Rows are append-only (a trigger
// refuses UPDATE and DELETE).
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../http/handler.js';
import type { Database, OrgId, Queryable } from '../db/database.js';
import type { AppError } from '../errors.js';
import { credentialOf, userOrApiKeyOf, type Principal } from '../principal.js';

/** Who acted in a request. A machine is never recorded as a person (spec 2.2). */
export type AuditActor = { userId: string } | { apiKeyId: string } | 'anonymous';

/** Where the request came from: client address through TRUSTED_PROXIES, user agent, X-Request-ID. */
export interface RequestOrigin {
  sourceIp: string;
  userAgent: string | null;
  requestId: string;
}

export interface IdentityEvent {
  actor: AuditActor;
  action: string;
  detail?: Record<string, unknown>;
}

export function actorOf(principal: Principal): AuditActor {
  const actor = userOrApiKeyOf(principal);
  // Workloads get their own actor column when that capability lands; until then none acts here.
  if (!actor) throw new Error(`${credentialOf(principal).kind} principals are not audited by the identity trail yet`);
  return actor;
}

export function originOfContext(ctx: RequestContext): RequestOrigin {
  return { sourceIp: ctx.clientIp, userAgent: headerValue(ctx.headers['user-agent']), requestId: ctx.requestId };
}

export function originOfRequest(request: FastifyRequest): RequestOrigin {
  return { sourceIp: request.ip, userAgent: headerValue(request.headers['user-agent']), requestId: String(request.id) };
}

const headerValue = (value: string | string[] | undefined): string | null => (typeof value === 'string' ? value.slice(0, 512) : null);

/**
 * Writes one event. Pass the transaction of the change it describes: if the audit
 * write fails, the change rolls back with it (spec 5.15).
 */
export async function recordIdentityEvent(q: Queryable, orgId: OrgId, origin: RequestOrigin, event: IdentityEvent): Promise<void> {
  const actor = event.actor;
  await insertEvent(q, orgId, {
    actorUserId: typeof actor === 'object' && 'userId' in actor ? actor.userId : null,
    actorApiKeyId: typeof actor === 'object' && 'apiKeyId' in actor ? actor.apiKeyId : null,
    actorSystem: false,
    origin,
    action: event.action,
    detail: event.detail,
  });
}

/**
 * Writes one event the system caused on its own, in a worker with no request
 * behind it: actor system, and no source address, user agent or request id.
 * Pass the transaction of the change it describes, as for recordIdentityEvent.
 */
export async function recordSystemIdentityEvent(q: Queryable, orgId: OrgId, event: Omit<IdentityEvent, 'actor'>): Promise<void> {
  await insertEvent(q, orgId, { actorUserId: null, actorApiKeyId: null, actorSystem: true, origin: null, action: event.action, detail: event.detail });
}

interface EventToInsert {
  actorUserId: string | null;
  actorApiKeyId: string | null;
  actorSystem: boolean;
  origin: RequestOrigin | null;
  action: string;
  detail: Record<string, unknown> | undefined;
}

async function insertEvent(q: Queryable, orgId: OrgId, event: EventToInsert): Promise<void> {
  await q.query(
    `INSERT INTO identity_audit_events (org_id, actor_user_id, actor_api_key_id, actor_system, action, source_ip, user_agent, request_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      orgId,
      event.actorUserId,
      event.actorApiKeyId,
      event.actorSystem,
      event.action,
      event.origin?.sourceIp ?? null,
      event.origin?.userAgent ?? null,
      event.origin?.requestId ?? null,
      JSON.stringify(redact(event.detail ?? {})),
    ],
  );
}

/**
 * Every refused authorization ends here: recorded as authz.denied in the organization
 * the caller acts in (spec 6.2, 7 rule 7), then thrown. It takes the Database, never a
 * transaction, because the refusal rolls back the transaction it happened in and the
 * record must outlive it.
 */
export async function refuseAuthorization(db: Database, principal: Principal, origin: RequestOrigin, operationId: string, refusal: AppError): Promise<never> {
  await recordIdentityEvent(db, principal.orgId, origin, {
    actor: actorOf(principal),
    action: 'authz.denied',
    detail: { operation_id: operationId, required_scope: refusal.details.required_scope ?? null, principal: principal.kind, reason: refusal.message },
  });
  throw refusal;
}

// Key names whose values never reach the trail (spec 5.15). Identifiers of such
// things (api_key_id, credential_id) are not secrets and stay, except a session id,
// which is as good as the session to whoever learns it.
const SENSITIVE_KEY = /password|passphrase|secret|token|credential|authorization|cookie|api[-_]?key|private[-_]?key|encryption[-_]?key/i;
const IDENTIFIER_KEY = /(^|[-_])ids?$|[a-z]Ids?$/; // api_key_id, apiKeyId, key_ids
const SESSION_ID_KEY = /session([-_]?id|Id)s?$/i;
const isSensitiveKey = (key: string): boolean => SESSION_ID_KEY.test(key) || (SENSITIVE_KEY.test(key) && !IDENTIFIER_KEY.test(key));
export const REDACTED = '[redacted]';

/** Replaces the values of sensitive-looking keys, recursing into nested objects and arrays. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isSensitiveKey(key) ? REDACTED : redact(inner)]));
}

export interface IdentityEventFilter {
  /** A user id or an API key id. */
  actor?: string;
  action?: string;
  /** RFC 3339, compared with microsecond precision, so a created_at read from the trail can bound the next read. */
  since?: string;
  until?: string;
  limit: number;
}

export interface StoredIdentityEvent {
  id: string;
  actor: { kind: 'user' | 'api_key' | 'system' | 'anonymous'; id: string | null };
  action: string;
  source_ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  detail: Record<string, unknown>;
  created_at: string;
}

interface EventRow {
  id: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  actor_system: boolean;
  action: string;
  source_ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  detail: Record<string, unknown>;
  created_at: string;
}

/** Newest first (in order of writing), bounded by filter.limit. since is inclusive, until exclusive. */
export async function listIdentityEvents(q: Queryable, orgId: OrgId, filter: IdentityEventFilter): Promise<StoredIdentityEvent[]> {
  const conditions = ['org_id = $1'];
  const params: unknown[] = [orgId];
  const where = (sql: (placeholder: string) => string, value: unknown): void => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filter.actor !== undefined) where((p) => `(actor_user_id = ${p} OR actor_api_key_id = ${p})`, filter.actor);
  if (filter.action !== undefined) where((p) => `action = ${p}`, filter.action);
  if (filter.since !== undefined) where((p) => `created_at >= ${p}::timestamptz`, filter.since);
  if (filter.until !== undefined) where((p) => `created_at < ${p}::timestamptz`, filter.until);
  params.push(filter.limit);
  const { rows } = await q.query<EventRow>(
    `SELECT id, actor_user_id, actor_api_key_id, actor_system, action, source_ip, user_agent, request_id, detail,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
       FROM identity_audit_events
      WHERE ${conditions.join(' AND ')}
      ORDER BY seq DESC
      LIMIT $${params.length}`,
    params,
  );
  return rows.map((row) => ({
    id: row.id,
    actor: actorOfRow(row),
    action: row.action,
    source_ip: row.source_ip,
    user_agent: row.user_agent,
    request_id: row.request_id,
    detail: row.detail,
    created_at: row.created_at,
  }));
}

function actorOfRow(row: EventRow): StoredIdentityEvent['actor'] {
  if (row.actor_user_id) return { kind: 'user', id: row.actor_user_id };
  if (row.actor_api_key_id) return { kind: 'api_key', id: row.actor_api_key_id };
  return row.actor_system ? { kind: 'system', id: null } : { kind: 'anonymous', id: null };
}
