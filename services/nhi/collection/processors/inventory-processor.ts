// Applies the nhi-inventory topic to the inventory (nhi_identities, nhi_relationships).
// One batch (records of one partition, in order) is one transaction. Applying is
// idempotent: an identity or edge is an upsert on its natural key, and a run's end is
// applied once (applied_at), after which the run's redelivered records are skipped.
// Removal happens only on the end record of a COMPLETED run with none of its records
// set aside, only for that run's connector in that organization, and marks rows
// removed (never deletes them). A removed identity or edge seen again comes back
// active on the same row, keeping its first-seen time. Whatever must follow a run's
// records (the module's policies) is told in the transaction that applies its end
// (afterRunApplied), so it sees every record of the run and never one applied twice.
import { isUuid } from '../../../platform/ids.js';
import type { Database, OrgId, Queryable } from '../../../platform/db/database.js';
import type { ConsumedRecord, SubscribeOptions } from '../../../../streams/log/stream-log.js';
import { topics } from '../../../../streams/topics.js';
import { systemScope, tenantOfClaim, type SystemScope } from '../../../platform/tenancy.js';
import { tenantOfRecord, unappliableRecord } from '../../../../streams/record-tenant.js';
import { recordAudit } from '../../audit/index.js';
import { PROVIDER_OF_KIND, type EdgeRecord, type IdentityRecord, type InventoryRecord, type RunEndRecord } from '../inventory-records.js';

export const INVENTORY_PROCESSOR_GROUP = 'nhi-inventory';

interface RunState {
  connector_id: string;
  applied_at: Date | null;
  records_set_aside: number;
}

/** The runs a batch's records belong to, read (and locked) once per batch. */
type RunsOfBatch = Map<string, RunState | undefined>;

/**
 * Called in the transaction that applies a run's end, once per run: the run's records
 * are in the inventory as this transaction commits them. What it writes commits with them.
 */
export type RunAppliedHook = (tx: Queryable, orgId: OrgId, run: { runId: string; connectorId: string; status: RunEndRecord['status'] }) => Promise<void>;

export function inventoryProcessor(deps: { db: Database; afterRunApplied?: RunAppliedHook }): SubscribeOptions<InventoryRecord> {
  const consuming = systemScope('consume-stream-records');
  return {
    group: INVENTORY_PROCESSOR_GROUP,
    topic: topics.nhiInventory,
    maxBatchSize: 2_000,
    handle: async (batch) => {
      await deps.db.transaction(async (tx) => {
        const runs: RunsOfBatch = new Map();
        for (const record of batch) await applyRecord(tx, consuming, runs, record, deps.afterRunApplied);
      });
    },
    onSetAside: (record) => countSetAside(deps.db, consuming, record),
  };
}

async function applyRecord(tx: Queryable, scope: SystemScope, runs: RunsOfBatch, record: ConsumedRecord<InventoryRecord>, afterRunApplied: RunAppliedHook | undefined): Promise<void> {
  const { identity, edge, run_end: runEnd } = record.value;
  const fields = identity ?? edge ?? runEnd;
  if (fields === null) throw unappliableRecord('an inventory record carries no identity, edge or run end');
  const orgId = tenantOfRecord(scope, record, fields.org_id);
  if (!isUuid(fields.run_id)) throw unappliableRecord('an inventory record names no valid run');
  const runKey = `${orgId}/${fields.run_id}`;
  if (!runs.has(runKey)) {
    const found = await tx.query<RunState>('SELECT connector_id, applied_at, records_set_aside FROM nhi_synchronization_runs WHERE org_id = $1 AND id = $2 FOR UPDATE', [orgId, fields.run_id]);
    runs.set(runKey, found.rows[0]);
  }
  const run = runs.get(runKey);
  if (run === undefined || run.connector_id !== fields.connector_id) throw unappliableRecord(`inventory record of run ${fields.run_id}, which the organization does not hold for that connector`);
  // The run's end was applied: this is a redelivery, and applying it again could bring back what the end removed.
  if (run.applied_at !== null) return;
  if (identity) await upsertIdentity(tx, orgId, identity);
  else if (edge) await upsertEdge(tx, orgId, edge);
  else if (runEnd) {
    await applyRunEnd(tx, orgId, runEnd, run);
    run.applied_at = new Date();
    await afterRunApplied?.(tx, orgId, { runId: runEnd.run_id, connectorId: runEnd.connector_id, status: runEnd.status });
  }
}

