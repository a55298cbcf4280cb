import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, type TestTenant } from '../../../../test/support/test-app.js';
import { systemScope } from '../../../platform/tenancy.js';
import { TOKEN_LIFETIME_MS } from '../domain-claims.js';
import { verifiedDomainOwnerOf } from '../index.js';
import { claim, freshDomain, publish, useDomainsTestApp } from '../testing/domains.js';

describe.each(handlerTestProfiles)('POST /api/v1/identity/domains/{id}/verify ($profile)', (profile) => {
  const app = useDomainsTestApp(profile);
  const { t } = app;
  expectNeighbourUntouchedAfterEach(t);
  const verify = (token: string, id: string) => t.current.call('POST', `/api/v1/identity/domains/${id}/verify`, { token });
  const trail = async (tenant: TestTenant, action: string, token = tenant.owner.token) =>
    (await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token })).body.events as { actor: { id: string | null }; detail: Record<string, unknown> }[];
  const owner = (address: string) => verifiedDomainOwnerOf(t.current.db, systemScope('match-verified-domain'), address);

  it('verifies a claim whose TXT record carries its value, among other records, and then enables the domain for its addresses', async () => {
    const tenant = await t.current.tenant();
    const claimed = await claim(t.current, tenant);
    expect(claimed.verification).toMatchObject({ type: 'TXT', name: `_sentinel-challenge.${claimed.domain}` });
    expect(claimed.verification.value).toMatch(/^sentinel-domain-verification=[A-Za-z0-9_-]{32}$/);
    // A record split into several strings counts as their concatenation; other TXT records are ignored.
    const [prefix, rest] = [claimed.verification.value.slice(0, 20), claimed.verification.value.slice(20)];
    app.dns.set(claimed.verification.name, [['google-site-verification=xyz'], [prefix, rest]]);
    expect(await owner(`ada@${claimed.domain}`)).toBeUndefined();

    const response = await verify(tenant.owner.token, claimed.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: claimed.id, state: 'verified', last_check_error: null, consecutive_failures: 0 });
    expect(response.body.verified_at).toEqual(response.body.last_checked_at);
    expect(await owner(`Ada@${claimed.domain.toUpperCase()}`)).toEqual({ orgId: tenant.id, domainId: claimed.id, domain: claimed.domain });
    expect(await owner(`ada@sub.${claimed.domain}`)).toBeUndefined();
    expect(await trail(tenant, 'domain.verified')).toEqual([expect.objectContaining({ actor: expect.objectContaining({ id: tenant.owner.id }), detail: { domain_id: claimed.id, domain: claimed.domain } })]);

    // Verifying again answers the verified claim and looks nothing up.
    const asked = app.dns.queries();
    expect((await verify(tenant.owner.token, claimed.id)).body).toEqual(response.body);
    expect(app.dns.queries()).toBe(asked);
  });

  it.each([
    ['no record at the name', undefined, /no TXT record found at _sentinel-challenge\./],
    ['a record without the value', [['v=spf1 -all']], /no TXT record at _sentinel-challenge\.\S+ carries this claim's verification value/],
    ['another claim’s value', [['sentinel-domain-verification=someone-else']], /carries another verification value than this claim's/],
    ['an empty answer', [], /no TXT record found/],
    ['a failing DNS server', 'servfail' as const, /the DNS lookup of _sentinel-challenge\.\S+ failed \(ESERVFAIL\)/],
  ])('refuses with 422 when DNS shows %s, recording the failure', async (_case, entry, reason) => {
    const tenant = await t.current.tenant();
    const claimed = await claim(t.current, tenant);
    app.dns.set(claimed.verification.name, entry);
    const response = await verify(tenant.owner.token, claimed.id);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'unprocessable', rule: 'verification_record_missing' });
    expect(response.body.error).toMatch(reason);
    expect(response.body.error).toContain(claimed.verification.value);
    const after = (await t.current.call('GET', `/api/v1/identity/domains/${claimed.id}`, { token: tenant.owner.token })).body;
    expect(after).toMatchObject({ state: 'pending', verified_at: null });
    expect(after.last_check_error).toMatch(reason);
    const [failed] = await trail(tenant, 'domain.verification_failed');
    expect(failed!.detail).toMatchObject({ domain_id: claimed.id, domain: claimed.domain });
    expect(failed!.detail.reason).toMatch(reason);
    expect(await owner(`ada@${claimed.domain}`)).toBeUndefined();
  });

  it('keeps another organization from seeing, verifying or releasing a claim, and from verifying a domain held verified', async () => {
    const [first, second] = await t.current.twoTenants();
    const domain = freshDomain();
    const theirs = await claim(t.current, first, domain);
    publish(app.dns, theirs);
    // The second organization's view of the first's claim: the same 404 as a missing one.
    for (const [method, suffix] of [['GET', ''], ['DELETE', ''], ['POST', '/verify'], ['POST', '/token']] as const) {
      const foreign = await t.current.call(method, `/api/v1/identity/domains/${theirs.id}${suffix}`, { token: second.owner.token });
      const missing = await t.current.call(method, `/api/v1/identity/domains/${crypto.randomUUID()}${suffix}`, { token: second.owner.token });
      expect([foreign.status, foreign.raw]).toEqual([404, missing.raw]);
    }
    expect((await verify(first.owner.token, theirs.id)).status).toBe(200);

    // The second may claim the same name, with a token of its own; it cannot verify it while the first holds it,
    // even by publishing its own value beside the first's.
    const ours = await claim(t.current, second, domain);
    expect(ours.verification.value).not.toBe(theirs.verification.value);
    app.dns.set(ours.verification.name, [[theirs.verification.value], [ours.verification.value]]);
    const refused = await verify(second.owner.token, ours.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: `${domain} is verified by another organization; it can be verified here only once that organization releases it`, code: 'conflict', rule: 'domain_verified_elsewhere' });
    expect((await trail(second, 'domain.verification_failed'))[0]!.detail).toMatchObject({ domain_id: ours.id, reason: 'verified by another organization' });
    expect(await owner(`ada@${domain}`)).toMatchObject({ orgId: first.id });
    expect((await t.current.call('GET', '/api/v1/identity/domains', { token: second.owner.token })).body.items.map((d: { id: string }) => d.id)).toEqual([ours.id]);

    // Once the first releases it, the second's claim verifies.
    expect((await t.current.call('DELETE', `/api/v1/identity/domains/${theirs.id}`, { token: first.owner.token })).status).toBe(204);
    expect((await verify(second.owner.token, ours.id)).body.state).toBe('verified');
    expect(await owner(`ada@${domain}`)).toMatchObject({ orgId: second.id, domainId: ours.id });
  });

  it('lets two organizations race to verify one domain: exactly one holds it', async () => {
    const [first, second] = await t.current.twoTenants();
    const domain = freshDomain();
    const claims = [await claim(t.current, first, domain), await claim(t.current, second, domain)];
    app.dns.set(claims[0]!.verification.name, claims.map((c) => [c.verification.value]));
    const answers = await Promise.all([verify(first.owner.token, claims[0]!.id), verify(second.owner.token, claims[1]!.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const { rows } = await t.current.db.query('SELECT org_id FROM identity_domains WHERE domain = $1 AND verified_at IS NOT NULL', [domain]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a claim whose token expired, until a new token is issued and published', async () => {
    const tenant = await t.current.tenant();
    const claimed = await claim(t.current, tenant);
    publish(app.dns, claimed);
    app.setClock(new Date(Date.parse(claimed.verification.token_expires_at) + 1000));
    try {
      const { token } = await t.current.login(tenant.owner);
      expect((await t.current.call('GET', `/api/v1/identity/domains/${claimed.id}`, { token })).body.state).toBe('expired');
      const expired = await verify(token, claimed.id);
      expect(expired.status).toBe(409);
      expect(expired.body).toMatchObject({ rule: 'verification_token_expired' });
      expect((await trail(tenant, 'domain.verification_failed', token))[0]!.detail.reason).toBe('the verification token expired');

      const reissued = await t.current.call('POST', `/api/v1/identity/domains/${claimed.id}/token`, { token });
      expect(reissued.body).toMatchObject({ state: 'pending' });
      expect(Date.parse(reissued.body.verification.token_expires_at) - (Date.parse(claimed.verification.token_expires_at) + 1000)).toBe(TOKEN_LIFETIME_MS);
      // The old value, still published, no longer verifies.
      expect((await verify(token, claimed.id)).status).toBe(422);
      publish(app.dns, reissued.body);
      expect((await verify(token, claimed.id)).body.state).toBe('verified');
    } finally {
      app.setClock(undefined);
    }
  });

  it('is for owners only: an admin reads the claim but cannot verify it', async () => {
    const tenant = await t.current.tenant();
    const claimed = await claim(t.current, tenant);
    publish(app.dns, claimed);
    const admin = await t.current.member(tenant, 'admin');
    expect((await t.current.call('GET', `/api/v1/identity/domains/${claimed.id}`, { token: admin.token })).status).toBe(200);
    const refused = await verify(admin.token, claimed.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ required_scope: 'identity:manage' });
    expect(await owner(`ada@${claimed.domain}`)).toBeUndefined();
  });
});
