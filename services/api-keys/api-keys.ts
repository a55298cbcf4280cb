// API keys (spec 2.2, 5.3, 5.4): the storage. A key is shown once; only its
// SHA-256 digest and a short display start are kept.
import type { components } from '../../api/openapi.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import { tenantOfClaim, type SystemScope } from '../platform/tenancy.js';
import { newSecret, secretDigest } from '../platform/crypto/secrets.js';

/** Recognizable by secret scanners (GitHub, GitGuardian...) when a key leaks. */
export const API_KEY_PREFIX = 'snk_live_';
// Prefix plus 6 random characters (36 bits): enough to tell keys apart in a list, far too few to help a guesser.
const DISPLAY_START_LENGTH = API_KEY_PREFIX.length + 6;

/** A key as the API shows it: the document's ApiKey. */
export type ApiKey = components['schemas']['ApiKey'];

interface ApiKeyRow {
  id: string;
  name: string;
  start: string;
  scopes: string[];
  created_by_user_id: string | null;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const iso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());
const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  start: row.start,
  scopes: row.scopes,
  created_by: row.created_by_user_id,
  created_at: iso(row.created_at)!,
  expires_at: iso(row.expires_at)!,
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
});

const COLUMNS = 'id, name, start, scopes, created_by_user_id, created_at, expires_at, last_used_at, revoked_at';

export async function insertApiKey(
  tx: Queryable,
  orgId: OrgId,
  input: { name: string; scopes: readonly string[]; expiresAt: Date; createdByUserId: string },
): Promise<{ apiKey: ApiKey; key: string }> {
  const key = newSecret(API_KEY_PREFIX);
  const { rows } = await tx.query<ApiKeyRow>(
    `INSERT INTO api_keys (org_id, name, key_hash, start, scopes, created_by_user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7)
     RETURNING ${COLUMNS}`,
    [orgId, input.name, secretDigest(key), key.slice(0, DISPLAY_START_LENGTH), input.scopes, input.createdByUserId, input.expiresAt.toISOString()],
  );
  return { apiKey: toApiKey(rows[0]!), key };
}

/** Newest first, revoked ones included (the dashboard shows them as revoked). */
export async function listApiKeys(q: Queryable, orgId: OrgId): Promise<ApiKey[]> {
  const { rows } = await q.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE org_id = $1 ORDER BY created_at DESC, id DESC`, [orgId]);
  return rows.map(toApiKey);
}

export async function revokeApiKey(tx: Queryable, orgId: OrgId, id: string): Promise<'revoked' | 'already_revoked' | 'not_found'> {
  const revoked = await tx.query('UPDATE api_keys SET revoked_at = now() WHERE org_id = $1 AND id = $2 AND revoked_at IS NULL', [orgId, id]);
  if (revoked.rowCount > 0) return 'revoked';
  const { rows } = await tx.query('SELECT 1 FROM api_keys WHERE org_id = $1 AND id = $2', [orgId, id]);
  return rows.length > 0 ? 'already_revoked' : 'not_found';
}

export interface StoredCredential {
  id: string;
  orgId: OrgId;
  scopes: string[];
  state: 'usable' | 'revoked' | 'expired';
  /** Whether last_used_at is older than a minute (or unset), so it is worth writing. */
  lastUseStale: boolean;
  /** Whether the key's organization is scheduled for deletion (read-only), read with the key: a write needs no second round trip to know. */
  organizationDeletionScheduled: boolean;
}

/**
 * Looks a presented key up by its digest. The only query on this table not keyed by
 * organization: the key is what tells us the organization.
 */
export async function findByKey(q: Queryable, scope: SystemScope, key: string): Promise<StoredCredential | undefined> {
  const { rows } = await q.query<{ id: string; org_id: string; scopes: string[]; revoked: boolean; expired: boolean; last_use_stale: boolean; deletion_scheduled: boolean }>(
    `SELECT k.id, k.org_id, k.scopes,
            k.revoked_at IS NOT NULL AS revoked,
            k.expires_at <= now() AS expired,
            (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute') AS last_use_stale,
            o.deletes_at IS NOT NULL AS deletion_scheduled
       FROM api_keys k JOIN organizations o ON o.id = k.org_id
      WHERE k.key_hash = $1`,
    [secretDigest(key)],
    { prepared: true },
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    orgId: tenantOfClaim(scope, row.org_id),
    scopes: row.scopes,
    state: row.revoked ? 'revoked' : row.expired ? 'expired' : 'usable',
    lastUseStale: row.last_use_stale,
    organizationDeletionScheduled: row.deletion_scheduled,
  };
}

/**
 * Records that the key was used. At most once a minute per key: the condition makes
 * concurrent requests (and other processes) skip the write instead of piling up row versions.
 */
export async function touchLastUsed(q: Queryable, orgId: OrgId, id: string): Promise<void> {
  await q.query(
    `UPDATE api_keys SET last_used_at = now()
      WHERE org_id = $1 AND id = $2 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [orgId, id],
  );
}
