// Creating a delegation on both profiles: who may hand over what, for how long, and
// the refusals recorded in the module's trail.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords } from '../../connectors/testing/api-fixtures.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe.each(handlerTestProfiles)('POST /nhi/api/v1/delegations ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const create = (token: string, body: unknown) => t.current.call('POST', '/nhi/api/v1/delegations', { token, body });

  it('lets an Organization Admin delegate approving and reviewing, in force from now, audited as delegation.created', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const viewer = await t.current.member(tenant, 'viewer');
    const endsAt = inDays(14);
    const created = await create(tenant.owner.token, { delegateUserId: viewer.id, authority: ['reviewing', 'approving'], endsAt, reason: 'on leave' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ delegatorUserId: tenant.owner.id, delegateUserId: viewer.id, authority: ['approving', 'reviewing'], endsAt, reason: 'on leave', inForce: true, state: 'in_force', revokedAt: null });
    const [record] = await auditRecords(t.current, tenant, 'delegation.created');
    expect(record).toMatchObject({ actor_kind: 'person', actor_id: tenant.owner.id, subject: created.body.id, result: 'success', detail: expect.objectContaining({ delegate_user_id: viewer.id, authority: ['approving', 'reviewing'] }) });
    // The other organization sees none of it.
    expect((await t.current.call('GET', '/nhi/api/v1/delegations', { token: other.owner.token })).body.items).toEqual([]);
  });

  it('lets anyone delegate reviewing, scheduled when it starts later, and takes a start in the past as now', async () => {
    const [tenant] = await t.current.twoTenants();
    const viewer = await t.current.member(tenant, 'viewer');
    const analyst = await t.current.member(tenant, 'analyst');
    const later = await create(viewer.token, { delegateUserId: analyst.id, authority: ['reviewing'], startsAt: inDays(2), endsAt: inDays(3) });
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ delegatorUserId: viewer.id, inForce: false, state: 'scheduled' });
    const before = Date.now();
    const backdated = await create(viewer.token, { delegateUserId: analyst.id, authority: ['reviewing'], startsAt: '2020-01-01T00:00:00Z', endsAt: inDays(1) });
    expect(backdated.status).toBe(201);
    expect(new Date(backdated.body.startsAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses delegating approving by anyone but an Organization Admin with 403 and delegation.refused, a delegate of approving included', async () => {
    const [tenant] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const viewer = await t.current.member(tenant, 'viewer');
    // The analyst holds approving through the owner's delegation: it is not theirs to hand on.
    expect((await create(tenant.owner.token, { delegateUserId: analyst.id, authority: ['approving'], endsAt: inDays(5) })).status).toBe(201);
    const refused = await create(analyst.token, { delegateUserId: viewer.id, authority: ['approving'], endsAt: inDays(5) });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'forbidden', error: 'only an Organization Admin may delegate approving: it is their own authority, and delegated authority is not handed on' });
    const refusals = await auditRecords(t.current, tenant, 'delegation.refused');
    expect(refusals).toEqual([expect.objectContaining({ actor_id: analyst.id, result: 'failure', subject: viewer.id, detail: expect.objectContaining({ authority: ['approving'] }) })]);
    const listed = await t.current.call('GET', `/nhi/api/v1/delegations?delegatorUserId=${analyst.id}`, { token: tenant.owner.token });
    expect(listed.body.items).toEqual([]);
  });

  it('refuses a delegate outside the organization, oneself, an end before the start and more than 90 days with 400', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    for (const [body, message] of [
      [{ delegateUserId: other.owner.id, authority: ['reviewing'], endsAt: inDays(1) }, 'delegateUserId is not a member of this organization'],
      [{ delegateUserId: tenant.owner.id, authority: ['reviewing'], endsAt: inDays(1) }, 'a person cannot delegate to themselves'],
      [{ delegateUserId: analyst.id, authority: ['reviewing'], endsAt: '2020-01-01T00:00:00Z' }, 'endsAt must be after startsAt (and in the future)'],
      [{ delegateUserId: analyst.id, authority: ['reviewing'], startsAt: inDays(5), endsAt: inDays(4) }, 'endsAt must be after startsAt (and in the future)'],
      [{ delegateUserId: analyst.id, authority: ['reviewing'], endsAt: inDays(91) }, 'a delegation lasts at most 90 days'],
    ] as const) {
      const refused = await create(tenant.owner.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe(message);
    }
    expect((await create(tenant.owner.token, { delegateUserId: analyst.id, authority: ['reviewing'], endsAt: inDays(89) })).status).toBe(201);
    expect(await auditRecords(t.current, tenant, 'delegation.created')).toHaveLength(1);
  });
});
