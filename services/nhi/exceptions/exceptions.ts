// Policy exceptions: a request to exempt an identity from one module
// policy until an end date, approved like a grant (services/nhi/governance/requests.ts).
// An approved exception is in force from its approval until endsAt, evaluated when read
// (spec 3.2); the findings of an exempted identity show it (services/nhi/findings).
//
// The policy's name is checked against the ids the composition root hands in (the
// catalogue of services/nhi/policies): policies imports findings, findings imports this
// capability, so this one imports neither.
import type { components, operations } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import { randomUUID } from 'node:crypto';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import { parseTimestamp } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import type { KeysetRow } from '../../platform/pagination/keyset.js';
import { recordAudit } from '../audit/index.js';
import {
  checkRequestedIdentity,
  readRequestPage,
  REQUEST_LIFECYCLE_COLUMNS,
  requestLifecycleViewOf,
  requiredText,
  type GovernanceCaller,
  type RequestLifecycleRow,
} from '../governance/index.js';

/** The longest an exception may run, from its request: an exemption is looked at again at least yearly (docs/decisions/nhi-governance.md, "Grants and exceptions"). */
export const MAX_EXCEPTION_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A request for an exception: the document's requestNhiPolicyException body. */
export type ExceptionRequest = operations['requestNhiPolicyException']['requestBody']['content']['application/json'];

/** An exception as the API shows it: the document's NhiPolicyException. */
export type NhiPolicyException = components['schemas']['NhiPolicyException'];

export interface ExceptionInForce {
  id: string;
  identityId: string;
  policy: string;
  endsAt: Date;
}

interface ExceptionRow extends RequestLifecycleRow, KeysetRow {
  id: string;
  identity_id: string;
  policy: string;
  reason: string;
  ends_at: Date;
}

/** Whether an exception row (unqualified columns) is in force at the timestamptz placeholder `at`: approved (and so not revoked), and before its end. */
const inForceAt = (at: string) => `(status = 'approved' AND decided_at <= ${at} AND ends_at > ${at})`;

const shownExceptions = `(SELECT e.*, ${inForceAt('$2::timestamptz')} AS in_force FROM nhi_policy_exceptions e WHERE e.org_id = $1) AS shown`;
const exceptionColumns = `id, identity_id, policy, reason, ends_at, ${REQUEST_LIFECYCLE_COLUMNS}`;

/** The exceptions in force at `at` for any of the identities, by identity and policy, latest end first. */
export async function exceptionsInForceFor(q: Queryable, orgId: OrgId, identityIds: readonly string[], at: Date): Promise<ExceptionInForce[]> {
  if (identityIds.length === 0) return [];
  const { rows } = await q.query<{ id: string; identity_id: string; policy: string; ends_at: Date }>(
    `SELECT id, identity_id, policy, ends_at FROM nhi_policy_exceptions
      WHERE org_id = $1 AND identity_id = ANY ($2::uuid[]) AND ${inForceAt('$3::timestamptz')}
      ORDER BY identity_id, policy, ends_at DESC, id`,
    [orgId, identityIds, at],
  );
  return rows.map((row) => ({ id: row.id, identityId: row.identity_id, policy: row.policy, endsAt: row.ends_at }));
}

/** The identity's exceptions in force at `at`. */
export const exceptionsInForce = (q: Queryable, orgId: OrgId, identityId: string, at: Date): Promise<ExceptionInForce[]> => exceptionsInForceFor(q, orgId, [identityId], at);

export function createExceptions(deps: { db: Database; codec: CursorCodec; now: () => Date; approvalsRequired: number; policyIds: readonly string[] }) {
  const { db, codec, now, approvalsRequired, policyIds } = deps;
  const viewOf = (row: ExceptionRow): NhiPolicyException => ({
    id: row.id,
    identityId: row.identity_id,
    policy: row.policy,
    reason: row.reason,
    endsAt: row.ends_at.toISOString(),
    ...requestLifecycleViewOf(row, approvalsRequired),
  });

  function checkPolicy(policy: unknown): string {
    if (typeof policy !== 'string' || !policyIds.includes(policy)) throw validationFailed(`policy must be one of: ${policyIds.join(', ')}`);
    return policy;
  }

  async function request(caller: GovernanceCaller, body: ExceptionRequest): Promise<NhiPolicyException> {
    const at = now();
    const policy = checkPolicy(body.policy);
    const reason = requiredText('reason', body.reason);
    if (typeof body.endsAt !== 'string') throw validationFailed('endsAt is required');
    const endsAt = parseTimestamp('endsAt', body.endsAt);
    if (endsAt <= at) throw validationFailed('endsAt must be in the future');
    if (endsAt.getTime() - at.getTime() > MAX_EXCEPTION_DAYS * DAY_MS) throw validationFailed(`an exception runs at most ${MAX_EXCEPTION_DAYS} days from its request`);
    const id = randomUUID();
    await db.transaction(async (tx) => {
      const identityId = await checkRequestedIdentity(tx, caller.orgId, body.identityId);
      await tx.query(
        `INSERT INTO nhi_policy_exceptions (org_id, id, identity_id, policy, requested_by_user_id, reason, ends_at, status, requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8)`,
        [caller.orgId, id, identityId, policy, caller.userId, reason, endsAt, at],
      );
      await recordAudit(tx, {
        ...caller.audit,
        action: 'exception.requested',
        subject: id,
        result: 'success',
        detail: { identity_id: identityId, policy, reason, ends_at: endsAt.toISOString() },
      });
    });
    return get(caller.orgId, id);
  }

  async function get(orgId: OrgId, exceptionId: string): Promise<NhiPolicyException> {
    if (!isUuid(exceptionId)) throw notFound();
    const { rows } = await db.query<ExceptionRow>(`SELECT ${exceptionColumns} FROM ${shownExceptions} WHERE id = $3`, [orgId, now(), exceptionId]);
    if (rows[0] === undefined) throw notFound();
    return viewOf(rows[0]);
  }

  function list(orgId: OrgId, query: Record<string, unknown>) {
    const policy = query.policy === undefined || query.policy === '' ? undefined : checkPolicy(query.policy);
    return readRequestPage<ExceptionRow, NhiPolicyException>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_policy_exceptions',
      shown: shownExceptions,
      columns: exceptionColumns,
      now: now(),
      query,
      more: { policy },
      toItem: viewOf,
    });
  }

  return { request, get, list };
}
export type Exceptions = ReturnType<typeof createExceptions>;
