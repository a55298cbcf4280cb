// The SAML assertion consumer against a samlify identity provider signing real
// responses: what it accepts ends in a code for POST /auth/exchange, and every
// response that fails a check (signature, issuer, audience, recipient, destination,
// validity window, InResponseTo, replay) ends in error sign_in_failed with no code.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { verifiedDomain } from '../../accounts/testing/enterprise-identity.js';
import { createTestSamlIdp, newSigningKey, type TestSamlIdp } from '../testing/saml-idp.js';
import { createSamlProvider, exchange, postSamlForm, relayedFields, RETURN_URL, samlSignIn, SsoBrowser, startSignIn, type SsoProvider } from '../testing/sign-in.js';

describe.each(handlerTestProfiles)('POST /api/v1/auth/sso/{providerId}/saml/acs ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  let idp: TestSamlIdp;
  let tenant: TestTenant;
  let domain: string;
  let provider: SsoProvider;
  const person = () => ({ email: `p-${Math.random().toString(16).slice(2, 10)}@${domain}`, name: 'Pat Example' });

  beforeAll(async () => {
    idp = createTestSamlIdp();
    tenant = await t.current.tenant();
    // Seats are completion's subject, not this file's: every first sign-in here is admitted.
    await t.current.db.query("UPDATE organizations SET plan_code = 'enterprise' WHERE id = $1", [tenant.id]);
    domain = await verifiedDomain(t.current.db, tenant.id);
    provider = await createSamlProvider(t.current, tenant, idp, { jit_provisioning: true });
  });

  it('signs a person in: the return address gets a one-time code that POST /auth/exchange trades for a session in the provider\'s organization', async () => {
    const user = person();
    const outcome = await samlSignIn(t.current, provider, idp, user);
    expect(outcome).toEqual({ returnedTo: RETURN_URL, code: expect.stringMatching(/^snc_/) });
    const token = await exchange(t.current, outcome.code!);
    const me = await t.current.call('GET', '/api/v1/me', { token });
    expect(me.body.email).toBe(user.email);
    expect(me.body.name).toBe(user.name);

    const trail = await t.current.call('GET', `/api/v1/identity/audit?action=session.signed_in&actor=${me.body.id}`, { token: tenant.owner.token });
    expect(trail.body.events.map((event: { detail: unknown }) => event.detail)).toEqual([{ method: 'sso', sso_provider_id: provider.id }]);
  });

  it('accepts a response whose Response, rather than its Assertion, is signed, and one with both signed', async () => {
    expect((await samlSignIn(t.current, provider, idp, person(), { signed: 'response' })).code).toMatch(/^snc_/);
    expect((await samlSignIn(t.current, provider, idp, person(), { signed: 'both' })).code).toMatch(/^snc_/);
  });

  const refused: Array<[string, (user: { email: string }) => Parameters<TestSamlIdp['respond']>[2]]> = [
    ['an unsigned response', () => ({ signed: 'none' })],
    ['a response signed by a key the provider does not trust', () => ({ signingKey: otherKey })],
    ['a signed assertion whose NameID was changed afterwards', (user) => ({ tamper: (xml) => xml.replace(`>${user.email}</saml:NameID>`, '>ceo@' + domain + '</saml:NameID>') })],
    ['a signed assertion whose email attribute was changed afterwards', (user) => ({ tamper: (xml) => xml.replace(`xs:string">${user.email}<`, `xs:string">ceo@${domain}<`) })],
    ['a signed response whose assertion was changed afterwards', (user) => ({ signed: 'response', tamper: (xml) => xml.replace(`>${user.email}</saml:NameID>`, '>ceo@' + domain + '</saml:NameID>') })],
    ['an assertion for another audience', () => ({ audience: 'https://other-service.test/metadata' })],
    ['an assertion for another recipient', () => ({ recipient: 'https://other-service.test/acs' })],
    ['a response for another destination', () => ({ destination: 'https://other-service.test/acs' })],
    ['an assertion of another issuer', () => ({ issuer: 'https://impostor.test/metadata' })],
    ['an expired assertion', () => ({ notOnOrAfterSeconds: -120 })],
    ['an assertion not valid yet', () => ({ notBeforeSeconds: 600 })],
    ['an unsolicited response (no InResponseTo)', () => ({ inResponseTo: null })],
    ['a response to another request', () => ({ inResponseTo: '_not-the-request-we-sent' })],
  ];
  let otherKey: ReturnType<typeof newSigningKey>;
  beforeAll(() => {
    otherKey = newSigningKey('Impostor');
  });

  it.each(refused)('refuses %s: error sign_in_failed, no code, no account', async (_what, variant) => {
    const user = person();
    const codes = async () => (await t.current.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_codes WHERE sso_provider_id = $1', [provider.id])).rows[0]!.n;
    const codesBefore = await codes();
    const outcome = await samlSignIn(t.current, provider, idp, user, variant(user));
    expect(outcome).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_failed' });
    const accounts = await t.current.db.query('SELECT 1 FROM users WHERE email = $1 OR email = $2', [user.email, `ceo@${domain}`]);
    expect(accounts.rows).toEqual([]);
    expect(await codes()).toBe(codesBefore);
  });

  it('refuses a replayed response, and records the failure in the provider\'s organization', async () => {
    const authorizeUrl = await startSignIn(t.current, provider.id);
    const form = await idp.respond(authorizeUrl, person());
    expect((await postSamlForm(t.current, provider.id, form)).code).toMatch(/^snc_/);
    expect(await postSamlForm(t.current, provider.id, form)).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_expired' });

    // The same assertion again, answering a fresh request of ours (its RelayState): the replay check refuses it.
    const assertionId = /<saml:Assertion [^>]*ID="([^"]+)"/.exec(idp.decode(form.SAMLResponse))![1]!;
    const again = await startSignIn(t.current, provider.id);
    const replayed = await idp.respond(again, person(), { tamper: () => idp.decode(form.SAMLResponse) });
    const relayState = new URL(again).searchParams.get('RelayState')!;
    await t.current.db.query('UPDATE sso_pending_sign_ins SET saml_request_id = $2 WHERE sso_provider_id = $1 AND saml_request_id = $3', [provider.id, form.requestId, replayed.requestId]);
    expect(await postSamlForm(t.current, provider.id, { SAMLResponse: replayed.SAMLResponse, RelayState: relayState })).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_failed' });
    const consumed = await t.current.db.query('SELECT 1 FROM sso_consumed_assertions WHERE sso_provider_id = $1 AND assertion_id = $2', [provider.id, assertionId]);
    expect(consumed.rows).toHaveLength(1);

    const failures = await t.current.call('GET', '/api/v1/identity/audit?action=sso.sign_in_failed', { token: tenant.owner.token });
    expect(failures.body.events.length).toBeGreaterThan(0);
    expect(failures.body.events[0].detail).toMatchObject({ sso_provider_id: provider.id, reason: expect.any(String) });
  });

  it('refuses a response with no pending sign-in (no RelayState, or an unknown one) with error sign_in_expired', async () => {
    const form = await idp.respond(await startSignIn(t.current, provider.id), person());
    expect(await postSamlForm(t.current, provider.id, { SAMLResponse: form.SAMLResponse })).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_expired' });
    expect(await postSamlForm(t.current, provider.id, { SAMLResponse: form.SAMLResponse, RelayState: 'unknown-relay-state' })).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_expired' });
  });

  it('refuses a pending sign-in older than ten minutes', async () => {
    const authorizeUrl = await startSignIn(t.current, provider.id);
    await t.current.db.query("UPDATE sso_pending_sign_ins SET expires_at = now() - interval '1 second' WHERE sso_provider_id = $1", [provider.id]);
    expect(await postSamlForm(t.current, provider.id, await idp.respond(authorizeUrl, person()))).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_expired' });
  });

  it('refuses a response posted to another provider\'s assertion consumer', async () => {
    const [, other] = await t.current.twoTenants();
    const otherProvider = await createSamlProvider(t.current, other, idp);
    const form = await idp.respond(await startSignIn(t.current, provider.id), person());
    expect(await postSamlForm(t.current, otherProvider.id, form)).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_failed' });
  });

  it('refuses a form field given twice (400), and a body that is not a form (415)', async () => {
    const form = await idp.respond(await startSignIn(t.current, provider.id), person());
    const twice = await t.current.call('POST', `/api/v1/auth/sso/${provider.id}/saml/acs`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `SAMLResponse=${encodeURIComponent(form.SAMLResponse)}&SAMLResponse=x&RelayState=${form.RelayState}`,
    });
    expect(twice.status).toBe(400);
    // 415 is a transport-level refusal the document does not declare per operation: asked without the client that checks declarations.
    const json = await t.current.app.fastify.inject({ method: 'POST', url: `/api/v1/auth/sso/${provider.id}/saml/acs`, payload: { SAMLResponse: form.SAMLResponse, RelayState: form.RelayState } });
    expect(json.statusCode).toBe(415);
  });

  describe('bound to the browser that started it', () => {
    const acs = (providerId: string) => `/api/v1/auth/sso/${providerId}/saml/acs`;
    const post = (providerId: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      t.current.call('POST', acs(providerId), { headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });
    /** What a client sees of an answer: everything but the request id. */
    const seen = (response: { status: number; headers: Record<string, unknown>; raw: string }) => ({
      status: response.status,
      location: response.headers.location,
      setCookie: response.headers['set-cookie'],
      body: response.raw,
    });
    const unbound = async (providerId: string) =>
      (await t.current.call('GET', '/api/v1/identity/audit?action=sso.sign_in_unbound', { token: tenant.owner.token })).body.events
        .filter((event: { detail: { sso_provider_id: string } }) => event.detail.sso_provider_id === providerId)
        .map((event: { detail: unknown }) => event.detail);
    const accountOf = async (email: string) => (await t.current.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows;

    it('answers a post without the cookie with a page posting it again from this origin; relayed without the cookie it ends as a forged RelayState does, recorded; the starting browser still signs in', async () => {
      const own = await createSamlProvider(t.current, tenant, idp, { jit_provisioning: true });
      const user = person();
      const victim = new SsoBrowser();
      const form = await idp.respond(await startSignIn(t.current, own.id, undefined, victim), user);

      const relay = await post(own.id, { SAMLResponse: form.SAMLResponse, RelayState: form.RelayState });
      expect(relay.status).toBe(200);
      expect(relay.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(String(relay.headers['content-security-policy'])).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; form-action https:\/\/sentinel\.example\.test; frame-ancestors 'none'; base-uri 'none'$/);
      expect(relay.raw).toContain(`<form method="post" action="https://sentinel.example.test${acs(own.id)}">`);
      expect(relayedFields(relay.raw)).toEqual({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState, relayed: 'true' });
      expect(relay.headers['set-cookie']).toBeUndefined();

      const replayed = seen(await post(own.id, relayedFields(relay.raw)));
      const forged = seen(await post(own.id, { SAMLResponse: form.SAMLResponse, RelayState: 'forged-relay-state', relayed: 'true' }));
      expect(replayed).toEqual(forged);
      expect(replayed).toMatchObject({ status: 302, location: `${RETURN_URL}?error=sign_in_expired`, setCookie: 'sentinel_sso=; Max-Age=0; Path=/api/v1/auth/sso/; HttpOnly; SameSite=Lax; Secure' });
      expect(await accountOf(user.email)).toEqual([]);
      expect(await unbound(own.id)).toEqual([expect.objectContaining({ sso_provider_id: own.id, protocol: 'saml', binding: 'no_cookie' })]);

      expect((await postSamlForm(t.current, own.id, form, victim)).code).toMatch(/^snc_/);
      expect(victim.cookie).toBeUndefined();
    });

    it('refuses a response posted by a browser that holds another sign-in\'s cookie (login CSRF), as a forged RelayState', async () => {
      const own = await createSamlProvider(t.current, tenant, idp, { jit_provisioning: true });
      const attacker = new SsoBrowser();
      const attackersForm = await idp.respond(await startSignIn(t.current, own.id, undefined, attacker), person());
      const victim = new SsoBrowser();
      await startSignIn(t.current, own.id, undefined, victim);

      const fields = { SAMLResponse: attackersForm.SAMLResponse, RelayState: attackersForm.RelayState };
      const refused = seen(await post(own.id, fields, victim.headers));
      expect(refused).toEqual(seen(await post(own.id, { ...fields, RelayState: 'forged-relay-state' }, victim.headers)));
      expect(refused.location).toBe(`${RETURN_URL}?error=sign_in_expired`);
      expect(await unbound(own.id)).toEqual([expect.objectContaining({ protocol: 'saml', binding: 'another_sign_in' })]);
      expect((await postSamlForm(t.current, own.id, attackersForm, attacker)).code).toMatch(/^snc_/);
    });

    it('refuses an IdP-initiated (unsolicited) response unless the provider allows it; then accepts it once, at the default return address, and still refuses an unbound solicited one', async () => {
      const own = await createSamlProvider(t.current, tenant, idp, { jit_provisioning: true });
      expect((own.saml as { allow_idp_initiated: boolean }).allow_idp_initiated).toBe(false);
      const user = person();
      // An identity provider's portal: no request of ours was answered, and no cookie of ours is in the browser.
      const unsolicited = await idp.respond(await startSignIn(t.current, own.id, undefined, new SsoBrowser()), user, { inResponseTo: null });
      const portal = { SAMLResponse: unsolicited.SAMLResponse, RelayState: 'https://portal.example.test/apps' };
      expect(await postSamlForm(t.current, own.id, portal, new SsoBrowser())).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_expired' });
      expect(await accountOf(user.email)).toEqual([]);

      const patched = await t.current.call('PATCH', `/api/v1/identity/sso/providers/${own.id}`, { token: tenant.owner.token, body: { saml: { allow_idp_initiated: true } } });
      expect(patched.status, patched.raw).toBe(200);
      expect(patched.body.saml.allow_idp_initiated).toBe(true);
      const changed = await t.current.call('GET', `/api/v1/identity/audit?action=sso_provider.updated`, { token: tenant.owner.token });
      expect(changed.body.events.find((event: { detail: { sso_provider_id: string } }) => event.detail.sso_provider_id === own.id).detail.changed).toEqual(['saml.allow_idp_initiated']);

      const accepted = await postSamlForm(t.current, own.id, portal, new SsoBrowser());
      expect(accepted).toEqual({ returnedTo: RETURN_URL, code: expect.stringMatching(/^snc_/) });
      const me = await t.current.call('GET', '/api/v1/me', { token: await exchange(t.current, accepted.code!) });
      expect(me.body.email).toBe(user.email);
      // Used once.
      expect(await postSamlForm(t.current, own.id, portal, new SsoBrowser())).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_failed' });
      // A response answering a request of ours needs that request's browser, whatever the provider allows.
      const solicited = await idp.respond(await startSignIn(t.current, own.id, undefined, new SsoBrowser()), person());
      expect(await postSamlForm(t.current, own.id, solicited, new SsoBrowser())).toEqual({ returnedTo: RETURN_URL, error: 'sign_in_expired' });
    });
  });
});
