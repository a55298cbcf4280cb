import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { recordAudit } from '../audit-trail.js';
import { readChain } from '../records.js';
import { seedChain } from '../testing/chains.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/audit/records ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('lists the organization’s records newest first, page by page, with their digests, and none of another’s', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const chain = await seedChain(t.current.db, tenant.id, 5);
    await seedChain(t.current.db, other.id, 3);
    const first = await t.current.call('GET', '/nhi/api/v1/audit/records?limit=2', { token: tenant.owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: { limit: 2, stable: true }, has_more: true, total: 5 });
    const pages = [first.body.items];
    let cursor: string | undefined = first.body.next_cursor;
    while (cursor) {
      const next = await t.current.call('GET', `/nhi/api/v1/audit/records?limit=2&cursor=${encodeURIComponent(cursor)}`, { token: tenant.owner.token });
      expect(next.status).toBe(200);
      pages.push(next.body.items);
      cursor = next.body.next_cursor;
    }
    const listed = pages.flat();
    expect(listed.map((record: { id: string }) => record.id)).toEqual(chain.map((record) => record.id).reverse());
    expect(listed[0]).toEqual({
      id: chain[4]!.id,
      sequence: 5,
      actor: { kind: 'person', id: chain[4]!.actorId },
      action: 'connector.updated',
      subject: 'connector-4',
      result: 'success',
      occurred_at: chain[4]!.occurredAt,
      source_address: '198.51.100.4',
      correlation_id: 'req-4',
      detail: { index: 4, settings: { includeBots: true } },
      previous_digest: chain[3]!.digest,
      digest: chain[4]!.digest,
    });
    // A cursor is bound to its organization.
    const foreign = await t.current.call('GET', `/nhi/api/v1/audit/records?cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: other.owner.token });
    expect(foreign.status).toBe(400);
    const theirs = await t.current.call('GET', '/nhi/api/v1/audit/records', { token: other.owner.token });
    expect(theirs.body.items).toHaveLength(3);
    expect(JSON.stringify(theirs.body)).not.toContain(chain[0]!.id);
  });

  it('filters by action, actor, result, subject and the window [from, to)', async () => {
    const [tenant] = await t.current.twoTenants();
    const actor = randomUUID();
    const subject = randomUUID();
    await seedChain(t.current.db, tenant.id, 2);
    await recordAudit(t.current.db, { orgId: tenant.id, actor: { kind: 'person', id: actor }, action: 'connector.deleted', subject, result: 'failure', sourceAddress: null, correlationId: null, detail: {} });
    await seedChain(t.current.db, tenant.id, 1, { action: 'collection.sync.failed', result: 'failure' });
    const chain = await readChain(t.current.db, tenant.id, 0, 10);
    const ids = async (query: string) => {
      const response = await t.current.call('GET', `/nhi/api/v1/audit/records?${query}`, { token: tenant.owner.token });
      expect(response.status, response.raw).toBe(200);
      return response.body.items.map((record: { sequence: number }) => record.sequence);
    };
    expect(await ids('action=connector.deleted')).toEqual([3]);
    expect(await ids(`actor=${actor}`)).toEqual([3]);
    expect(await ids('result=failure')).toEqual([4, 3]);
    expect(await ids('result=success')).toEqual([2, 1]);
    expect(await ids(`subject=${subject}&result=failure`)).toEqual([3]);
    expect(await ids('action=collection.sync.failed&result=success')).toEqual([]);
    const inWindow = chain.filter((record) => record.occurredAt >= chain[1]!.occurredAt && record.occurredAt < chain[3]!.occurredAt).map((record) => record.sequence);
    expect(await ids(`from=${encodeURIComponent(chain[1]!.occurredAt)}&to=${encodeURIComponent(chain[3]!.occurredAt)}`)).toEqual(inWindow.reverse());
    expect((await t.current.call('GET', '/nhi/api/v1/audit/records?result=maybe', { token: tenant.owner.token })).status).toBe(400);
    const backwards = await t.current.call('GET', `/nhi/api/v1/audit/records?from=${encodeURIComponent(chain[3]!.occurredAt)}&to=2000-01-01T00:00:00Z`, { token: tenant.owner.token });
    expect(backwards.status).toBe(400);
  });
});
