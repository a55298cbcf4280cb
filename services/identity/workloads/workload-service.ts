// Delegating, listing and revoking workloads (spec 2.2, 5.5). A person delegates
// grantable scopes they hold themselves, for a bounded time; the credential is
// shown once. Every change is audited and announced in its own transaction; a
// refused delegation is audited on its own.
import type { components } from '../../../api/openapi.js';
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { refusedScopes, type Role, type ScopeRegistry } from '../../platform/authorization/permissions.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { notFound, validationFailed, type AppError } from '../../platform/errors.js';
import { eventActorOf, type UserPrincipal } from '../../platform/principal.js';
import { appendToOutbox } from '../../../streams/outbox.js';
import { findMember } from '../../organizations/index.js';
import { standingOf, workloadAuthority } from './authority.js';
import { insertWorkload, listWorkloads, revokeWorkload, type StoredWorkload } from './workloads.js';

/** As for API keys: a year bounds how long a forgotten or leaked credential keeps working. */
const WORKLOAD_MAX_LIFETIME_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Caller {
  principal: UserPrincipal;
  origin: RequestOrigin;
}

export interface DelegationRequest {
  name: string;
  scopes: string[];
  expiresAt: Date;
}

/** A workload as the API shows it: the document's Workload. */
type Workload = components['schemas']['Workload'];

export async function delegateWorkload(db: Database, registry: ScopeRegistry, caller: Caller, request: DelegationRequest): Promise<Workload & { credential: string }> {
  const { principal, origin } = caller;
  const refusal = delegationRefusal(request, principal, registry);
  if (refusal) {
    // Nothing is written for a refused delegation, but the attempt stays in the organization's trail, as for keys.
    const detail = { name: request.name, scopes: request.scopes, reason: refusal.message };
    await recordIdentityEvent(db, principal.orgId, origin, { actor: actorOf(principal), action: 'workload.creation_refused', detail });
    throw refusal;
  }

  const scopes = [...new Set(request.scopes)];
  return db.transaction(async (tx) => {
    const { workload, credential } = await insertWorkload(tx, principal.orgId, { name: request.name, scopes, expiresAt: request.expiresAt, delegatedByUserId: principal.userId });
    const detail = { workload_id: workload.id, name: workload.name, scopes, delegated_by: principal.userId, expires_at: workload.expiresAt.toISOString() };
    await recordIdentityEvent(tx, principal.orgId, origin, { actor: actorOf(principal), action: 'workload.created', detail });
    await appendToOutbox(tx, principal.orgId, { type: 'workload.created', subjectId: workload.id, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
    return { ...(await viewOf(tx, principal.orgId, workload, registry, new Map())), credential };
  });
}

/** Why the caller may not delegate this (spec 5.4's rules for keys, applied to workloads), or undefined when they may. */
function delegationRefusal(request: DelegationRequest, principal: UserPrincipal, registry: ScopeRegistry): AppError | undefined {
  const refused = refusedScopes(request.scopes, principal, registry);
  if (refused.length > 0) {
    const problems = refused.map(({ scope, reason }) => `scope ${scope}: ${reason}`);
    return validationFailed(`these scopes cannot be delegated: ${problems.join('; ')}`, { problems });
  }
  const now = Date.now();
  if (request.expiresAt.getTime() <= now) return validationFailed('expires_at must be in the future');
  if (request.expiresAt.getTime() > now + WORKLOAD_MAX_LIFETIME_DAYS * DAY_MS) {
    return validationFailed(`expires_at may be at most ${WORKLOAD_MAX_LIFETIME_DAYS} days away`);
  }
  return undefined;
}

/** Every workload of the organization with its delegation and standing, newest first. */
export async function listWorkloadViews(db: Database, orgId: OrgId, registry: ScopeRegistry): Promise<Workload[]> {
  const workloads = await listWorkloads(db, orgId);
  const roles = new Map<string, Role | undefined>();
  const views: Workload[] = [];
  for (const workload of workloads) views.push(await viewOf(db, orgId, workload, registry, roles));
  return views;
}

async function viewOf(q: Queryable, orgId: OrgId, workload: StoredWorkload, registry: ScopeRegistry, roles: Map<string, Role | undefined>): Promise<Workload> {
  if (!roles.has(workload.delegatedByUserId)) roles.set(workload.delegatedByUserId, (await findMember(q, orgId, workload.delegatedByUserId))?.role);
  const role = roles.get(workload.delegatedByUserId);
  const authority = workloadAuthority(workload.scopes, role, registry);
  const standing = standingOf(workload, role, authority, new Date());
  // A credential that no longer authenticates confers nothing, whatever its delegator holds.
  const effective = standing === 'revoked' || standing === 'expired' ? [] : [...authority];
  const iso = (value: Date | null): string | null => value?.toISOString() ?? null;
  return {
    id: workload.id,
    name: workload.name,
    start: workload.start,
    delegation: { delegated_by: workload.delegatedByUserId, delegator_role: role ?? null, scopes: workload.scopes, effective_scopes: effective },
    standing,
    created_at: workload.createdAt.toISOString(),
    expires_at: workload.expiresAt.toISOString(),
    last_acted_at: iso(workload.lastActedAt),
    revoked_at: iso(workload.revokedAt),
  };
}

/** Idempotent: revoking an already revoked workload of the organization succeeds; an unknown or foreign id is 404. */
export async function revokeWorkloadOf(db: Database, caller: Caller, workloadId: string): Promise<void> {
  const { principal, origin } = caller;
  await db.transaction(async (tx) => {
    const outcome = await revokeWorkload(tx, principal.orgId, workloadId);
    if (outcome === 'not_found') throw notFound();
    if (outcome === 'already_revoked') return;
    const detail = { workload_id: workloadId };
    await recordIdentityEvent(tx, principal.orgId, origin, { actor: actorOf(principal), action: 'workload.revoked', detail });
    await appendToOutbox(tx, principal.orgId, { type: 'workload.revoked', subjectId: workloadId, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
  });
}
