import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { appWithClock, enrol, movableClock } from '../testing/second-factor-harness.js';

describe.each(handlerTestProfiles)('GET /api/v1/me/second-factor ($profile)', (profile) => {
  const clock = movableClock();
  const t = useTestApp(() => appWithClock(profile, clock));
  expectNeighbourUntouchedAfterEach(t);
  const get = (token: string) => t.current.call('GET', '/api/v1/me/second-factor', { token });

  it("answers the caller's own state, never the secret or a recovery code, in whatever organization they act", async () => {
    const [tenant, other] = await t.current.twoTenants();
    expect((await get(tenant.owner.token)).body).toEqual({ enabled: false, method: null, enabled_at: null, enrolment_pending: false, recovery_codes_remaining: 0 });

    await t.current.actIn(tenant.owner, tenant.owner.personalOrgId);
    const { secret, recoveryCodes } = await enrol(t.current, tenant.owner, clock);
    await t.current.actIn(tenant.owner, tenant.id);
    const response = await get(tenant.owner.token);
    expect(response.body).toMatchObject({ enabled: true, method: 'totp', enrolment_pending: false, recovery_codes_remaining: 10 });
    expect(response.raw).not.toContain(secret);
    for (const code of recoveryCodes) expect(response.raw).not.toContain(code);
    expect((await get(other.owner.token)).body.enabled).toBe(false);
  });
});
