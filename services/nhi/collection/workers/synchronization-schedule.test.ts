import { describe, expect, it } from 'vitest';
import { testProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { systemScope } from '../../../platform/tenancy.js';
import { auditRecords, connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { queueDueSynchronizations, SYNCHRONIZATION_INTERVAL_MS } from './synchronization-schedule.js';
import { requestRun } from '../testing/api-fixtures.js';

describe.each(testProfiles)('synchronization schedule ($profile)', (profile) => {
  const t = useTestApp(profile);
  const scheduling = systemScope('schedule-synchronizations');

  it('queues a run for each enabled connector of every organization that is due, each in its own organization', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const neverRun = await createConnector(t.current, tenant.owner);
    const otherNeverRun = await createConnector(t.current, other.owner);
    const disabled = await createConnector(t.current, tenant.owner, { ...connectorBodies.tool_server, name: 'Off' });
    await t.current.call('PATCH', `/nhi/api/v1/connectors/${disabled.id}`, { token: tenant.owner.token, body: { enabled: false } });
    const recent = await createConnector(t.current, tenant.owner, { ...connectorBodies.tool_server, name: 'Recent' });
    const recentRun = await requestRun(t.current, tenant.owner, recent.id);
    await t.current.db.query("UPDATE nhi_synchronization_runs SET state = 'completed', finished_at = now() WHERE org_id = $1 AND id = $2", [tenant.id, recentRun.id]);
    const stale = await createConnector(t.current, tenant.owner, { ...connectorBodies.tool_server, name: 'Stale' });
    const staleRun = await requestRun(t.current, tenant.owner, stale.id);
    await t.current.db.query("UPDATE nhi_synchronization_runs SET state = 'completed', finished_at = now(), created_at = $3 WHERE org_id = $1 AND id = $2", [
      tenant.id,
      staleRun.id,
      new Date(Date.now() - SYNCHRONIZATION_INTERVAL_MS - 60_000),
    ]);

    expect(await queueDueSynchronizations(t.current.db, scheduling, new Date())).toBe(3);

    const scheduled = await t.current.db.query<{ org_id: string; connector_id: string }>(
      "SELECT org_id, connector_id FROM nhi_synchronization_runs WHERE trigger = 'schedule' AND state = 'queued' ORDER BY connector_id",
    );
    expect(scheduled.rows).toEqual(
      [
        { org_id: tenant.id, connector_id: neverRun.id },
        { org_id: other.id, connector_id: otherNeverRun.id },
        { org_id: tenant.id, connector_id: stale.id },
      ].sort((a, b) => a.connector_id.localeCompare(b.connector_id)),
    );
    const requested = await auditRecords(t.current, other, 'collection.sync.requested');
    expect(requested.map((record) => [record.actor_kind, record.actor_id, record.detail.trigger])).toEqual([['system', null, 'schedule']]);
    // Queued now, so nothing is due any more.
    expect(await queueDueSynchronizations(t.current.db, scheduling, new Date())).toBe(0);
  });
});
