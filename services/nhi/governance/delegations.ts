// Delegations of governance authority (spec 3.2): a person hands their
// approving or reviewing authority to another member for a period. In force from
// startsAt until endsAt or its revocation, evaluated when read: nothing stored changes
// when the end passes. What a delegation confers is decided where it is used
// (authority.ts): the delegator must still hold the authority then.
import type { components, operations } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import { randomUUID } from 'node:crypto';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { AppError, conflict, notFound, validationFailed } from '../../platform/errors.js';
import { isoOrNull, parseTimestamp } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { newestFirst, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../../platform/pagination/page.js';
import { findMember } from '../../organizations/index.js';
import { recordAudit } from '../audit/index.js';
import { isOrganizationAdmin, type DelegableAuthority, type GovernanceCaller } from './authority.js';

/** The longest a delegation may last: a quarter, renewed by a new delegation if still needed. */
const MAX_DELEGATION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A delegation as the API shows it: the document's NhiDelegation. */
export type NhiDelegation = components['schemas']['NhiDelegation'];

interface DelegationRow {
  id: string;
  delegator_user_id: string;
  delegate_user_id: string;
  authority: DelegableAuthority[];
  reason: string | null;
  starts_at: Date;
  ends_at: Date;
  created_at: Date;
  revoked_at: Date | null;
  revoked_by_user_id: string | null;
}

const delegationColumns = 'id, delegator_user_id, delegate_user_id, authority, reason, starts_at, ends_at, created_at, revoked_at, revoked_by_user_id';

/** A delegation as its delegator asks for it: the document's createNhiDelegation body. */
export type DelegationRequest = operations['createNhiDelegation']['requestBody']['content']['application/json'];

function delegationViewOf(row: DelegationRow, at: Date): NhiDelegation {
  const state: NhiDelegation['state'] = row.revoked_at !== null ? 'revoked' : at < row.starts_at ? 'scheduled' : at < row.ends_at ? 'in_force' : 'ended';
  return {
    id: row.id,
    delegatorUserId: row.delegator_user_id,
    delegateUserId: row.delegate_user_id,
    authority: row.authority,
    reason: row.reason,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    revokedAt: isoOrNull(row.revoked_at),
    revokedByUserId: row.revoked_by_user_id,
    inForce: state === 'in_force',
    state,
  };
}

/**
 * The refusal of a delegation the caller may not make or revoke: 403 and
 * delegation.refused, written on the Database in its own statement (nothing else was
 * written, and the record must outlive the request). Call it outside any transaction.
 */
async function refuseDelegation(db: Database, caller: GovernanceCaller, subject: string | null, message: string, detail: Record<string, unknown>): Promise<never> {
  const refusal = new AppError('forbidden', message);
  await recordAudit(db, { ...caller.audit, action: 'delegation.refused', subject, result: 'failure', detail: { reason: message, ...detail } });
  throw refusal;
}

/** POST /nhi/api/v1/delegations: the caller delegates their own authority. */
export async function createDelegation(db: Database, caller: GovernanceCaller, request: DelegationRequest, now: Date): Promise<NhiDelegation> {
  const authority = [...new Set(request.authority)].sort();
  // A delegation starting in the past would claim authority for decisions already taken: it starts now at the earliest.
  const requestedStart = request.startsAt === undefined ? now : parseTimestamp('startsAt', request.startsAt);
  const startsAt = requestedStart < now ? now : requestedStart;
  const endsAt = parseTimestamp('endsAt', request.endsAt);
  if (endsAt <= startsAt) throw validationFailed('endsAt must be after startsAt (and in the future)');
  if (endsAt.getTime() - startsAt.getTime() > MAX_DELEGATION_DAYS * DAY_MS) throw validationFailed(`a delegation lasts at most ${MAX_DELEGATION_DAYS} days`);
  if (request.delegateUserId === caller.userId) throw validationFailed('a person cannot delegate to themselves');
  if ((await findMember(db, caller.orgId, request.delegateUserId)) === undefined) throw validationFailed('delegateUserId is not a member of this organization');
  if (authority.includes('approving') && !(await isOrganizationAdmin(db, caller.orgId, caller.userId))) {
    // Approving is an Organization Admin's own authority; a delegate's is not theirs to hand on (no chains).
    await refuseDelegation(db, caller, request.delegateUserId, 'only an Organization Admin may delegate approving: it is their own authority, and delegated authority is not handed on', {
      delegate_user_id: request.delegateUserId,
      authority,
    });
  }
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<DelegationRow>(
      `INSERT INTO nhi_delegations (org_id, id, delegator_user_id, delegate_user_id, authority, reason, starts_at, ends_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${delegationColumns}`,
      [caller.orgId, id, caller.userId, request.delegateUserId, authority, request.reason ?? null, startsAt, endsAt, now],
    );
    await recordAudit(tx, {
      ...caller.audit,
      action: 'delegation.created',
      subject: id,
      result: 'success',
      detail: { delegate_user_id: request.delegateUserId, authority, starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), reason: request.reason ?? null },
    });
    return delegationViewOf(rows[0]!, now);
  });
}

