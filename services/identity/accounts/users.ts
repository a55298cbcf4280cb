// People. Not tenant data: a person spans organizations, so these queries are keyed
// by the person, and what they may see is decided by their memberships.
import type { OrgId, Queryable } from '../../platform/db/database.js';

export interface User {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** Emails compare case-insensitively; stored in this form. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The new person's id, or undefined when the email is taken (no exception, so a race needs no special case). */
export async function createUser(tx: Queryable, input: { email: string; name: string; passwordHash: string | null; emailVerified?: boolean }): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO users (email, name, password_hash, email_verified_at) VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END)
     ON CONFLICT (email) WHERE retired_at IS NULL DO NOTHING RETURNING id`,
    [normalizeEmail(input.email), input.name, input.passwordHash, input.emailVerified ?? false],
  );
  return rows[0]?.id;
}

/** A live (not retired) account: retired ones have no way in, whatever the route. */
export async function findUserForSignIn(q: Queryable, email: string): Promise<{ id: string; email: string; passwordHash: string | null } | undefined> {
  const { rows } = await q.query<{ id: string; email: string; password_hash: string | null }>(
    'SELECT id, email, password_hash FROM users WHERE email = $1 AND retired_at IS NULL',
    [normalizeEmail(email)],
  );
  return rows[0] && { id: rows[0].id, email: rows[0].email, passwordHash: rows[0].password_hash };
}

export interface LiveAccount extends User {
  hasPassword: boolean;
}

/** The live (not retired) account of an address. */
export async function findLiveAccountByEmail(q: Queryable, email: string): Promise<LiveAccount | undefined> {
  const { rows } = await q.query<{ id: string; email: string; name: string; email_verified: boolean; has_password: boolean }>(
    `SELECT id, email, name, email_verified_at IS NOT NULL AS email_verified, password_hash IS NOT NULL AS has_password
       FROM users WHERE email = $1 AND retired_at IS NULL`,
    [normalizeEmail(email)],
  );
  const row = rows[0];
  return row && { id: row.id, email: row.email, name: row.name, emailVerified: row.email_verified, hasPassword: row.has_password };
}

export async function findUser(q: Queryable, userId: string): Promise<User | undefined> {
  const { rows } = await q.query<{ id: string; email: string; name: string; email_verified: boolean }>(
    'SELECT id, email, name, email_verified_at IS NOT NULL AS email_verified FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  return row && { id: row.id, email: row.email, name: row.name, emailVerified: row.email_verified };
}

/** Records the acting-organization preference. The caller has checked the membership. */
export async function setPreferredOrganization(q: Queryable, userId: string, orgId: OrgId): Promise<void> {
  await q.query('UPDATE users SET active_org_id = $2 WHERE id = $1', [userId, orgId]);
}
