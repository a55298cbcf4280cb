import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords, createConnector } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('DELETE /nhi/api/v1/connectors/{connectorId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const remove = (token: string, id: string) => t.current.call('DELETE', `/nhi/api/v1/connectors/${id}`, { token });

  it('deletes the connector, audited as connector.deleted', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    expect((await remove(tenant.owner.token, connector.id)).status).toBe(204);
    expect((await t.current.call('GET', `/nhi/api/v1/connectors/${connector.id}`, { token: tenant.owner.token })).status).toBe(404);
    const [record] = await auditRecords(t.current, tenant, 'connector.deleted');
    expect(record).toMatchObject({ subject: connector.id, actor_id: tenant.owner.id, detail: { connectorId: connector.id, kind: 'tool_server' } });
  });

  it("answers another organization's connector exactly as a missing one and keeps it", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connector = await createConnector(t.current, tenant.owner);
    const foreign = await remove(other.owner.token, connector.id);
    const missing = await remove(other.owner.token, randomUUID());
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect((await t.current.call('GET', `/nhi/api/v1/connectors/${connector.id}`, { token: tenant.owner.token })).status).toBe(200);
    expect(await auditRecords(t.current, other, 'connector.deleted')).toEqual([]);
  });
});
