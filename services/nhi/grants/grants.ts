// Access grants: a person (governance:request) asks that an identity
// of the inventory be granted actions on resources for a period; approvers decide
// (services/nhi/governance/requests.ts). An approved grant is in force from startsAt
// until endsAt, evaluated when read (spec 3.2): nothing stored changes at either date.
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

/** The longest period a grant may cover, from its start: access is asked for again, not held open (docs/decisions/nhi-governance.md, "Grants and exceptions"). */
export const MAX_GRANT_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 20;
// An action names an operation (s3:GetObject, tools/call); a resource is a pattern where `*` matches any run of characters.
const ACTION = /^[A-Za-z0-9*][A-Za-z0-9_.:/*-]{0,199}$/;
const RESOURCE = /^[^\s\p{Cc}]{1,2048}$/u;

/** A request for a grant: the document's requestNhiGrant body. */
export type GrantRequest = operations['requestNhiGrant']['requestBody']['content']['application/json'];

/** A grant as the API shows it: the document's NhiGrant. */
export type NhiGrant = components['schemas']['NhiGrant'];

/** What a grant in force gives: read by whatever decides at run time. */
export interface GrantInForce {
  id: string;
  identityId: string;
  requestedByUserId: string;
  actions: string[];
  resources: string[];
  startsAt: Date;
  endsAt: Date;
}

interface GrantRow extends RequestLifecycleRow, KeysetRow {
  id: string;
  identity_id: string;
  actions: string[];
  resources: string[];
  justification: string;
  starts_at: Date;
  ends_at: Date;
}

/** Whether a grant row (unqualified columns) is in force at the timestamptz placeholder `at`. */
const inForceAt = (at: string) => `(status = 'approved' AND starts_at <= ${at} AND ends_at > ${at})`;

/** The organization's grants ($1) as shown at $2 (now). */
const shownGrants = `(SELECT g.*, ${inForceAt('$2::timestamptz')} AS in_force FROM nhi_access_grants g WHERE g.org_id = $1) AS shown`;
const grantColumns = `id, identity_id, actions, resources, justification, starts_at, ends_at, ${REQUEST_LIFECYCLE_COLUMNS}`;

/** The grants of the identity in force at `at`, oldest start first. */
export async function grantsInForce(q: Queryable, orgId: OrgId, identityId: string, at: Date): Promise<GrantInForce[]> {
  const { rows } = await q.query<GrantRow>(
    `SELECT id, identity_id, requested_by_user_id, actions, resources, starts_at, ends_at FROM nhi_access_grants
      WHERE org_id = $1 AND identity_id = $2 AND ${inForceAt('$3::timestamptz')}
      ORDER BY starts_at, id`,
    [orgId, identityId, at],
  );
  return rows.map((row) => ({
    id: row.id,
    identityId: row.identity_id,
    requestedByUserId: row.requested_by_user_id,
    actions: row.actions,
    resources: row.resources,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  }));
}

export function createGrants(deps: { db: Database; codec: CursorCodec; now: () => Date; approvalsRequired: number }) {
  const { db, codec, now, approvalsRequired } = deps;
  const viewOf = (row: GrantRow): NhiGrant => ({
    id: row.id,
    identityId: row.identity_id,
    actions: row.actions,
    resources: row.resources,
    justification: row.justification,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    ...requestLifecycleViewOf(row, approvalsRequired),
  });

  async function request(caller: GovernanceCaller, body: GrantRequest): Promise<NhiGrant> {
    const at = now();
    const asked = checkGrantRequest(body, at);
    const id = randomUUID();
    await db.transaction(async (tx) => {
      const identityId = await checkRequestedIdentity(tx, caller.orgId, body.identityId);
      await tx.query(
        `INSERT INTO nhi_access_grants (org_id, id, identity_id, requested_by_user_id, actions, resources, justification, starts_at, ends_at, status, requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10)`,
        [caller.orgId, id, identityId, caller.userId, asked.actions, asked.resources, asked.justification, asked.startsAt, asked.endsAt, at],
      );
      await recordAudit(tx, {
        ...caller.audit,
        action: 'grant.requested',
        subject: id,
        result: 'success',
        detail: { identity_id: identityId, actions: asked.actions, resources: asked.resources, starts_at: asked.startsAt.toISOString(), ends_at: asked.endsAt.toISOString() },
      });
    });
    return get(caller.orgId, id);
  }

  async function get(orgId: OrgId, grantId: string): Promise<NhiGrant> {
    if (!isUuid(grantId)) throw notFound();
    const { rows } = await db.query<GrantRow>(`SELECT ${grantColumns} FROM ${shownGrants} WHERE id = $3`, [orgId, now(), grantId]);
    if (rows[0] === undefined) throw notFound();
    return viewOf(rows[0]);
  }

  function list(orgId: OrgId, query: Record<string, unknown>) {
    return readRequestPage<GrantRow, NhiGrant>({ q: db, codec, orgId, listing: 'nhi_access_grants', shown: shownGrants, columns: grantColumns, now: now(), query, toItem: viewOf });
  }

  return { request, get, list };
}
export type Grants = ReturnType<typeof createGrants>;

function checkGrantRequest(body: GrantRequest, at: Date) {
  const entries = (name: string, value: unknown, pattern: RegExp, shape: string): string[] => {
    if (!Array.isArray(value) || value.length < 1 || value.length > MAX_ENTRIES) throw validationFailed(`${name} must hold 1 to ${MAX_ENTRIES} entries`);
    for (const entry of value) if (typeof entry !== 'string' || !pattern.test(entry)) throw validationFailed(`${name}: each entry must be ${shape}`);
    return [...new Set(value as string[])];
  };
  const actions = entries('actions', body.actions, ACTION, 'an action such as s3:GetObject or tools/call');
  const resources = entries('resources', body.resources, RESOURCE, 'a resource pattern of 1 to 2048 characters without spaces');
  const justification = requiredText('justification', body.justification);
  // A start in the past is read as now: a grant never covers time before it was asked for.
  const requestedStart = body.startsAt === undefined ? at : parseTimestamp('startsAt', body.startsAt);
  const startsAt = requestedStart < at ? at : requestedStart;
  if (typeof body.endsAt !== 'string') throw validationFailed('endsAt is required');
  const endsAt = parseTimestamp('endsAt', body.endsAt);
  if (endsAt <= startsAt) throw validationFailed('endsAt must be after startsAt (and after now)');
  if (endsAt.getTime() - startsAt.getTime() > MAX_GRANT_DAYS * DAY_MS) throw validationFailed(`a grant covers at most ${MAX_GRANT_DAYS} days from its start`);
  return { actions, resources, justification, startsAt, endsAt };
}
