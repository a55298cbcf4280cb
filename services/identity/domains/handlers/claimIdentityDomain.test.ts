import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { TOKEN_LIFETIME_MS } from '../domain-claims.js';
import { freshDomain } from '../testing/domains.js';

describe.each(handlerTestProfiles)('POST /api/v1/identity/domains ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const claim = (token: string, domain: string) => t.current.call('POST', '/api/v1/identity/domains', { token, body: { domain } });

  it('claims a domain in its ASCII form, pending with a week-long token, audited; the same name twice is 409', async () => {
    const tenant = await t.current.tenant();
    const before = Date.now();
    const response = await claim(tenant.owner.token, ' Bücher-Acme.DE. ');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      domain: 'xn--bcher-acme-9db.de',
      state: 'pending',
      verification: { type: 'TXT', name: '_sentinel-challenge.xn--bcher-acme-9db.de' },
      verified_at: null,
      last_checked_at: null,
      last_check_error: null,
      consecutive_failures: 0,
      verification_lapsed_at: null,
      created_by: tenant.owner.id,
    });
    const expires = Date.parse(response.body.verification.token_expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + TOKEN_LIFETIME_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + TOKEN_LIFETIME_MS);
    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=domain.claimed', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: tenant.owner.id }, detail: { domain_id: response.body.id, domain: 'xn--bcher-acme-9db.de' } });

    const again = await claim(tenant.owner.token, 'bücher-acme.de');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', rule: 'domain_already_claimed' });
  });

  it.each([
    ['com', 'com is a public suffix, shared by everyone registered under it: claim your own domain beneath it'],
    ['acme.github.io.example.local', 'names under .local resolve only on a local network or nowhere, so they cannot be verified'],
    ['127.0.0.1', 'an address is not a domain: claim the domain name the addresses of your people end in'],
    ['localhost', 'names under .localhost resolve only on a local network or nowhere, so they cannot be verified'],
  ])('refuses %j with a 400 saying why, writing nothing', async (domain, error) => {
    const tenant = await t.current.tenant();
    const response = await claim(tenant.owner.token, domain);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error, code: 'validation_failed' });
    expect((await t.current.call('GET', '/api/v1/identity/domains', { token: tenant.owner.token })).body.items).toEqual([]);
  });

  it('is for owners: an admin is refused with 403 and an API key cannot hold identity:manage', async () => {
    const tenant = await t.current.tenant();
    const admin = await t.current.member(tenant, 'admin');
    const refused = await claim(admin.token, freshDomain());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ required_scope: 'identity:manage', principal: 'user' });
    expect((await t.current.call('GET', '/api/v1/identity/domains', { token: tenant.owner.token })).body.items).toEqual([]);
  });
});
