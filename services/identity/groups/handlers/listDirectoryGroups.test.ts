import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { nameSsoGroups } from '../index.js';
import { scimGroup, ssoProvider } from '../testing/groups.js';

describe.each(handlerTestProfiles)('GET /api/v1/identity/groups ($profile)', (profile) => {
  const t = useTestApp(profile);
  const list = (token: string, query = '') => t.current.call('GET', `/api/v1/identity/groups${query}`, { token });
  const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

  it('pages through SSO and SCIM groups newest first, filters by source and provider, and shows another organization none', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const provider = await ssoProvider(t.current, tenant);
    const otherProvider = await ssoProvider(t.current, tenant);
    for (const name of ['sso-one', 'sso-two']) await t.current.db.transaction((tx) => nameSsoGroups(tx, tenant.id, provider, [name]));
    await t.current.db.transaction((tx) => nameSsoGroups(tx, tenant.id, otherProvider, ['elsewhere']));
    await scimGroup(t.current, tenant, 'scim-one');
    await scimGroup(t.current, tenant, 'scim-two');
    await scimGroup(t.current, other, 'theirs');
    // PGlite's clock can give two quick inserts the same instant; space them a second apart in creation order.
    await t.current.db.query(
      `UPDATE directory_groups SET created_at = timestamptz '2026-01-01T00:00:00Z' + array_position($2::text[], name) * interval '1 second' WHERE org_id = $1`,
      [tenant.id, ['sso-one', 'sso-two', 'elsewhere', 'scim-one', 'scim-two']],
    );

    const seen: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await list(tenant.owner.token, query);
      expect(page.status).toBe(200);
      expect(page.body.page).toEqual({ limit: 2, stable: true });
      expect(page.body.total).toBe(5);
      seen.push(...names(page.body));
      if (!page.body.has_more) break;
      query = `?limit=2&cursor=${encodeURIComponent(page.body.next_cursor)}`;
    }
    expect(seen).toEqual(['scim-two', 'scim-one', 'elsewhere', 'sso-two', 'sso-one']);
    expect(names((await list(tenant.owner.token, '?source=scim')).body)).toEqual(['scim-two', 'scim-one']);
    expect(names((await list(tenant.owner.token, `?source=sso&sso_provider_id=${provider}`)).body)).toEqual(['sso-two', 'sso-one']);
    expect(names((await list(other.owner.token)).body)).toEqual(['theirs']);
    // Another organization naming this one's provider sees nothing of it.
    expect((await list(other.owner.token, `?sso_provider_id=${provider}`)).body).toMatchObject({ items: [], total: 0 });
  });

  it('binds the cursor to the filters and the organization', async () => {
    const [tenant, other] = await t.current.twoTenants();
    for (const name of ['a', 'b', 'c']) await scimGroup(t.current, tenant, name);
    const first = await list(tenant.owner.token, '?limit=1&source=scim');
    const cursor = encodeURIComponent(first.body.next_cursor);
    const forged = await list(tenant.owner.token, '?limit=1&cursor=forged');
    expect(forged.status).toBe(400);
    for (const attempt of [await list(tenant.owner.token, `?limit=1&cursor=${cursor}`), await list(other.owner.token, `?limit=1&source=scim&cursor=${cursor}`)]) {
      expect(attempt.raw).toBe(forged.raw);
    }
    const whole = names((await list(tenant.owner.token, '?source=scim')).body);
    expect(names((await list(tenant.owner.token, `?limit=1&source=scim&cursor=${cursor}`)).body)).toEqual([whole[1]]);
  });

  it.each(['analyst', 'viewer'] as const)('is refused to a %s, who lacks identity:read', async (role) => {
    const tenant = await t.current.tenant();
    const person = await t.current.member(tenant, role);
    const response = await list(person.token);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ required_scope: 'identity:read' });
  });
});
