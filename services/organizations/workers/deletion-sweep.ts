// The organization deletion sweep (workers role). Once an organization's grace
// period is over it deletes the tenant's data table by table, children before
// parents, in bounded batches of short transactions, so no statement holds a lock
// for long and a crash resumes where it stopped. Access ends first: the
// transaction that starts the deletion removes every membership and revokes every
// API key and workload, so nobody reads a half-deleted organization; the last one makes the
// row a tombstone with its deletion time.
//
// What survives, and why (docs/decisions/accounts.md, "Organization deletion"):
//   - the organization row, as a tombstone (deleted_at): the trail below names it;
//   - the identity trail: the append-only record a regulator or the customer's
//     auditors ask for after the fact (who scheduled the deletion, who had access),
//     with its open refusal windows, which close into it on their own;
//   - the non-human identity module's hash-chained trail, for the same reason; its
//     table refuses every delete (spec 6.2);
//   - api_keys, workloads and directory_tokens, revoked: the trail (and its refusal
//     windows) names them as actors, by reference;
//   - outbox_events not yet published, the deletion's own announcements among
//     them: the relay publishes and prunes them as it does every organization's.
// Analytics events are erased through the Analytics port (ClickHouse or SQL).
import { IDENTITY_TRAIL_TABLES, recordSystemIdentityEvent } from '../../platform/audit/identity-trail.js';
import type { Analytics } from '../../analytics/index.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { createPeriodicWorker, type Worker } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { appendToOutbox } from '../../../streams/outbox.js';
import { systemScope, tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';

const DEFAULT_BATCH_SIZE = 500;

/** One table's share of the deletion: its rows of the organization, optionally only some. */
interface DeletionStep {
  table: string;
  /** Extra condition on the rows to delete (SQL over the table's own columns, no parameters). */
  only?: string;
  /**
   * The rows go only with their parent (ON DELETE CASCADE through a trigger that refuses
   * any other delete): never deleted directly, only checked to be gone before the
   * organization is finished. Deleted directly, a sweep running beside another could
   * reach them while the other's deletion of their parents was not yet committed, and
   * the trigger refused it.
   */
  withParent?: true;
}

/**
 * Every table holding the organization's rows, in the order their foreign keys
 * allow. A row that goes along with its parent through ON DELETE CASCADE and that
 * a trigger keeps from any other delete (verdicts with their scans, a finding's
 * timeline with it, policy versions with their policy) is left to it: its step is
 * only checked, so that a new path to such a row can never leave one behind.
 * The deletion test compares this list, with SURVIVING_TABLES, to every table
 * that has an org_id column: a new tenant table fails it until it is placed here.
 */
export const DELETION_PLAN: readonly DeletionStep[] = [
  { table: 'webhook_deliveries' },
  { table: 'webhook_endpoints' },
  { table: 'scan_summary_findings' },
  { table: 'scan_summary_groups' },
  { table: 'scan_summary_aliases' },
  { table: 'scan_summaries' },
  { table: 'vex_statements' },
  // The timeline refuses a direct delete while its finding exists; deleting findings takes it along.
  { table: 'findings' },
  { table: 'finding_events', withParent: true },
  { table: 'asset_licenses' },
  { table: 'asset_inventory_components' },
  { table: 'asset_inventories' },
  { table: 'asset_schedules' },
  // Verdicts are immutable and go only with their scan or policy version.
  { table: 'scans' },
  { table: 'verdicts', withParent: true },
  { table: 'assets' },
  // Versions are immutable and go only with their policy.
  { table: 'policies' },
  { table: 'policy_versions', withParent: true },
  { table: 'scanner_settings' },
  { table: 'remediation_sla' },
  { table: 'registry_credentials' },
  // Runtime rules and denial windows name nothing.
  { table: 'nhi_runtime_rules' },
  { table: 'nhi_runtime_denial_windows' },
  // Findings, approvals, grants, exceptions, remediations, campaigns' items and logged decisions name identities (a foreign key each): before them.
  { table: 'nhi_runtime_decisions' },
  { table: 'nhi_remediations' },
  { table: 'nhi_certification_items' },
  { table: 'nhi_certification_campaigns' },
  { table: 'nhi_delegations' },
  { table: 'nhi_findings' },
  { table: 'nhi_access_grants' },
  { table: 'nhi_policy_exceptions' },
  { table: 'nhi_tool_approvals' },
  { table: 'nhi_policy_settings' },
  // Credential material goes with its identity; identities outlive their connector's row.
  { table: 'nhi_identities' },
  { table: 'nhi_relationships' },
  { table: 'nhi_synchronization_runs' },
  { table: 'nhi_credential_material' },
  { table: 'nhi_connectors' },
  // SCIM users and their group memberships, before the groups they name.
  { table: 'scim_group_members' },
  { table: 'scim_users' },
  { table: 'directory_group_members' },
  { table: 'directory_groups' },
  { table: 'sso_pending_sign_ins' },
  { table: 'sso_consumed_assertions' },
  { table: 'sso_providers' },
  { table: 'identity_domains' },
  { table: 'invitations' },
  { table: 'idempotency_records' },
  { table: 'jobs' },
  { table: 'sign_in_codes' },
  { table: 'outbox_events', only: 'published_at IS NOT NULL' },
];

/** Tables whose rows of the organization go (memberships) or lose their power (API keys, workloads, directory tokens) when the deletion starts. */
export const ACCESS_TABLES: readonly string[] = ['memberships', 'api_keys', 'workloads', 'directory_tokens'];

/** Tables with an org_id column whose rows of a deleted organization are kept, or kept in part; see the header. */
export const SURVIVING_TABLES: readonly string[] = [...IDENTITY_TRAIL_TABLES, 'nhi_audit_records', 'api_keys', 'workloads', 'directory_tokens', 'outbox_events'];

/** The embedded analytics store's table, which the Analytics port erases (forget), as it does ClickHouse's. */
export const ERASED_THROUGH_ANALYTICS: readonly string[] = ['analytics_events', 'analytics_finding_transitions'];

/** What the deletion works with: the database, and the analytics store it erases too. */
interface DeletionDeps {
  db: Database;
  analytics: Pick<Analytics, 'forget'>;
}

interface DueOrganization {
  id: string;
  name: string;
  deletion_scheduled_at: Date;
  deletion_scheduled_by: string;
  deletes_at: Date;
}

/**
 * Deletes every organization whose grace period ended by `now`; answers their ids.
 * Each is finished before the next: a sweep that stops (or a process that dies)
 * leaves at most one organization part-deleted, and the next run goes on with it.
 */
export async function deleteDueOrganizations(deps: DeletionDeps, scope: SystemScope, now: Date, batchSize = DEFAULT_BATCH_SIZE): Promise<OrgId[]> {
  const due = await deps.db.query<{ id: string }>('SELECT id FROM organizations WHERE deletes_at <= $1 AND deleted_at IS NULL ORDER BY deletes_at, id', [now]);
  const deleted: OrgId[] = [];
  for (const row of due.rows) {
    const orgId = tenantOfClaim(scope, row.id);
    if (await deleteOrganization(deps, orgId, now, batchSize)) deleted.push(orgId);
  }
  return deleted;
}

/**
 * Marks the deletion started (no cancel from now on) and ends every access to the
 * organization; undefined when it is no longer due (cancelled meanwhile, or
 * already deleted). Ending access again on a resumed run changes nothing.
 */
async function startDeletion(db: Database, orgId: OrgId, now: Date): Promise<DueOrganization | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<DueOrganization & { deletion_started_at: Date | null }>(
      `SELECT id, name, deletion_scheduled_at, deletion_scheduled_by, deletes_at, deletion_started_at FROM organizations
        WHERE id = $1 AND deletes_at <= $2 AND deleted_at IS NULL FOR UPDATE`,
      [orgId, now],
    );
    const due = rows[0];
    if (!due) return undefined;
    if (due.deletion_started_at === null) {
      await tx.query('UPDATE organizations SET deletion_started_at = $2 WHERE id = $1', [orgId, now]);
      await recordSystemIdentityEvent(tx, orgId, { action: 'organization.deletion_started', detail: { organization_id: orgId, name: due.name } });
    }
    // Every request resolves its acting organization from memberships, so members
    // lose this one at once and fall back to their oldest other organization.
    await tx.query('DELETE FROM memberships WHERE org_id = $1', [orgId]);
    await tx.query('UPDATE users SET active_org_id = NULL WHERE active_org_id = $1', [orgId]);
    await tx.query('UPDATE api_keys SET revoked_at = $2 WHERE org_id = $1 AND revoked_at IS NULL', [orgId, now]);
    await tx.query('UPDATE workloads SET revoked_at = $2 WHERE org_id = $1 AND revoked_at IS NULL', [orgId, now]);
    await tx.query('UPDATE directory_tokens SET revoked_at = $2 WHERE org_id = $1 AND revoked_at IS NULL', [orgId, now]);
    return due;
  });
}

