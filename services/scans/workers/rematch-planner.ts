// Continuous matching, first half: the advisory changes a synchronization
// recorded (advisories' advisory_package_changes) become re-match requests. The packages
// changed lead, through the inventory index (migration 112), to the assets whose latest
// inventory holds them, and only those; archived assets are left out. Each organization's
// requests go to its own partition of the advisory-rematch topic through the outbox, in
// the transaction that deletes the changes: a change is planned exactly once, and a
// process dying before the commit leaves it to the next pass.
import { randomUUID } from 'node:crypto';
import { claimPackageChanges, createAdvisoryStore, forgetPackageChanges } from '../../advisories/index.js';
import type { Database } from '../../platform/db/database.js';
import { createPollingLoop } from '../../platform/polling-loop.js';
import type { Worker } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { appendRecordsToOutbox } from '../../../streams/outbox.js';
import { topics } from '../../../streams/topics.js';
import { tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';

/** One value of the advisory-rematch topic (schemas/advisory-rematch.avsc). */
export interface AdvisoryRematchRecord {
  request_id: string;
  org_id: string;
  requested_at: number;
  assets: { asset_id: string; advisories: string[] }[];
}

/** Changes planned in one transaction: an asset named by several of them is requested once. */
const CHANGES_PER_PLAN = 20_000;
/** Assets per request: the consumer matches and records them in one transaction. */
const ASSETS_PER_REQUEST = 50;
/** The advisory ids a scan's cause names at most. */
const CAUSE_ADVISORIES = 100;

interface RematchPlan {
  /** Package changes planned. */
  changes: number;
  /** Assets requested: the assets touched. */
  assets: number;
  organizations: number;
}

/**
 * Plans the oldest pending changes, unless an advisory synchronization is still running:
 * its later batches may change more records naming the same packages, and waiting lets one
 * pass request each asset once for the whole synchronization.
 */
export async function planRematches(db: Database, scope: SystemScope): Promise<RematchPlan> {
  if ((await createAdvisoryStore(db).leaseHolder()) !== null) return { changes: 0, assets: 0, organizations: 0 };
  return db.transaction(async (tx) => {
    const changes = await claimPackageChanges(tx, CHANGES_PER_PLAN);
    if (changes.length === 0) return { changes: 0, assets: 0, organizations: 0 };
    // The restriction on advisory_ecosystem lets the planner use the partial index for each changed package.
    const holders = await tx.query<{ org_id: string; asset_id: string; advisories: string[] }>(
      `WITH changed AS (SELECT DISTINCT * FROM unnest($1::text[], $2::text[], $3::text[]) AS c (ecosystem, name, advisory_id))
       SELECT i.org_id, i.asset_id, array_agg(DISTINCT c.advisory_id ORDER BY c.advisory_id) AS advisories
         FROM changed c
         JOIN asset_inventory_components i ON i.advisory_ecosystem = c.ecosystem AND i.advisory_name = c.name
         JOIN assets a ON a.org_id = i.org_id AND a.id = i.asset_id
        WHERE i.advisory_ecosystem IS NOT NULL AND a.archived_at IS NULL
        GROUP BY i.org_id, i.asset_id
        ORDER BY i.org_id, i.asset_id`,
      [changes.map((c) => c.ecosystem), changes.map((c) => c.name), changes.map((c) => c.advisoryId)],
    );
    const byOrganization = new Map<string, AdvisoryRematchRecord['assets']>();
    for (const row of holders.rows) {
      const assets = byOrganization.get(row.org_id) ?? [];
      assets.push({ asset_id: row.asset_id, advisories: row.advisories.slice(0, CAUSE_ADVISORIES) });
      byOrganization.set(row.org_id, assets);
    }
    const requestedAt = Date.now();
    for (const [orgId, assets] of byOrganization) {
      const records: AdvisoryRematchRecord[] = [];
      for (let start = 0; start < assets.length; start += ASSETS_PER_REQUEST) {
        records.push({ request_id: randomUUID(), org_id: orgId, requested_at: requestedAt, assets: assets.slice(start, start + ASSETS_PER_REQUEST) });
      }
      await appendRecordsToOutbox(tx, tenantOfClaim(scope, orgId), topics.advisoryRematch, records);
    }
    await forgetPackageChanges(tx, changes);
    return { changes: changes.length, assets: holders.rows.length, organizations: byOrganization.size };
  });
}

/** The workers role's planner: a pass every interval, at once again while changes remain. */
export function createRematchPlanner(deps: { db: Database; logger: Logger; scope: SystemScope; intervalMs?: number }): Worker {
  return createPollingLoop({
    pollIntervalMs: deps.intervalMs ?? 2_000,
    logger: deps.logger,
    failureMessage: 'planning re-matches after advisory changes failed; retrying',
    tick: async () => {
      const plan = await planRematches(deps.db, deps.scope);
      if (plan.changes > 0) deps.logger.info({ ...plan }, 'advisory changes planned as re-matches');
      return plan.changes === CHANGES_PER_PLAN ? 'more' : 'idle';
    },
  });
}
