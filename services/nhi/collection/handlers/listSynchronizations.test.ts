import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { requestRun } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/connectors/{connectorId}/synchronizations ($profile)', (profile) => {
  const t = useTestApp(profile);
  const list = (token: string, connectorId: string, query = '') => t.current.call('GET', `/nhi/api/v1/connectors/${connectorId}/synchronizations${query}`, { token });

  it('lists the connector’s runs to a viewer, and nothing of another connector', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    const other = await createConnector(t.current, tenant.owner, { ...connectorBodies.tool_server, name: 'Second' });
    const run = await requestRun(t.current, tenant.owner, connector.id);
    await requestRun(t.current, tenant.owner, other.id);
    const viewer = await t.current.member(tenant, 'viewer');
    const response = await list(viewer.token, connector.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 1, has_more: false, items: [run] });
  });

  it('answers 404 for a connector the organization does not have, and 400 for a bad limit or cursor', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    expect((await list(tenant.owner.token, randomUUID())).status).toBe(404);
    expect((await list(tenant.owner.token, connector.id, '?limit=0')).status).toBe(400);
    expect((await list(tenant.owner.token, connector.id, '?cursor=forged')).status).toBe(400);
  });
});