async function deleteOrganization({ db, analytics }: DeletionDeps, orgId: OrgId, now: Date, batchSize: number): Promise<boolean> {
  const due = await startDeletion(db, orgId, now);
  if (!due) return false;
  for (const step of DELETION_PLAN) if (!step.withParent) await deleteInBatches(db, orgId, step, batchSize);
  // Outside any transaction: ClickHouse is a network call. Events the analytics sink
  // records later (the deletion's own announcement) are type and time only.
  await analytics.forget(orgId);
  return db.transaction(async (tx) => {
    const still = await tx.query('SELECT 1 FROM organizations WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [orgId]);
    if (still.rowCount === 0) return false;
    // A second sweep working the same organization (or a writer finishing late) can
    // make a batch come up short while rows remain: finish only once nothing is left.
    for (const step of DELETION_PLAN) {
      const left = await tx.query(`SELECT 1 FROM ${step.table} WHERE org_id = $1${onlyClause(step)} LIMIT 1`, [orgId]);
      if (left.rowCount > 0) return false;
    }
    await tx.query('UPDATE organizations SET deleted_at = $2 WHERE id = $1', [orgId, now]);
    const detail = {
      organization_id: orgId,
      name: due.name,
      scheduled_at: due.deletion_scheduled_at.toISOString(),
      scheduled_by: due.deletion_scheduled_by,
      deleted_at: now.toISOString(),
    };
    await recordSystemIdentityEvent(tx, orgId, { action: 'organization.deleted', detail });
    await appendToOutbox(tx, orgId, { type: 'organization.deleted', subjectId: orgId, actor: { kind: 'system', id: null }, payload: detail });
    return true;
  });
}

const onlyClause = (step: DeletionStep): string => (step.only === undefined ? '' : ` AND ${step.only}`);

/**
 * Deletes the step's rows of the organization, `batchSize` at a time, each batch
 * its own transaction: rows are picked by their physical address (ctid), so a
 * batch is one bounded index or table scan and one TID-addressed delete.
 */
async function deleteInBatches(db: Database, orgId: OrgId, step: DeletionStep, batchSize: number): Promise<void> {
  const statement = `DELETE FROM ${step.table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${step.table} WHERE org_id = $1${onlyClause(step)} LIMIT $2))`;
  for (;;) {
    const deleted = await db.transaction((tx) => tx.query(statement, [orgId, batchSize]));
    if (deleted.rowCount < batchSize) return;
  }
}

interface OrganizationDeletionSweepDeps extends DeletionDeps {
  logger: Logger;
  /** The sweep's clock; tests move it past the grace period instead of waiting. */
  now?: () => Date;
  intervalMs?: number;
  batchSize?: number;
}

/** The worker that deletes due organizations, every five minutes by default: a deletion is days away, minutes do not matter. */
export function createOrganizationDeletionSweep(deps: OrganizationDeletionSweepDeps): Worker {
  const now = deps.now ?? (() => new Date());
  const scope = systemScope('delete-organizations');
  return createPeriodicWorker({
    logger: deps.logger,
    intervalMs: deps.intervalMs ?? 5 * 60_000,
    run: async () => {
      const deleted = await deleteDueOrganizations(deps, scope, now(), deps.batchSize);
      if (deleted.length > 0) deps.logger.info({ organizations: deleted }, 'organizations deleted');
    },
  });
}
