// Directory tokens (spec 5.1, 5.11): the credential an organization's directory
// presents at /api/scim/v2. Shown once; only its SHA-256 digest and a short display
// start are kept, and no query reads the digest back.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { newSecret, secretDigest } from '../../platform/crypto/secrets.js';
import { tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';

/** Distinct from the other credentials' prefixes, so the guard tells it apart without a lookup and secret scanners (and our logger) recognize it. */
export const DIRECTORY_TOKEN_PREFIX = 'snd_live_';
// Prefix plus 6 random characters: enough to tell tokens apart in a list, far too few to help a guesser.
const DISPLAY_START_LENGTH = DIRECTORY_TOKEN_PREFIX.length + 6;

export interface StoredDirectoryToken {
  id: string;
  name: string;
  start: string;
  createdByUserId: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

interface TokenRow {
  id: string;
  name: string;
  start: string;
  created_by_user_id: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, name, start, created_by_user_id, created_at, last_used_at, revoked_at';

const toToken = (row: TokenRow): StoredDirectoryToken => ({
  id: row.id,
  name: row.name,
  start: row.start,
  createdByUserId: row.created_by_user_id,
  createdAt: new Date(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
});

export async function insertDirectoryToken(tx: Queryable, orgId: OrgId, input: { name: string; createdByUserId: string }): Promise<{ token: StoredDirectoryToken; secret: string }> {
  const secret = newSecret(DIRECTORY_TOKEN_PREFIX);
  const { rows } = await tx.query<TokenRow>(
    `INSERT INTO directory_tokens (org_id, name, token_hash, start, created_by_user_id) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [orgId, input.name, secretDigest(secret), secret.slice(0, DISPLAY_START_LENGTH), input.createdByUserId],
  );
  return { token: toToken(rows[0]!), secret };
}

/** Newest first, revoked ones included (the listing shows them as revoked). */
export async function listDirectoryTokens(q: Queryable, orgId: OrgId): Promise<StoredDirectoryToken[]> {
  const { rows } = await q.query<TokenRow>(`SELECT ${COLUMNS} FROM directory_tokens WHERE org_id = $1 ORDER BY created_at DESC, id DESC`, [orgId]);
  return rows.map(toToken);
}

export async function revokeDirectoryToken(tx: Queryable, orgId: OrgId, id: string): Promise<'revoked' | 'already_revoked' | 'not_found'> {
  const revoked = await tx.query('UPDATE directory_tokens SET revoked_at = now() WHERE org_id = $1 AND id = $2 AND revoked_at IS NULL', [orgId, id]);
  if (revoked.rowCount > 0) return 'revoked';
  const { rows } = await tx.query('SELECT 1 FROM directory_tokens WHERE org_id = $1 AND id = $2', [orgId, id]);
  return rows.length > 0 ? 'already_revoked' : 'not_found';
}

/**
 * Looks a presented token up by its digest. The only query on this table not keyed by
 * organization: the token is what tells us the organization. The digest is compared by
 * the index, so no stored value is compared character by character.
 */
export async function findDirectoryToken(
  q: Queryable,
  scope: SystemScope,
  token: string,
): Promise<{ id: string; orgId: OrgId; revoked: boolean; lastUseStale: boolean } | undefined> {
  const { rows } = await q.query<{ id: string; org_id: string; revoked: boolean; last_use_stale: boolean }>(
    `SELECT id, org_id, revoked_at IS NOT NULL AS revoked,
            (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS last_use_stale
       FROM directory_tokens WHERE token_hash = $1`,
    [secretDigest(token)],
  );
  const row = rows[0];
  return row && { id: row.id, orgId: tenantOfClaim(scope, row.org_id), revoked: row.revoked, lastUseStale: row.last_use_stale };
}

/** At most once a minute, as for API keys, so concurrent requests skip the write. */
export async function touchDirectoryTokenLastUsed(q: Queryable, orgId: OrgId, id: string): Promise<void> {
  await q.query(
    `UPDATE directory_tokens SET last_used_at = now()
      WHERE org_id = $1 AND id = $2 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [orgId, id],
  );
}
