// Revoking a delegation on both profiles: its delegator or an Organization Admin, once,
// while it has not ended; anyone else refused and recorded.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords } from '../../connectors/testing/api-fixtures.js';
import { delegate } from '../testing/delegations.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/delegations/{delegationId}/revoke ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const revoke = (token: string, id: string) => t.current.call('POST', `/nhi/api/v1/delegations/${id}/revoke`, { token });

  it('lets the delegator revoke, then answers 409, audited as delegation.revoked', async () => {
    const [tenant] = await t.current.twoTenants();
    const viewer = await t.current.member(tenant, 'viewer');
    const analyst = await t.current.member(tenant, 'analyst');
    const created = await delegate(t.current, viewer, analyst, ['reviewing']);
    const revoked = await revoke(viewer.token, created.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.id, inForce: false, state: 'revoked', revokedByUserId: viewer.id });
    const again = await revoke(viewer.token, created.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('the delegation is already revoked');
    expect(await auditRecords(t.current, tenant, 'delegation.revoked')).toEqual([
      expect.objectContaining({ actor_id: viewer.id, subject: created.id, result: 'success', detail: expect.objectContaining({ delegate_user_id: analyst.id, was: 'in_force' }) }),
    ]);
    const inForce = await t.current.call('GET', `/nhi/api/v1/delegations?inForce=true&delegateUserId=${analyst.id}`, { token: analyst.token });
    expect(inForce.body.items).toEqual([]);
  });

  it('lets an Organization Admin revoke anyone’s delegation and refuses the delegate and others with 403 and delegation.refused', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const viewer = await t.current.member(tenant, 'viewer');
    const analyst = await t.current.member(tenant, 'analyst');
    const created = await delegate(t.current, viewer, analyst, ['reviewing']);
    const byDelegate = await revoke(analyst.token, created.id);
    expect(byDelegate.status).toBe(403);
    expect(byDelegate.body).toEqual({ code: 'forbidden', error: 'only the delegator or an Organization Admin may revoke a delegation' });
    expect(await auditRecords(t.current, tenant, 'delegation.refused')).toEqual([expect.objectContaining({ actor_id: analyst.id, subject: created.id, result: 'failure' })]);
    const foreign = await revoke(other.owner.token, created.id);
    expect(foreign.status).toBe(404);
    const admin = await t.current.member(tenant, 'admin');
    expect((await revoke(admin.token, created.id)).body).toMatchObject({ state: 'revoked', revokedByUserId: admin.id });
  });
});
