import { afterAll, describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { expectForeignAnsweredAsMissing, expectNoResponseCarriedASecret, storeCredential, watchResponses } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/registry-credentials/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const get = (token: string, id: string) => {
    watchResponses(t.current);
    return t.current.call('GET', `/api/v1/registry-credentials/${id}`, { token });
  };

  it('answers the credential without its secret', async () => {
    const tenant = await t.current.tenant();
    const { secret, ...view } = await storeCredential(t.current, tenant.owner);
    const response = await get(tenant.owner.token, view.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(view);
    expect(response.raw).not.toContain(secret);
  });

  it("answers another tenant's credential exactly like a missing one", async () => {
    const [owner, other] = await t.current.twoTenants();
    const stored = await storeCredential(t.current, owner.owner);
    await expectForeignAnsweredAsMissing(t.current, { owner, other }, get, stored.id);
  });

  it('answers an id that is not a UUID with 400, not a server error', async () => {
    const tenant = await t.current.tenant();
    expect((await get(tenant.owner.token, 'not-a-uuid')).status).toBe(400);
  });

  afterAll(() => expectNoResponseCarriedASecret());
});
