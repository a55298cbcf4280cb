// Answering a campaign's items on both profiles: a campaign run to completion
// producing remediations, the opener refused, the fourth separation-of-duties rule
// (keep refused for the grant's requester, revoke allowed), a reviewing delegate
// answering while the delegation is in force and refused after its end, and the
// campaign's end passing with no stored change.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, type TestPerson } from '../../../../test/support/test-app.js';
import { delegate } from '../../governance/testing/delegations.js';
import { answer, campaignAction, daysFromNow, itemsOf, seedIdentity, startedCampaign, trailOf, useCertificationTestApp } from '../testing/campaigns.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SELF_REVIEW = 'certification.item.self_review.refused';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/certification/campaigns/{campaignId}/items/{itemId}/decision ($profile)', (profile) => {
  const { t, setClock } = useCertificationTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  /** A session of the person under the clock as it is now. */
  const signedIn = async (person: TestPerson): Promise<TestPerson> => ({ ...person, token: (await t.current.login(person)).token });

  it('runs a campaign to completion: answers once each, review done, remediations opened for revokes, in remediation, closed', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const first = await t.current.member(tenant, 'analyst');
    const second = await t.current.member(tenant, 'viewer');
    const accessKey = await seedIdentity(t.current, tenant, { kind: 'aws_iam_access_key', name: 'a-key' });
    const serviceAccount = await seedIdentity(t.current, tenant, { kind: 'k8s_service_account', name: 'b-service-account' });
    const role = await seedIdentity(t.current, tenant, { kind: 'aws_iam_role', name: 'c-role' });
    const campaign = await startedCampaign(t.current, tenant.owner, [accessKey, serviceAccount, role], [first, second]);
    expect(campaign).toMatchObject({ state: 'in_review', progress: { items: 3, answered: 0, kept: 0, revoked: 0, remaining: 3 } });
    const [keyItem, accountItem, roleItem] = await itemsOf(t.current, second, campaign.id);

    const kept = await answer(t.current, first, campaign.id, keyItem!.id, { decision: 'keep', comment: 'used by the nightly export' });
    expect(kept.status, kept.raw).toBe(200);
    expect(kept.body).toMatchObject({ decision: 'keep', decisionSource: 'reviewer', comment: 'used by the nightly export', decidedByUserId: first.id, onBehalfOfUserId: null, remediationId: null });
    const again = await answer(t.current, second, campaign.id, keyItem!.id, { decision: 'revoke' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('the item is already answered: one decision per identity');

    const revokedAccount = await answer(t.current, second, campaign.id, accountItem!.id, { decision: 'revoke', comment: 'nobody owns it' });
    expect(revokedAccount.body).toMatchObject({ decision: 'revoke', decidedByUserId: second.id });
    const revokedRole = await answer(t.current, first, campaign.id, roleItem!.id, { decision: 'revoke' });
    const remediations = await t.current.db.query<{ id: string; identity_id: string; action: string; requested_by_user_id: string; campaign_id: string; campaign_item_id: string; status: string }>(
      'SELECT id, identity_id, action, requested_by_user_id, campaign_id, campaign_item_id, status FROM nhi_remediations WHERE org_id = $1 ORDER BY identity_id = $2 DESC',
      [tenant.id, serviceAccount],
    );
    expect(remediations.rows).toEqual([
      { id: revokedAccount.body.remediationId, identity_id: serviceAccount, action: 'delete_service_account_token', requested_by_user_id: second.id, campaign_id: campaign.id, campaign_item_id: accountItem!.id, status: 'pending' },
      { id: revokedRole.body.remediationId, identity_id: role, action: 'manual', requested_by_user_id: first.id, campaign_id: campaign.id, campaign_item_id: roleItem!.id, status: 'pending' },
    ]);

    const done = await t.current.call('GET', `/nhi/api/v1/certification/campaigns/${campaign.id}`, { token: second.token });
    expect(done.body).toMatchObject({ state: 'review_done', progress: { items: 3, answered: 3, kept: 1, revoked: 2, remaining: 0 } });
    const closing = await campaignAction(t.current, tenant.owner, campaign.id, 'close');
    expect(closing.body).toMatchObject({ state: 'in_remediation', closedAt: null });
    const closed = await campaignAction(t.current, tenant.owner, campaign.id, 'close');
    expect(closed.body).toMatchObject({ state: 'closed', closedByUserId: tenant.owner.id });
    expect((await campaignAction(t.current, tenant.owner, campaign.id, 'close')).status).toBe(409);

    const trail = await trailOf(t.current, tenant, ['certification.campaign.created', 'certification.campaign.started', 'certification.item.certified', 'certification.item.revoked', 'certification.campaign.closed', 'remediation.requested']);
    expect(trail.map((record) => [record.action, record.actor_id])).toEqual([
      ['certification.campaign.created', tenant.owner.id],
      ['certification.campaign.started', tenant.owner.id],
      ['certification.item.certified', first.id],
      ['remediation.requested', second.id],
      ['certification.item.revoked', second.id],
      ['remediation.requested', first.id],
      ['certification.item.revoked', first.id],
      ['certification.campaign.closed', tenant.owner.id],
      ['certification.campaign.closed', tenant.owner.id],
    ]);
    expect(trail[6]!.detail).toMatchObject({ review_done: true, basis: 'own', remediation_id: revokedRole.body.remediationId });
    expect(trail.slice(7).map((record) => [record.detail.from, record.detail.to])).toEqual([
      ['review_done', 'in_remediation'],
      ['in_remediation', 'closed'],
    ]);

    // Another organization: the campaign and its items are the 404 of missing ones.
    const foreign = await answer(t.current, other.owner, campaign.id, roleItem!.id, { decision: 'keep' });
    const missing = await answer(t.current, other.owner, '00000000-0000-4000-8000-000000000000', roleItem!.id, { decision: 'keep' });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });

  it('takes concurrent answers one at a time: one decision for a contested item, and review done once when the last two arrive together', async () => {
    const [tenant] = await t.current.twoTenants();
    const first = await t.current.member(tenant, 'analyst');
    const second = await t.current.member(tenant, 'viewer');
    const identities = [await seedIdentity(t.current, tenant, { name: 'a-contested' }), await seedIdentity(t.current, tenant, { name: 'b-last' }), await seedIdentity(t.current, tenant, { name: 'c-last' })];
    const campaign = await startedCampaign(t.current, tenant.owner, identities, [first, second]);
    const [contested, lastOne, lastTwo] = await itemsOf(t.current, first, campaign.id);

    const race = await Promise.all([
      answer(t.current, first, campaign.id, contested!.id, { decision: 'keep' }),
      answer(t.current, second, campaign.id, contested!.id, { decision: 'revoke' }),
    ]);
    expect(race.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = race.find((response) => response.status === 200)!.body as { decision: 'keep' | 'revoke'; decidedByUserId: string };
    const together = await Promise.all([
      answer(t.current, first, campaign.id, lastOne!.id, { decision: 'revoke' }),
      answer(t.current, second, campaign.id, lastTwo!.id, { decision: 'revoke' }),
    ]);
    expect(together.map((response) => response.status)).toEqual([200, 200]);

    const done = await t.current.call('GET', `/nhi/api/v1/certification/campaigns/${campaign.id}`, { token: first.token });
    const revoked = winner.decision === 'revoke' ? 3 : 2;
    expect(done.body).toMatchObject({ state: 'review_done', progress: { items: 3, answered: 3, kept: 3 - revoked, revoked, remaining: 0 } });
    const stored = await itemsOf(t.current, first, campaign.id);
    expect(stored.find((item) => item.id === contested!.id)).toMatchObject({ decision: winner.decision, decidedByUserId: winner.decidedByUserId });
    const remediations = await t.current.db.query('SELECT campaign_item_id FROM nhi_remediations WHERE org_id = $1 AND campaign_id = $2', [tenant.id, campaign.id]);
    expect(remediations.rows).toHaveLength(revoked);
    // One record per answer given, and exactly one of the two last answers saw the review done.
    const answers = await trailOf(t.current, tenant, ['certification.item.certified', 'certification.item.revoked']);
    expect(answers.filter((record) => record.result === 'success')).toHaveLength(3);
    expect(answers.filter((record) => record.detail.review_done === true)).toHaveLength(1);
  });

  it('refuses the opener, an owner, with 403 and certification.item.self_review.refused, and anyone not reviewing with 403', async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const outsider = await t.current.member(tenant, 'admin');
    const campaign = await startedCampaign(t.current, tenant.owner, [await seedIdentity(t.current, tenant)], [reviewer]);
    const [item] = await itemsOf(t.current, reviewer, campaign.id);
    const byOpener = await answer(t.current, tenant.owner, campaign.id, item!.id, { decision: 'revoke' });
    expect(byOpener.status).toBe(403);
    expect(byOpener.body).toEqual({ code: 'forbidden', error: 'the person who opened a campaign may not answer it' });
    const byOutsider = await answer(t.current, outsider, campaign.id, item!.id, { decision: 'keep' });
    expect(byOutsider.status).toBe(403);
    expect(byOutsider.body).toEqual({ code: 'forbidden', error: "no reviewing authority: a named reviewer's own, or a delegation in force from one", required_scope: 'governance:decide', principal: 'user' });
    expect(await trailOf(t.current, tenant, [SELF_REVIEW, 'authz.denied'])).toEqual([
      expect.objectContaining({ action: SELF_REVIEW, actor_id: tenant.owner.id, result: 'failure', subject: item!.id, detail: expect.objectContaining({ rule: 'opener', campaign_id: campaign.id }) }),
      expect.objectContaining({ action: 'authz.denied', actor_id: outsider.id, result: 'failure', subject: item!.id, detail: expect.objectContaining({ authority: 'reviewing', module_roles: ['organization_admin'] }) }),
    ]);
    expect((await itemsOf(t.current, reviewer, campaign.id))[0]).toMatchObject({ decision: null });
  });

  it('refuses keep, and allows revoke, for a reviewer who asked for a grant in force on the identity (the fourth rule)', async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const identityId = await seedIdentity(t.current, tenant);
    const requested = await t.current.call('POST', '/nhi/api/v1/grants', {
      token: reviewer.token,
      body: { identityId, actions: ['s3:GetObject'], resources: ['arn:aws:s3:::reports/*'], justification: 'monthly reports', endsAt: daysFromNow(30) },
    });
    expect(requested.status, requested.raw).toBe(201);
    const approved = await t.current.call('POST', `/nhi/api/v1/grants/${requested.body.id}/approve`, { token: tenant.owner.token });
    expect(approved.status, approved.raw).toBe(200);
    const campaign = await startedCampaign(t.current, tenant.owner, [identityId], [reviewer]);
    const [item] = await itemsOf(t.current, reviewer, campaign.id);

    const keep = await answer(t.current, reviewer, campaign.id, item!.id, { decision: 'keep' });
    expect(keep.status).toBe(403);
    expect(keep.body).toEqual({ code: 'forbidden', error: 'separation of duties: the person who asked for this may not decide it' });
    expect(await trailOf(t.current, tenant, [SELF_REVIEW])).toEqual([
      expect.objectContaining({ actor_id: reviewer.id, result: 'failure', subject: item!.id, detail: expect.objectContaining({ rule: 'own_grant', grant_id: requested.body.id, requested_by: reviewer.id, decision: 'keep' }) }),
    ]);
    const revoke = await answer(t.current, reviewer, campaign.id, item!.id, { decision: 'revoke', comment: 'no longer needed' });
    expect(revoke.status, revoke.raw).toBe(200);
    expect(revoke.body.remediationId).not.toBeNull();
  });

  it("lets a delegate of reviewing answer for the reviewer while the delegation is in force, and refuses them after its end", async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const delegateViewer = await t.current.member(tenant, 'viewer');
    const campaign = await startedCampaign(t.current, tenant.owner, [await seedIdentity(t.current, tenant, { name: 'a' }), await seedIdentity(t.current, tenant, { name: 'b' })], [reviewer]);
    const delegation = await delegate(t.current, reviewer, delegateViewer, ['reviewing'], { endsAt: new Date(Date.now() + DAY_MS) });
    const [first, second] = await itemsOf(t.current, reviewer, campaign.id);

    const byDelegate = await answer(t.current, delegateViewer, campaign.id, first!.id, { decision: 'keep' });
    expect(byDelegate.status, byDelegate.raw).toBe(200);
    expect(byDelegate.body).toMatchObject({ decidedByUserId: delegateViewer.id, onBehalfOfUserId: reviewer.id, delegationId: delegation.id });
    expect(await trailOf(t.current, tenant, ['certification.item.certified', 'delegation.used'])).toEqual([
      expect.objectContaining({ action: 'certification.item.certified', actor_id: delegateViewer.id, detail: expect.objectContaining({ basis: 'delegation', delegation_id: delegation.id, on_behalf_of: reviewer.id }) }),
      expect.objectContaining({ action: 'delegation.used', actor_id: delegateViewer.id, subject: delegation.id, detail: expect.objectContaining({ decision: 'certification.item.certified', decided_subject: first!.id }) }),
    ]);
    const answeredBy = await itemsOf(t.current, reviewer, campaign.id, `&reviewer=${reviewer.id}`);
    expect(answeredBy.map((item) => item.id)).toEqual([first!.id]);
    // Delegations do not chain: the delegate's own delegation of reviewing confers nothing here.
    const onward = await t.current.member(tenant, 'viewer');
    await delegate(t.current, delegateViewer, onward, ['reviewing']);
    expect((await answer(t.current, onward, campaign.id, second!.id, { decision: 'keep' })).status).toBe(403);

    // Two days on, the delegation has ended (the campaign has not): the delegate holds nothing.
    setClock(new Date(Date.now() + 2 * DAY_MS));
    try {
      const later = await answer(t.current, await signedIn(delegateViewer), campaign.id, second!.id, { decision: 'keep' });
      expect(later.status).toBe(403);
      expect(later.body.error).toBe("no reviewing authority: a named reviewer's own, or a delegation in force from one");
      // The reviewer still answers.
      expect((await answer(t.current, await signedIn(reviewer), campaign.id, second!.id, { decision: 'keep' })).status).toBe(200);
    } finally {
      setClock(undefined);
    }
    const stored = await t.current.db.query('SELECT revoked_at, ends_at FROM nhi_delegations WHERE org_id = $1 AND id = $2', [tenant.id, delegation.id]);
    expect(stored.rows[0]).toEqual({ revoked_at: null, ends_at: new Date(delegation.endsAt) });
  });

  it('reads a campaign past its end as ended and refuses answers with 409, with no stored change and no record of the end', async () => {
    const [tenant] = await t.current.twoTenants();
    const reviewer = await t.current.member(tenant, 'analyst');
    const campaign = await startedCampaign(t.current, tenant.owner, [await seedIdentity(t.current, tenant)], [reviewer], { endsAt: daysFromNow(7) });
    const [item] = await itemsOf(t.current, reviewer, campaign.id);
    const stored = async () => (await t.current.db.query('SELECT * FROM nhi_certification_campaigns WHERE org_id = $1 AND id = $2', [tenant.id, campaign.id])).rows[0];
    const trail = async () => (await t.current.db.query('SELECT id FROM nhi_audit_records WHERE org_id = $1 ORDER BY sequence', [tenant.id])).rows;
    const [rowBefore, trailBefore] = [await stored(), await trail()];

    setClock(new Date(Date.now() + 8 * DAY_MS));
    try {
      const late = await signedIn(reviewer);
      const read = await t.current.call('GET', `/nhi/api/v1/certification/campaigns/${campaign.id}`, { token: late.token });
      expect(read.body).toMatchObject({ state: 'ended', endsAt: campaign.endsAt, progress: { remaining: 1 } });
      const refused = await answer(t.current, late, campaign.id, item!.id, { decision: 'keep' });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(`the campaign ended at ${campaign.endsAt}: it takes no more answers`);
      expect(await stored()).toEqual(rowBefore);
      expect(await trail()).toEqual(trailBefore);
    } finally {
      setClock(undefined);
    }
  });
});
