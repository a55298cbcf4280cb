import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { requestRun } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/connectors/{connectorId}/synchronizations/{runId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const get = (token: string, connectorId: string, runId: string) => t.current.call('GET', `/nhi/api/v1/connectors/${connectorId}/synchronizations/${runId}`, { token });

  it('answers the run under its own connector only', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    const second = await createConnector(t.current, tenant.owner, { ...connectorBodies.tool_server, name: 'Second' });
    const run = await requestRun(t.current, tenant.owner, connector.id);
    const own = await get(tenant.owner.token, connector.id, run.id);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(run);
    expect((await get(tenant.owner.token, second.id, run.id)).status).toBe(404);
  });
});
