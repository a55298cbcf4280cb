// Issuing, listing and revoking directory tokens (spec 5.1). Owners
// issue them (identity:manage, sessions only); the token is shown once. Every change
// is audited in its transaction.
import type { components } from '../../../api/openapi.js';
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import { isoOrNull } from '../../platform/http/timestamps.js';
import type { UserPrincipal } from '../../platform/principal.js';
import { insertDirectoryToken, listDirectoryTokens, revokeDirectoryToken, type StoredDirectoryToken } from './directory-tokens.js';

/** A directory token as the API shows it: the document's DirectoryToken. */
type DirectoryToken = components['schemas']['DirectoryToken'];

const viewOf = (token: StoredDirectoryToken): DirectoryToken => ({
  id: token.id,
  name: token.name,
  start: token.start,
  created_by: token.createdByUserId,
  created_at: token.createdAt.toISOString(),
  last_used_at: isoOrNull(token.lastUsedAt),
  revoked_at: isoOrNull(token.revokedAt),
});

export interface Caller {
  principal: UserPrincipal;
  origin: RequestOrigin;
}

export async function issueDirectoryToken(db: Database, caller: Caller, name: string): Promise<DirectoryToken & { token: string }> {
  const { principal, origin } = caller;
  return db.transaction(async (tx) => {
    const { token, secret } = await insertDirectoryToken(tx, principal.orgId, { name, createdByUserId: principal.userId });
    await recordIdentityEvent(tx, principal.orgId, origin, { actor: actorOf(principal), action: 'scim_token.issued', detail: { scim_token_id: token.id, name: token.name } });
    return { ...viewOf(token), token: secret };
  });
}

export async function directoryTokenViews(db: Database, orgId: OrgId): Promise<DirectoryToken[]> {
  return (await listDirectoryTokens(db, orgId)).map(viewOf);
}

/** Idempotent: revoking a revoked token of the organization succeeds and records nothing; an unknown or foreign id is 404. */
export async function revokeDirectoryTokenOf(db: Database, caller: Caller, id: string): Promise<void> {
  const { principal, origin } = caller;
  await db.transaction(async (tx) => {
    const outcome = await revokeDirectoryToken(tx, principal.orgId, id);
    if (outcome === 'not_found') throw notFound();
    if (outcome === 'already_revoked') return;
    await recordIdentityEvent(tx, principal.orgId, origin, { actor: actorOf(principal), action: 'scim_token.revoked', detail: { scim_token_id: id } });
  });
}
