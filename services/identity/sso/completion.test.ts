// What a vouched sign-in does, through whole SAML sign-ins:
// just-in-time provisioning on and off, only for addresses in a domain the provider's
// own organization verified, within the plan's seats under concurrency, group names
// listed and mapped roles applied, and the retirement of an unverified password account.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { verifiedDomain } from '../accounts/testing/enterprise-identity.js';
import { seated } from '../groups/testing/groups.js';
import { createTestSamlIdp, type TestSamlIdp } from './testing/saml-idp.js';
import { createSamlProvider, exchange, RETURN_URL, samlSignIn } from './testing/sign-in.js';

describe.each(testProfiles)('completing a single sign-on ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  let idp: TestSamlIdp;
  beforeAll(() => {
    idp = createTestSamlIdp();
  });

  /** An organization with a verified domain and a SAML provider (its fields as given); on the Enterprise plan unless told. */
  const organization = async (fields: Record<string, unknown> = {}, plan = 'enterprise') => {
    const tenant = await t.current.tenant();
    await t.current.db.query('UPDATE organizations SET plan_code = $2 WHERE id = $1', [tenant.id, plan]);
    const domain = await verifiedDomain(t.current.db, tenant.id);
    const provider = await createSamlProvider(t.current, tenant, idp, fields);
    return { tenant, domain, provider, address: (local = randomUUID().slice(0, 8)) => `${local}@${domain}` };
  };
  const audit = async (tenant: TestTenant, action: string) =>
    (await t.current.call('GET', `/api/v1/identity/audit?action=${action}&limit=200`, { token: tenant.owner.token })).body.events as Array<{ actor: unknown; detail: Record<string, unknown> }>;
  const membership = async (tenant: TestTenant, email: string) => {
    const roster = await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token });
    return roster.body.members.find((member: { email: string }) => member.email === email) as { user_id: string; role: string; arrival: string } | undefined;
  };

  it('provisions a first-time person just in time: a verified account, the default role, arrival jit, audited', async () => {
    const { tenant, provider, address } = await organization({ jit_provisioning: true, default_role: 'analyst' });
    const email = address();
    const outcome = await samlSignIn(t.current, provider, idp, { email, name: 'New Person' });
    expect(outcome.code).toMatch(/^snc_/);
    expect(await membership(tenant, email)).toMatchObject({ role: 'analyst', arrival: 'jit' });
    const { rows } = await t.current.db.query<{ verified: boolean; password: boolean }>('SELECT email_verified_at IS NOT NULL AS verified, password_hash IS NOT NULL AS password FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([{ verified: true, password: false }]);
    const provisioned = await audit(tenant, 'member.provisioned');
    expect(provisioned[0]!.detail).toMatchObject({ role: 'analyst', arrival: 'jit', sso_provider_id: provider.id });

    // The next sign-in of the same person admits nobody new.
    expect((await samlSignIn(t.current, provider, idp, { email })).code).toMatch(/^snc_/);
    expect(await audit(tenant, 'member.provisioned')).toHaveLength(1);
  });

  it('without just-in-time provisioning signs in members only, and records the refusal of others', async () => {
    const { tenant, provider, address } = await organization({ jit_provisioning: false });
    const stranger = address();
    expect(await samlSignIn(t.current, provider, idp, { email: stranger })).toEqual({ returnedTo: RETURN_URL, error: 'not_a_member' });
    expect(await membership(tenant, stranger)).toBeUndefined();
    expect((await audit(tenant, 'sso.sign_in_refused'))[0]!.detail).toMatchObject({ reason: 'not_a_member', email: stranger, sso_provider_id: provider.id });

    const member = await t.current.signup({ email: address() });
    await t.current.db.transaction((tx) => tx.query("INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, 'viewer', 'manual')", [tenant.id, member.id]));
    const outcome = await samlSignIn(t.current, provider, idp, { email: member.email });
    const me = await t.current.call('GET', '/api/v1/me', { token: await exchange(t.current, outcome.code!) });
    expect(me.body.id).toBe(member.id);
  });

  it('signs nobody in for an address whose domain the provider\'s organization has not verified, whoever verified it', async () => {
    const a = await organization({ jit_provisioning: true });
    const b = await organization({ jit_provisioning: true });
    const unverified = `${randomUUID().slice(0, 8)}@unverified-${randomUUID().slice(0, 8)}.example.test`;
    expect((await samlSignIn(t.current, a.provider, idp, { email: unverified })).error).toBe('domain_not_verified');
    // B's provider asserting an address of A's domain, and A's asserting one of B's.
    const ofA = a.address();
    expect((await samlSignIn(t.current, b.provider, idp, { email: ofA })).error).toBe('domain_not_verified');
    expect((await samlSignIn(t.current, a.provider, idp, { email: b.address() })).error).toBe('domain_not_verified');
    expect(await membership(b.tenant, ofA)).toBeUndefined();
    const { rows } = await t.current.db.query('SELECT 1 FROM users WHERE email = $1', [ofA]);
    expect(rows).toEqual([]);
    // Each refusal is in the trail of the provider's own organization, and only there.
    expect((await audit(b.tenant, 'sso.sign_in_refused')).map((event) => event.detail.email)).toEqual([ofA]);
    expect((await audit(a.tenant, 'sso.sign_in_refused')).map((event) => event.detail.sso_provider_id)).toEqual([a.provider.id, a.provider.id]);
  });

  it('admits exactly the free seats when first sign-ins race for them, recording each refusal with its reason', async () => {
    // Free plan: 3 seats, the owner holds one and a member another: one is free.
    const { tenant, provider, address } = await organization({ jit_provisioning: true }, 'free');
    await seated(t.current, tenant, 'viewer', 'manual');
    const emails = Array.from({ length: 5 }, () => address());
    const outcomes = await Promise.all(emails.map((email) => samlSignIn(t.current, provider, idp, { email })));
    expect(outcomes.filter((outcome) => outcome.code !== undefined)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.error === 'seat_limit_reached')).toHaveLength(4);
    const roster = await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token });
    expect(roster.body.members).toHaveLength(3);
    const refused = await audit(tenant, 'sso.sign_in_refused');
    expect(refused.map((event) => event.detail.reason)).toEqual(['seat_limit_reached', 'seat_limit_reached', 'seat_limit_reached', 'seat_limit_reached']);
  });

  it('lists the groups an assertion names, confers nothing until one is mapped, then applies the mapped role at the next sign-in', async () => {
    const { tenant, provider, address } = await organization({ jit_provisioning: true, default_role: 'viewer' });
    const email = address();
    await samlSignIn(t.current, provider, idp, { email, groups: ['Engineering', 'Security Admins'] });
    const listed = await t.current.call('GET', `/api/v1/identity/groups?source=sso&sso_provider_id=${provider.id}`, { token: tenant.owner.token });
    const groups = (listed.body.items as Array<{ id: string; name: string; role: string | null; member_count: number }>).sort((a, b) => a.name.localeCompare(b.name));
    expect(groups.map((group) => [group.name, group.role, group.member_count])).toEqual([['Engineering', null, 1], ['Security Admins', null, 1]]);
    expect(await membership(tenant, email)).toMatchObject({ role: 'viewer' });

    // Mapped through the groups capability's route; the sign-in after it applies the mapping too.
    const mapped = await t.current.call('PATCH', `/api/v1/identity/groups/${groups[1]!.id}`, { token: tenant.owner.token, body: { role: 'admin' } });
    expect(mapped.status).toBe(200);
    await samlSignIn(t.current, provider, idp, { email, groups: ['Engineering', 'Security Admins'] });
    expect(await membership(tenant, email)).toMatchObject({ role: 'admin', arrival: 'jit' });

    // A person arriving later in a mapped group gets the mapped role at their first sign-in.
    const newcomer = address();
    await samlSignIn(t.current, provider, idp, { email: newcomer, groups: ['Security Admins'] });
    expect(await membership(tenant, newcomer)).toMatchObject({ role: 'admin', arrival: 'jit' });

    // Leaving the group in the directory ends its membership at the next sign-in.
    await samlSignIn(t.current, provider, idp, { email, groups: ['Engineering'] });
    const held = await t.current.db.query('SELECT g.name FROM directory_group_members m JOIN directory_groups g ON g.id = m.group_id WHERE m.org_id = $1 AND m.user_id = $2', [
      tenant.id,
      (await membership(tenant, email))!.user_id,
    ]);
    expect(held.rows).toEqual([{ name: 'Engineering' }]);
  });

  it('retires an unverified password account of the address at the first SSO sign-in; the person gets a fresh account', async () => {
    const { tenant, provider, address } = await organization({ jit_provisioning: true });
    const squatter = await t.current.signup({ email: address() });
    const outcome = await samlSignIn(t.current, provider, idp, { email: squatter.email });
    const me = await t.current.call('GET', '/api/v1/me', { token: await exchange(t.current, outcome.code!) });
    expect(me.body.email).toBe(squatter.email);
    expect(me.body.id).not.toBe(squatter.id);
    const retired = await t.current.db.query<{ retired: boolean }>('SELECT retired_at IS NOT NULL AS retired FROM users WHERE id = $1', [squatter.id]);
    expect(retired.rows).toEqual([{ retired: true }]);
    expect((await t.current.call('POST', '/api/v1/auth/login', { body: { email: squatter.email, password: squatter.password } })).status).toBe(401);
    expect((await t.current.call('GET', '/api/v1/me', { token: squatter.token })).status).toBe(401);
    expect((await audit(tenant, 'user.unverified_account_retired'))[0]!.detail).toMatchObject({ retired_user_id: squatter.id, trigger: 'sso' });
  });

  it('keeps a verified or admitted account of the address and signs that person in', async () => {
    const { tenant, provider, address } = await organization({ jit_provisioning: true });
    const member = await t.current.signup({ email: address() });
    await t.current.db.transaction((tx) => tx.query("INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, 'analyst', 'invitation')", [tenant.id, member.id]));
    const outcome = await samlSignIn(t.current, provider, idp, { email: member.email });
    const me = await t.current.call('GET', '/api/v1/me', { token: await exchange(t.current, outcome.code!) });
    expect(me.body.id).toBe(member.id);
    expect(await audit(tenant, 'user.unverified_account_retired')).toEqual([]);
  });

  it('admits no one into an organization scheduled for deletion', async () => {
    const { tenant, provider, address } = await organization({ jit_provisioning: true });
    await t.current.db.query("UPDATE organizations SET deletion_scheduled_at = now(), deletion_scheduled_by = $2, deletes_at = now() + interval '7 days' WHERE id = $1", [tenant.id, tenant.owner.id]);
    expect((await samlSignIn(t.current, provider, idp, { email: address() })).error).toBe('organization_deletion_scheduled');
  });
});
