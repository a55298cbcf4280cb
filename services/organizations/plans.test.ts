// Moving an organization to another plan (`sentinel org plan`, test/org-plan-command.test.ts
// runs the command itself), and the seat rules once a plan has shrunk below the seats
// an organization holds: accepting an invitation, a directory's create and a
// just-in-time sign-in are refused; every removal is allowed; back within the seats,
// admission works again.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestTenant } from '../../test/support/test-app.js';
import { verifiedDomain } from '../identity/accounts/testing/enterprise-identity.js';
import { accept, freshAddress, invite } from '../identity/invitations/testing/invitations.js';
import { directoryOf, patchBody, userBody } from '../identity/scim/testing/scim-client.js';
import { createTestSamlIdp, type TestSamlIdp } from '../identity/sso/testing/saml-idp.js';
import { createSamlProvider, samlSignIn } from '../identity/sso/testing/sign-in.js';
import { systemScope } from '../platform/tenancy.js';
import { changeOrganizationPlan } from './plans.js';

describe.each(testProfiles)('changing an organization\'s plan ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  let idp: TestSamlIdp;
  beforeAll(() => {
    idp = createTestSamlIdp();
  });

  const changePlan = (orgId: string, plan: string) => changeOrganizationPlan(t.current.db, systemScope('change-organization-plan'), orgId, plan);
  const planOf = async (tenant: TestTenant) => (await t.current.db.query<{ plan_code: string }>('SELECT plan_code FROM organizations WHERE id = $1', [tenant.id])).rows[0]!.plan_code;
  const trail = async (tenant: TestTenant, action: string) =>
    (await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token: tenant.owner.token })).body.events as Array<{ actor: unknown; detail: Record<string, unknown> }>;
  const roster = async (tenant: TestTenant) => (await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members as Array<{ user_id: string; email: string }>;

  it('moves the named organization alone, records it in its trail as the system\'s, and refuses an unknown organization or plan', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const otherBefore = await t.current.snapshot(other);

    expect(await changePlan(tenant.id, 'team')).toEqual({ outcome: 'changed', name: expect.any(String), from: { code: 'free', seats: 3 }, to: { code: 'team', seats: 50 }, held: 1 });
    expect([await planOf(tenant), await planOf(other)]).toEqual(['team', 'free']);
    expect((await t.current.call('GET', '/api/v1/orgs', { token: tenant.owner.token })).body.organizations.find((org: { id: string }) => org.id === tenant.id).plan).toMatchObject({ code: 'team', seats: 50 });
    const [event] = await trail(tenant, 'organization.plan_changed');
    expect(event).toMatchObject({ actor: { kind: 'system', id: null }, detail: { from: 'free', to: 'team', seats: 50, seats_held: 1, by: 'operator command sentinel org plan' } });

    // Already there: nothing changes and nothing is recorded.
    expect(await changePlan(tenant.id, 'team')).toMatchObject({ outcome: 'unchanged', plan: { code: 'team', seats: 50 }, held: 1 });
    expect(await trail(tenant, 'organization.plan_changed')).toHaveLength(1);

    expect(await changePlan(randomUUID(), 'pro')).toEqual({ outcome: 'unknown_organization' });
    expect(await changePlan('acme', 'pro')).toEqual({ outcome: 'unknown_organization' });
    expect(await changePlan(tenant.id, 'gold')).toEqual({
      outcome: 'unknown_plan',
      plans: [
        { code: 'free', seats: 3 },
        { code: 'pro', seats: 10 },
        { code: 'team', seats: 50 },
        { code: 'enterprise', seats: null },
      ],
    });
    expect(await planOf(tenant)).toBe('team');
    expect(await t.current.snapshot(other)).toEqual(otherBefore);
    expect(await trail(other, 'organization.plan_changed')).toEqual([]);
  });

  it('once shrunk below the seats held, refuses accepting an invitation, allows every removal, and admits again within the plan', async () => {
    const tenant = await t.current.tenant();
    await changePlan(tenant.id, 'pro');
    const analyst = await t.current.member(tenant, 'analyst');
    const viewer = await t.current.member(tenant, 'viewer');
    const issued = await invite(t.current, tenant, 'viewer');
    const spare = await invite(t.current, tenant, 'viewer', freshAddress());
    const person = await t.current.signup({ email: issued.email });
    // 5 seats held (3 members, 2 invitations); Free has 3.
    expect(await changePlan(tenant.id, 'free')).toMatchObject({ outcome: 'changed', from: { code: 'pro' }, to: { code: 'free', seats: 3 }, held: 5 });

    const refused = await accept(t.current, person, issued.token);
    expect([refused.status, refused.body.rule]).toEqual([409, 'over_seat_limit']);
    // Issuing another is refused too: no seat is free.
    const more = await t.current.call('POST', '/api/v1/invitations', { token: tenant.owner.token, body: { email: freshAddress(), role: 'viewer' } });
    expect([more.status, more.body.rule]).toEqual([409, 'seat_limit_reached']);
    // Nothing that removes access is refused while over the seats.
    expect((await t.current.call('DELETE', `/api/v1/invitations/${spare.id}`, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/members/${viewer.id}`, { token: tenant.owner.token })).status).toBe(204);
    expect((await t.current.call('DELETE', `/api/v1/me/memberships/${tenant.id}`, { token: analyst.token })).status).toBe(204);
    // 2 held (the owner and the invitation): within the plan again.
    expect((await accept(t.current, person, issued.token)).status).toBe(200);
    expect((await roster(tenant)).map((member) => member.user_id)).toEqual([tenant.owner.id, person.id]);
  });

  it('once shrunk, refuses a directory\'s create with 402 and allows its deactivations and deletions', async () => {
    const tenant = await t.current.tenant();
    const domain = await verifiedDomain(t.current.db, tenant.id);
    const directory = await directoryOf(t.current, tenant);
    await changePlan(tenant.id, 'pro');
    const address = () => `${randomUUID().slice(0, 8)}@${domain}`;
    const pushed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const email = address();
      const created = await directory.call('POST', '/Users', userBody(domain, { userName: email, emails: [{ value: email, primary: true }] }));
      expect(created.status, created.raw).toBe(201);
      pushed.push(created.body.id);
    }
    // 5 held: the owner and four directory members; Free has 3.
    await changePlan(tenant.id, 'free');

    const email = address();
    const refused = await directory.call('POST', '/Users', userBody(domain, { userName: email, emails: [{ value: email, primary: true }] }));
    expect([refused.status, refused.body.status]).toEqual([402, '402']);
    expect((await roster(tenant)).map((member) => member.email)).not.toContain(email);
    expect((await directory.call('PATCH', `/Users/${pushed[0]}`, patchBody({ op: 'replace', path: 'active', value: false }))).status).toBe(204);
    expect((await directory.call('DELETE', `/Users/${pushed[1]}`)).status).toBe(204);
    expect(await roster(tenant)).toHaveLength(3);
    // At the limit still: a seat is free only below it.
    expect((await directory.call('POST', '/Users', userBody(domain, { userName: email, emails: [{ value: email, primary: true }] }))).status).toBe(402);
    expect((await directory.call('DELETE', `/Users/${pushed[2]}`)).status).toBe(204);
    expect((await directory.call('POST', '/Users', userBody(domain, { userName: email, emails: [{ value: email, primary: true }] }))).status).toBe(201);
  });

  it('once shrunk, refuses a just-in-time sign-in for want of a seat, and still signs members in', async () => {
    const tenant = await t.current.tenant();
    const domain = await verifiedDomain(t.current.db, tenant.id);
    await changePlan(tenant.id, 'enterprise');
    const provider = await createSamlProvider(t.current, tenant, idp, { jit_provisioning: true });
    const address = () => `${randomUUID().slice(0, 8)}@${domain}`;
    const members = [address(), address(), address()];
    for (const email of members) expect((await samlSignIn(t.current, provider, idp, { email })).code).toMatch(/^snc_/);
    // 4 held: the owner and three provisioned just in time; Free has 3.
    await changePlan(tenant.id, 'free');

    const newcomer = address();
    expect((await samlSignIn(t.current, provider, idp, { email: newcomer })).error).toBe('seat_limit_reached');
    expect((await roster(tenant)).map((member) => member.email)).not.toContain(newcomer);
    const [refusal] = await trail(tenant, 'sso.sign_in_refused');
    expect(refusal!.detail).toMatchObject({ reason: 'seat_limit_reached', email: newcomer });
    // Who holds a seat keeps it: a member signs in as before.
    expect((await samlSignIn(t.current, provider, idp, { email: members[0]! })).code).toMatch(/^snc_/);
  });
});
