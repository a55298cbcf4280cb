// No credential in any log: real flows (sign-up, login, refresh, an API key, a
// webhook endpoint and its rotation, an invitation redeemed, a statement that fails while writing a
// key, and a social and a single sign-on through in-process OpenID Connect providers) run against
// an app whose logger writes everything, at trace level, to memory; then every line is searched
// for each secret the flows used or stored.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedDomain } from '../services/identity/accounts/testing/enterprise-identity.js';
import { createBrowser } from '../services/identity/social-login/testing/browser.js';
import { startOidcPeer, type OidcPeer } from '../services/identity/social-login/testing/peers.js';
import { signInAtProvider, startTestOidcIdp, type TestOidcIdp } from '../services/identity/sso/testing/oidc-idp.js';
import { createOidcProvider, exchange, followCallback, startSignIn } from '../services/identity/sso/testing/sign-in.js';
import { createLogger } from '../services/platform/logger.js';
import { newCredentialValues, seedIdentity } from '../services/nhi/connectors/testing/api-fixtures.js';
import { registerEndpoint } from '../services/webhooks/testing/api-fixtures.js';
import { testProfiles, TEST_PUBLIC_URL, TEST_SIGN_IN_RETURN_URL, useTestApp } from './support/test-app.js';
import { actingAsSchemaOwner } from '../services/platform/db/tenant-scope.js';

