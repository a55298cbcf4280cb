// Test-only: requests of the two kinds approved with separation of duties (grants and
// policy exceptions), their decisions through the API, and delegations of approving
// written straight into the table (the delegation API is another capability's).
import { randomUUID } from 'node:crypto';
import type { components } from '../../../../api/openapi.js';
import type { ApiResponse } from '../../../../test/support/http-client.js';
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';
import { seedIdentity } from '../../connectors/testing/api-fixtures.js';

export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

export interface RequestKind {
  kind: 'grant' | 'exception';
  /** The collection's path under /nhi/api/v1. */
  path: string;
  table: 'nhi_access_grants' | 'nhi_policy_exceptions';
  /** A valid request body for the identity, ending `endsInMs` after `at`. */
  body(identityId: string, at: Date, endsInMs: number): Record<string, unknown>;
}

export const grantRequests: RequestKind = {
  kind: 'grant',
  path: '/nhi/api/v1/grants',
  table: 'nhi_access_grants',
  body: (identityId, at, endsInMs) => ({
    identityId,
    actions: ['s3:GetObject', 'tools/call'],
    resources: ['arn:aws:s3:::reports/*'],
    justification: 'the quarterly report export reads the reports bucket',
    endsAt: new Date(at.getTime() + endsInMs).toISOString(),
  }),
};

export const exceptionRequests: RequestKind = {
  kind: 'exception',
  path: '/nhi/api/v1/exceptions',
  table: 'nhi_policy_exceptions',
  body: (identityId, at, endsInMs) => ({ identityId, policy: 'stale_identity', reason: 'break-glass role, used once a year', endsAt: new Date(at.getTime() + endsInMs).toISOString() }),
};

/** A request as the API shows it: the document's NhiGrant or NhiPolicyException. */
type GovernanceRequest = components['schemas']['NhiGrant'] | components['schemas']['NhiPolicyException'];

/** A pending request of the kind by `requester`, for a new identity of the tenant (or the one given), through the API. */
export async function requested(
  t: TestApp,
  tenant: TestTenant,
  requester: TestPerson,
  kind: RequestKind,
  options: { identityId?: string; at?: Date; endsInMs?: number } = {},
): Promise<GovernanceRequest> {
  const identityId = options.identityId ?? (await seedIdentity(t, tenant));
  const response = await t.call('POST', kind.path, { token: requester.token, body: kind.body(identityId, options.at ?? new Date(), options.endsInMs ?? 7 * DAY_MS) });
  if (response.status !== 201) throw new Error(`POST ${kind.path} answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** POST {path}/{id}/{verb} as the person. */
export const decide = (t: TestApp, person: TestPerson, kind: RequestKind, id: string, verb: 'approve' | 'reject' | 'withdraw' | 'revoke', body?: unknown): Promise<ApiResponse> =>
  t.call('POST', `${kind.path}/${id}/${verb}`, { token: person.token, body });

/** The request as its tenant's owner reads it. */
export async function read(t: TestApp, tenant: TestTenant, kind: RequestKind, id: string): Promise<GovernanceRequest> {
  const response = await t.call('GET', `${kind.path}/${id}`, { token: tenant.owner.token });
  if (response.status !== 200) throw new Error(`GET ${kind.path}/${id} answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** The stored row, whole: what "nothing changed" compares. */
export async function storedRow(t: TestApp, tenant: TestTenant, kind: RequestKind, id: string): Promise<Record<string, unknown>> {
  const { rows } = await t.db.query(`SELECT * FROM ${kind.table} WHERE org_id = $1 AND id = $2`, [tenant.id, id]);
  return rows[0]!;
}

/** A delegation of approving from `delegator` to `delegate`, in force from an hour ago for a week. */
export async function delegateApproving(t: TestApp, tenant: TestTenant, delegator: TestPerson, delegate: TestPerson): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await t.db.query(
    `INSERT INTO nhi_delegations (org_id, id, delegator_user_id, delegate_user_id, authority, reason, starts_at, ends_at, created_at)
     VALUES ($1, $2, $3, $4, ARRAY['approving'], 'on leave', $5, $6, $5)`,
    [tenant.id, id, delegator.id, delegate.id, new Date(now - 60 * MINUTE_MS), new Date(now + 7 * DAY_MS)],
  );
  return id;
}

export interface TrailRecord {
  action: string;
  actor_id: string | null;
  subject: string | null;
  result: string;
  detail: Record<string, unknown>;
}

/** The tenant's module records of the kind's actions (and authz.denied, delegation.used) about `subjects`, oldest first. */
export async function trailOf(t: TestApp, tenant: TestTenant, subjects: string[]): Promise<TrailRecord[]> {
  const { rows } = await t.db.query<TrailRecord>(
    'SELECT action, actor_id, subject, result, detail FROM nhi_audit_records WHERE org_id = $1 AND (subject = ANY ($2::text[]) OR detail ->> \'decided_subject\' = ANY ($2::text[])) ORDER BY sequence',
    [tenant.id, subjects],
  );
  return rows;
}
