// Asking for a policy exception: one of the catalogue's policies, an end in the future
// and at most 365 days away, an active identity of this organization, and
// exception.requested in the module's trail.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { seedIdentity } from '../../connectors/testing/api-fixtures.js';
import { DAY_MS, exceptionRequests, MINUTE_MS, trailOf } from '../../governance/testing/requests.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/exceptions ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('records a pending exception from one policy until its end, audited as exception.requested', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const identityId = await seedIdentity(t.current, tenant);
    const endsAt = new Date(Date.now() + 365 * DAY_MS - MINUTE_MS).toISOString();

    const created = await t.current.call('POST', '/nhi/api/v1/exceptions', {
      token: analyst.token,
      body: { identityId, policy: 'tool_definition_changed', reason: 'the vendor changes descriptions weekly', endsAt },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      identityId,
      policy: 'tool_definition_changed',
      reason: 'the vendor changes descriptions weekly',
      endsAt,
      status: 'pending',
      inForce: false,
      requestedByUserId: analyst.id,
      approvals: [],
      approvalsRequired: 1,
    });
    expect((await trailOf(t.current, tenant, [created.body.id])).map((record) => [record.action, record.actor_id, record.detail])).toEqual([
      ['exception.requested', analyst.id, { identity_id: identityId, policy: 'tool_definition_changed', reason: 'the vendor changes descriptions weekly', ends_at: endsAt }],
    ]);
    expect((await t.current.call('GET', '/nhi/api/v1/exceptions', { token: other.owner.token })).body.items).toEqual([]);
  });

  it('refuses a policy the catalogue does not have, an end in the past or more than 365 days away, and no reason (400)', async () => {
    const [tenant] = await t.current.twoTenants();
    const identityId = await seedIdentity(t.current, tenant);
    const valid = exceptionRequests.body(identityId, new Date(), DAY_MS);
    const refusals = [
      { ...valid, policy: 'no_such_policy' },
      { ...valid, policy: undefined },
      { ...valid, endsAt: new Date(Date.now() - MINUTE_MS).toISOString() },
      { ...valid, endsAt: new Date(Date.now() + 365 * DAY_MS + MINUTE_MS).toISOString() },
      { ...valid, reason: '' },
      { ...valid, reason: '  ' },
    ];
    for (const body of refusals) expect((await t.current.call('POST', '/nhi/api/v1/exceptions', { token: tenant.owner.token, body })).status, JSON.stringify(body)).toBe(400);
    expect((await t.current.db.query('SELECT id FROM nhi_policy_exceptions WHERE org_id = $1', [tenant.id])).rows).toEqual([]);
  });

  it("answers another organization's identity like a missing one (404) and refuses a removed identity (409)", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const foreignIdentity = await seedIdentity(t.current, other);
    const removed = await seedIdentity(t.current, tenant);
    await t.current.db.query("UPDATE nhi_identities SET state = 'removed', removed_at = now() WHERE org_id = $1 AND id = $2", [tenant.id, removed]);

    const foreign = await t.current.call('POST', '/nhi/api/v1/exceptions', { token: tenant.owner.token, body: exceptionRequests.body(foreignIdentity, new Date(), DAY_MS) });
    const missing = await t.current.call('POST', '/nhi/api/v1/exceptions', { token: tenant.owner.token, body: exceptionRequests.body(randomUUID(), new Date(), DAY_MS) });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect((await t.current.call('POST', '/nhi/api/v1/exceptions', { token: tenant.owner.token, body: exceptionRequests.body(removed, new Date(), DAY_MS) })).status).toBe(409);
    for (const orgId of [tenant.id, other.id]) expect((await t.current.db.query('SELECT id FROM nhi_policy_exceptions WHERE org_id = $1', [orgId])).rows).toEqual([]);
  });
});
