// The identity audit trail (spec 2.10, 6.2): sign-ins, refused passwords,
// sign-outs, replayed refresh tokens, membership and role changes, API keys,
// workloads, webhook endpoints and refused requests. Rows are append-only (a trigger
// refuses UPDATE and DELETE). Refusals a caller can repeat at will are bounded:
// one row when they start and one summary with the count per window.
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../http/handler.js';
import type { Database, OrgId, Queryable } from '../db/database.js';
import type { AppError } from '../errors.js';
import { actorColumnsOf, recordedActorOf, type Principal, type RecordedActor } from '../principal.js';
import { actingForTenant, tenantOfClaim, type SystemScope } from '../tenancy.js';
import type { CursorCodec } from '../pagination/cursor.js';
import { assertPositionFits, defineKeysetOrder, keysetAfter, takePage, type KeysetRow } from '../pagination/keyset.js';
import type { PageRequest } from '../pagination/page.js';

/** Who acted in a request. A machine is never recorded as a person (spec 2.2). */
export type AuditActor = RecordedActor | 'anonymous';

/** Where the request came from: client address through TRUSTED_PROXIES, user agent, X-Request-ID. */
export interface RequestOrigin {
  sourceIp: string;
  userAgent: string | null;
  requestId: string;
}

interface IdentityEvent {
  actor: AuditActor;
  action: string;
  detail?: Record<string, unknown>;
}

export const actorOf = (principal: Principal): AuditActor => recordedActorOf(principal);

const columnsOfActor = (actor: AuditActor) => actorColumnsOf(actor === 'anonymous' ? undefined : actor);

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
  await insertEvent(q, orgId, {
    actor: columnsOfActor(event.actor),
    actorSystem: false,
    origin,
    action: event.action,
    detail: event.detail,
  });
}

/**
 * Writes one event the system caused by its own rules: actor system. In a worker
 * there is no request behind it (no source address, user agent or request id);
 * when a rule acts during someone else's request (an SSO login retiring another
 * account), pass that request's origin so the two can be correlated.
 * Pass the transaction of the change it describes, as for recordIdentityEvent.
 */
export async function recordSystemIdentityEvent(q: Queryable, orgId: OrgId, event: Omit<IdentityEvent, 'actor'>, origin: RequestOrigin | null = null): Promise<void> {
  await insertEvent(q, orgId, { actor: actorColumnsOf(undefined), actorSystem: true, origin, action: event.action, detail: event.detail });
}

type ActorColumns = ReturnType<typeof actorColumnsOf>;

interface EventToInsert {
  actor: ActorColumns;
  actorSystem: boolean;
  origin: RequestOrigin | null;
  action: string;
  detail: Record<string, unknown> | undefined;
}

/**
 * An event goes to the trail of the organization it is given, which is often not the one
 * its request acts in (a person's personal organization, the organization enforcing SSO on
 * an address): the statement runs in that organization's scope.
 */
