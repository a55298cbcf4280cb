import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { accept, invite } from '../testing/invitations.js';

describe.each(handlerTestProfiles)('DELETE /api/v1/invitations/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const withdraw = (token: string, id: string) => t.current.call('DELETE', `/api/v1/invitations/${id}`, { token });

  it('withdraws the invitation, audited and announced once; again is a no-op; the token then admits nobody', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const otherBefore = await t.current.snapshot(other);
    const admin = await t.current.member(tenant, 'admin');
    const issued = await invite(t.current, tenant, 'viewer');
    expect((await withdraw(admin.token, issued.id)).status).toBe(204);
    expect((await withdraw(admin.token, issued.id)).status).toBe(204);

    const trail = (await t.current.call('GET', '/api/v1/identity/audit?action=invitation.withdrawn', { token: tenant.owner.token })).body.events;
    expect(trail).toEqual([expect.objectContaining({ actor: { kind: 'user', id: admin.id }, detail: { invitation_id: issued.id, email: issued.email, role: 'viewer' } })]);
    const { rows } = await t.current.db.query("SELECT 1 FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'invitation.withdrawn'", [tenant.id]);
    expect(rows).toHaveLength(1);
    const person = await t.current.signup({ email: issued.email });
    expect((await accept(t.current, person, issued.token)).status).toBe(409);
    expect(await t.current.snapshot(other)).toEqual(otherBefore);
  });

  it('refuses withdrawing a redeemed invitation (409): the member is removed instead', async () => {
    const tenant = await t.current.tenant();
    const issued = await invite(t.current, tenant, 'viewer');
    await accept(t.current, await t.current.signup({ email: issued.email }), issued.token);
    const refused = await withdraw(tenant.owner.token, issued.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'this invitation was redeemed: remove the member instead', code: 'conflict' });
  });

  it("answers another tenant's invitation exactly like a missing one, leaving it issued", async () => {
    const [a, b] = await t.current.twoTenants();
    const issued = await invite(t.current, a, 'viewer');
    const foreign = await withdraw(b.owner.token, issued.id);
    const missing = await withdraw(b.owner.token, '00000000-0000-4000-8000-000000000000');
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    const [listed] = (await t.current.call('GET', '/api/v1/invitations', { token: a.owner.token })).body.invitations;
    expect(listed.state).toBe('issued');
  });
});
