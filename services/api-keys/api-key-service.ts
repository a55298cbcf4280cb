// Issuing and revoking API keys (spec 5.4): a caller grants only grantable scopes
// they hold themselves, for a bounded time. Audited and announced in the same
// transaction as the change; a refused issue is audited on its own.
import { appendToOutbox } from '../../streams/outbox.js';
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import { refusedScopes, type ScopeRegistry } from '../platform/authorization/permissions.js';
import { eventActorOf, type UserPrincipal } from '../platform/principal.js';
import type { Database } from '../platform/db/database.js';
import { notFound, validationFailed, type AppError } from '../platform/errors.js';
import { insertApiKey, revokeApiKey, type ApiKey } from './api-keys.js';

/** Keys must expire; a year bounds how long a forgotten or leaked key keeps working. */
const API_KEY_MAX_LIFETIME_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

interface IssueRequest {
  name: string;
  scopes: string[];
  expiresAt: Date;
}

export async function issueApiKey(
  db: Database,
  registry: ScopeRegistry,
  caller: { principal: UserPrincipal; origin: RequestOrigin },
  request: IssueRequest,
): Promise<ApiKey & { key: string }> {
  const { principal, origin } = caller;
  const refusal = issueRefusal(request, principal, registry);
  if (refusal) {
    // Nothing is written for a refused key, but the attempt is a key failure the organization's trail keeps (spec 7 rule 7).
    const detail = { name: request.name, scopes: request.scopes, reason: refusal.message };
    await recordIdentityEvent(db, principal.orgId, origin, { actor: actorOf(principal), action: 'api_key.creation_refused', detail });
    throw refusal;
  }

  const scopes = [...new Set(request.scopes)];
  return db.transaction(async (tx) => {
    const { apiKey, key } = await insertApiKey(tx, principal.orgId, { name: request.name, scopes, expiresAt: request.expiresAt, createdByUserId: principal.userId });
    const detail = { api_key_id: apiKey.id, name: apiKey.name, scopes, expires_at: apiKey.expires_at };
    await recordIdentityEvent(tx, principal.orgId, origin, { actor: actorOf(principal), action: 'api_key.created', detail });
    await appendToOutbox(tx, principal.orgId, { type: 'api_key.created', subjectId: apiKey.id, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
    return { ...apiKey, key };
  });
}

/** Why the caller may not issue this key (spec 5.4), or undefined when they may. */
function issueRefusal(request: IssueRequest, principal: UserPrincipal, registry: ScopeRegistry): AppError | undefined {
  // The whole request is refused if any scope is; the message names each one and why.
  const refused = refusedScopes(request.scopes, principal, registry);
  if (refused.length > 0) {
    const problems = refused.map(({ scope, reason }) => `scope ${scope}: ${reason}`);
    return validationFailed(`these scopes cannot be granted: ${problems.join('; ')}`, { problems });
  }
  const now = Date.now();
  if (request.expiresAt.getTime() <= now) return validationFailed('expires_at must be in the future');
  if (request.expiresAt.getTime() > now + API_KEY_MAX_LIFETIME_DAYS * DAY_MS) {
    return validationFailed(`expires_at may be at most ${API_KEY_MAX_LIFETIME_DAYS} days away`);
  }
  return undefined;
}

/** Idempotent: revoking an already revoked key of the organization succeeds; an unknown or foreign id is 404. */
export async function revokeApiKeyOf(db: Database, caller: { principal: UserPrincipal; origin: RequestOrigin }, apiKeyId: string): Promise<void> {
  const { principal, origin } = caller;
  await db.transaction(async (tx) => {
    const outcome = await revokeApiKey(tx, principal.orgId, apiKeyId);
    if (outcome === 'not_found') throw notFound();
    if (outcome === 'already_revoked') return;
    const detail = { api_key_id: apiKeyId };
    await recordIdentityEvent(tx, principal.orgId, origin, { actor: actorOf(principal), action: 'api_key.revoked', detail });
    await appendToOutbox(tx, principal.orgId, { type: 'api_key.revoked', subjectId: apiKeyId, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
  });
}
