import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { delegateTestWorkload } from '../testing/workloads.js';

const UNAUTHORIZED = '{"error":"authentication required","code":"unauthorized"}';

describe.each(handlerTestProfiles)('DELETE /api/v1/workloads/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const revoke = (token: string, id: string) => t.current.call('DELETE', `/api/v1/workloads/${id}`, { token });

  it('revokes at once and idempotently: the credential is refused with the one 401; audited and announced once', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const neighbourBefore = await t.current.snapshot(neighbour);
    const workload = await delegateTestWorkload(t.current, tenant.owner, ['scans:read']);
    expect((await t.current.call('GET', '/api/v1/scans', { token: workload.credential })).status).toBe(200);

    expect((await revoke(tenant.owner.token, workload.id)).status).toBe(204);
    const refused = await t.current.call('GET', '/api/v1/scans', { token: workload.credential });
    expect(refused.status).toBe(401);
    expect(refused.raw).toBe(UNAUTHORIZED);
    expect((await revoke(tenant.owner.token, workload.id)).status).toBe(204);

    const revoked = await t.current.call('GET', '/api/v1/identity/audit?action=workload.revoked', { token: tenant.owner.token });
    expect(revoked.body.events).toEqual([expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { workload_id: workload.id } })]);
    // The revoked credential presented again is the workload's own refusal, in its organization's trail.
    const presented = await t.current.call('GET', '/api/v1/identity/audit?action=workload.refused', { token: tenant.owner.token });
    expect(presented.body.events).toEqual([expect.objectContaining({ actor: { kind: 'workload', id: workload.id }, detail: expect.objectContaining({ reason: 'revoked' }) })]);
    const { rows } = await t.current.db.query("SELECT 1 FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'workload.revoked'", [tenant.id]);
    expect(rows).toHaveLength(1);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it('refuses an expired credential with the same 401', async () => {
    const tenant = await t.current.tenant();
    const workload = await delegateTestWorkload(t.current, tenant.owner, ['scans:read']);
    await t.current.db.query("UPDATE workloads SET expires_at = now() - interval '1 second' WHERE org_id = $1 AND id = $2", [tenant.id, workload.id]);
    const refused = await t.current.call('GET', '/api/v1/scans', { token: workload.credential });
    expect(refused.status).toBe(401);
    expect(refused.raw).toBe(UNAUTHORIZED);
  });

  it("answers another tenant's workload exactly like a missing one, and leaves it working", async () => {
    const [a, b] = await t.current.twoTenants();
    const workload = await delegateTestWorkload(t.current, a.owner, ['scans:read']);
    const before = await t.current.snapshot(a);
    const foreign = await revoke(b.owner.token, workload.id);
    const missing = await revoke(b.owner.token, randomUUID());
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect(await t.current.snapshot(a)).toEqual(before);
    expect((await t.current.call('GET', '/api/v1/scans', { token: workload.credential })).status).toBe(200);
  });
});