async function upsertIdentity(tx: Queryable, orgId: OrgId, identity: IdentityRecord): Promise<void> {
  const provider = (PROVIDER_OF_KIND as Record<string, string | undefined>)[identity.connector_kind];
  if (provider === undefined) throw unappliableRecord(`unknown connector kind ${identity.connector_kind}`);
  if (identity.principal_type !== 'machine' && identity.principal_type !== 'unknown') throw unappliableRecord(`identity of principal type ${identity.principal_type} is never recorded`);
  await tx.query(
    `INSERT INTO nhi_identities (org_id, id, connector_id, kind, provider, external_id, name, principal_type, attributes, fingerprint, last_used_at, first_seen_at, last_seen_at, first_seen_run_id, last_seen_run_id)
     VALUES ($1, gen_random_uuid(), $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $11, $12, $12)
     ON CONFLICT (org_id, connector_id, kind, external_id) DO UPDATE SET
       name = EXCLUDED.name, principal_type = EXCLUDED.principal_type, attributes = EXCLUDED.attributes, fingerprint = EXCLUDED.fingerprint,
       last_used_at = EXCLUDED.last_used_at, last_seen_at = GREATEST(nhi_identities.last_seen_at, EXCLUDED.last_seen_at),
       last_seen_run_id = EXCLUDED.last_seen_run_id, state = 'active', removed_at = NULL`,
    [
      orgId,
      identity.connector_id,
      identity.kind,
      provider,
      identity.external_id,
      identity.name,
      identity.principal_type,
      identity.attributes_json,
      identity.fingerprint,
      identity.last_used_at === null ? null : new Date(identity.last_used_at),
      new Date(identity.observed_at),
      identity.run_id,
    ],
  );
}

async function upsertEdge(tx: Queryable, orgId: OrgId, edge: EdgeRecord): Promise<void> {
  await tx.query(
    `INSERT INTO nhi_relationships (org_id, id, connector_id, edge_type, from_external_id, to_external_id, first_seen_at, last_seen_at, last_seen_run_id)
     VALUES ($1, gen_random_uuid(), $2, $3, $4, $5, $6, $6, $7)
     ON CONFLICT (org_id, connector_id, edge_type, from_external_id, to_external_id) DO UPDATE SET
       last_seen_at = GREATEST(nhi_relationships.last_seen_at, EXCLUDED.last_seen_at), last_seen_run_id = EXCLUDED.last_seen_run_id, state = 'active', removed_at = NULL`,
    [orgId, edge.connector_id, edge.edge_type, edge.from_external_id, edge.to_external_id, new Date(edge.observed_at), edge.run_id],
  );
}

async function applyRunEnd(tx: Queryable, orgId: OrgId, end: RunEndRecord, run: RunState): Promise<void> {
  const endedAt = new Date(end.ended_at);
  const complete = end.status === 'completed' && run.records_set_aside === 0;
  let removed = 0;
  if (complete) {
    const removedIdentities = await tx.query(
      `UPDATE nhi_identities SET state = 'removed', removed_at = $4
        WHERE org_id = $1 AND connector_id = $2 AND state = 'active' AND last_seen_run_id IS DISTINCT FROM $3`,
      [orgId, end.connector_id, end.run_id, endedAt],
    );
    removed = removedIdentities.rowCount ?? 0;
    await tx.query(
      `UPDATE nhi_relationships SET state = 'removed', removed_at = $4
        WHERE org_id = $1 AND connector_id = $2 AND state = 'active' AND last_seen_run_id <> $3`,
      [orgId, end.connector_id, end.run_id, endedAt],
    );
  }
  const counted = await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM nhi_identities WHERE org_id = $1 AND connector_id = $2 AND first_seen_run_id = $3', [orgId, end.connector_id, end.run_id]);
  await tx.query('UPDATE nhi_synchronization_runs SET identities_new = $3, identities_removed = $4, applied_at = now() WHERE org_id = $1 AND id = $2', [
    orgId,
    end.run_id,
    counted.rows[0]?.n ?? 0,
    removed,
  ]);
  if (removed > 0) {
    await recordAudit(tx, {
      orgId,
      actor: { kind: 'system', id: null },
      action: 'collection.identities.tombstoned',
      subject: end.run_id,
      result: 'success',
      sourceAddress: null,
      correlationId: end.run_id,
      detail: { runId: end.run_id, connectorId: end.connector_id, removed },
    });
  }
}

/** A run missing one of its records cannot tell what disappeared: counted on the run, its end then removes nothing. */
async function countSetAside(db: Database, scope: SystemScope, record: ConsumedRecord<InventoryRecord>): Promise<void> {
  const runId = (record.value.identity ?? record.value.edge ?? record.value.run_end)?.run_id;
  if (runId === undefined || !isUuid(runId) || !isUuid(record.key)) return;
  await db.query('UPDATE nhi_synchronization_runs SET records_set_aside = records_set_aside + 1 WHERE org_id = $1 AND id = $2', [tenantOfClaim(scope, record.key), runId]);
}
