import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { accept, invite, setPlan } from '../testing/invitations.js';

describe.each(handlerTestProfiles)('GET /api/v1/invitations ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const list = (token: string) => t.current.call('GET', '/api/v1/invitations', { token });

  it('lists every invitation newest first with its state, never a token', async () => {
    const tenant = await t.current.tenant();
    await setPlan(t.current, tenant, 'pro');
    const redeemed = await invite(t.current, tenant, 'analyst');
    const withdrawn = await invite(t.current, tenant, 'viewer');
    const expired = await invite(t.current, tenant, 'viewer');
    const issued = await invite(t.current, tenant, 'admin');
    expect((await accept(t.current, await t.current.signup({ email: redeemed.email }), redeemed.token)).status).toBe(200);
    await t.current.call('DELETE', `/api/v1/invitations/${withdrawn.id}`, { token: tenant.owner.token });
    await t.current.db.query("UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);

    const response = await list(tenant.owner.token);
    expect(response.status).toBe(200);
    expect(response.body.invitations.map((i: { id: string; state: string; role: string }) => [i.id, i.state, i.role])).toEqual([
      [issued.id, 'issued', 'admin'],
      [expired.id, 'expired', 'viewer'],
      [withdrawn.id, 'withdrawn', 'viewer'],
      [redeemed.id, 'redeemed', 'analyst'],
    ]);
    expect(response.body.invitations[2].withdrawn_at).toEqual(expect.any(String));
    const raw = response.raw;
    for (const { token } of [redeemed, withdrawn, expired, issued]) expect(raw).not.toContain(token);
    expect(raw).not.toMatch(/sni_/);
  });

  it("shows the second tenant none of the first tenant's invitations", async () => {
    const [a, b] = await t.current.twoTenants();
    const issued = await invite(t.current, a, 'viewer');
    const seen = await list(b.owner.token);
    expect(seen.body.invitations).toEqual([]);
    expect(seen.raw).not.toContain(issued.email);
  });

  it('is for people who manage members: an analyst is refused with 403', async () => {
    const tenant = await t.current.tenant();
    const analyst = await t.current.member(tenant, 'analyst');
    expect((await list(analyst.token)).status).toBe(403);
  });
});
