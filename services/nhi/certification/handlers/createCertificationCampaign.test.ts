// Opening a campaign on both profiles: what it takes, what it refuses, and its record.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { daysFromNow, trailOf } from '../testing/campaigns.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/certification/campaigns ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const open = (token: string, body: unknown) => t.current.call('POST', '/nhi/api/v1/certification/campaigns', { token, body });

  it('opens a campaign in state created, keep on no response by default, audited as certification.campaign.created', async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const admin = await t.current.member(tenant, 'admin');
    const connectorId = '6f1c3a52-34d5-4b8e-9b1e-0a7d2c9e4f10';
    const endsAt = daysFromNow(14);
    const opened = await open(admin.token, { name: '  Q4 access keys ', description: 'every access key', scope: { connectorIds: [connectorId], kinds: ['aws_iam_access_key'] }, reviewerUserIds: [reviewer.id, reviewer.id], endsAt });
    expect(opened.status, opened.raw).toBe(201);
    expect(opened.body).toMatchObject({
      name: 'Q4 access keys',
      description: 'every access key',
      scope: { connectorIds: [connectorId], kinds: ['aws_iam_access_key'], identityIds: [] },
      reviewerUserIds: [reviewer.id],
      onNoResponse: 'keep',
      state: 'created',
      endsAt,
      openedByUserId: admin.id,
      startedAt: null,
      progress: { items: 0, answered: 0, kept: 0, revoked: 0, remaining: 0 },
    });
    expect(await trailOf(t.current, tenant, ['certification.campaign.created'])).toEqual([
      expect.objectContaining({ actor_id: admin.id, subject: opened.body.id, result: 'success', detail: expect.objectContaining({ on_no_response: 'keep', reviewer_user_ids: [reviewer.id] }) }),
    ]);
  });

  it('refuses an empty scope, the opener as reviewer, a reviewer from elsewhere, a past end and a blank name with 400; a Security Analyst with 403', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const base = { name: 'Review', scope: { kinds: ['aws_iam_role'] }, reviewerUserIds: [reviewer.id], endsAt: daysFromNow(7) };
    for (const [body, message] of [
      [{ ...base, scope: {} }, 'the scope names at least one connector, identity kind or identity'],
      [{ ...base, reviewerUserIds: [reviewer.id, tenant.owner.id] }, 'the opener of a campaign may not be one of its reviewers'],
      [{ ...base, reviewerUserIds: [other.owner.id] }, `reviewer ${other.owner.id} is not a member of this organization`],
      [{ ...base, endsAt: '2020-01-01T00:00:00Z' }, 'endsAt must be in the future'],
      [{ ...base, name: '   ' }, 'name must not be blank'],
    ] as const) {
      const refused = await open(tenant.owner.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe(message);
    }
    expect((await open(reviewer.token, base)).status).toBe(403);
    expect(await trailOf(t.current, tenant, ['certification.campaign.created'])).toEqual([]);
  });
});
