// The lifecycle approved requests share (access grants, policy exceptions): a person
// asks, approvers decide.
//
//   pending ──approve (the NHI_APPROVALS_REQUIRED-th distinct approver)──► approved ──revoke──► revoked
//      ├──reject (one approver ends it)──► rejected
//      └──withdraw (the requester)──► withdrawn
//
// Separation of duties in three layers (spec 3.3): authorizeApproval refuses the
// requester (and anyone acting only through their delegation) before anything is
// written; the conditional UPDATE below never adds the requester to the approvals; the
// table's CHECK refuses a row holding them, whatever wrote it. A decision on a request
// that is no longer pending is 409 (the conditional UPDATE matched nothing): of
// concurrent approvals at the threshold exactly one wins. End dates are never stored
// as a state: whether an approved request is in force is computed when read.
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { AppError, conflict, notFound, validationFailed } from '../../platform/errors.js';
import { requirePrincipal, type RequestContext } from '../../platform/http/handler.js';
import { isoOrNull } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { defineKeysetOrder, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage, type PageEnvelope } from '../../platform/pagination/page.js';
import { asUser } from '../../platform/principal.js';
import { auditContextOf, recordAudit, recordAuthorityRefusal } from '../audit/index.js';
import { authorizeApproval, basisDetail, isOrganizationAdmin, recordDelegationUse, type GovernanceCaller } from './authority.js';

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'revoked'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** What is decided: its audit area (grant.*, exception.*), its table, and the operations that decide it. */
export interface DecidedRequests {
  kind: 'grant' | 'exception';
  /** A table from code, never from input, with the columns of migration 096. */
  table: 'nhi_access_grants' | 'nhi_policy_exceptions';
  operationIds: { approve: string; reject: string; withdraw: string; revoke: string };
}

/** An optional reason given with a rejection, a withdrawal or a revocation. */
export interface DecisionReason {
  reason?: string;
}

interface StoredRequest {
  requested_by_user_id: string;
  status: RequestStatus;
  approvals: string[];
}

/** Who asks or decides: a person (governance is never a machine's) acting in an organization, recorded with their address and request id. */
export function governanceCallerOf(ctx: RequestContext): GovernanceCaller {
  const principal = asUser(requirePrincipal(ctx));
  return { orgId: principal.orgId, userId: principal.userId, audit: auditContextOf(ctx) };
}

