import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { createConnector } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/connectors/{connectorId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const get = (token: string, id: string) => t.current.call('GET', `/nhi/api/v1/connectors/${id}`, { token });

  it('answers the connector to its organization, and another organization exactly as a missing one', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connector = await createConnector(t.current, tenant.owner);
    const own = await get(tenant.owner.token, connector.id);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(connector);
    const foreign = await get(other.owner.token, connector.id);
    const missing = await get(other.owner.token, randomUUID());
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });

  it('is readable by a viewer', async () => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    const viewer = await t.current.member(tenant, 'viewer');
    expect((await get(viewer.token, connector.id)).body.id).toBe(connector.id);
  });
});