describe.each(testProfiles)('logs on $profile', ({ profile }) => {
  const lines: string[] = [];
  const logger = createLogger('trace', {}, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  const peers: { google?: OidcPeer; sso?: TestOidcIdp } = {};
  beforeAll(async () => {
    peers.google = await startOidcPeer(`${TEST_PUBLIC_URL}/api/v1/auth/social/google/callback`);
    peers.sso = await startTestOidcIdp();
  });
  afterAll(async () => {
    await peers.google?.close();
    await peers.sso?.close();
  });
  const t = useTestApp(() => ({
    profile,
    logger,
    allowPrivateSsoIssuers: true,
    socialLogin: { google: { clientId: peers.google!.clientId, clientSecret: peers.google!.clientSecret, issuer: peers.google!.issuer } },
  }));

  it('hold none of the authorization codes and states of a social and a single sign-on', async () => {
    // Social: Google's part played by an OpenID Connect provider; the browser stops at our callback to note its query.
    const atCallback = (url: URL) => url.href.startsWith(`${TEST_PUBLIC_URL}/api/v1/auth/social/google/callback`);
    const login = `g-${randomUUID()}`;
    peers.google!.accounts.set(login, { email: `${login}@example.test`, email_verified: true, name: 'Grace Google' });
    const browser = createBrowser(t.current, TEST_PUBLIC_URL);
    let page = await browser.submit(await browser.open(`${TEST_PUBLIC_URL}/api/v1/auth/social/google/start`, atCallback), { fields: { login, password: 'any' } }, atCallback);
    if (!atCallback(page.url)) page = await browser.submit(page, {}, atCallback); // consent
    const socialCallback = page.url;
    const returned = await browser.open(socialCallback, (url) => url.href.startsWith(TEST_SIGN_IN_RETURN_URL));
    const socialSignInCode = returned.url.searchParams.get('code');
    expect(socialSignInCode).toMatch(/^snc_/);
    expect((await t.current.call('POST', '/api/v1/auth/exchange', { body: { code: socialSignInCode } })).status).toBe(200);

    // Single sign-on at an organization's OpenID Connect provider.
    const tenant = await t.current.tenant();
    await t.current.db.query("UPDATE organizations SET plan_code = 'enterprise' WHERE id = $1", [tenant.id]);
    const domain = await verifiedDomain(t.current.db, tenant.id);
    const provider = await createOidcProvider(t.current, tenant, peers.sso!, { jit_provisioning: true, default_role: 'analyst' });
    const person = `sso-${randomUUID().slice(0, 8)}`;
    peers.sso!.accounts.set(person, { email: `${person}@${domain}`, email_verified: true, name: 'Sam Sso' });
    const ssoCallback = await signInAtProvider(await startSignIn(t.current, provider.id), person, TEST_PUBLIC_URL);
    const outcome = await followCallback(t.current, ssoCallback);
    expect(await exchange(t.current, outcome.code!)).toBeTruthy();

    const secrets = [socialCallback, ssoCallback].flatMap((callback) => ['code', 'state'].map((name) => callback.searchParams.get(name)));
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length >= 20)).toBe(true);
    const logged = lines.join('');
    expect(secrets.filter((secret) => logged.includes(secret!) || logged.includes(encodeURIComponent(secret!)))).toEqual([]);
    // The callbacks were logged all the same, naming their parameters.
    expect(logged).toMatch(/\/api\/v1\/auth\/social\/google\/callback\?[^"]*code=\[redacted\]/);
    expect(logged).toMatch(/\/api\/v1\/auth\/sso\/oidc\/callback\?[^"]*state=\[redacted\]/);
  });

  it('hold none of the secrets real flows use, store or fail to store', async () => {
    const password = 'correct horse battery staple 42';
    const person = await t.current.signup({ password });
    const session = await t.current.login({ email: person.email, password });
    const refreshed = await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: session.refreshToken } });
    expect(refreshed.status).toBe(200);
    const tenant = await t.current.tenant();
    const { key } = await t.current.apiKey(tenant.owner, ['findings:read']);
    expect((await t.current.call('GET', '/api/v1/findings', { token: key })).status).toBe(200);
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    const rotated = await t.current.call('POST', `/api/v1/webhooks/${endpoint.id}/rotate`, { token: tenant.owner.token });
    expect(rotated.status).toBe(200);
    const invitee = `invited-${person.id}@example.test`;
    const invitation = await t.current.call('POST', '/api/v1/invitations', { token: tenant.owner.token, body: { email: invitee, role: 'viewer' } });
    expect(invitation.status).toBe(201);
    const invited = await t.current.signup({ email: invitee });
    expect((await t.current.call('POST', '/api/v1/invitations/accept', { token: invited.token, body: { token: invitation.body.token } })).status).toBe(200);

    // Credential material attached to an inventory identity.
    const material = newCredentialValues();
    const identityId = await seedIdentity(t.current, tenant);
    const storedMaterial = await t.current.call('POST', '/nhi/api/v1/credentials/material', { token: tenant.owner.token, body: { identityId, values: material } });
    expect(storedMaterial.status).toBe(201);
    const sealedMaterial = await t.current.db.query<{ material_ciphertext: string }>('SELECT material_ciphertext FROM nhi_credential_material WHERE org_id = $1', [tenant.id]);

    // A statement that fails while writing a new key: its parameters hold the key's digest and start.
    await actingAsSchemaOwner(async () => {
      await t.current.db.query(`CREATE FUNCTION refuse_api_keys() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'api keys are refused'; END $$`);
      await t.current.db.query('CREATE TRIGGER refuse_api_keys BEFORE INSERT ON api_keys FOR EACH ROW EXECUTE FUNCTION refuse_api_keys()');
    });
    // Sent past the test client, which refuses a status the document does not declare.
    const failed = await t.current.app.fastify
      .inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { authorization: `Bearer ${tenant.owner.token}` },
        payload: { name: 'doomed', scopes: ['findings:read'], expires_at: new Date(Date.now() + 86_400_000).toISOString() },
      })
      .finally(() => actingAsSchemaOwner(() => t.current.db.query('DROP TRIGGER refuse_api_keys ON api_keys')));
    expect(failed.statusCode).toBe(500);

    const stored = await t.current.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [person.id]);
    const keyDigests = await t.current.db.query<{ digest: string }>("SELECT encode(key_hash, 'hex') AS digest FROM api_keys");
    const secrets = [
      password,
      stored.rows[0]!.password_hash,
      person.token,
      person.refreshToken,
      session.token,
      session.refreshToken,
      refreshed.body.access_token,
      refreshed.body.refresh_token,
      key,
      ...keyDigests.rows.map((row) => row.digest),
      endpoint.secret,
      rotated.body.secret,
      invitation.body.token,
      ...Object.values(material),
      sealedMaterial.rows[0]!.material_ciphertext,
    ];
    const logged = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    expect(logged).toContain('api keys are refused'); // the failure itself is logged, without its parameters
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 0)).toBe(true);
    expect(secrets.filter((secret) => logged.includes(secret))).toEqual([]);
    // The failing statement's parameters (the new key's digest and start) are never written out.
    const parameterValues = lines.flatMap((line) => valuesOfKeys(JSON.parse(line), /^(params|parameters)$/));
    // Neither driver's errors carry their statement's parameters now (the embedded database's
    // thread hands back only an error's scalar fields); any that did would be redacted.
    expect(parameterValues.filter((value) => value !== '[redacted]')).toEqual([]);
    expect(logged).not.toContain('"type":"Buffer"');
    // Nor anything shaped like one of our credentials, or a 32-byte digest in hex.
    expect(logged.match(/snk_live_[A-Za-z0-9_-]{8,}|snr_[A-Za-z0-9_-]{8,}|sni_[A-Za-z0-9_-]{8,}|whsec_[A-Za-z0-9_-]{8,}|scrypt\$|\\\\x[0-9a-f]{64}/g)).toBeNull();
  });
});

/** Every value held under a key matching the pattern, at any depth. */
function valuesOfKeys(value: unknown, key: RegExp): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, inner]) => [...(key.test(name) ? [inner] : []), ...valuesOfKeys(inner, key)]);
}
