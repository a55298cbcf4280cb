import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { recordKnownHistory } from '../testing/history.js';

describe.each(handlerTestProfiles)('GET /api/v1/analytics/advisories/{advisory}/assets ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const list = (token: string, advisory: string, query = '') => t.current.call('GET', `/api/v1/analytics/advisories/${encodeURIComponent(advisory)}/assets?${query}`, { token });

  it('lists the assets with an open finding of the advisory in asset id order, walking pages with cursors', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { a1, a2 } = await recordKnownHistory(t.current, tenant, other);
    const expected = [
      { asset_id: a1, open_findings: 1, worst_severity: 'low', first_seen_at: '2026-03-04T00:00:00.000Z' },
      { asset_id: a2, open_findings: 1, worst_severity: 'high', first_seen_at: '2026-03-02T08:00:00.000Z' },
    ].sort((a, b) => (a.asset_id < b.asset_id ? -1 : 1));

    const first = await list(tenant.owner.token, 'CVE-2026-0001', 'limit=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ as_of: '2026-03-04T06:00:00.000Z', items: [expected[0]], page: { limit: 1, stable: false }, has_more: true });
    const second = await list(tenant.owner.token, 'CVE-2026-0001', `limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body).toMatchObject({ items: [expected[1]], has_more: false });
    expect(second.body.next_cursor).toBeUndefined();

    // A cursor binds its advisory: the same position in another advisory's listing is refused.
    const elsewhere = await list(tenant.owner.token, 'CVE-2026-0002', `limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(elsewhere.status).toBe(400);
    const foreign = await list(other.owner.token, 'CVE-2026-0001', `limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(foreign.raw).toBe(elsewhere.raw);
  });

  it("answers an empty page, not a 404, for an advisory with no open finding here: resolved, unknown, or only the other organization's", async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordKnownHistory(t.current, tenant, other);
    const unknown = await list(other.owner.token, 'CVE-1999-0001');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ as_of: '2026-03-01T00:00:00.000Z', filters: { severity: null, kind: null, asset_id: null }, items: [], page: { limit: 50, stable: false }, has_more: false });
    // The tenant's CVE-2026-0002 asks the other organization nothing of the tenant's.
    expect((await list(other.owner.token, 'CVE-2026-0002')).raw).toBe(unknown.raw);
    // The other organization's only finding is critical; the tenant's are not.
    expect((await list(tenant.owner.token, 'CVE-2026-0001', 'severity=critical')).body.items).toEqual([]);
  });

  it('narrows by asset and kind', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { a2, foreignAsset } = await recordKnownHistory(t.current, tenant, other);
    expect((await list(tenant.owner.token, 'CVE-2026-0001', `asset_id=${a2}`)).body.items.map((item: { asset_id: string }) => item.asset_id)).toEqual([a2]);
    expect((await list(tenant.owner.token, 'CVE-2026-0001', `asset_id=${foreignAsset}`)).body.items).toEqual([]);
    expect((await list(tenant.owner.token, 'aws-access-key-id', 'kind=vulnerability')).body.items).toEqual([]);
    expect((await list(tenant.owner.token, 'aws-access-key-id', 'kind=secret')).body.items).toHaveLength(1);
  });
});
