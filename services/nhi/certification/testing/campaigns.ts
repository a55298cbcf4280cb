// Test-only: identities straight into a tenant's inventory, and campaigns through the API.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { useTestApp, type Profile, type TestApp, type TestPerson, type TestTenant } from '../../../../test/support/test-app.js';
import type { NhiCertificationCampaign, NhiCertificationItem } from '../campaigns.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysFromNow = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString();

/** An active identity of the kind in the tenant's inventory, found by the connector given (a fresh one by default). */
export async function seedIdentity(t: TestApp, tenant: TestTenant, options: { kind?: string; name?: string; connectorId?: string } = {}): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO nhi_identities (org_id, id, connector_id, kind, provider, external_id, name, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, $4, 'aws', $5, $6, now(), now())`,
    [tenant.id, id, options.connectorId ?? randomUUID(), options.kind ?? 'aws_iam_access_key', `seeded:${id}`, options.name ?? `identity-${id.slice(0, 8)}`],
  );
  return id;
}

/** POST /nhi/api/v1/certification/campaigns as the opener, ending in 7 days unless the body says. */
export async function openCampaign(t: TestApp, opener: TestPerson, body: Record<string, unknown>): Promise<NhiCertificationCampaign> {
  const response = await t.call('POST', '/nhi/api/v1/certification/campaigns', { token: opener.token, body: { name: 'Quarterly review', endsAt: daysFromNow(7), ...body } });
  expect(response.status, response.raw).toBe(201);
  return response.body;
}

/** POST .../{campaignId}/{start|cancel|close} as the person. */
export const campaignAction = (t: TestApp, person: TestPerson, campaignId: string, action: 'start' | 'cancel' | 'close') =>
  t.call('POST', `/nhi/api/v1/certification/campaigns/${campaignId}/${action}`, { token: person.token });

/** A started campaign over the given identities, reviewed by the reviewers. */
export async function startedCampaign(t: TestApp, opener: TestPerson, identityIds: string[], reviewers: TestPerson[], body: Record<string, unknown> = {}): Promise<NhiCertificationCampaign> {
  const campaign = await openCampaign(t, opener, { scope: { identityIds }, reviewerUserIds: reviewers.map((reviewer) => reviewer.id), ...body });
  const started = await campaignAction(t, opener, campaign.id, 'start');
  expect(started.status, started.raw).toBe(200);
  return started.body;
}

/** The campaign's items as the person reads them (up to 200), with an optional query. */
export async function itemsOf(t: TestApp, person: TestPerson, campaignId: string, query = ''): Promise<NhiCertificationItem[]> {
  const response = await t.call('GET', `/nhi/api/v1/certification/campaigns/${campaignId}/items?limit=200${query}`, { token: person.token });
  expect(response.status, response.raw).toBe(200);
  return response.body.items;
}

/** POST .../items/{itemId}/decision as the person. */
export const answer = (t: TestApp, person: TestPerson, campaignId: string, itemId: string, body: { decision: 'keep' | 'revoke'; comment?: string }) =>
  t.call('POST', `/nhi/api/v1/certification/campaigns/${campaignId}/items/${itemId}/decision`, { token: person.token, body });

/** useTestApp with a clock the test moves (undefined: the real one). A session outlives no move: sign in again after one. */
export function useCertificationTestApp(profile: { profile: Profile; counters?: 'redis' | 'memory' }): { t: { readonly current: TestApp }; setClock(at: Date | undefined): void } {
  let clock: Date | undefined;
  const t = useTestApp(() => ({ ...profile, clock: () => clock ?? new Date() }));
  return {
    t,
    setClock(at) {
      clock = at;
    },
  };
}

/** The tenant's module audit records of these actions, oldest first, as [action, actor id, result, subject, detail]. */
export async function trailOf(t: TestApp, tenant: TestTenant, actions: readonly string[]) {
  const { rows } = await t.db.query<{ action: string; actor_id: string | null; result: string; subject: string | null; detail: Record<string, unknown> }>(
    'SELECT action, actor_id, result, subject, detail FROM nhi_audit_records WHERE org_id = $1 AND action = ANY ($2::text[]) ORDER BY sequence',
    [tenant.id, actions],
  );
  return rows;
}
