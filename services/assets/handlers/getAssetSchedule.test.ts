import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { assetOf } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/assets/{id}/schedule ($profile)', (profile) => {
  const t = useTestApp(profile);
  const read = (token: string, id: string) => t.current.call('GET', `/api/v1/assets/${id}/schedule`, { token });

  it('answers 404 while the asset has no schedule, the same bytes as for a missing or foreign asset', async () => {
    const [a, b] = await t.current.twoTenants();
    const unscheduled = await assetOf(t.current, a);
    const scheduledElsewhere = await assetOf(t.current, b);
    await t.current.call('PUT', `/api/v1/assets/${scheduledElsewhere}/schedule`, { token: b.owner.token, body: { interval_hours: 12, scanners: ['trivy'] } });

    const none = await read(a.owner.token, unscheduled);
    const missing = await read(a.owner.token, randomUUID());
    const foreign = await read(a.owner.token, scheduledElsewhere);
    expect(none.status).toBe(404);
    expect(none.raw).toBe(missing.raw);
    expect(foreign.raw).toBe(missing.raw);

    const own = await read(b.owner.token, scheduledElsewhere);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ asset_id: scheduledElsewhere, interval_hours: 12, scanners: ['trivy'] });
  });
});
