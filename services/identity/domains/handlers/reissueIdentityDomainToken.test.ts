import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles } from '../../../../test/support/test-app.js';
import { claim, publish, useDomainsTestApp } from '../testing/domains.js';

describe.each(handlerTestProfiles)('POST /api/v1/identity/domains/{id}/token ($profile)', (profile) => {
  const app = useDomainsTestApp(profile);
  const { t } = app;
  expectNeighbourUntouchedAfterEach(t);
  const reissue = (token: string, id: string) => t.current.call('POST', `/api/v1/identity/domains/${id}/token`, { token });

  it('replaces a pending claim’s token, audited without the token; a verified domain keeps its own (409)', async () => {
    const tenant = await t.current.tenant();
    const claimed = await claim(t.current, tenant);
    const response = await reissue(tenant.owner.token, claimed.id);
    expect(response.status).toBe(200);
    expect(response.body.verification.value).not.toBe(claimed.verification.value);
    expect(response.body.verification.name).toBe(claimed.verification.name);
    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=domain.token_reissued', { token: tenant.owner.token })).body.events;
    expect(event.detail).toEqual({ domain_id: claimed.id, domain: claimed.domain, expires_at: response.body.verification.token_expires_at });
    expect(JSON.stringify(event)).not.toContain(response.body.verification.value.split('=')[1]);

    publish(app.dns, response.body);
    expect((await t.current.call('POST', `/api/v1/identity/domains/${claimed.id}/verify`, { token: tenant.owner.token })).status).toBe(200);
    const refused = await reissue(tenant.owner.token, claimed.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ rule: 'domain_verified' });
  });
});
