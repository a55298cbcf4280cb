// The inventory processor on a real stream log and database (both profiles; the
// embedded log, since what is tested is the processor, not the log): redelivered
// records change nothing, and a record it cannot apply is set aside and keeps its
// run from removing anything.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { createLogger } from '../../../platform/logger.js';
import { createEmbeddedStreamLog } from '../../../../streams/log/embedded-stream-log.js';
import type { StreamLog, Subscription } from '../../../../streams/log/stream-log.js';
import { createSetAsideStore } from '../../../../streams/set-aside.js';
import { topics } from '../../../../streams/topics.js';
import { systemScope } from '../../../platform/tenancy.js';
import type { IdentityRecord, InventoryRecord, RunOutcome } from '../inventory-records.js';
import { INVENTORY_PROCESSOR_GROUP, inventoryProcessor } from './inventory-processor.js';

describe.each(testProfiles)('inventory processor ($profile)', (options) => {
  const t = useTestApp(options);
  let log: StreamLog;
  let subscription: Subscription;

  beforeAll(async () => {
    const db = t.current.db;
    log = createEmbeddedStreamLog({ db, partitions: 2, pollIntervalMs: 10, logger: createLogger('silent'), setAside: createSetAsideStore({ db }) });
    await log.ensureTopics([topics.nhiInventory]);
    subscription = await log.subscribe(inventoryProcessor({ db }));
  });
  afterAll(async () => {
    await subscription.stop();
    await log.close();
  });

  /** A run row as the synchronization worker leaves it, and builders of its records. */
  async function runOf(tenant: TestTenant, connectorId: string) {
    const runId = randomUUID();
    await t.current.db.query(
      `INSERT INTO nhi_synchronization_runs (org_id, id, connector_id, trigger, state, created_at, finished_at) VALUES ($1, $2, $3, 'manual', 'completed', now(), now())`,
      [tenant.id, runId, connectorId],
    );
    let sequence = 0;
    const fields = () => ({ org_id: tenant.id, connector_id: connectorId, run_id: runId, sequence: sequence++ });
    const identity = (externalId: string, overrides: Partial<IdentityRecord> = {}): InventoryRecord => ({
      identity: { ...fields(), connector_kind: 'tool_server', external_id: externalId, kind: 'mcp_tool', name: externalId, principal_type: 'machine', attributes_json: '{}', fingerprint: null, last_used_at: null, observed_at: Date.now(), ...overrides },
      edge: null,
      run_end: null,
    });
    const end = (status: RunOutcome, identityCount: number): InventoryRecord => ({
      identity: null,
      edge: null,
      run_end: { ...fields(), status, identity_count: identityCount, edge_count: 0, reason: null, ended_at: Date.now() },
    });
    return { runId, identity, end };
  }

  const publish = (tenant: TestTenant, records: InventoryRecord[]) => log.publish(topics.nhiInventory, records.map((value) => ({ key: tenant.id, value })));

  async function applied(tenant: TestTenant, runId: string): Promise<{ identities_new: number; identities_removed: number; records_set_aside: number }> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = await t.current.db.query<{ identities_new: number; identities_removed: number; records_set_aside: number; applied_at: Date | null }>(
        'SELECT identities_new, identities_removed, records_set_aside, applied_at FROM nhi_synchronization_runs WHERE org_id = $1 AND id = $2',
        [tenant.id, runId],
      );
      const row = found.rows[0]!;
      if (row.applied_at !== null) return row;
      if (Date.now() > deadline) throw new Error(`run ${runId} not applied after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const inventory = async (tenant: TestTenant) =>
    (await t.current.db.query('SELECT id, external_id, state, first_seen_at, last_seen_at, removed_at, last_seen_run_id FROM nhi_identities WHERE org_id = $1 ORDER BY external_id', [tenant.id])).rows;

  it('changes nothing when a run’s records are delivered again after its end', async () => {
    const tenant = await t.current.tenant();
    const connectorId = randomUUID();
    const first = await runOf(tenant, connectorId);
    const records = [first.identity('tool:a'), first.identity('tool:a'), first.identity('tool:b'), first.end('completed', 2)];
    await publish(tenant, records);
    expect(await applied(tenant, first.runId)).toMatchObject({ identities_new: 2, identities_removed: 0 });
    const second = await runOf(tenant, connectorId);
    await publish(tenant, [second.identity('tool:a'), second.end('completed', 1)]);
    expect(await applied(tenant, second.runId)).toMatchObject({ identities_new: 0, identities_removed: 1 });
    const before = await inventory(tenant);

    // The first run again, as a redelivery would bring it: it must not revive tool:b.
    await publish(tenant, records);
    const marker = await runOf(tenant, randomUUID());
    await publish(tenant, [marker.end('failed', 0)]);
    await applied(tenant, marker.runId);
    expect(await inventory(tenant)).toEqual(before);
    expect(before.map((row) => [row.external_id, row.state])).toEqual([['tool:a', 'active'], ['tool:b', 'removed']]);
  });

  it('sets aside a record it cannot apply, and that run then removes nothing', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connectorId = randomUUID();
    const first = await runOf(tenant, connectorId);
    await publish(tenant, [first.identity('tool:a'), first.identity('tool:b'), first.end('completed', 2)]);
    await applied(tenant, first.runId);

    const second = await runOf(tenant, connectorId);
    // tool:b's record names another organization than its key: no retry can apply it.
    const poisoned = second.identity('tool:b');
    poisoned.identity!.org_id = other.id;
    await publish(tenant, [second.identity('tool:a'), poisoned, second.end('completed', 2)]);
    expect(await applied(tenant, second.runId)).toMatchObject({ records_set_aside: 1, identities_removed: 0 });

    expect((await inventory(tenant)).map((row) => [row.external_id, row.state])).toEqual([['tool:a', 'active'], ['tool:b', 'active']]);
    expect(await inventory(other)).toEqual([]);
    const setAside = await createSetAsideStore({ db: t.current.db }).list(systemScope('replay-set-aside-records'));
    expect(setAside.filter((record) => record.group === INVENTORY_PROCESSOR_GROUP && record.key === tenant.id)).toHaveLength(1);
  });
});
