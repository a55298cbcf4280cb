import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { claim } from '../testing/domains.js';

describe.each(handlerTestProfiles)('GET /api/v1/identity/domains ($profile)', (profile) => {
  const t = useTestApp(profile);
  const list = (token: string, query = '') => t.current.call('GET', `/api/v1/identity/domains${query}`, { token });

  it('pages through the organization’s claims newest first, to identity:read, and shows another organization none', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const claimed = [];
    for (let index = 0; index < 3; index++) claimed.push((await claim(t.current, tenant)).id);
    const theirs = await claim(t.current, other);

    const { key } = await t.current.apiKey(tenant.owner, ['identity:read']);
    const seen: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await list(key, query);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ page: { limit: 2, stable: true }, total: 3 });
      seen.push(...page.body.items.map((item: { id: string }) => item.id));
      if (!page.body.has_more) break;
      query = `?limit=2&cursor=${encodeURIComponent(page.body.next_cursor)}`;
    }
    expect(seen.sort()).toEqual([...claimed].sort());
    expect((await list(other.owner.token)).body.items.map((item: { id: string }) => item.id)).toEqual([theirs.id]);
    const foreignCursor = (await list(tenant.owner.token, '?limit=1')).body.next_cursor;
    const refused = await list(other.owner.token, `?limit=1&cursor=${encodeURIComponent(foreignCursor)}`);
    expect(refused.raw).toBe((await list(other.owner.token, '?limit=1&cursor=forged')).raw);
  });

  it('is refused to an analyst, who lacks identity:read', async () => {
    const tenant = await t.current.tenant();
    const analyst = await t.current.member(tenant, 'analyst');
    expect((await list(analyst.token)).body).toMatchObject({ code: 'forbidden', required_scope: 'identity:read' });
  });
});
