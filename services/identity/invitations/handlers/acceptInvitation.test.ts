import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { accept, freshAddress, invite, setPlan } from '../testing/invitations.js';

describe.each(handlerTestProfiles)('POST /api/v1/invitations/accept ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const refusals = async (tenant: TestTenant) =>
    (await t.current.call('GET', '/api/v1/identity/audit?action=invitation.acceptance_refused', { token: tenant.owner.token })).body.events.map(
      (e: { actor: { id: string }; detail: { reason: string } }) => [e.actor.id, e.detail.reason],
    );

  it('seats the invited person with the role and arrival invitation, audited and announced, nothing else touched', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const otherBefore = await t.current.snapshot(other);
    const admin = await t.current.member(tenant, 'admin');
    // The address is compared case-insensitively with the one the person signed up with.
    const issued = await invite(t.current, admin, 'analyst', `Grace.${tenant.id.slice(0, 8)}@Example.TEST`);
    const grace = await t.current.signup({ email: issued.email.toLowerCase() });

    const response = await accept(t.current, grace, issued.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: tenant.id, role: 'analyst', personal: false });
    // Joining changed nothing about where they act (their personal organization, joined first)...
    expect((await t.current.call('GET', '/api/v1/me', { token: grace.token })).body.acting_organization.id).toBe(grace.personalOrgId);
    // ...a member now, they may choose to act in it, with the role the invitation conferred.
    await t.current.actIn(grace, tenant.id);
    expect((await t.current.call('GET', '/api/v1/me', { token: grace.token })).body.acting_organization).toMatchObject({ id: tenant.id, role: 'analyst' });

    const roster = (await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members;
    expect(roster.at(-1)).toMatchObject({ user_id: grace.id, role: 'analyst', arrival: 'invitation', directory_sourced: false });
    const [listed] = (await t.current.call('GET', '/api/v1/invitations', { token: tenant.owner.token })).body.invitations;
    expect(listed).toMatchObject({ id: issued.id, state: 'redeemed', redeemed_by: grace.id });
    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=invitation.redeemed', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: grace.id }, detail: { invitation_id: issued.id, user_id: grace.id, role: 'analyst', invited_by: admin.id } });
    const { rows } = await t.current.db.query<{ value: { type: string; subject_id: string } }>(
      "SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' IN ('invitation.redeemed', 'member.added') ORDER BY seq",
      [tenant.id],
    );
    expect(rows.map((r) => [r.value.type, r.value.subject_id]).slice(-2)).toEqual([
      ['member.added', grace.id],
      ['invitation.redeemed', issued.id],
    ]);
    expect(await t.current.snapshot(other)).toEqual(otherBefore);

    // Once only.
    const again = await accept(t.current, grace, issued.token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'this invitation was redeemed already', code: 'conflict', rule: 'invitation_redeemed' });
  });

  it('answers an unknown token and one addressed to someone else with the same 404, auditing the second', async () => {
    const tenant = await t.current.tenant();
    const issued = await invite(t.current, tenant, 'viewer');
    const stranger = await t.current.signup();
    const wrongPerson = await accept(t.current, stranger, issued.token);
    const unknown = await accept(t.current, stranger, `sni_${'A'.repeat(43)}`);
    expect(wrongPerson.status).toBe(404);
    expect(wrongPerson.raw).toBe(unknown.raw);
    expect(await refusals(tenant)).toEqual([[stranger.id, 'the invitation is for another address']]);
    // Still redeemable by the person it is for.
    const invited = await t.current.signup({ email: issued.email });
    expect((await accept(t.current, invited, issued.token)).status).toBe(200);
  });

  it('refuses a withdrawn or expired invitation with 409, audited', async () => {
    const tenant = await t.current.tenant();
    const [withdrawn, expired] = [await invite(t.current, tenant, 'viewer'), await invite(t.current, tenant, 'viewer')];
    await t.current.call('DELETE', `/api/v1/invitations/${withdrawn.id}`, { token: tenant.owner.token });
    await t.current.db.query("UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    const [first, second] = [await t.current.signup({ email: withdrawn.email }), await t.current.signup({ email: expired.email })];
    const refusedWithdrawn = await accept(t.current, first, withdrawn.token);
    expect(refusedWithdrawn.status).toBe(409);
    expect(refusedWithdrawn.body.rule).toBe('invitation_withdrawn');
    const refusedExpired = await accept(t.current, second, expired.token);
    expect(refusedExpired.status).toBe(409);
    expect(refusedExpired.body.rule).toBe('invitation_expired');
    expect(await refusals(tenant)).toEqual([
      [second.id, 'this invitation has expired'],
      [first.id, 'this invitation was withdrawn'],
    ]);
    expect((await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members).toHaveLength(1);
  });

  it("checks the role ceiling again against the inviter's role now: demoted or gone, the invitation admits nobody", async () => {
    const tenant = await t.current.tenant();
    await setPlan(t.current, tenant, 'pro');
    const [demoted, removed, stillAdmin] = [await t.current.member(tenant, 'admin'), await t.current.member(tenant, 'admin'), await t.current.member(tenant, 'admin')];
    const fromDemoted = await invite(t.current, demoted, 'viewer');
    const fromRemoved = await invite(t.current, removed, 'analyst');
    const fromAdmin = await invite(t.current, stillAdmin, 'admin');
    expect((await t.current.call('PATCH', `/api/v1/members/${demoted.id}`, { token: tenant.owner.token, body: { role: 'analyst' } })).status).toBe(200);
    expect((await t.current.call('DELETE', `/api/v1/members/${removed.id}`, { token: tenant.owner.token })).status).toBe(204);

    for (const issued of [fromDemoted, fromRemoved]) {
      const person = await t.current.signup({ email: issued.email });
      const refused = await accept(t.current, person, issued.token);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        error: 'whoever invited you can no longer confer this role: ask an administrator for a new invitation',
        code: 'conflict',
        rule: 'inviter_cannot_confer',
      });
    }
    // An admin inviting an admin is within their role.
    const newAdmin = await t.current.signup({ email: fromAdmin.email });
    expect((await accept(t.current, newAdmin, fromAdmin.token)).body.role).toBe('admin');
  });

  it('admits no one to an organization scheduled for deletion (409), and lets a member of one accept elsewhere', async () => {
    const [tenant, doomed] = await t.current.twoTenants();
    const doomedAdmin = await t.current.member(doomed, 'owner');
    const toDoomed = await invite(t.current, doomedAdmin, 'viewer', freshAddress());
    const toTenant = await invite(t.current, tenant.owner, 'viewer', freshAddress());
    const name = (await t.current.call('GET', '/api/v1/me', { token: doomed.owner.token })).body.acting_organization.name;
    await t.current.actIn(doomedAdmin, doomed.id);
    expect((await t.current.call('POST', '/api/v1/orgs/current/deletion', { token: doomedAdmin.token, body: { confirm_name: name } })).status).toBe(200);

    const joining = await t.current.signup({ email: toDoomed.email });
    const refused = await accept(t.current, joining, toDoomed.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', rule: 'organization_deletion_scheduled' });
    expect((await t.current.call('GET', '/api/v1/members', { token: doomed.owner.token })).body.members.map((m: { user_id: string }) => m.user_id)).not.toContain(joining.id);

    // Acting in the doomed organization does not stop its member from joining another one.
    const leaving = await t.current.signup({ email: toTenant.email });
    await t.current.db.query("INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, 'viewer', 'manual')", [doomed.id, leaving.id]);
    await t.current.actIn(leaving, doomed.id);
    expect((await accept(t.current, leaving, toTenant.token)).status).toBe(200);
  });

  it('refuses a person who is a member already (409)', async () => {
    const tenant = await t.current.tenant();
    const issued = await invite(t.current, tenant, 'admin');
    const person = await t.current.signup({ email: issued.email });
    await t.current.db.query('INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, $3, $4)', [tenant.id, person.id, 'viewer', 'manual']);
    const refused = await accept(t.current, person, issued.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('you are a member of this organization already');
  });

  it('refuses accepting only while a shrunk plan leaves the organization over its seats; removing people is never refused', async () => {
    const tenant = await t.current.tenant();
    await setPlan(t.current, tenant, 'pro');
    const analyst = await t.current.member(tenant, 'analyst');
    const viewer = await t.current.member(tenant, 'viewer');
    const issued = await invite(t.current, tenant, 'viewer');
    const spare = await invite(t.current, tenant, 'viewer', freshAddress());
    const person = await t.current.signup({ email: issued.email });
    // 5 seats held (3 members, 2 invitations); the plan shrinks to Free's 3.
    await setPlan(t.current, tenant, 'free');

    const refused = await accept(t.current, person, issued.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'the organization holds more seats than its plan has (5 of 3) and cannot admit anyone until it is back within it',
      code: 'conflict',
      rule: 'over_seat_limit',
    });
    // Nothing that removes access is refused, over the limit or not.
    expect((await t.current.call('DELETE', `/api/v1/invitations/${spare.id}`, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/members/${viewer.id}`, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/me/memberships/${tenant.id}`, { token: analyst.token })).status).toBe(204);
    // Now 2 held (the owner and the invitation): within the plan, so the invitation's seat is taken up.
    expect((await accept(t.current, person, issued.token)).status).toBe(200);
    const roster = (await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members;
    expect(roster.map((m: { user_id: string }) => m.user_id)).toEqual([tenant.owner.id, person.id]);
  });

  it('admits exactly at the limit: the invitation already holds the seat it takes up', async () => {
    const tenant = await t.current.tenant();
    const invitations = [await invite(t.current, tenant, 'viewer'), await invite(t.current, tenant, 'analyst')];
    // Free: the owner and two invitations hold all 3 seats.
    for (const issued of invitations) {
      const person = await t.current.signup({ email: issued.email });
      expect((await accept(t.current, person, issued.token)).status).toBe(200);
    }
    expect((await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members).toHaveLength(3);
  });
});
