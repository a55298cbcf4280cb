// Reading one grant: its stored status and whether it is in force now, computed when
// read (spec 3.2): a grant starting later is not yet in force, and one whose end has
// passed stops being in force with nothing stored changed and nothing recorded.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { seedIdentity } from '../../connectors/testing/api-fixtures.js';
import { describeEndDates } from '../../governance/testing/request-decisions.js';
import { decide, grantRequests, MINUTE_MS, read, storedRow } from '../../governance/testing/requests.js';
import { grantsInForce } from '../index.js';

describeEndDates(grantRequests);

describe.each(handlerTestProfiles)('GET /nhi/api/v1/grants/{grantId}: the start, evaluated when read ($profile)', (profile) => {
  let aheadMs = 0;
  const t = useTestApp({ ...profile, clock: () => new Date(Date.now() + aheadMs) });
  expectNeighbourUntouchedAfterEach(t);

  it('an approved grant starting later is in force from its start, and grantsInForce gives it for its identity only then', async () => {
    aheadMs = 0;
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const identityId = await seedIdentity(t.current, tenant);
    const startsAt = new Date(Date.now() + 5 * MINUTE_MS);
    const created = await t.current.call('POST', '/nhi/api/v1/grants', {
      token: analyst.token,
      body: { ...grantRequests.body(identityId, startsAt, 60 * MINUTE_MS), startsAt: startsAt.toISOString() },
    });
    const approved = await decide(t.current, tenant.owner, grantRequests, created.body.id, 'approve');
    expect(approved.body).toMatchObject({ status: 'approved', inForce: false });
    expect(await grantsInForce(t.current.db, tenant.id, identityId, new Date())).toEqual([]);
    const stored = await storedRow(t.current, tenant, grantRequests, created.body.id);

    aheadMs = 10 * MINUTE_MS;
    expect(await read(t.current, tenant, grantRequests, created.body.id)).toEqual({ ...approved.body, inForce: true });
    expect(await storedRow(t.current, tenant, grantRequests, created.body.id)).toEqual(stored);
    const at = new Date(Date.now() + aheadMs);
    expect(await grantsInForce(t.current.db, tenant.id, identityId, at)).toEqual([
      {
        id: created.body.id,
        identityId,
        requestedByUserId: analyst.id,
        actions: ['s3:GetObject', 'tools/call'],
        resources: ['arn:aws:s3:::reports/*'],
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * MINUTE_MS),
      },
    ]);
    // Another organization's question about the same identity finds nothing.
    expect(await grantsInForce(t.current.db, other.id, identityId, at)).toEqual([]);
    expect((await t.current.call('GET', `/nhi/api/v1/grants/${created.body.id}`, { token: other.owner.token })).status).toBe(404);
  });
});
