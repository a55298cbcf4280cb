// People. Not tenant data: a person spans organizations, so these queries are keyed
// by the person, and what they may see is decided by their memberships.
import type { OrgId, Queryable } from '../platform/db/database.js';

export interface User {
  id: string;
  email: string;
  name: string;
}

/** Emails compare case-insensitively; stored in this form. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The new person's id, or undefined when the email is taken (no exception, so a race needs no special case). */
export async function createUser(tx: Queryable, input: { email: string; name: string; passwordHash: string | null }): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id',
    [normalizeEmail(input.email), input.name, input.passwordHash],
  );
  return rows[0]?.id;
}

export async function findUserForSignIn(q: Queryable, email: string): Promise<{ id: string; passwordHash: string | null } | undefined> {
  const { rows } = await q.query<{ id: string; password_hash: string | null }>('SELECT id, password_hash FROM users WHERE email = $1', [normalizeEmail(email)]);
  return rows[0] && { id: rows[0].id, passwordHash: rows[0].password_hash };
}

export async function findUser(q: Queryable, userId: string): Promise<User | undefined> {
  const { rows } = await q.query<User>('SELECT id, email, name FROM users WHERE id = $1', [userId]);
  return rows[0];
}

/** Records the acting-organization preference. The caller has checked the membership. */
export async function setPreferredOrganization(q: Queryable, userId: string, orgId: OrgId): Promise<void> {
  await q.query('UPDATE users SET active_org_id = $2 WHERE id = $1', [userId, orgId]);
}
