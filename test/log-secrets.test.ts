// No credential in any log: real flows (sign-up, login, refresh, an API key, a
// webhook endpoint and its rotation, an invitation redeemed, and a statement that fails while writing a
// key) run against an app whose logger writes everything, at trace level, to
// memory; then every line is searched for each secret the flows used or stored.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../services/platform/logger.js';
import { newCredentialValues, seedIdentity } from '../services/nhi/connectors/testing/api-fixtures.js';
import { registerEndpoint } from '../services/webhooks/testing/api-fixtures.js';
import { testProfiles, useTestApp } from './support/test-app.js';

describe.each(testProfiles)('logs on $profile', ({ profile }) => {
  const lines: string[] = [];
  const logger = createLogger('trace', {}, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  const t = useTestApp({ profile, logger });

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
    await t.current.db.query(`CREATE FUNCTION refuse_api_keys() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'api keys are refused'; END $$`);
    await t.current.db.query('CREATE TRIGGER refuse_api_keys BEFORE INSERT ON api_keys FOR EACH ROW EXECUTE FUNCTION refuse_api_keys()');
    // Sent past the test client, which refuses a status the document does not declare.
    const failed = await t.current.app.fastify
      .inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { authorization: `Bearer ${tenant.owner.token}` },
        payload: { name: 'doomed', scopes: ['findings:read'], expires_at: new Date(Date.now() + 86_400_000).toISOString() },
      })
      .finally(() => t.current.db.query('DROP TRIGGER refuse_api_keys ON api_keys'));
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
    // PGlite's errors carry their statement's parameters; node-postgres's do not.
    expect(parameterValues.length > 0).toBe(profile === 'embedded');
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
