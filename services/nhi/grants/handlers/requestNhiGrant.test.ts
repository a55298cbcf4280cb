// Asking for a grant: the period's rules (startsAt defaults to now, a past start is read
// as now, endsAt after it and at most 90 days later), an identity of this organization's
// inventory that is still active, and grant.requested in the module's trail.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { seedIdentity } from '../../connectors/testing/api-fixtures.js';
import { DAY_MS, grantRequests, MINUTE_MS, trailOf } from '../../governance/testing/requests.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/grants ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('records a pending grant of actions on resources for the period, audited as grant.requested', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const identityId = await seedIdentity(t.current, tenant);
    const startsAt = new Date(Date.now() + DAY_MS).toISOString();
    const endsAt = new Date(Date.now() + 30 * DAY_MS).toISOString();
    const body = { identityId, actions: ['s3:GetObject', 's3:GetObject', 'tools/call'], resources: ['arn:aws:s3:::reports/*'], justification: 'quarterly export', startsAt, endsAt };

    const created = await t.current.call('POST', '/nhi/api/v1/grants', { token: analyst.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      identityId,
      actions: ['s3:GetObject', 'tools/call'],
      resources: ['arn:aws:s3:::reports/*'],
      justification: 'quarterly export',
      startsAt,
      endsAt,
      status: 'pending',
      inForce: false,
      requestedByUserId: analyst.id,
      approvals: [],
      approvalsRequired: 1,
      decidedAt: null,
      revokedAt: null,
    });
    expect((await trailOf(t.current, tenant, [created.body.id])).map((record) => [record.action, record.actor_id, record.result, record.detail])).toEqual([
      ['grant.requested', analyst.id, 'success', { identity_id: identityId, actions: ['s3:GetObject', 'tools/call'], resources: ['arn:aws:s3:::reports/*'], starts_at: startsAt, ends_at: endsAt }],
    ]);
    // The other organization sees nothing of it.
    expect((await t.current.call('GET', '/nhi/api/v1/grants', { token: other.owner.token })).body.items).toEqual([]);
    expect((await t.current.call('GET', `/nhi/api/v1/grants/${created.body.id}`, { token: other.owner.token })).status).toBe(404);
  });

  it('starts now when no start, or a past one, is given', async () => {
    const [tenant] = await t.current.twoTenants();
    const identityId = await seedIdentity(t.current, tenant);
    const before = Date.now();
    for (const startsAt of [undefined, new Date(before - DAY_MS).toISOString()]) {
      const created = await t.current.call('POST', '/nhi/api/v1/grants', { token: tenant.owner.token, body: { ...grantRequests.body(identityId, new Date(), DAY_MS), startsAt } });
      expect(created.status).toBe(201);
      expect(Date.parse(created.body.startsAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(created.body.startsAt)).toBeLessThanOrEqual(Date.now());
    }
  });

  it('refuses a period that ends before it starts or runs longer than 90 days, and malformed actions and resources (400)', async () => {
    const [tenant] = await t.current.twoTenants();
    const identityId = await seedIdentity(t.current, tenant);
    const valid = grantRequests.body(identityId, new Date(), DAY_MS);
    const startsAt = new Date(Date.now() + DAY_MS);
    const refusals = [
      { ...valid, endsAt: new Date(Date.now() - MINUTE_MS).toISOString() },
      { ...valid, startsAt: startsAt.toISOString(), endsAt: startsAt.toISOString() },
      { ...valid, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 90 * DAY_MS + MINUTE_MS).toISOString() },
      { ...valid, endsAt: undefined },
      { ...valid, actions: [] },
      { ...valid, actions: Array.from({ length: 21 }, (_, index) => `s3:Action${index}`) },
      { ...valid, actions: ['s3 GetObject'] },
      { ...valid, resources: [] },
      { ...valid, resources: ['reports bucket'] },
      { ...valid, justification: '' },
      { ...valid, justification: '   ' },
      { ...valid, identityId: 'not-a-uuid' },
    ];
    for (const body of refusals) expect((await t.current.call('POST', '/nhi/api/v1/grants', { token: tenant.owner.token, body })).status, JSON.stringify(body)).toBe(400);
    // Exactly 90 days is the longest period.
    const longest = await t.current.call('POST', '/nhi/api/v1/grants', { token: tenant.owner.token, body: { ...valid, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 90 * DAY_MS).toISOString() } });
    expect(longest.status).toBe(201);
    expect((await t.current.db.query('SELECT count(*)::integer AS n FROM nhi_access_grants WHERE org_id = $1', [tenant.id])).rows).toEqual([{ n: 1 }]);
  });

  it("answers another organization's identity like a missing one (404) and refuses a removed identity (409)", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const foreignIdentity = await seedIdentity(t.current, other);
    const removed = await seedIdentity(t.current, tenant);
    await t.current.db.query("UPDATE nhi_identities SET state = 'removed', removed_at = now() WHERE org_id = $1 AND id = $2", [tenant.id, removed]);

    const foreign = await t.current.call('POST', '/nhi/api/v1/grants', { token: tenant.owner.token, body: grantRequests.body(foreignIdentity, new Date(), DAY_MS) });
    const missing = await t.current.call('POST', '/nhi/api/v1/grants', { token: tenant.owner.token, body: grantRequests.body(randomUUID(), new Date(), DAY_MS) });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    const gone = await t.current.call('POST', '/nhi/api/v1/grants', { token: tenant.owner.token, body: grantRequests.body(removed, new Date(), DAY_MS) });
    expect(gone.status).toBe(409);
    expect(gone.body.error).toBe('the identity has been removed from the inventory');
    for (const orgId of [tenant.id, other.id]) expect((await t.current.db.query('SELECT id FROM nhi_access_grants WHERE org_id = $1', [orgId])).rows).toEqual([]);
  });

  it('refuses a viewer, who may not ask (403)', async () => {
    const [tenant] = await t.current.twoTenants();
    const viewer = await t.current.member(tenant, 'viewer');
    const refused = await t.current.call('POST', '/nhi/api/v1/grants', { token: viewer.token, body: grantRequests.body(await seedIdentity(t.current, tenant), new Date(), DAY_MS) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', required_scope: 'governance:request' });
  });
});
