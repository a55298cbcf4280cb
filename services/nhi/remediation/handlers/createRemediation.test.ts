// Asking for a remediation, on both profiles with two organizations: the catalogue
// per identity kind (an unsupported action is 400 naming those supported), the
// identity's organization (404) and state (409), who may ask (governance:request),
// and remediation.requested written with the request.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { auditRecords } from '../../connectors/testing/api-fixtures.js';
import { requestRemediation } from '../index.js';
import { remediationOf, seedIdentity, seedRole } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('POST /nhi/api/v1/remediations ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const ask = (token: string, body: Record<string, unknown>) => t.current.call('POST', '/nhi/api/v1/remediations', { token, body });

  it('an analyst asks for an action the identity’s kind supports: pending, audited as requested', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const identityId = await seedIdentity(t.current, tenant, { kind: 'aws_iam_access_key', provider: 'aws', externalId: 'AKIAEXAMPLEKEY000002', name: 'AKIAEXAMPLEKEY000002', attributes: { userName: 'ci' } });

    const response = await ask(analyst.token, { identityId, action: 'disable_access_key', reason: 'unused for a year', dryRun: true });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ identityId, action: 'disable_access_key', reason: 'unused for a year', dryRun: true, status: 'pending', requestedByUserId: analyst.id, campaign: null, approvedByUserIds: [], plan: null, failure: null });
    const [record] = await auditRecords(t.current, tenant, 'remediation.requested');
    expect(record).toMatchObject({ actor_id: analyst.id, subject: response.body.id, detail: { identity_id: identityId, identity_kind: 'aws_iam_access_key', remediation_action: 'disable_access_key', dry_run: true } });
    expect(await auditRecords(t.current, other, 'remediation.requested')).toEqual([]);
  });

  it('refuses an action the kind does not support (400 naming the supported ones), a missing reason, and a removed identity (409)', async () => {
    const [tenant] = await t.current.twoTenants();
    const roleId = await seedRole(t.current, tenant);
    const unsupported = await ask(tenant.owner.token, { identityId: roleId, action: 'disable_access_key', reason: 'no' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toMatchObject({ code: 'validation_failed', error: 'an identity of kind aws_iam_role supports the actions: manual', supported_actions: ['manual'] });
    expect((await ask(tenant.owner.token, { identityId: roleId, action: 'shred_everything', reason: 'no' })).status).toBe(400);
    expect((await ask(tenant.owner.token, { identityId: roleId, action: 'manual', reason: '   ' })).status).toBe(400);
    expect((await ask(tenant.owner.token, { identityId: roleId, action: 'manual' })).status).toBe(400);

    await t.current.db.query(`UPDATE nhi_identities SET state = 'removed', removed_at = now() WHERE org_id = $1 AND id = $2`, [tenant.id, roleId]);
    const removed = await ask(tenant.owner.token, { identityId: roleId, action: 'manual', reason: 'remove it' });
    expect(removed.status).toBe(409);
    expect(await auditRecords(t.current, tenant, 'remediation.requested')).toEqual([]);
  });

  it('another organization’s identity is the same 404 as a missing one; a viewer may not ask', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const identityId = await seedRole(t.current, tenant);
    const foreign = await ask(other.owner.token, { identityId, action: 'manual', reason: 'not mine' });
    const missing = await ask(other.owner.token, { identityId: randomUUID(), action: 'manual', reason: 'not mine' });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);

    const viewer = await t.current.member(tenant, 'viewer');
    const refused = await ask(viewer.token, { identityId, action: 'manual', reason: 'remove it' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ required_scope: 'governance:request' });
  });

  it('requestRemediation (a campaign’s revoke decision) writes the request and its record in the caller’s transaction, naming the campaign item', async () => {
    const [tenant] = await t.current.twoTenants();
    const identityId = await seedRole(t.current, tenant);
    const campaignItem = { campaignId: randomUUID(), itemId: randomUUID() };
    const caller = { orgId: tenant.id, userId: tenant.owner.id, audit: { orgId: tenant.id, actor: { kind: 'person' as const, id: tenant.owner.id }, sourceAddress: null, correlationId: null } };
    const { id } = await t.current.db.transaction((tx) => requestRemediation(tx, caller, { identityId, action: 'manual', reason: 'revoked in the quarterly review', campaignItem }, new Date()));
    expect(await remediationOf(t.current, tenant.owner, id)).toMatchObject({ status: 'pending', dryRun: false, campaign: campaignItem, requestedByUserId: tenant.owner.id });
    expect((await auditRecords(t.current, tenant, 'remediation.requested'))[0]?.detail).toMatchObject({ campaign_id: campaignItem.campaignId, campaign_item_id: campaignItem.itemId });

    // Nothing of a transaction that rolls back stays.
    await expect(
      t.current.db.transaction(async (tx) => {
        await requestRemediation(tx, caller, { identityId, action: 'manual', reason: 'rolled back' }, new Date());
        throw new Error('the campaign decision failed');
      }),
    ).rejects.toThrow('the campaign decision failed');
    expect(await auditRecords(t.current, tenant, 'remediation.requested')).toHaveLength(1);
  });
});
