// Where an organization id may come from. Every data-access call takes an OrgId,
// and an OrgId can be had in two ways only:
//   - from a person's membership (tenantOfMembership): the organizations an
//     authenticated person belongs to, or has just created; the lint rule admits it
//     in the organizations capability alone;
//   - from a credential, job, row or record claimed by a cross-tenant system
//     operation, which must hold a SystemScope naming that operation (tenantOfClaim):
//     an API key or sign-in code names the organization it acts in.
// A cast to OrgId anywhere else fails the lint. Every system operation is named in
// SYSTEM_OPERATIONS and obtained with systemScope(), so one search for
// `systemScope(` finds all of them; docs/decisions/foundation.md ("Cross-tenant system operations") lists them with their reasons.
import type { OrgId } from './db/database.js';
import { inDatabaseScope } from './db/tenant-scope.js';

/** Every operation that may read or write across organizations, and why it may. */
export const SYSTEM_OPERATIONS = {
  'authenticate-credential': 'finds the session, refresh token, sign-in code, API key, workload credential or SCIM directory token a caller presents before anyone knows their organization',
  'read-person-memberships':
    "reads a person's own memberships in every organization they belong to (where they act, the organizations they list, switch to or leave), apart from the one organization a request acts in",
  'redeem-invitation': 'finds the invitation a signed-in person presents by its token’s digest; they are not yet a member of its organization',
  'claim-jobs': 'job workers claim due jobs of every organization from one queue, the running jobs of dead workers included, then act in the job’s organization',
  'claim-asset-schedules': 'the scheduler claims due schedules of every organization and queues each scan in its own',
  'expire-suppressions': 'the sweep ends due suppressions of every organization, writing each finding’s event in its own',
  'deliver-webhooks': 'delivery workers claim due deliveries of every organization, release the leases of dead workers and record outcomes by delivery id',
  'prune-idempotency-records': 'deletes expired idempotency records of every organization by age',
  'relay-outbox': 'the relay publishes every organization’s outbox rows in order, then marks and prunes them',
  'close-refusal-windows': 'appends the summary of every organization’s closed refusal windows to its own identity trail',
  'consume-stream-records': 'stream processors apply records of every organization on a partition, each to the organization named by its key',
  'set-aside-stream-records': 'a stream processor sets aside a record it cannot apply, from a partition holding records of many organizations',
  'delete-organizations': 'the deletion sweep finds the organizations of every tenant whose grace period is over, then deletes each one’s data in its own organization',
  'replay-set-aside-records': 'an operator lists and replays the set-aside records of every organization with the sentinel command',
  'schedule-synchronizations': 'the synchronization schedule finds the enabled connectors of every organization that are due and queues each run in the connector’s own organization',
  'match-verified-domain': 'password, social and SSO sign-ins and SCIM pushes find the organization that has verified an address’s domain (for enforcement, provisioning and the retirement of unverified accounts) before the organization is known',
  'reverify-domains': 'the re-verification job checks the verified domains of every organization and records each outcome in its own',
  'verify-domain': 'verifying an organization’s claim asks whether another organization holds the same domain verified (one existence read by name), since only one may',
  'complete-sso-sign-in': 'an SSO callback finds its pending sign-in by the state or request id the identity provider returns, which names the provider and its organization, before anyone is signed in',
  'find-sso-provider': 'the open single sign-on routes (start, service-provider metadata) find a provider by the id in their URL, which names its organization, before anyone is signed in',
  'rebuild-analytics': 'an operator re-records every organization’s finding timeline into the analytics store with the sentinel command, each organization’s transitions under its own id',
  'plan-advisory-rematches': 'continuous matching finds, through the inventory index, the assets of every organization holding a package an advisory change names (advisories are global), and requests each re-match in the asset’s own organization',
  'search-findings':
    'a findings search matches by LIKE and ILIKE, which PostgreSQL does not count as leakproof, so under the tenant policy it could use no trigram index (a search read every finding of the organization: 250 ms instead of 2 at 200,000); the search reads by its own condition on the organization it is given, as the system',
  'change-organization-plan': 'an operator moves an organization, named by its id, to another plan with the sentinel command; the change and its record are that organization’s alone',
} as const;

type SystemOperation = keyof typeof SYSTEM_OPERATIONS;

/** Not exported: only systemScope() below can make a value carrying it. */
declare const systemScopeBrand: unique symbol;

/** Held by code that works across organizations; data-access calls of such work take it instead of an OrgId. */
export interface SystemScope {
  readonly operation: SystemOperation;
  readonly [systemScopeBrand]: true;
}

export function systemScope(operation: SystemOperation): SystemScope {
  return Object.freeze({ operation }) as SystemScope;
}

/** The organization of a job, row or record that a system operation claimed: where its tenant work happens. */
export function tenantOfClaim(_scope: SystemScope, orgId: string): OrgId {
  return orgId as OrgId;
}

/** An organization an authenticated person belongs to, read from their membership (or the one they have just created). */
export function tenantOfMembership(orgId: string): OrgId {
  return orgId as OrgId;
}

/**
 * Runs fn, and every statement it awaits, for one organization: the database's row-level
 * security then shows and accepts only that organization's rows (db/tenant-scope.ts).
 * The HTTP facade runs an authenticated operation so, and a worker each job it claimed.
 */
export const actingForTenant = <T>(orgId: OrgId, fn: () => T): T => inDatabaseScope({ kind: 'tenant', orgId }, fn);

/**
 * Runs fn, and every statement it awaits, as the system operation of the scope: across
 * organizations, for the work of one organization that must see another's rows (the
 * operations SYSTEM_OPERATIONS lists say why). Its statements run as sentinel_system,
 * which bypasses row-level security (db/tenant-scope.ts).
 */
export const actingAsSystem = <T>(scope: SystemScope, fn: () => T): T => inDatabaseScope({ kind: 'system', operation: scope.operation }, fn);