async function insertEvent(q: Queryable, orgId: OrgId, event: EventToInsert): Promise<void> {
  await actingForTenant(orgId, () => q.query(
    `INSERT INTO identity_audit_events (org_id, actor_user_id, actor_api_key_id, actor_workload_id, actor_directory_token_id, actor_system, action, source_ip, user_agent, request_id, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      orgId,
      event.actor.userId,
      event.actor.apiKeyId,
      event.actor.workloadId,
      event.actor.directoryTokenId,
      event.actorSystem,
      event.action,
      event.origin?.sourceIp ?? null,
      event.origin?.userAgent ?? null,
      event.origin?.requestId ?? null,
      JSON.stringify(redact(event.detail ?? {})),
    ],
  ));
}

/**
 * The trail's tables, for code that must account for every tenant table without
 * touching these (organization deletion keeps them: the events are the record, and
 * open refusal windows close into it on their own).
 */
export const IDENTITY_TRAIL_TABLES: readonly string[] = ['identity_audit_events', 'identity_refusal_windows'];

/** How long repeated refusals of one subject are counted before their summary is written to the trail. */
export const REFUSAL_WINDOW_MS = 5 * 60_000;
// Distinct source addresses (and values of the member a caller varies) a summary names; enough to show a key used from many places.
const SUMMARY_DISTINCT_VALUES = 10;

interface RepeatableRefusal extends IdentityEvent {
  /** Whose refusals are counted together: the refused key's id, the refused person's id. */
  subject: string;
  /**
   * The one member of the detail the caller can vary without bound from one refusal to
   * the next (the organization asked for, a provider's error text). Every other member
   * keeps its refusals in a window of their own, so a summary states them truly (a refused
   * sign-in code is never counted as a refused enrolment code); this one does not, or a
   * caller could open a window, and write a row at once, per value. The summary names the
   * last refusal's value and the first few distinct ones.
   */
  varies?: string;
}

/**
 * Records a refusal its caller can repeat at will (a revoked key presented again and
 * again), so the trail cannot be flooded: the first refusal of a subject and detail is
 * written at once, with the time its window closes; later ones within REFUSAL_WINDOW_MS
 * are only counted, and when the window closes one summary row with the count is appended
 * (here, when the subject is refused again, or by closeDueRefusalWindows). The summary row
 * carries the source address, user agent and request id of the last refusal counted (the
 * first one's are in the row written at once). Takes the Database: the request it refuses
 * writes nothing else, and the row and count commit together.
 */
export async function recordRepeatableRefusal(db: Database, orgId: OrgId, origin: RequestOrigin, refusal: RepeatableRefusal, now: Date): Promise<void> {
  const actor = columnsOfActor(refusal.actor);
  const detail = redact(refusal.detail ?? {}) as Record<string, unknown>;
  const windowDetail = Object.fromEntries(Object.entries(detail).filter(([key]) => key !== refusal.varies));
  const varied = refusal.varies === undefined ? undefined : detail[refusal.varies];
  const variedValue = varied === undefined ? null : typeof varied === 'string' ? varied : JSON.stringify(varied);
  const closesAt = new Date(now.getTime() + REFUSAL_WINDOW_MS);
  // The refusal goes to the trail of the organization it is given, as insertEvent's events do.
  await actingForTenant(orgId, () => db.transaction(async (tx) => {
    const closed = await tx.query<RefusalWindowRow>(
      `DELETE FROM identity_refusal_windows WHERE org_id = $1 AND action = $2 AND subject = $3 AND closes_at <= $4 RETURNING ${WINDOW_COLUMNS}`,
      [orgId, refusal.action, refusal.subject, now],
    );
    for (const window of closed.rows) await appendWindowSummary(tx, orgId, window);
    // Concurrent refusals of one subject and detail queue on the window's key: exactly one of them opens it.
    // The window's detail is jsonb, whose text has one form whatever the order of the members, so equal details share a digest.
    const { rows } = await tx.query<{ refusals: number }>(
      `INSERT INTO identity_refusal_windows AS w (org_id, action, subject, actor_user_id, actor_api_key_id, actor_workload_id, actor_directory_token_id, detail, detail_digest,
              opened_at, closes_at, refusals, last_refused_at, source_ips, last_detail, last_source_ip, last_user_agent, last_request_id, varied_member, varied_values)
       VALUES ($1, $2, $3, $4, $5, $11, $12, $6::jsonb, sha256(convert_to($6::jsonb::text, 'UTF8')),
               $7, $8, 1, $7, ARRAY[$9::text], $13::jsonb, $9, $14, $15, $16, CASE WHEN $17::text IS NULL THEN '{}'::text[] ELSE ARRAY[$17::text] END)
       ON CONFLICT (org_id, action, subject, detail_digest) DO UPDATE SET
         refusals = w.refusals + 1,
         last_refused_at = GREATEST(w.last_refused_at, EXCLUDED.last_refused_at),
         source_ips = CASE WHEN $9::text = ANY (w.source_ips) OR cardinality(w.source_ips) >= $10 THEN w.source_ips ELSE array_append(w.source_ips, $9::text) END,
         varied_values = CASE WHEN $17::text IS NULL OR $17::text = ANY (w.varied_values) OR cardinality(w.varied_values) >= $10 THEN w.varied_values ELSE array_append(w.varied_values, $17::text) END,
         last_detail = CASE WHEN EXCLUDED.last_refused_at >= w.last_refused_at THEN EXCLUDED.last_detail ELSE w.last_detail END,
         last_source_ip = CASE WHEN EXCLUDED.last_refused_at >= w.last_refused_at THEN EXCLUDED.last_source_ip ELSE w.last_source_ip END,
         last_user_agent = CASE WHEN EXCLUDED.last_refused_at >= w.last_refused_at THEN EXCLUDED.last_user_agent ELSE w.last_user_agent END,
         last_request_id = CASE WHEN EXCLUDED.last_refused_at >= w.last_refused_at THEN EXCLUDED.last_request_id ELSE w.last_request_id END
       RETURNING refusals`,
      [
        orgId,
        refusal.action,
        refusal.subject,
        actor.userId,
        actor.apiKeyId,
        JSON.stringify(windowDetail),
        now,
        closesAt,
        origin.sourceIp,
        SUMMARY_DISTINCT_VALUES,
        actor.workloadId,
        actor.directoryTokenId,
        JSON.stringify(detail),
        origin.userAgent,
        origin.requestId,
        refusal.varies ?? null,
        variedValue,
      ],
    );
    if (rows[0]!.refusals !== 1) return;
    await insertEvent(tx, orgId, {
      actor,
      actorSystem: false,
      origin,
      action: refusal.action,
      detail: { ...detail, repeats_counted_until: closesAt.toISOString() },
    });
  }));
}

/**
 * Appends the summary of every refusal window closed by `now`, in each window's own
 * organization, and removes the windows. Run periodically by the workers role, so a
 * count reaches the trail even when the subject is never refused again. Returns how
 * many windows it closed (at most `limit`).
 */
export async function closeDueRefusalWindows(db: Database, scope: SystemScope, now: Date, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<RefusalWindowRow>(
      `DELETE FROM identity_refusal_windows
        WHERE (org_id, action, subject, detail_digest) IN (
          SELECT org_id, action, subject, detail_digest FROM identity_refusal_windows WHERE closes_at <= $1 ORDER BY closes_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING ${WINDOW_COLUMNS}`,
      [now, limit],
    );
    for (const window of rows) await appendWindowSummary(tx, tenantOfClaim(scope, window.org_id), window);
    return rows.length;
  });
}

interface RefusalWindowRow {
  org_id: string;
  action: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  actor_workload_id: string | null;
  actor_directory_token_id: string | null;
  detail: Record<string, unknown>;
  opened_at: Date | string;
  closes_at: Date | string;
  refusals: number;
  last_refused_at: Date | string;
  source_ips: string[];
  /** NULL for a window opened before migration 107. */
  last_detail: Record<string, unknown> | null;
  last_source_ip: string | null;
  last_user_agent: string | null;
  last_request_id: string | null;
  varied_member: string | null;
  varied_values: string[];
}

const WINDOW_COLUMNS =
  'org_id, action, actor_user_id, actor_api_key_id, actor_workload_id, actor_directory_token_id, detail, opened_at, closes_at, refusals, last_refused_at, source_ips, ' +
  'last_detail, last_source_ip, last_user_agent, last_request_id, varied_member, varied_values';

const lastOriginOf = (window: RefusalWindowRow): RequestOrigin | null =>
  window.last_source_ip === null || window.last_request_id === null ? null : { sourceIp: window.last_source_ip, userAgent: window.last_user_agent, requestId: window.last_request_id };

/**
 * A window with one refusal needs no summary: the row written when it opened says it
 * all. Otherwise the summary counts every refusal of the window, the first included,
 * and carries the last one's detail and origin.
 */
async function appendWindowSummary(tx: Queryable, orgId: OrgId, window: RefusalWindowRow): Promise<void> {
  if (window.refusals <= 1) return;
  const iso = (value: Date | string): string => new Date(value).toISOString();
  await insertEvent(tx, orgId, {
    actor: { userId: window.actor_user_id, apiKeyId: window.actor_api_key_id, workloadId: window.actor_workload_id, directoryTokenId: window.actor_directory_token_id },
    actorSystem: false,
    origin: lastOriginOf(window),
    action: window.action,
    detail: {
      ...(window.last_detail ?? window.detail),
      window_summary: {
        refusals: window.refusals,
        opened_at: iso(window.opened_at),
        closed_at: iso(window.closes_at),
        last_refused_at: iso(window.last_refused_at),
        source_ips: window.source_ips,
        ...(window.varied_member !== null && { distinct: { [window.varied_member]: window.varied_values } }),
      },
    },
  });
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

// Key names whose values never reach the trail (spec 5.15). A name is read as its
// words: split at anything not a letter or digit and where camelCase starts a word
// (`X-Auth-Token`, `XAuthToken`, `signing_key` and `signingKey` read alike), in lower case.
// Words that say "secret" wherever they stand, even inside a longer word
// (`accesstoken`, `mypassword`, `clientsecret`):
const SECRET_WORD_PARTS = /passw(or)?d|passphrase|passcode|secret|token|credential|authori[sz]ation|cookie|apikey|privatekey/;
// Short words that say it only as a whole word, and only as what the name holds: the last
// word, or followed by a word for its value. `auth` is a secret in `basic_auth` and
// `auth_header`, not in `author`, `authority` or `auth_method`.
const SECRET_WORDS = new Set(['pwd', 'auth', 'bearer', 'jwt', 'sid', 'creds', 'otp', 'psk', 'dsn']);
const VALUE_WORDS = new Set(['header', 'headers', 'value', 'string', 'data', 'params', 'code', 'assertion', 'key']);
// Key material: a key or PEM named for what it signs, encrypts or whom it is private to (`client_key`, `private_pem`), not `public_key` or `primary_key`.
const KEY_MATERIAL_QUALIFIERS = new Set(['private', 'signing', 'encryption', 'decryption', 'client', 'master', 'shared', 'session', 'hmac', 'api']);
const KEY_MATERIAL_NOUNS = new Set(['key', 'keys', 'pem']);
// An identifier of a secret is not the secret (`api_key_id`, `credential_id`, `tokenIds`), except
// identifiers that are themselves what they identify: a session id (as good as the session) and
// Vault's AppRole `secret_id`.
const IDENTIFIER_WORDS = new Set(['id', 'ids']);
const CREDENTIAL_IDENTIFIERS = new Set(['session', 'secret']);

const wordsOf = (key: string): string[] =>
  key
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());

function isSensitiveKey(key: string): boolean {
  const words = wordsOf(key);
  const last = words.length - 1;
  if (IDENTIFIER_WORDS.has(words[last]!)) return last > 0 && CREDENTIAL_IDENTIFIERS.has(words[last - 1]!);
  return words.some(
    (word, i) =>
      SECRET_WORD_PARTS.test(word) ||
      (SECRET_WORDS.has(word) && (i === last || VALUE_WORDS.has(words[i + 1]!))) ||
      (KEY_MATERIAL_QUALIFIERS.has(word) && i < last && KEY_MATERIAL_NOUNS.has(words[i + 1]!)),
  );
}
export const REDACTED = '[redacted]';

/**
 * A copy with the values of sensitive-looking keys replaced, in nested objects and arrays
 * too. Written without recursion, as every walk of what a request carried (a detail may
 * quote it).
 */
export function redact(value: unknown): unknown {
  const emptyCopy = (node: unknown): unknown => (Array.isArray(node) ? [] : node !== null && typeof node === 'object' ? {} : node);
  const root = emptyCopy(value);
  const pending: Array<[source: object, copy: object]> = root === value ? [] : [[value as object, root as object]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, copy] = next;
    for (const [key, inner] of Object.entries(source)) {
      const replaced = !Array.isArray(source) && isSensitiveKey(key);
      const member = replaced ? REDACTED : emptyCopy(inner);
      // Defined, not assigned: a member named __proto__ is data, as Object.fromEntries makes it.
      Object.defineProperty(copy, key, { value: member, enumerable: true, writable: true, configurable: true });
      if (member !== inner && !replaced) pending.push([inner as object, member as object]);
    }
  }
  return root;
}

interface IdentityEventFilter {
  /** A user id, an API key id, a workload id or a directory token id. */
  actor?: string;
  action?: string;
  /** RFC 3339, compared with microsecond precision, so a created_at read from the trail can bound the next read. */
  since?: string;
  until?: string;
  limit: number;
}

interface StoredIdentityEvent {
  id: string;
  actor: { kind: 'user' | 'api_key' | 'workload' | 'directory_token' | 'system' | 'anonymous'; id: string | null };
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
  actor_workload_id: string | null;
  actor_directory_token_id: string | null;
  actor_system: boolean;
  action: string;
  source_ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  detail: Record<string, unknown>;
  created_at: string;
}

/** Newest first in order of writing: seq is unique and never changes, and (org_id, seq DESC) is indexed. */
const newestWritten = defineKeysetOrder({ stable: true, keys: [{ column: 'seq', type: 'bigint', direction: 'desc' }] });

interface IdentityEventPage {
  events: StoredIdentityEvent[];
  limit: number;
  has_more: boolean;
  /** Absent on the last page. */
  next_cursor?: string;
}

/**
 * One page of the trail, newest first, continued by a cursor of the shared codec bound to
 * the organization and the filters (docs/decisions/pagination-idempotency.md). No total:
 * the trail only grows, and counting it on every page would read all of it.
 */
export async function pageIdentityEvents(q: Queryable, codec: CursorCodec, orgId: OrgId, filter: Omit<IdentityEventFilter, 'limit'>, request: PageRequest): Promise<IdentityEventPage> {
  const scope = {
    orgId,
    listing: 'identity-audit',
    order: request.order,
    filters: { actor: filter.actor ?? null, action: filter.action ?? null, since: filter.since ?? null, until: filter.until ?? null },
  };
  // Verified before any query: an unusable cursor costs no database work.
  const position = request.cursor === undefined ? undefined : assertPositionFits(newestWritten, codec.decode(request.cursor, scope));
  const { items, hasMore } = takePage(await selectEvents(q, orgId, { ...filter, limit: request.limit + 1 }, position), request.limit);
  const last = items.at(-1);
  return {
    events: items.map(eventOfRow),
    limit: request.limit,
    has_more: hasMore,
    ...(hasMore && last ? { next_cursor: codec.encode({ ...scope, position: last.keyset_position }) } : {}),
  };
}

async function selectEvents(q: Queryable, orgId: OrgId, filter: IdentityEventFilter, position: unknown): Promise<(EventRow & KeysetRow)[]> {
  const conditions = ['org_id = $1'];
  const params: unknown[] = [orgId];
  const where = (sql: (placeholder: string) => string, value: unknown): void => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filter.actor !== undefined) {
    where((p) => `(actor_user_id = ${p} OR actor_api_key_id = ${p} OR actor_workload_id = ${p} OR actor_directory_token_id = ${p})`, filter.actor);
  }
  if (filter.action !== undefined) where((p) => `action = ${p}`, filter.action);
  if (filter.since !== undefined) where((p) => `created_at >= ${p}::timestamptz`, filter.since);
  if (filter.until !== undefined) where((p) => `created_at < ${p}::timestamptz`, filter.until);
  const after = keysetAfter(newestWritten, position, params.length + 1);
  conditions.push(after.sql);
  params.push(...after.params, filter.limit);
  const { rows } = await q.query<EventRow & KeysetRow>(
    `SELECT id, actor_user_id, actor_api_key_id, actor_workload_id, actor_directory_token_id, actor_system, action, source_ip, user_agent, request_id, detail,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, ${newestWritten.positionColumn}
       FROM identity_audit_events
      WHERE ${conditions.join(' AND ')}
      ORDER BY ${newestWritten.orderBy}
      LIMIT $${params.length}`,
    params,
  );
  return rows;
}

function eventOfRow(row: EventRow): StoredIdentityEvent {
  return {
    id: row.id,
    actor: actorOfRow(row),
    action: row.action,
    source_ip: row.source_ip,
    user_agent: row.user_agent,
    request_id: row.request_id,
    detail: row.detail,
    created_at: row.created_at,
  };
}

function actorOfRow(row: EventRow): StoredIdentityEvent['actor'] {
  if (row.actor_user_id) return { kind: 'user', id: row.actor_user_id };
  if (row.actor_api_key_id) return { kind: 'api_key', id: row.actor_api_key_id };
  if (row.actor_workload_id) return { kind: 'workload', id: row.actor_workload_id };
  if (row.actor_directory_token_id) return { kind: 'directory_token', id: row.actor_directory_token_id };
  return row.actor_system ? { kind: 'system', id: null } : { kind: 'anonymous', id: null };
}