export function createRequestDecisions(deps: { db: Database; requests: DecidedRequests; approvalsRequired: number }) {
  const { db, requests, approvalsRequired } = deps;
  const { kind, table, operationIds } = requests;

  async function stored(q: Queryable, orgId: OrgId, id: string): Promise<StoredRequest> {
    if (!isUuid(id)) throw notFound();
    const { rows } = await q.query<StoredRequest>(`SELECT requested_by_user_id, status, approvals FROM ${table} WHERE org_id = $1 AND id = $2`, [orgId, id]);
    if (rows[0] === undefined) throw notFound();
    return rows[0];
  }

  const notPending = (request: StoredRequest): AppError => conflict(`the ${kind} is ${request.status}, not pending`);

  /** A refusal recorded in its own statement (nothing was written to refuse), then thrown. */
  async function refuse(caller: GovernanceCaller, id: string, operationId: string, message: string): Promise<never> {
    const refusal = new AppError('forbidden', message);
    await recordAuthorityRefusal(db, caller, { subject: id, operationId, reason: message });
    throw refusal;
  }

  async function approve(caller: GovernanceCaller, id: string, now: Date): Promise<void> {
    const request = await stored(db, caller.orgId, id);
    const basis = await authorizeApproval(
      db,
      caller,
      { requestedByUserId: request.requested_by_user_id, subject: id, selfApprovalAction: `${kind}.self_approval.refused`, operationId: operationIds.approve },
      now,
    );
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ status: RequestStatus; approvals: number }>(
        `UPDATE ${table}
            SET approvals = approvals || $3::uuid,
                status = CASE WHEN cardinality(approvals) + 1 >= $4 THEN 'approved' ELSE 'pending' END,
                decided_at = CASE WHEN cardinality(approvals) + 1 >= $4 THEN $5::timestamptz END,
                decided_by_user_id = CASE WHEN cardinality(approvals) + 1 >= $4 THEN $3::uuid END
          WHERE org_id = $1 AND id = $2 AND status = 'pending' AND ends_at > $5
            AND requested_by_user_id <> $3 AND NOT ($3 = ANY (approvals))
        RETURNING status, cardinality(approvals) AS approvals`,
        [caller.orgId, id, caller.userId, approvalsRequired, now],
      );
      const decided = rows[0];
      if (decided === undefined) {
        const current = await stored(tx, caller.orgId, id);
        if (current.status !== 'pending') throw notPending(current);
        if (current.approvals.includes(caller.userId)) throw conflict(`you have already approved this ${kind}; it needs another approver`);
        throw conflict(`the ${kind}'s end has passed: it can no longer be approved`);
      }
      const action = `${kind}.approved` as const;
      await recordAudit(tx, {
        ...caller.audit,
        action,
        subject: id,
        result: 'success',
        detail: { ...basisDetail(basis), status: decided.status, approvals: decided.approvals, approvals_required: approvalsRequired },
      });
      await recordDelegationUse(tx, caller, basis, { action, subject: id });
    });
  }

  async function reject(caller: GovernanceCaller, id: string, decision: DecisionReason | undefined, now: Date): Promise<void> {
    const reason = checkReason(decision);
    const request = await stored(db, caller.orgId, id);
    const basis = await authorizeApproval(
      db,
      caller,
      { requestedByUserId: request.requested_by_user_id, subject: id, selfApprovalAction: `${kind}.self_approval.refused`, operationId: operationIds.reject },
      now,
    );
    await db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `UPDATE ${table} SET status = 'rejected', decided_at = $4, decided_by_user_id = $3, decision_reason = $5
          WHERE org_id = $1 AND id = $2 AND status = 'pending' AND requested_by_user_id <> $3`,
        [caller.orgId, id, caller.userId, now, reason],
      );
      if (rowCount === 0) throw notPending(await stored(tx, caller.orgId, id));
      const action = `${kind}.rejected` as const;
      await recordAudit(tx, { ...caller.audit, action, subject: id, result: 'success', detail: { ...basisDetail(basis), reason } });
      await recordDelegationUse(tx, caller, basis, { action, subject: id });
    });
  }

  async function withdraw(caller: GovernanceCaller, id: string, decision: DecisionReason | undefined, now: Date): Promise<void> {
    const reason = checkReason(decision);
    const request = await stored(db, caller.orgId, id);
    if (request.requested_by_user_id !== caller.userId) await refuse(caller, id, operationIds.withdraw, `only the person who asked for the ${kind} may withdraw it`);
    await db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `UPDATE ${table} SET status = 'withdrawn', decided_at = $4, decided_by_user_id = $3, decision_reason = $5
          WHERE org_id = $1 AND id = $2 AND status = 'pending' AND requested_by_user_id = $3`,
        [caller.orgId, id, caller.userId, now, reason],
      );
      if (rowCount === 0) throw notPending(await stored(tx, caller.orgId, id));
      await recordAudit(tx, { ...caller.audit, action: `${kind}.withdrawn`, subject: id, result: 'success', detail: { reason } });
    });
  }

  /** Removing access is never refused by separation of duties: the requester may revoke what they asked for, and so may any Organization Admin. */
  async function revoke(caller: GovernanceCaller, id: string, decision: DecisionReason | undefined, now: Date): Promise<void> {
    const reason = checkReason(decision);
    const request = await stored(db, caller.orgId, id);
    const byRequester = request.requested_by_user_id === caller.userId;
    if (!byRequester && !(await isOrganizationAdmin(db, caller.orgId, caller.userId))) {
      await refuse(caller, id, operationIds.revoke, `only an Organization Admin or the person who asked for the ${kind} may revoke it`);
    }
    await db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `UPDATE ${table} SET status = 'revoked', revoked_at = $4, revoked_by_user_id = $3, decision_reason = $5
          WHERE org_id = $1 AND id = $2 AND status = 'approved'`,
        [caller.orgId, id, caller.userId, now, reason],
      );
      if (rowCount === 0) throw conflict(`the ${kind} is ${(await stored(tx, caller.orgId, id)).status}: only an approved ${kind} is revoked`);
      await recordAudit(tx, { ...caller.audit, action: `${kind}.revoked`, subject: id, result: 'success', detail: { reason, by: byRequester ? 'requester' : 'organization_admin' } });
    });
  }

  return { approve, reject, withdraw, revoke };
}
export type RequestDecisions = ReturnType<typeof createRequestDecisions>;

function checkReason(decision: DecisionReason | undefined): string | null {
  return decision?.reason === undefined ? null : requiredText('reason', decision.reason);
}

type LifecycleField = 'status' | 'inForce' | 'requestedByUserId' | 'requestedAt' | 'approvals' | 'approvalsRequired' | 'decidedAt' | 'decidedByUserId' | 'decisionReason' | 'revokedAt' | 'revokedByUserId';

/** The lifecycle's part of a request as the API shows it: the fields the document's NhiGrant and NhiPolicyException share. */
type RequestLifecycleView = Pick<components['schemas']['NhiGrant'], LifecycleField> & Pick<components['schemas']['NhiPolicyException'], LifecycleField>;

/** The columns of migration 096 behind RequestLifecycleView, plus the computed in_force. */
export interface RequestLifecycleRow {
  status: RequestStatus;
  in_force: boolean;
  requested_by_user_id: string;
  requested_at: Date;
  approvals: string[];
  decided_at: Date | null;
  decided_by_user_id: string | null;
  decision_reason: string | null;
  revoked_at: Date | null;
  revoked_by_user_id: string | null;
}
export const REQUEST_LIFECYCLE_COLUMNS = 'status, in_force, requested_by_user_id, requested_at, approvals, decided_at, decided_by_user_id, decision_reason, revoked_at, revoked_by_user_id';

