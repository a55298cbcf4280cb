import type { ActorKind } from './streams/outbox.js';
import type { OrgId } from './db/database.js';

/**
 * Who is acting, and in which organization. Every authenticated request resolves
 * to exactly one principal acting in exactly one organization (spec 5.2).
 * permissions: a person's come from their role in orgId (services/platform/authorization/permissions.ts);
 * an API key's are exactly its scopes that are still grantable.
 * Machine principals carry no user id: what they do is recorded with NULL in the
 * user-id columns and their own identity in a separate column (spec 2.2).
 */
export type Principal =
  | { kind: 'user'; userId: string; sessionId: string; orgId: OrgId; permissions: ReadonlySet<string> }
  | { kind: 'api_key'; apiKeyId: string; orgId: OrgId; permissions: ReadonlySet<string> }
  | { kind: 'workload'; workloadId: string; orgId: OrgId; permissions: ReadonlySet<string> };

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** The credential a principal acts with: a person's, an API key's or a workload's, by its id. */
export interface Credential {
  kind: Principal['kind'];
  id: string;
}

/**
 * The one place that tells the kinds of principal apart: the audit actor, the
 * rate-limit subject, a scan's requester and a domain event's actor all derive
 * from the credential.
 */
export function credentialOf(principal: Principal): Credential {
  switch (principal.kind) {
    case 'user':
      return { kind: 'user', id: principal.userId };
    case 'api_key':
      return { kind: 'api_key', id: principal.apiKeyId };
    case 'workload':
      return { kind: 'workload', id: principal.workloadId };
  }
}

/** The actor of a domain event (streams/outbox.ts). */
export const eventActorOf = (principal: Principal): { kind: ActorKind; id: string } => credentialOf(principal);

/**
 * The credential as the tables that record who acted hold it: a person's id, or a
 * machine's (an API key's, a workload's) in its own column (spec 2.2).
 */
export type RecordedActor = { userId: string } | { apiKeyId: string } | { workloadId: string };

export function recordedActorOf(principal: Principal): RecordedActor {
  const { kind, id } = credentialOf(principal);
  switch (kind) {
    case 'user':
      return { userId: id };
    case 'api_key':
      return { apiKeyId: id };
    case 'workload':
      return { workloadId: id };
  }
}

/** The values of the three actor columns a table keeps (at most one set; none for the system or an anonymous caller). */
export function actorColumnsOf(actor: RecordedActor | undefined): { userId: string | null; apiKeyId: string | null; workloadId: string | null } {
  return {
    userId: actor && 'userId' in actor ? actor.userId : null,
    apiKeyId: actor && 'apiKeyId' in actor ? actor.apiKeyId : null,
    workloadId: actor && 'workloadId' in actor ? actor.workloadId : null,
  };
}

/**
 * For operations the document declares session-only (security: session): the guard
 * has already refused every other principal, so anything else is a wiring mistake.
 */
export function asUser(principal: Principal): UserPrincipal {
  if (principal.kind !== 'user') throw new Error(`expected a person, got a ${principal.kind} principal: is the operation declared session-only?`);
  return principal;
}