async function selectDelegation(q: Queryable, orgId: OrgId, delegationId: string, lock: boolean): Promise<DelegationRow> {
  if (!isUuid(delegationId)) throw notFound();
  const { rows } = await q.query<DelegationRow>(`SELECT ${delegationColumns} FROM nhi_delegations WHERE org_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [orgId, delegationId]);
  if (rows[0] === undefined) throw notFound();
  return rows[0];
}

/** POST /nhi/api/v1/delegations/{id}/revoke: by its delegator or an Organization Admin, while it has not ended. */
export async function revokeDelegation(db: Database, caller: GovernanceCaller, delegationId: string, now: Date): Promise<NhiDelegation> {
  const found = await selectDelegation(db, caller.orgId, delegationId, false);
  if (found.delegator_user_id !== caller.userId && !(await isOrganizationAdmin(db, caller.orgId, caller.userId))) {
    await refuseDelegation(db, caller, found.id, 'only the delegator or an Organization Admin may revoke a delegation', { operation_id: 'revokeNhiDelegation' });
  }
  return db.transaction(async (tx) => {
    const current = await selectDelegation(tx, caller.orgId, delegationId, true);
    const state = delegationViewOf(current, now).state;
    if (state === 'revoked') throw conflict('the delegation is already revoked');
    if (state === 'ended') throw conflict('the delegation has ended: there is nothing left to revoke');
    const { rows } = await tx.query<DelegationRow>(
      `UPDATE nhi_delegations SET revoked_at = $3, revoked_by_user_id = $4 WHERE org_id = $1 AND id = $2 RETURNING ${delegationColumns}`,
      [caller.orgId, current.id, now, caller.userId],
    );
    await recordAudit(tx, {
      ...caller.audit,
      action: 'delegation.revoked',
      subject: current.id,
      result: 'success',
      detail: { delegator_user_id: current.delegator_user_id, delegate_user_id: current.delegate_user_id, authority: current.authority, was: state },
    });
    return delegationViewOf(rows[0]!, now);
  });
}

interface DelegationFilters {
  delegatorUserId?: unknown;
  delegateUserId?: unknown;
  inForce?: unknown;
}

export function createDelegationReads(deps: { db: Database; codec: CursorCodec; now: () => Date }) {
  const { db, codec, now } = deps;

  async function list(orgId: OrgId, query: DelegationFilters & { limit?: unknown; cursor?: unknown }) {
    const request = parsePageRequest(query, { orders: ['created'], defaultOrder: 'created' });
    const filters = checkFilters(query);
    const at = now();
    const conditions = ['org_id = $1'];
    const params: unknown[] = [orgId];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    if (filters.delegatorUserId) add((p) => `delegator_user_id = ${p}::uuid`, filters.delegatorUserId);
    if (filters.delegateUserId) add((p) => `delegate_user_id = ${p}::uuid`, filters.delegateUserId);
    if (filters.inForce !== undefined) {
      add((p) => `(revoked_at IS NULL AND starts_at <= ${p}::timestamptz AND ends_at > ${p}::timestamptz) = ${filters.inForce ? 'true' : 'false'}`, at);
    }
    return readTablePage<DelegationRow & KeysetRow, NhiDelegation>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_delegations',
      // The moment of the first page is not bound: inForce is re-evaluated on every page.
      filters,
      request,
      order: newestFirst,
      from: 'nhi_delegations',
      columns: delegationColumns,
      where: conditions.join(' AND '),
      params,
      toItem: (row) => delegationViewOf(row, at),
    });
  }

  async function get(orgId: OrgId, delegationId: string): Promise<NhiDelegation> {
    return delegationViewOf(await selectDelegation(db, orgId, delegationId, false), now());
  }

  return { list, get };
}
export type DelegationReads = ReturnType<typeof createDelegationReads>;

function checkFilters(query: DelegationFilters): { delegatorUserId?: string; delegateUserId?: string; inForce?: boolean } {
  const id = (name: string, value: unknown): string | undefined => {
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string' || !isUuid(value)) throw validationFailed(`${name} must be one user id`);
    return value;
  };
  const filters: { delegatorUserId?: string; delegateUserId?: string; inForce?: boolean } = {};
  const delegator = id('delegatorUserId', query.delegatorUserId);
  const delegate = id('delegateUserId', query.delegateUserId);
  if (delegator) filters.delegatorUserId = delegator;
  if (delegate) filters.delegateUserId = delegate;
  if (query.inForce !== undefined && query.inForce !== '') {
    if (query.inForce !== 'true' && query.inForce !== 'false') throw validationFailed('inForce must be true or false');
    filters.inForce = query.inForce === 'true';
  }
  return filters;
}
