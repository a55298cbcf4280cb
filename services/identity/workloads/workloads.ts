// Workloads (spec 2.2, 5.5): the storage. The credential is shown once; only its
// SHA-256 digest and a short display start are kept, and no query returns the digest.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { newSecret, secretDigest } from '../../platform/crypto/secrets.js';
import { tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';

/**
 * Distinct from API keys' snk_live_, so the guard tells the two apart without a lookup
 * and secret scanners (and our logger) recognize a leaked workload credential.
 */
export const WORKLOAD_CREDENTIAL_PREFIX = 'snw_live_';
// Prefix plus 6 random characters: enough to tell credentials apart in a list, far too few to help a guesser.
const DISPLAY_START_LENGTH = WORKLOAD_CREDENTIAL_PREFIX.length + 6;

export interface StoredWorkload {
  id: string;
  name: string;
  start: string;
  delegatedByUserId: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date;
  lastActedAt: Date | null;
  revokedAt: Date | null;
}

interface WorkloadRow {
  id: string;
  name: string;
  start: string;
  delegated_by_user_id: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date;
  last_acted_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, name, start, delegated_by_user_id, scopes, created_at, expires_at, last_acted_at, revoked_at';

const toWorkload = (row: WorkloadRow): StoredWorkload => ({
  id: row.id,
  name: row.name,
  start: row.start,
  delegatedByUserId: row.delegated_by_user_id,
  scopes: row.scopes,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  lastActedAt: row.last_acted_at === null ? null : new Date(row.last_acted_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
});

export async function insertWorkload(
  tx: Queryable,
  orgId: OrgId,
  input: { name: string; scopes: readonly string[]; expiresAt: Date; delegatedByUserId: string },
): Promise<{ workload: StoredWorkload; credential: string }> {
  const credential = newSecret(WORKLOAD_CREDENTIAL_PREFIX);
  const { rows } = await tx.query<WorkloadRow>(
    `INSERT INTO workloads (org_id, name, credential_hash, start, delegated_by_user_id, scopes, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6::text[], $7)
     RETURNING ${COLUMNS}`,
    [orgId, input.name, secretDigest(credential), credential.slice(0, DISPLAY_START_LENGTH), input.delegatedByUserId, input.scopes, input.expiresAt.toISOString()],
  );
  return { workload: toWorkload(rows[0]!), credential };
}

/** Newest first, revoked and expired ones included (the listing shows their standing). */
export async function listWorkloads(q: Queryable, orgId: OrgId): Promise<StoredWorkload[]> {
  const { rows } = await q.query<WorkloadRow>(`SELECT ${COLUMNS} FROM workloads WHERE org_id = $1 ORDER BY created_at DESC, id DESC`, [orgId]);
  return rows.map(toWorkload);
}

export async function revokeWorkload(tx: Queryable, orgId: OrgId, id: string): Promise<'revoked' | 'already_revoked' | 'not_found'> {
  const revoked = await tx.query('UPDATE workloads SET revoked_at = now() WHERE org_id = $1 AND id = $2 AND revoked_at IS NULL', [orgId, id]);
  if (revoked.rowCount > 0) return 'revoked';
  const { rows } = await tx.query('SELECT 1 FROM workloads WHERE org_id = $1 AND id = $2', [orgId, id]);
  return rows.length > 0 ? 'already_revoked' : 'not_found';
}

interface PresentedWorkload {
  id: string;
  orgId: OrgId;
  delegatedByUserId: string;
  scopes: string[];
  state: 'usable' | 'revoked' | 'expired';
  /** Whether last_acted_at is older than a minute (or unset), so it is worth writing. */
  lastActStale: boolean;
}

/**
 * Looks a presented credential up by its digest. The only query on this table not
 * keyed by organization: the credential is what tells us the organization.
 */
export async function findByCredential(q: Queryable, scope: SystemScope, credential: string): Promise<PresentedWorkload | undefined> {
  const { rows } = await q.query<{ id: string; org_id: string; delegated_by_user_id: string; scopes: string[]; revoked: boolean; expired: boolean; last_act_stale: boolean }>(
    `SELECT id, org_id, delegated_by_user_id, scopes,
            revoked_at IS NOT NULL AS revoked,
            expires_at <= now() AS expired,
            (last_acted_at IS NULL OR last_acted_at < now() - interval '1 minute') AS last_act_stale
       FROM workloads WHERE credential_hash = $1`,
    [secretDigest(credential)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    orgId: tenantOfClaim(scope, row.org_id),
    delegatedByUserId: row.delegated_by_user_id,
    scopes: row.scopes,
    state: row.revoked ? 'revoked' : row.expired ? 'expired' : 'usable',
    lastActStale: row.last_act_stale,
  };
}

/** Records that the workload acted; at most once a minute, as for API keys, so concurrent requests skip the write. */
export async function touchLastActed(q: Queryable, orgId: OrgId, id: string): Promise<void> {
  await q.query(
    `UPDATE workloads SET last_acted_at = now()
      WHERE org_id = $1 AND id = $2 AND (last_acted_at IS NULL OR last_acted_at < now() - interval '1 minute')`,
    [orgId, id],
  );
}