export function requestLifecycleViewOf(row: RequestLifecycleRow, approvalsRequired: number): RequestLifecycleView {
  return {
    status: row.status,
    inForce: row.in_force,
    requestedByUserId: row.requested_by_user_id,
    requestedAt: row.requested_at.toISOString(),
    approvals: row.approvals,
    approvalsRequired,
    decidedAt: isoOrNull(row.decided_at),
    decidedByUserId: row.decided_by_user_id,
    decisionReason: row.decision_reason,
    revokedAt: isoOrNull(row.revoked_at),
    revokedByUserId: row.revoked_by_user_id,
  };
}

/** Newest request first: stable, since a request's time never changes. */
const newestRequestFirst = defineKeysetOrder({
  stable: true,
  keys: [
    { column: 'requested_at', type: 'timestamptz', direction: 'desc' },
    { column: 'id', type: 'uuid', direction: 'desc' },
  ],
});

/**
 * A page of the organization's requests as shown at `now`: `shown` is a FROM item ($1 the
 * organization, $2 now) with an in_force column. Filters: status (comma-separated),
 * identityId, inForce (true or false), and the caller's own (column = value, checked).
 */
export function readRequestPage<Row extends RequestLifecycleRow & KeysetRow, Item>(options: {
  q: Queryable;
  codec: CursorCodec;
  orgId: OrgId;
  listing: string;
  shown: string;
  columns: string;
  now: Date;
  query: { status?: unknown; identityId?: unknown; inForce?: unknown; limit?: unknown; cursor?: unknown };
  more?: Record<string, string | undefined>;
  toItem: (row: Row) => Item;
}): Promise<PageEnvelope<Item>> {
  const request = parsePageRequest(options.query, { orders: ['requested'], defaultOrder: 'requested' });
  const filters = { ...checkRequestFilters(options.query), ...options.more };
  const conditions = ['true'];
  const params: unknown[] = [options.orgId, options.now];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filters.status) add((p) => `status = ANY(${p}::text[])`, filters.status);
  if (filters.identityId) add((p) => `identity_id = ${p}::uuid`, filters.identityId);
  if (filters.inForce !== undefined) add((p) => `in_force = ${p}::boolean`, filters.inForce);
  for (const [column, value] of Object.entries(options.more ?? {})) if (value !== undefined) add((p) => `${column} = ${p}`, value);
  return readTablePage<Row, Item>({
    q: options.q,
    codec: options.codec,
    orgId: options.orgId,
    listing: options.listing,
    filters,
    request,
    order: newestRequestFirst,
    from: options.shown,
    columns: options.columns,
    where: conditions.join(' AND '),
    params,
    toItem: options.toItem,
  });
}

function checkRequestFilters(query: { status?: unknown; identityId?: unknown; inForce?: unknown }): { status?: string[]; identityId?: string; inForce?: boolean } {
  const text = (name: string, value: unknown): string | undefined => {
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw validationFailed(`${name} must be given once`);
    return value;
  };
  const status = text('status', query.status);
  const statuses = status === undefined ? undefined : [...new Set(status.split(',').map((member) => member.trim()))].sort();
  if (statuses?.some((member) => !(REQUEST_STATUSES as readonly string[]).includes(member))) throw validationFailed(`status must be a comma-separated list of: ${REQUEST_STATUSES.join(', ')}`);
  const identityId = text('identityId', query.identityId);
  if (identityId !== undefined && !isUuid(identityId)) throw validationFailed('identityId must be a UUID');
  const inForce = text('inForce', query.inForce);
  if (inForce !== undefined && inForce !== 'true' && inForce !== 'false') throw validationFailed('inForce must be true or false');
  return { status: statuses, identityId: identityId?.toLowerCase(), inForce: inForce === undefined ? undefined : inForce === 'true' };
}

/** The identity a request names: this organization's, and active (a removed identity is given nothing new). */
export async function checkRequestedIdentity(q: Queryable, orgId: OrgId, identityId: unknown): Promise<string> {
  if (typeof identityId !== 'string' || !isUuid(identityId)) throw validationFailed('identityId must be a UUID');
  const { rows } = await q.query<{ state: string }>('SELECT state FROM nhi_identities WHERE org_id = $1 AND id = $2', [orgId, identityId]);
  if (rows[0] === undefined) throw notFound();
  if (rows[0].state !== 'active') throw conflict('the identity has been removed from the inventory');
  return identityId.toLowerCase();
}

/** Required text of 1 to 2000 characters (a justification, a reason). */
export function requiredText(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > 2000) throw validationFailed(`${name} is required: 1 to 2000 characters`);
  return value;
}
