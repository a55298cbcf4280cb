import { describe, expect, it } from 'vitest';
import { importedFindings } from '../../../test/support/pipeline.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { EXPECTED_LAG_SECONDS } from '../views.js';
import { recordHistories } from '../testing/history.js';

describe.each(handlerTestProfiles)('GET /api/v1/analytics/freshness ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const freshness = async (tenant: TestTenant) => {
    const response = await t.current.call('GET', '/api/v1/analytics/freshness', { token: tenant.owner.token });
    expect(response.status).toBe(200);
    return response.body;
  };

  it('is caught up, with nothing to be as of, for an organization without findings', async () => {
    const [tenant] = await t.current.twoTenants();
    expect(await freshness(tenant)).toEqual({ as_of: null, newest_timeline_entry: null, lag_seconds: 0, expected_lag_seconds: EXPECTED_LAG_SECONDS });
  });

  it("measures the store against the organization's newest timeline entry in PostgreSQL, never the other organization's", async () => {
    const [tenant, other] = await t.current.twoTenants();
    await importedFindings(t.current, tenant);
    const unfed = await freshness(tenant);
    expect(unfed.newest_timeline_entry).not.toBeNull();
    // This harness runs no analytics feed: the store holds nothing of the timeline yet.
    expect(unfed).toMatchObject({ as_of: null, lag_seconds: null });
    expect(await freshness(other)).toMatchObject({ newest_timeline_entry: null, lag_seconds: 0 });

    const newest = new Date(unfed.newest_timeline_entry);
    await recordHistories(t.current, tenant, [{ severity: 'high', steps: [{ at: new Date(newest.getTime() - 42_000).toISOString(), to: 'open' }] }]);
    const behind = await freshness(tenant);
    expect(behind.as_of).toBe(new Date(Math.floor(newest.getTime() / 1000) * 1000 - 42_000).toISOString());
    expect(behind.lag_seconds).toBe(42);

    await recordHistories(t.current, tenant, [{ severity: 'high', steps: [{ at: newest.toISOString(), to: 'open' }] }]);
    expect(await freshness(tenant)).toMatchObject({ newest_timeline_entry: unfed.newest_timeline_entry, lag_seconds: 0 });
    expect(await freshness(other)).toMatchObject({ as_of: null, lag_seconds: 0 });
  });
});
