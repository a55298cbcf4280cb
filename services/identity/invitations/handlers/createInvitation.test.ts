import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { freshAddress, invite, setPlan } from '../testing/invitations.js';

describe.each(handlerTestProfiles)('POST /api/v1/invitations ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const issue = (token: string, body: unknown) => t.current.call('POST', '/api/v1/invitations', { token, body });
  const seatsHeld = async (tenant: TestTenant) => {
    const { rows } = await t.current.db.query<{ members: number; issued: number }>(
      `SELECT (SELECT count(*) FROM memberships WHERE org_id = $1)::int AS members,
              (SELECT count(*) FROM invitations WHERE org_id = $1 AND redeemed_at IS NULL AND withdrawn_at IS NULL AND expires_at > now())::int AS issued`,
      [tenant.id],
    );
    return rows[0]!.members + rows[0]!.issued;
  };

  it('shows the token once, keeps only its digest, and audits and announces the invitation', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    const response = await issue(admin.token, { email: 'Grace.Hopper@Example.TEST', role: 'analyst' });
    expect(response.status).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, ...invitation } = response.body;
    expect(token).toMatch(/^sni_[A-Za-z0-9_-]{43}$/);
    expect(invitation).toMatchObject({ email: 'grace.hopper@example.test', role: 'analyst', state: 'issued', invited_by: admin.id, redeemed_at: null, withdrawn_at: null });
    // Seven days to redeem it.
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(7 * 86_400_000);

    const { rows } = await t.current.db.query<{ digest: string; row: string }>(
      "SELECT encode(token_hash, 'hex') AS digest, row_to_json(i)::text AS row FROM invitations i WHERE id = $1",
      [invitation.id],
    );
    expect(rows[0]!.digest).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.row).not.toContain(token.slice(4));

    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=invitation.created', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: admin.id }, detail: { invitation_id: invitation.id, email: 'grace.hopper@example.test', role: 'analyst' } });
    const announced = await t.current.db.query<{ value: { type: string; subject_id: string; payload: string } }>(
      "SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'member.invited'",
      [tenant.id],
    );
    expect(announced.rows.map((r) => r.value.subject_id)).toEqual([invitation.id]);

    // Never again, at any permission: not in the listing, the trail or the events.
    const afterwards = JSON.stringify([
      await t.current.call('GET', '/api/v1/invitations', { token: tenant.owner.token }),
      await t.current.call('GET', '/api/v1/identity/audit', { token: tenant.owner.token }),
      await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token }),
      (await t.current.db.query('SELECT value FROM outbox_events WHERE org_id = $1', [tenant.id])).rows,
    ]);
    expect(afterwards).not.toContain(token);
  });

  it('refuses owner as a role (400), and people without members:manage (403), writing nothing', async () => {
    const tenant = await t.current.tenant();
    const analyst = await t.current.member(tenant, 'analyst');
    const before = await t.current.snapshot(tenant);
    const owner = await issue(tenant.owner.token, { email: freshAddress(), role: 'owner' });
    expect(owner.status).toBe(400);
    const refused = await issue(analyst.token, { email: freshAddress(), role: 'viewer' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'missing permission members:manage', code: 'forbidden', required_scope: 'members:manage', principal: 'user' });
    const { rows } = await t.current.db.query('SELECT 1 FROM invitations WHERE org_id = $1', [tenant.id]);
    expect(rows).toEqual([]);
    expect((await t.current.snapshot(tenant)).invitations).toEqual(before.invitations);
  });

  it('refuses an address that is a member or holds a redeemable invitation (409), audited', async () => {
    const tenant = await t.current.tenant();
    await setPlan(t.current, tenant, 'pro');
    const member = await t.current.member(tenant, 'viewer');
    const asMember = await issue(tenant.owner.token, { email: member.email.toUpperCase(), role: 'viewer' });
    expect(asMember.status).toBe(409);
    expect(asMember.body).toEqual({ error: 'this address belongs to a member already', code: 'conflict' });
    const first = await invite(t.current, tenant, 'viewer');
    const again = await issue(tenant.owner.token, { email: first.email, role: 'admin' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/invitation that can still be redeemed/);
    const refusals = (await t.current.call('GET', '/api/v1/identity/audit?action=invitation.creation_refused', { token: tenant.owner.token })).body.events;
    expect(refusals.map((e: { detail: { email: string; reason: string } }) => e.detail.email)).toEqual([first.email, member.email]);
  });

  it("refuses issuing past the plan's seats with 409 seat_limit_reached; a withdrawn or expired invitation frees its seat", async () => {
    const tenant = await t.current.tenant();
    // Free: 3 seats. The owner holds one, two invitations the others.
    const [first, second] = [await invite(t.current, tenant, 'viewer'), await invite(t.current, tenant, 'analyst')];
    const refused = await issue(tenant.owner.token, { email: freshAddress(), role: 'viewer' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'every seat of the plan is taken (3 of 3): withdraw an invitation, remove a member or change the plan',
      code: 'conflict',
      rule: 'seat_limit_reached',
    });
    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=invitation.creation_refused', { token: tenant.owner.token })).body.events;
    expect(event.detail.reason).toBe(refused.body.error);

    expect((await t.current.call('DELETE', `/api/v1/invitations/${first.id}`, { token: tenant.owner.token })).status).toBe(204);
    await invite(t.current, tenant, 'viewer');
    await t.current.db.query("UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [second.id]);
    await invite(t.current, tenant, 'viewer');
    expect((await issue(tenant.owner.token, { email: freshAddress(), role: 'viewer' })).status).toBe(409);
    expect(await seatsHeld(tenant)).toBe(3);

    // Enterprise seats are unlimited.
    await setPlan(t.current, tenant, 'enterprise');
    for (let i = 0; i < 4; i += 1) await invite(t.current, tenant, 'viewer');
    expect(await seatsHeld(tenant)).toBe(7);
  });

  it('never exceeds the seats when invitations arrive at once: 10 requests for 2 free seats give 2 invitations', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const otherBefore = await t.current.snapshot(other);
    const burst = async (count: number) =>
      (await Promise.all(Array.from({ length: count }, () => issue(tenant.owner.token, { email: freshAddress(), role: 'viewer' })))).map((r) => r.status);
    // Free: 3 seats, the owner holds one.
    const statuses = await burst(10);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8);
    expect(await seatsHeld(tenant)).toBe(3);

    // Pro: 10 seats, 3 held: 7 free for 15 requests at once.
    await setPlan(t.current, tenant, 'pro');
    const larger = await burst(15);
    expect(larger.filter((s) => s === 201)).toHaveLength(7);
    expect(larger.filter((s) => s === 409)).toHaveLength(8);
    expect(await seatsHeld(tenant)).toBe(10);
    expect(await t.current.snapshot(other)).toEqual(otherBefore);
  });
});
