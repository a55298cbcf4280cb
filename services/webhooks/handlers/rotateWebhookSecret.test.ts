import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { activeSigningSecrets, ROTATION_OVERLAP_MS, sealSigningSecret, signingSecretBox } from '../signing-secrets.js';
import { expectForeignAnsweredAsMissing, registerEndpoint } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('POST /api/v1/webhooks/{id}/rotate ($profile)', (profile) => {
  const t = useTestApp(profile);
  const rotate = (token: string, id: string) => t.current.call('POST', `/api/v1/webhooks/${id}/rotate`, { token });

  it('returns a new secret this once and when the previous one stops signing, audited without either secret', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    const neighbourBefore = await t.current.snapshot(neighbour);
    const before = Date.now();
    const response = await rotate(tenant.owner.token, endpoint.id);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(response.body.secret).not.toBe(endpoint.secret);
    const overlapEnds = Date.parse(response.body.previous_secret_expires_at);
    expect(overlapEnds).toBeGreaterThanOrEqual(before + ROTATION_OVERLAP_MS);
    expect(overlapEnds).toBeLessThanOrEqual(Date.now() + ROTATION_OVERLAP_MS);

    const read = await t.current.call('GET', `/api/v1/webhooks/${endpoint.id}`, { token: tenant.owner.token });
    expect(read.body.previous_secret_expires_at).toBe(response.body.previous_secret_expires_at);
    expect(read.raw).not.toContain(response.body.secret);
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=webhook_endpoint.secret_rotated', { token: tenant.owner.token });
    expect(trail.body.events).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { endpoint_id: endpoint.id, overlap_ends_at: response.body.previous_secret_expires_at } }),
    ]);
    for (const secret of [endpoint.secret, response.body.secret]) expect(trail.raw).not.toContain(secret);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it("answers another tenant's endpoint exactly like a missing one, and its secret keeps signing alone", async () => {
    const [owner, other] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, owner.owner);
    await expectForeignAnsweredAsMissing(t.current, { owner, other }, rotate, endpoint.id);
    const { rows } = await t.current.db.query('SELECT previous_secret_ciphertext FROM webhook_endpoints WHERE org_id = $1 AND id = $2', [owner.id, endpoint.id]);
    expect(rows).toEqual([{ previous_secret_ciphertext: null }]);
  });

  it('replaces a secret sealed under a key the deployment no longer holds, with no overlap', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    // What a data directory from before its keys were kept in it holds: a secret sealed under the retired key.
    const retiredBox = signingSecretBox(randomBytes(32));
    await t.current.db.query('UPDATE webhook_endpoints SET secret_ciphertext = $3 WHERE org_id = $1 AND id = $2', [
      tenant.id,
      endpoint.id,
      sealSigningSecret(retiredBox, tenant.id, endpoint.id, endpoint.secret),
    ]);
    const neighbourBefore = await t.current.snapshot(neighbour);

    const response = await rotate(tenant.owner.token, endpoint.id);
    expect(response.status).toBe(200);
    expect(response.body.previous_secret_expires_at).toBeNull();
    const { rows } = await t.current.db.query<{ secret_ciphertext: string; previous_secret_ciphertext: string | null; previous_secret_expires_at: Date | null }>(
      'SELECT secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at FROM webhook_endpoints WHERE org_id = $1 AND id = $2',
      [tenant.id, endpoint.id],
    );
    const stored = rows[0]!;
    expect(stored.previous_secret_ciphertext).toBeNull();
    const secrets = activeSigningSecrets(signingSecretBox(t.current.webhookSecretKey), { orgId: tenant.id, endpointId: endpoint.id, secretCiphertext: stored.secret_ciphertext, previousSecretCiphertext: null, previousSecretExpiresAt: null }, new Date());
    expect(secrets).toEqual([response.body.secret]);
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=webhook_endpoint.secret_rotated', { token: tenant.owner.token });
    expect(trail.body.events[0].detail).toEqual({ endpoint_id: endpoint.id, overlap_ends_at: null });
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });
});
