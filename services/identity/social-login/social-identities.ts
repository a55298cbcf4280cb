// A person's identities at the social providers, each linked to one account. Keyed
// by the provider's subject; not tenant data (migration 089).
import type { Queryable } from '../../platform/db/database.js';

/** The live account the identity is linked to; a link to an account retired since counts for nothing. */
export async function linkedAccount(q: Queryable, provider: string, subject: string): Promise<{ userId: string; email: string } | undefined> {
  const { rows } = await q.query<{ user_id: string; email: string }>(
    `SELECT s.user_id, u.email FROM social_identities s JOIN users u ON u.id = s.user_id
      WHERE s.provider = $1 AND s.subject = $2 AND u.retired_at IS NULL`,
    [provider, subject],
  );
  return rows[0] && { userId: rows[0].user_id, email: rows[0].email };
}

/** Links the identity to the account, moving a link that pointed at a retired account. */
export async function link(tx: Queryable, identity: { provider: string; subject: string; email: string }, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO social_identities (provider, subject, user_id, email) VALUES ($1, $2, $3, $4)
     ON CONFLICT (provider, subject) DO UPDATE SET user_id = EXCLUDED.user_id, email = EXCLUDED.email, created_at = now(), last_signed_in_at = now()`,
    [identity.provider, identity.subject, userId, identity.email],
  );
}

export async function touchSignIn(tx: Queryable, identity: { provider: string; subject: string; email: string }): Promise<void> {
  await tx.query('UPDATE social_identities SET last_signed_in_at = now(), email = $3 WHERE provider = $1 AND subject = $2', [identity.provider, identity.subject, identity.email]);
}
