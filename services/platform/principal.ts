import type { ActorKind } from '../../streams/outbox.js';
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
  | { kind: 'workload'; workloadId: string; orgId: OrgId; permissions: ReadonlySet<string> }
  // A SCIM directory token: admitted only at the directory protocol's operations, where it needs no permission.
  | { kind: 'directory_token'; directoryTokenId: string; orgId: OrgId; permissions: ReadonlySet<string> };

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** The credential a principal acts with: a person's, an API key's, a workload's or a directory token's, by its id. */
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
    case 'directory_token':
      return { kind: 'directory_token', id: principal.directoryTokenId };
  }
}

/** The actor of a domain event (streams/outbox.ts). */
export const eventActorOf = (principal: Principal): { kind: ActorKind; id: string } => credentialOf(principal);

/**
 * The credential as the tables that record who acted hold it: a person's id, or a
 * machine's (an API key's, a workload's, a directory token's) in its own column (spec 2.2).
 */
export type RecordedActor = { userId: string } | { apiKeyId: string } | { workloadId: string } | { directoryTokenId: string };

export function recordedActorOf(principal: Principal): RecordedActor {
  const { kind, id } = credentialOf(principal);
  switch (kind) {
    case 'user':
      return { userId: id };
    case 'api_key':
      return { apiKeyId: id };
    case 'workload':
      return { workloadId: id };
    case 'directory_token':
      return { directoryTokenId: id };
  }
}

/** The actor of a domain event, from the credential as recorded. */
export function eventActorOfRecorded(actor: RecordedActor): { kind: ActorKind; id: string } {
  if ('userId' in actor) return { kind: 'user', id: actor.userId };
  if ('apiKeyId' in actor) return { kind: 'api_key', id: actor.apiKeyId };
  if ('workloadId' in actor) return { kind: 'workload', id: actor.workloadId };
  return { kind: 'directory_token', id: actor.directoryTokenId };
}

/**
 * The values of the actor columns a table keeps (at most one set; none for the system or an anonymous caller).
 * Only the identity trail has a directory token column: a directory token acts at the directory protocol alone,
 * which writes no scan, verdict or finding event.
 */
export function actorColumnsOf(actor: RecordedActor | undefined): { userId: string | null; apiKeyId: string | null; workloadId: string | null; directoryTokenId: string | null } {
  return {
    userId: actor && 'userId' in actor ? actor.userId : null,
    apiKeyId: actor && 'apiKeyId' in actor ? actor.apiKeyId : null,
    workloadId: actor && 'workloadId' in actor ? actor.workloadId : null,
    directoryTokenId: actor && 'directoryTokenId' in actor ? actor.directoryTokenId : null,
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
