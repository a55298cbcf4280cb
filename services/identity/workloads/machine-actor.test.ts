// What a workload does is recorded as a machine actor (spec 2.2): every user-id column
// NULL and the workload in its own column, in scans, the finding timeline, verdicts
// and the identity trail, and actor kind workload on the domain events.
import { describe, expect, it } from 'vitest';
import { findingIdsByAdvisory, freshImage, inAWeek, trivyReportWith } from '../../../test/support/findings.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { createdPolicy } from '../../policies/testing/fixtures.js';
import { topics } from '../../../streams/topics.js';
import { delegateTestWorkload } from './testing/workloads.js';

describe.each(testProfiles)('a workload as a machine actor ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  expectNeighbourUntouchedAfterEach(t);
  const pipeline = usePipeline(t, profile);

  const domainEvents = async (tenant: TestTenant, type: string) =>
    (
      await t.current.db.query<{ value: { actor: unknown } }>('SELECT value FROM outbox_events WHERE org_id = $1 AND topic = $2 AND value->>$3 = $4 ORDER BY seq', [
        tenant.id,
        topics.domainEvents.name,
        'type',
        type,
      ])
    ).rows.map((row) => row.value.actor);

  it('imports a scan, suppresses a finding, requests a verdict and archives an asset as itself, never as a person', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const workload = await delegateTestWorkload(t.current, tenant.owner, ['scans:create', 'scans:read', 'findings:read', 'findings:suppress', 'verdicts:request', 'assets:write']);
    const asWorkload = { token: workload.credential };
    const machine = { kind: 'workload', id: workload.id };

    // Import
    const imported = await t.current.call('POST', '/api/v1/scans/import', { ...asWorkload, body: { image: freshImage(), format: 'trivy', report: trivyReportWith(['CVE-2099-7001', 'CVE-2099-7002']) } });
    expect(imported.status).toBe(202);
    expect(imported.body.requested_by).toEqual(machine);
    const scanId: string = imported.body.id;
    const assetId: string = imported.body.asset_id;
    await pipeline.current.scanSettled(tenant.id, scanId);
    await pipeline.current.scanSummarized(tenant.id, scanId);
    const scanRows = await t.current.db.query('SELECT requested_by, requested_by_api_key_id, requested_by_workload_id FROM scans WHERE org_id = $1 AND id = $2', [tenant.id, scanId]);
    expect(scanRows.rows).toEqual([{ requested_by: null, requested_by_api_key_id: null, requested_by_workload_id: workload.id }]);

    // Suppression
    const findingId = (await findingIdsByAdvisory(t.current, tenant, assetId)).get('CVE-2099-7001')!;
    const suppressed = await t.current.call('PATCH', `/api/v1/findings/${findingId}`, { ...asWorkload, body: { status: 'suppressed', reason: 'not reachable', expires_at: inAWeek() } });
    expect(suppressed.status).toBe(200);
    const eventRows = await t.current.db.query(
      "SELECT actor_kind, actor_user_id, actor_api_key_id, actor_workload_id, suppressed_by FROM finding_events WHERE org_id = $1 AND finding_id = $2 AND type = 'status_changed'",
      [tenant.id, findingId],
    );
    expect(eventRows.rows).toEqual([{ actor_kind: 'workload', actor_user_id: null, actor_api_key_id: null, actor_workload_id: workload.id, suppressed_by: null }]);
    const timeline = await t.current.call('GET', `/api/v1/findings/${findingId}/events`, asWorkload);
    expect(timeline.body.items[0]).toMatchObject({ type: 'status_changed', actor: machine, requested_by: null, suppressed_by: null });
    expect(await domainEvents(tenant, 'finding.status_changed')).toEqual([machine]);

    // Verdict
    await createdPolicy(t.current, tenant, { enabled: true });
    const verdict = await t.current.call('POST', `/api/v1/scans/${scanId}/verdict`, asWorkload);
    expect(verdict.status).toBe(201);
    expect(verdict.body.requested_by).toEqual(machine);
    const verdictRows = await t.current.db.query('SELECT requested_by, requested_by_api_key_id, requested_by_workload_id FROM verdicts WHERE org_id = $1 AND id = $2', [tenant.id, verdict.body.id]);
    expect(verdictRows.rows).toEqual([{ requested_by: null, requested_by_api_key_id: null, requested_by_workload_id: workload.id }]);
    expect(await domainEvents(tenant, 'verdict.recorded')).toEqual([machine]);

    // The identity trail
    expect((await t.current.call('POST', `/api/v1/assets/${assetId}/archive`, { ...asWorkload, body: { reason: 'retired' } })).status).toBe(200);
    const [archived] = (await t.current.call('GET', `/api/v1/identity/audit?action=asset.archived&actor=${workload.id}`, { token: tenant.owner.token })).body.events;
    expect(archived).toMatchObject({ actor: machine, detail: { asset_id: assetId } });
    const auditRows = await t.current.db.query("SELECT actor_user_id, actor_api_key_id, actor_workload_id FROM identity_audit_events WHERE org_id = $1 AND action = 'asset.archived'", [tenant.id]);
    expect(auditRows.rows).toEqual([{ actor_user_id: null, actor_api_key_id: null, actor_workload_id: workload.id }]);
    expect(await domainEvents(tenant, 'asset.archived')).toEqual([machine]);

    // The other organization sees none of it, and the workload none of the other's.
    expect((await t.current.call('GET', '/api/v1/scans', { token: other.owner.token })).body.items).toEqual([]);
    const foreign = await t.current.call('GET', `/api/v1/scans/${scanId}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
  });
});
