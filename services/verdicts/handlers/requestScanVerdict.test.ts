import { describe, expect, it } from 'vitest';
import { findingIdsByAdvisory, freshImage, moveFinding, suppression } from '../../../test/support/findings.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { topics } from '../../../streams/topics.js';
import { createdPolicy } from '../../policies/testing/fixtures.js';
import type { Rule } from '../../policies/rules.js';
import { requestVerdict, summarizedScan, trivyReport } from '../testing/fixtures.js';
import { actingAsSchemaOwner } from '../../platform/db/tenant-scope.js';

describe.each(handlerTestProfiles)('POST /api/v1/scans/{id}/verdict ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  expectNeighbourUntouchedAfterEach(t);
  const pipeline = usePipeline(t, profile);

  const verdictEvents = async (tenant: TestTenant) =>
    (
      await t.current.db.query<{ value: { subject_id: string; actor: unknown; payload: string } }>(
        "SELECT value FROM outbox_events WHERE org_id = $1 AND topic = $2 AND value->>'type' = 'verdict.recorded' ORDER BY seq",
        [tenant.id, topics.domainEvents.name],
      )
    ).rows.map(({ value }) => ({ ...value, payload: JSON.parse(value.payload) }));

  const gate: Rule[] = [
    { name: 'fixable criticals', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'critical' }, { field: 'fixability', op: 'in', value: ['fixable'] }] },
    { name: 'scored high', effect: 'warn', when: [{ field: 'cvss', op: 'at_least', value: 7 }] },
    { name: 'known bad', effect: 'warn', when: [{ field: 'advisory', op: 'in', value: ['cve-2099-0002'] }] },
    { name: 'in zlib', effect: 'warn', when: [{ field: 'component', op: 'in', value: ['zlib'] }] },
    { name: 'everything', effect: 'warn', when: [] },
  ];
  const mixedReport = () =>
    trivyReport([
      { id: 'CVE-2099-0001', severity: 'CRITICAL', cvss: 9.8 },
      { id: 'CVE-2099-0002', severity: 'HIGH', fixed: null, pkg: 'zlib', cvss: 7.5 },
      { id: 'CVE-2099-0003', severity: 'LOW', cvss: null },
      // unknown meets every severity threshold, but has no fix recorded
      { id: 'CVE-2099-0004', severity: 'UNKNOWN', fixed: null, cvss: null },
    ]);

  it('records the verdict (201) with every rule and its match count, then replays it (200) byte for byte', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant, { name: 'release gate', rules: gate, enabled: true });
    const { scanId, assetId } = await summarizedScan(t.current, pipeline.current, tenant, mixedReport());

    const first = await requestVerdict(t.current, tenant.owner.token, scanId);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      scan_id: scanId,
      asset_id: assetId,
      policy: { id: policy.id, name: 'release gate', version: 1 },
      policy_version_id: policy.latest_version.id,
      blocking: true,
      outcome: 'fail',
      evaluated_findings: 4,
      suppressed_findings: 0,
      rules: [
        { name: 'fixable criticals', effect: 'block', match_count: 1, blocking: true },
        { name: 'scored high', effect: 'warn', match_count: 2, blocking: false },
        { name: 'known bad', effect: 'warn', match_count: 1, blocking: false },
        { name: 'in zlib', effect: 'warn', match_count: 1, blocking: false },
        { name: 'everything', effect: 'warn', match_count: 4, blocking: false },
      ],
      requested_by: { kind: 'user', id: tenant.owner.id },
      created_at: expect.any(String),
    });

    const replay = await requestVerdict(t.current, tenant.owner.token, scanId);
    expect(replay.status).toBe(200);
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['content-type']).toBe(first.headers['content-type']);
    expect((await t.current.call('GET', `/api/v1/verdicts/${first.body.id}`, { token: tenant.owner.token })).raw).toBe(first.raw);

    const events = await verdictEvents(tenant);
    expect(events).toEqual([
      expect.objectContaining({
        subject_id: first.body.id,
        actor: { kind: 'user', id: tenant.owner.id },
        payload: {
          verdict_id: first.body.id,
          scan_id: scanId,
          asset_id: assetId,
          policy_id: policy.id,
          policy_version_id: policy.latest_version.id,
          policy_version: 1,
          outcome: 'fail',
          blocking: true,
        },
      }),
    ]);
    expect(await verdictEvents(other)).toEqual([]);
  });

  it('records exactly one verdict for concurrent requests: one 201, the others 200 with the same bytes', async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { rules: gate, enabled: true });
    const { scanId } = await summarizedScan(t.current, pipeline.current, tenant, mixedReport());
    const { key } = await t.current.apiKey(tenant.owner, ['verdicts:request']);

    const answers = await Promise.all(Array.from({ length: 8 }, () => requestVerdict(t.current, key, scanId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.raw)).size).toBe(1);
    const stored = await t.current.db.query('SELECT id FROM verdicts WHERE org_id = $1 AND scan_id = $2', [tenant.id, scanId]);
    expect(stored.rows).toHaveLength(1);
    expect(await verdictEvents(tenant)).toHaveLength(1);
  });

  it('records a machine as a machine: an API key with verdicts:request, no user id', async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { enabled: true });
    const { scanId } = await summarizedScan(t.current, pipeline.current, tenant, mixedReport());
    const { id, key } = await t.current.apiKey(tenant.owner, ['verdicts:request']);
    const response = await requestVerdict(t.current, key, scanId);
    expect(response.status).toBe(201);
    expect(response.body.requested_by).toEqual({ kind: 'api_key', id });
    const stored = await t.current.db.query('SELECT requested_by, requested_by_api_key_id FROM verdicts WHERE org_id = $1 AND id = $2', [tenant.id, response.body.id]);
    expect(stored.rows).toEqual([{ requested_by: null, requested_by_api_key_id: id }]);
  });

  it('keeps a verdict when the policy changes: a new version gets a verdict of its own (201), the old one stays as it was', async () => {
    const [tenant] = await t.current.twoTenants();
    const policy = await createdPolicy(t.current, tenant, { name: 'before', rules: gate, enabled: true });
    const { scanId } = await summarizedScan(t.current, pipeline.current, tenant, mixedReport());
    const before = await requestVerdict(t.current, tenant.owner.token, scanId);
    expect(before.body.outcome).toBe('fail');

    const relaxed: Rule[] = [{ name: 'only known exploited', effect: 'block', when: [{ field: 'advisory', op: 'in', value: ['CVE-2021-44228'] }] }];
    expect((await t.current.call('POST', `/api/v1/policies/${policy.id}/versions`, { token: tenant.owner.token, body: { rules: relaxed } })).status).toBe(201);
    expect((await t.current.call('PATCH', `/api/v1/policies/${policy.id}`, { token: tenant.owner.token, body: { name: 'after' } })).status).toBe(200);

    const after = await requestVerdict(t.current, tenant.owner.token, scanId);
    expect(after.status).toBe(201);
    expect(after.body).toMatchObject({ policy: { id: policy.id, name: 'after', version: 2 }, blocking: false, outcome: 'pass', rules: [{ name: 'only known exploited', match_count: 0 }] });
    expect(after.body.id).not.toBe(before.body.id);
    expect((await requestVerdict(t.current, tenant.owner.token, scanId)).raw).toBe(after.raw);
    expect((await t.current.call('GET', `/api/v1/verdicts/${before.body.id}`, { token: tenant.owner.token })).raw).toBe(before.raw);
    const listed = await t.current.call('GET', `/api/v1/verdicts?scan_id=${scanId}`, { token: tenant.owner.token });
    expect(listed.body.verdicts.map((verdict: { id: string }) => verdict.id)).toEqual([after.body.id, before.body.id]);
  });

  it('never blocks on a finding that was suppressed when the scan completed, whatever the rules say', async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, {
      rules: [
        { name: 'criticals', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'critical' }] },
        { name: 'anything', effect: 'block', when: [] },
      ],
      enabled: true,
    });
    const image = freshImage();
    const report = trivyReport([{ id: 'CVE-2099-0101', severity: 'CRITICAL' }]);
    const first = await summarizedScan(t.current, pipeline.current, tenant, report, image);
    const finding = (await findingIdsByAdvisory(t.current, tenant, first.assetId)).get('CVE-2099-0101')!;
    await moveFinding(t.current, tenant, finding, suppression());
    const second = await summarizedScan(t.current, pipeline.current, tenant, report, image);

    const suppressed = await requestVerdict(t.current, tenant.owner.token, second.scanId);
    expect(suppressed.body).toMatchObject({ blocking: false, outcome: 'pass', evaluated_findings: 0, suppressed_findings: 1 });
    expect(suppressed.body.rules.map((rule: { match_count: number }) => rule.match_count)).toEqual([0, 0]);
    // The first scan completed before the suppression: its findings count as they stood then.
    expect((await requestVerdict(t.current, tenant.owner.token, first.scanId)).body).toMatchObject({ blocking: true, suppressed_findings: 0 });
  });

  it("tests each finding's status and first-seen age as they stood at the scan's completion", async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, {
      rules: [
        { name: 'triaged', effect: 'warn', when: [{ field: 'status', op: 'in', value: ['triaged'] }] },
        { name: 'open', effect: 'warn', when: [{ field: 'status', op: 'in', value: ['open', 'reopened'] }] },
        { name: 'month old', effect: 'block', when: [{ field: 'first_seen_age_days', op: 'at_least', value: 30 }] },
      ],
      enabled: true,
    });
    const image = freshImage();
    const first = await summarizedScan(t.current, pipeline.current, tenant, trivyReport([{ id: 'CVE-2099-0201' }]), image);
    const old = (await findingIdsByAdvisory(t.current, tenant, first.assetId)).get('CVE-2099-0201')!;
    await moveFinding(t.current, tenant, old, { status: 'triaged' });
    // First seen 40 days ago, as if the first scan had been then.
    await t.current.db.query("UPDATE findings SET first_seen_at = first_seen_at - interval '40 days' WHERE org_id = $1 AND id = $2", [tenant.id, old]);
    const second = await summarizedScan(t.current, pipeline.current, tenant, trivyReport([{ id: 'CVE-2099-0201' }, { id: 'CVE-2099-0202' }]), image);

    const response = await requestVerdict(t.current, tenant.owner.token, second.scanId);
    expect(response.body.rules).toEqual([
      { name: 'triaged', effect: 'warn', match_count: 1, blocking: false },
      { name: 'open', effect: 'warn', match_count: 1, blocking: false },
      { name: 'month old', effect: 'block', match_count: 1, blocking: true },
    ]);
  });

  it('answers 409 naming the rule: no enabled policy, a scan not completed; and the same 404 for a missing or foreign scan', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { scanId } = await summarizedScan(t.current, pipeline.current, tenant, mixedReport());
    // Queued before the snapshot: its new asset is announced (asset.created); the refusals below announce nothing.
    const queued = await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image: freshImage(), scanners: ['trivy'] } });
    const before = await t.current.snapshot(tenant);

    const noPolicy = await requestVerdict(t.current, tenant.owner.token, scanId);
    expect([noPolicy.status, noPolicy.body]).toEqual([409, { error: 'no enabled policy: enable a policy to request verdicts', code: 'conflict', rule: 'no_enabled_policy' }]);
    const disabled = await createdPolicy(t.current, tenant);
    expect((await requestVerdict(t.current, tenant.owner.token, scanId)).body.rule).toBe('no_enabled_policy');

    const notCompleted = await requestVerdict(t.current, tenant.owner.token, queued.body.id);
    expect([notCompleted.status, notCompleted.body]).toEqual([
      409,
      { error: 'scan not completed: a verdict needs a completed scan, and this one is queued', code: 'conflict', rule: 'scan_not_completed' },
    ]);

    await t.current.call('PATCH', `/api/v1/policies/${disabled.id}`, { token: tenant.owner.token, body: { enabled: true } });
    const foreign = await requestVerdict(t.current, other.owner.token, scanId);
    const missing = await requestVerdict(t.current, other.owner.token, queued.body.asset_id);
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect((await t.current.snapshot(tenant)).domainEventIds).toEqual(before.domainEventIds);
    expect((await t.current.db.query('SELECT id FROM verdicts WHERE org_id = $1', [tenant.id])).rows).toEqual([]);
  });

  it('answers 409 verdict_not_ready with Retry-After until the summary is frozen, then records the verdict', async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { enabled: true });
    const { scanId } = await summarizedScan(t.current, pipeline.current, tenant, mixedReport());
    // The moment between the completion being applied and the summary processor freezing the summary.
    await t.current.db.query('UPDATE scan_summaries SET frozen_at = NULL WHERE org_id = $1 AND scan_id = $2', [tenant.id, scanId]);

    const early = await requestVerdict(t.current, tenant.owner.token, scanId);
    expect(early.status).toBe(409);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.body).toEqual({ error: "verdict not ready: the scan's findings are still being summarized; retry shortly", code: 'conflict', rule: 'verdict_not_ready' });

    await t.current.db.query('UPDATE scan_summaries SET frozen_at = now() WHERE org_id = $1 AND scan_id = $2', [tenant.id, scanId]);
    expect((await requestVerdict(t.current, tenant.owner.token, scanId)).status).toBe(201);
  });

  it('keeps verdicts immutable in the database: UPDATE, DELETE and TRUNCATE are refused; deleting the asset takes them along', async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { enabled: true });
    const { scanId, assetId } = await summarizedScan(t.current, pipeline.current, tenant, mixedReport());
    const verdict = (await requestVerdict(t.current, tenant.owner.token, scanId)).body;

    await expect(t.current.db.query('UPDATE verdicts SET blocking = false WHERE org_id = $1 AND id = $2', [tenant.id, verdict.id])).rejects.toThrow(/verdicts are immutable: UPDATE refused/);
    await expect(t.current.db.query('DELETE FROM verdicts WHERE org_id = $1 AND id = $2', [tenant.id, verdict.id])).rejects.toThrow(/verdicts are immutable: DELETE refused/);
    await expect(actingAsSchemaOwner(() => t.current.db.query('TRUNCATE verdicts CASCADE'))).rejects.toThrow(/verdicts are immutable: TRUNCATE refused/);

    expect((await t.current.call('DELETE', `/api/v1/assets/${assetId}`, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('GET', `/api/v1/verdicts/${verdict.id}`, { token: tenant.owner.token })).status).toBe(404);
  });
});
