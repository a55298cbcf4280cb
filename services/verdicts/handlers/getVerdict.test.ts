import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { recordedVerdict } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/verdicts/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('answers the verdict as recorded to a viewer, and another tenant the same 404 as a missing verdict', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { verdictId, scanId } = await recordedVerdict(t.current, tenant);
    const viewer = await t.current.member(tenant, 'viewer');
    const read = await t.current.call('GET', `/api/v1/verdicts/${verdictId}`, { token: viewer.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: verdictId, scan_id: scanId, outcome: 'pass', blocking: false });
    const stored = await t.current.db.query<{ body: string }>('SELECT body FROM verdicts WHERE org_id = $1 AND id = $2', [tenant.id, verdictId]);
    expect(read.raw).toBe(stored.rows[0]!.body);

    const foreign = await t.current.call('GET', `/api/v1/verdicts/${verdictId}`, { token: other.owner.token });
    const missing = await t.current.call('GET', `/api/v1/verdicts/${scanId}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });
});
