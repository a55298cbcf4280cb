// The decision log on both profiles: newest first, paged, filtered, read by every
// module role, and only the organization's own.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { seedUsedRole } from '../../findings/testing/api-fixtures.js';
import { ask, createRule, decisionKey, decisionLog } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/runtime/decisions ($profile)', (profile) => {
  let clock: Date | undefined;
  const t = useTestApp(() => ({ ...profile, clock: () => clock ?? new Date() }));
  expectNeighbourUntouchedAfterEach(t);

  it('pages newest first, filters by identity, decision and window, and shows every module role only its organization’s decisions', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const key = await decisionKey(t.current, tenant);
    const [reader, writer] = [await seedUsedRole(t.current, tenant, 1), await seedUsedRole(t.current, tenant, 1)];
    await createRule(t.current, tenant.owner, { name: 'reads', effect: 'allow', enabled: true, match: { actions: ['read'] } });
    const start = Date.parse('2026-01-05T10:00:00.000Z');
    const at = (minutes: number) => new Date(start + minutes * 60 * 1000);
    try {
      const asked: string[] = [];
      for (const [minute, identityId, action] of [
        [0, reader, 'read'],
        [1, writer, 'write'],
        [2, reader, 'read'],
        [3, writer, 'read'],
        [4, reader, 'write'],
      ] as const) {
        clock = at(minute);
        asked.push((await ask(t.current, key, { identity: { identityId }, action, resource: 'r' })).body.decisionId);
      }
    } finally {
      clock = undefined;
    }
    const viewer = await t.current.member(tenant, 'viewer');
    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
    const all = await decisionLog(t.current, viewer);
    expect(all).toMatchObject({ total: 5, page: { stable: true } });
    expect(all.items.map((item: { decidedAt: string }) => item.decidedAt)).toEqual([4, 3, 2, 1, 0].map((minute) => at(minute).toISOString()));

    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await t.current.call('GET', `/nhi/api/v1/runtime/decisions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: viewer.token });
      paged.push(...ids(response.body));
      cursor = response.body.next_cursor;
    } while (cursor !== undefined);
    expect(paged).toEqual(ids(all));

    expect((await decisionLog(t.current, viewer, `&identityId=${reader}`)).items.map((item: { identityId: string }) => item.identityId)).toEqual([reader, reader, reader]);
    expect((await decisionLog(t.current, viewer, '&decision=deny')).items.map((item: { action: string }) => item.action)).toEqual(['write', 'write']);
    const window = await decisionLog(t.current, viewer, `&from=${encodeURIComponent(at(1).toISOString())}&to=${encodeURIComponent(at(3).toISOString())}`);
    expect(window.items.map((item: { decidedAt: string }) => item.decidedAt)).toEqual([at(2).toISOString(), at(1).toISOString()]);

    expect(await decisionLog(t.current, other.owner)).toMatchObject({ items: [], total: 0 });
    expect((await decisionLog(t.current, other.owner, `&identityId=${reader}`)).items).toEqual([]);
    for (const query of ['decision=maybe', 'identityId=42', `from=${at(3).toISOString()}&to=${at(1).toISOString()}`]) {
      expect((await t.current.call('GET', `/nhi/api/v1/runtime/decisions?${query}`, { token: viewer.token })).status, query).toBe(400);
    }
  });
});
