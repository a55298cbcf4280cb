import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { recordHistories, recordKnownHistory } from '../testing/history.js';

describe.each(handlerTestProfiles)('GET /api/v1/analytics/advisories ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const list = (token: string, query = '') => t.current.call('GET', `/api/v1/analytics/advisories?${query}`, { token });

  it('ranks advisories by affected assets with open findings and the worst severity among them, not counting the other organization', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordKnownHistory(t.current, tenant, other);
    const response = await list(tenant.owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      as_of: '2026-03-04T06:00:00.000Z',
      filters: { severity: null, kind: null, asset_id: null },
      items: [
        // F1 was resolved; F2 is high now (it was critical); the other tenant's critical finding is not ours.
        { advisory: 'CVE-2026-0001', assets: 2, open_findings: 2, worst_severity: 'high' },
        { advisory: 'CVE-2026-0002', assets: 1, open_findings: 1, worst_severity: 'medium' },
        { advisory: 'aws-access-key-id', assets: 1, open_findings: 1, worst_severity: 'low' },
      ],
      page: { limit: 50, stable: false },
      has_more: false,
    });
    const otherView = await list(other.owner.token);
    expect(otherView.body.items).toEqual([{ advisory: 'CVE-2026-0001', assets: 1, open_findings: 1, worst_severity: 'critical' }]);
  });

  it('walks the ranking with cursors, each advisory once', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordKnownHistory(t.current, tenant, other);
    await recordHistories(
      t.current,
      tenant,
      ['GHSA-aaaa', 'GHSA-bbbb', 'CVE-2025-9999'].map((advisory) => ({ advisory, severity: 'unknown', steps: [{ at: '2026-03-05T00:00:00Z', to: 'open' }] })),
    );
    const seen: string[] = [];
    let query = 'limit=2';
    for (let pages = 0; pages < 10; pages++) {
      const page = await list(tenant.owner.token, query);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((item: { advisory: string }) => item.advisory));
      if (!page.body.has_more) {
        expect(page.body.next_cursor).toBeUndefined();
        break;
      }
      query = `limit=2&cursor=${encodeURIComponent(page.body.next_cursor)}`;
    }
    expect(seen).toEqual(['CVE-2026-0001', 'CVE-2025-9999', 'CVE-2026-0002', 'GHSA-aaaa', 'GHSA-bbbb', 'aws-access-key-id']);
  });

  it("refuses another organization's cursor, a forged one and one of other filters with the same 400", async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordKnownHistory(t.current, tenant, other);
    const cursor = encodeURIComponent((await list(tenant.owner.token, 'limit=1')).body.next_cursor);
    expect((await list(tenant.owner.token, `limit=1&cursor=${cursor}`)).status).toBe(200);
    const answers = await Promise.all([
      list(other.owner.token, `limit=1&cursor=${cursor}`),
      list(tenant.owner.token, `limit=1&cursor=${cursor}x`),
      list(tenant.owner.token, `limit=1&severity=high&cursor=${cursor}`),
      list(tenant.owner.token, `limit=1&cursor=${'a'.repeat(5000)}`),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.raw).toBe(answers[0]!.raw);
    }
    expect(answers[0]!.body).toEqual({ error: 'invalid or expired cursor', code: 'validation_failed' });
  });

  it('narrows by severity (the current one), kind and asset', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { a1, foreignAsset } = await recordKnownHistory(t.current, tenant, other);
    const advisories = async (query: string) => (await list(tenant.owner.token, query)).body.items.map((item: { advisory: string; assets: number }) => [item.advisory, item.assets]);
    expect(await advisories('severity=critical')).toEqual([]);
    expect(await advisories('severity=low')).toEqual([
      ['CVE-2026-0001', 1],
      ['aws-access-key-id', 1],
    ]);
    expect(await advisories('kind=secret')).toEqual([['aws-access-key-id', 1]]);
    expect(await advisories(`asset_id=${a1}`)).toEqual([
      ['CVE-2026-0001', 1],
      ['aws-access-key-id', 1],
    ]);
    expect(await advisories(`asset_id=${foreignAsset}`)).toEqual([]);
    expect((await list(tenant.owner.token, 'limit=0')).status).toBe(400);
    expect((await list(tenant.owner.token, 'limit=500')).body.page.limit).toBe(200);
  });
});
