import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords, connectorBodies, createConnector, secretLookingReferences } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('PATCH /nhi/api/v1/connectors/{connectorId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const patch = (token: string, id: string, body: unknown) => t.current.call('PATCH', `/nhi/api/v1/connectors/${id}`, { token, body });

  it('changes the API-only settings and audits what changed', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner, connectorBodies.cloud_account);
    const response = await patch(tenant.owner.token, connector.id, {
      name: 'Renamed',
      enabled: false,
      enabledCapabilities: ['role_discovery', 'user_discovery'],
      settings: { includeUsers: true, includeKeyLastUsed: false },
      credentialsReference: 'aws-prod-audit-v2',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Renamed',
      enabled: false,
      enabledCapabilities: ['role_discovery', 'user_discovery'],
      settings: { includeUsers: true, includeKeyLastUsed: false },
      credentialsReference: 'aws-prod-audit-v2',
      accountId: connector.accountId,
      externalId: connector.externalId,
    });
    const [record] = await auditRecords(t.current, tenant, 'connector.updated');
    expect(record!.detail).toMatchObject({
      connectorId: connector.id,
      changed: ['name', 'enabled', 'enabledCapabilities', 'settings', 'credentialsReference'],
      changes: { name: 'Renamed', enabled: false, referenceName: 'aws-prod-audit-v2' },
    });
  });

  it('records nothing for a request that changes nothing', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    const response = await patch(tenant.owner.token, connector.id, { name: connector.name, enabledCapabilities: [...connector.enabledCapabilities].reverse() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(connector);
    expect(await auditRecords(t.current, tenant, 'connector.updated')).toEqual([]);
  });

  it("checks the new values by the kind's rules and the egress policy", async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    for (const body of [
      { enabledCapabilities: ['role_discovery'] },
      { settings: { includeBots: true } },
      { endpoint: 'https://169.254.169.254/' },
      { endpoint: 'https://tools.example.com:22/' },
      { endpoint: 'https://mcp.internal/' },
      { credentialsReference: secretLookingReferences[0]!.value },
    ]) {
      expect((await patch(tenant.owner.token, connector.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const cloud = await createConnector(t.current, tenant.owner, connectorBodies.cloud_account);
    expect((await patch(tenant.owner.token, cloud.id, { endpoint: 'https://tools.example.com/' })).status).toBe(400);
    expect((await patch(tenant.owner.token, cloud.id, { accountId: '210987654321' })).status).toBe(400);
    expect((await t.current.call('GET', `/nhi/api/v1/connectors/${connector.id}`, { token: tenant.owner.token })).body).toEqual(connector);
    expect(await auditRecords(t.current, tenant, 'connector.updated')).toEqual([]);
  });

  it("answers another organization's connector exactly as a missing one and leaves it alone", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connector = await createConnector(t.current, tenant.owner);
    const foreign = await patch(other.owner.token, connector.id, { name: 'stolen' });
    const missing = await patch(other.owner.token, randomUUID(), { name: 'stolen' });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect((await t.current.call('GET', `/nhi/api/v1/connectors/${connector.id}`, { token: tenant.owner.token })).body.name).toBe(connector.name);
  });

  it('is refused to an analyst with 403', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    const analyst = await t.current.member(tenant, 'analyst');
    expect((await patch(analyst.token, connector.id, { name: 'x' })).status).toBe(403);
  });
});
