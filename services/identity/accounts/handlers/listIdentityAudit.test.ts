import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('GET /api/v1/identity/audit ($profile)', (profile) => {
  const t = useTestApp(profile);
  const read = (token: string, query = '') => t.current.call('GET', `/api/v1/identity/audit${query}`, { token });

  it("shows the acting organization's events only: the second tenant sees none of the first", async () => {
    const [a, b] = await t.current.twoTenants();
    const analyst = await t.current.member(a, 'analyst');
    await t.current.call('DELETE', `/api/v1/members/${analyst.id}`, { token: a.owner.token });

    const ofA = (await read(a.owner.token)).body.events;
    expect(ofA.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['organization.created', 'member.removed']));
    const ofB = (await read(b.owner.token)).body.events;
    expect(ofB.map((e: { action: string }) => e.action)).toEqual(['organization.created']);
    expect(JSON.stringify(ofB)).not.toContain(analyst.id);
  });

  it('filters by actor and action and orders newest first', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    await t.current.call('PATCH', '/api/v1/orgs/current', { token: admin.token, body: { name: 'First' } });
    await t.current.call('PATCH', '/api/v1/orgs/current', { token: tenant.owner.token, body: { name: 'Second' } });

    const renames = (await read(tenant.owner.token, '?action=organization.renamed')).body.events;
    expect(renames.map((e: { detail: { to: string } }) => e.detail.to)).toEqual(['Second', 'First']);
    const byAdmin = (await read(tenant.owner.token, `?actor=${admin.id}`)).body.events;
    expect(byAdmin.map((e: { action: string }) => e.action)).toEqual(['organization.renamed']);
  });

  it('bounds the page by limit, clamped to 200', async () => {
    const tenant = await t.current.tenant();
    await t.current.call('PATCH', '/api/v1/orgs/current', { token: tenant.owner.token, body: { name: 'Renamed' } });
    const one = await read(tenant.owner.token, '?limit=1');
    expect(one.body).toMatchObject({ limit: 1, has_more: true });
    expect(one.body.events).toHaveLength(1);
    expect((await read(tenant.owner.token, '?limit=5000')).body.limit).toBe(200);
  });

  it('pages by cursor, newest first, every event once; the cursor is bound to its filters and organization', async () => {
    const [a, b] = await t.current.twoTenants();
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      expect((await t.current.call('PATCH', '/api/v1/orgs/current', { token: a.owner.token, body: { name } })).status).toBe(200);
    }
    const query = '?action=organization.renamed&limit=2';
    const seen: string[] = [];
    let page = (await read(a.owner.token, query)).body;
    for (;;) {
      expect(page.events.length).toBeLessThanOrEqual(2);
      seen.push(...page.events.map((e: { detail: { to: string } }) => e.detail.to));
      if (!page.has_more) break;
      expect(typeof page.next_cursor).toBe('string');
      page = (await read(a.owner.token, `${query}&cursor=${encodeURIComponent(page.next_cursor)}`)).body;
    }
    expect(seen).toEqual(['Five', 'Four', 'Three', 'Two', 'One']);
    expect(page).not.toHaveProperty('next_cursor');

    const first = (await read(a.owner.token, query)).body;
    const cursor = encodeURIComponent(first.next_cursor);
    // Another organization's reader, other filters, a forged cursor: the same 400.
    for (const [token, q] of [
      [b.owner.token, `${query}&cursor=${cursor}`],
      [a.owner.token, `?action=member.removed&limit=2&cursor=${cursor}`],
      [a.owner.token, `${query}&cursor=${cursor.slice(0, -2)}xx`],
    ] as const) {
      const refused = await read(token, q);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation_failed', error: 'invalid or expired cursor' });
      expect(JSON.stringify(refused.body)).not.toContain('Four');
    }
    // An empty cursor is the first page.
    expect((await read(a.owner.token, `${query}&cursor=`)).body.events).toEqual(first.events);
  });

  it('pages within a time window: the window bounds every page, and the second tenant pages through none of the first', async () => {
    const [a, b] = await t.current.twoTenants();
    await t.current.call('PATCH', '/api/v1/orgs/current', { token: a.owner.token, body: { name: 'Before' } });
    const [before] = (await read(a.owner.token, '?limit=1')).body.events;
    for (const name of ['In one', 'In two', 'In three']) await t.current.call('PATCH', '/api/v1/orgs/current', { token: a.owner.token, body: { name } });
    const [newest] = (await read(a.owner.token, '?limit=1')).body.events;
    await t.current.call('PATCH', '/api/v1/orgs/current', { token: a.owner.token, body: { name: 'After' } });
    await t.current.call('PATCH', '/api/v1/orgs/current', { token: b.owner.token, body: { name: 'Beta inside' } });

    // [before, newest): since is inclusive, until exclusive.
    const window = `?action=organization.renamed&since=${encodeURIComponent(before.created_at)}&until=${encodeURIComponent(newest.created_at)}&limit=1`;
    const names: string[] = [];
    let page = (await read(a.owner.token, window)).body;
    names.push(...page.events.map((e: { detail: { to: string } }) => e.detail.to));
    while (page.has_more) {
      page = (await read(a.owner.token, `${window}&cursor=${encodeURIComponent(page.next_cursor)}`)).body;
      names.push(...page.events.map((e: { detail: { to: string } }) => e.detail.to));
    }
    expect(names).toEqual(['In two', 'In one', 'Before']);
    const ofB = (await read(b.owner.token, '?action=organization.renamed')).body;
    expect(ofB.events.map((e: { detail: { to: string } }) => e.detail.to)).toEqual(['Beta inside']);
    expect(ofB.has_more).toBe(false);
  });

  it('takes a time window: a created_at read from the trail bounds the next read', async () => {
    const tenant = await t.current.tenant();
    await t.current.call('PATCH', '/api/v1/orgs/current', { token: tenant.owner.token, body: { name: 'Later' } });
    const [newest] = (await read(tenant.owner.token, '?limit=1')).body.events;
    const since = await read(tenant.owner.token, `?since=${encodeURIComponent(newest.created_at)}`);
    expect(since.body.events.map((e: { id: string }) => e.id)).toContain(newest.id);
    const until = await read(tenant.owner.token, `?until=${encodeURIComponent(newest.created_at)}`);
    expect(until.body.events.map((e: { id: string }) => e.id)).not.toContain(newest.id);
  });

  it('refuses an impossible timestamp and a malformed actor with 400', async () => {
    const tenant = await t.current.tenant();
    expect((await read(tenant.owner.token, '?since=2024-13-45T00:00:00Z')).status).toBe(400);
    expect((await read(tenant.owner.token, '?actor=someone')).status).toBe(400);
  });

  it('can be read by an API key holding identity:read, in its organization', async () => {
    const tenant = await t.current.tenant();
    const { key } = await t.current.apiKey(tenant.owner, ['identity:read']);
    const response = await read(key, '?action=api_key.created');
    expect(response.status).toBe(200);
    expect(response.body.events).toHaveLength(1);
  });
});
