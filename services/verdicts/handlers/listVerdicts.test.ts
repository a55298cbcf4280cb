import { describe, expect, it } from 'vitest';
import { usePipeline } from '../../../test/support/pipeline.js';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { createdPolicy } from '../../policies/testing/fixtures.js';
import { requestVerdict, summarizedScan, trivyReport } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/verdicts ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  expectNeighbourUntouchedAfterEach(t);
  const pipeline = usePipeline(t, profile);

  const verdictOfNewScan = async (tenant: TestTenant) => {
    const { scanId } = await summarizedScan(t.current, pipeline.current, tenant, trivyReport([{ id: 'CVE-2099-0301' }]));
    return (await requestVerdict(t.current, tenant.owner.token, scanId)).body;
  };
  const ids = (response: { body: { verdicts: { id: string }[] } }) => response.body.verdicts.map((verdict) => verdict.id);

  it("lists the organization's verdicts newest first to a key with scans:read, by scan, bounded by limit; nothing of another tenant", async () => {
    const [tenant, other] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { enabled: true });
    await createdPolicy(t.current, other, { enabled: true });
    const first = await verdictOfNewScan(tenant);
    const second = await verdictOfNewScan(tenant);
    const theirs = await verdictOfNewScan(other);
    const { key } = await t.current.apiKey(tenant.owner, ['scans:read']);

    const all = await t.current.call('GET', '/api/v1/verdicts', { token: key });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ verdicts: [second, first], limit: 50 });
    expect(ids(await t.current.call('GET', '/api/v1/verdicts?limit=1', { token: key }))).toEqual([second.id]);
    expect(ids(await t.current.call('GET', `/api/v1/verdicts?scan_id=${first.scan_id}`, { token: key }))).toEqual([first.id]);
    expect(ids(await t.current.call('GET', `/api/v1/verdicts?scan_id=${theirs.scan_id}`, { token: key }))).toEqual([]);
    expect(ids(await t.current.call('GET', '/api/v1/verdicts', { token: other.owner.token }))).toEqual([theirs.id]);
  });
});
