import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { seedInventoryIdentity } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/identities/{identityId} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const get = (token: string, id: string) => t.current.call('GET', `/nhi/api/v1/identities/${id}`, { token });

  it('shows last use where the kind reports it, and "not reported" elsewhere', async () => {
    const tenant = await t.current.tenant();
    const usedAt = new Date('2026-10-01T12:00:00.000Z');
    const key = await seedInventoryIdentity(t.current, tenant, { kind: 'access_key', provider: 'aws', externalId: 'AKIAEXAMPLEKEYID0001', lastUsedAt: usedAt });
    const tool = await seedInventoryIdentity(t.current, tenant);
    const viewer = await t.current.member(tenant, 'viewer');
    expect((await get(viewer.token, key.id)).body).toMatchObject({ id: key.id, provider: 'aws', lastUsedAt: usedAt.toISOString() });
    expect((await get(viewer.token, tool.id)).body).toMatchObject({ id: tool.id, provider: 'mcp', lastUsedAt: 'not reported', state: 'active', removedAt: null });
  });
});
