import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('GET /api/v1/scans ($profile)', (profile) => {
  const t = useTestApp(profile);
  const image = () => `ghcr.io/acme/list-${randomUUID().slice(0, 8)}:1.0`;
  const queue = async (tenant: TestTenant, reference: string) =>
    (await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image: reference, scanners: ['trivy'] } })).body;
  const ids = (page: { body: { items: { id: string }[] } }) => page.body.items.map((scan) => scan.id);

  it('pages newest first, filters by asset, and shows nothing of another tenant even for its asset id', async () => {
    const [a, b] = await t.current.twoTenants();
    const reference = image();
    const first = await queue(a, reference);
    const second = await queue(a, image());
    const third = await queue(a, reference);
    const inB = await queue(b, reference);

    const page = await t.current.call('GET', '/api/v1/scans?limit=2', { token: a.owner.token });
    expect(ids(page)).toEqual([third.id, second.id]);
    expect(page.body).toMatchObject({ has_more: true, total: 3, page: { limit: 2, stable: true } });
    const last = await t.current.call('GET', `/api/v1/scans?limit=2&cursor=${page.body.next_cursor}`, { token: a.owner.token });
    expect(ids(last)).toEqual([first.id]);
    expect(last.body.has_more).toBe(false);

    expect(ids(await t.current.call('GET', `/api/v1/scans?asset_id=${first.asset_id}`, { token: a.owner.token }))).toEqual([third.id, first.id]);
    const foreign = await t.current.call('GET', `/api/v1/scans?asset_id=${first.asset_id}`, { token: b.owner.token });
    expect(foreign.body).toMatchObject({ items: [], total: 0, has_more: false });
    expect(ids(await t.current.call('GET', '/api/v1/scans', { token: b.owner.token }))).toEqual([inB.id]);
  });
});
