// The stale-identity report and findings over a real cloud-account collection, on both
// profiles: the AWS collector against the AWS peer on 127.0.0.1 behind TLS (emulate and
// the stub serving the cloudsplaining fixture's authorization details, RoleLastUsed
// included), through the collection pipeline, with the evaluation the run queued.
// The fixture's 78 roles were last used in 2023 (26) or never (52, all created by
// 2023): all stale under 90 days. Of the two keys, one used ten days ago is not
// stale, one never used has no creation date (emulate gives none) and the inventory
// has just seen it: not assessable. Policies report no use: not assessable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import { createCloudAccountCollector } from '../cloud-accounts/index.js';
import { COLLECTION_ROLE_ARN, EMULATED_ACCOUNT, EMULATED_KEY, startAwsPeer, type AwsPeer } from '../cloud-accounts/testing/aws-peer.js';
import type { Collector } from '../collection/index.js';
import { connectorBodies, createConnector } from '../connectors/testing/api-fixtures.js';
import type { StaleReportItem } from './stale-report.js';
import { daysAgo } from './testing/cloud-identities.js';
import { usePolicyPipeline } from './testing/policy-evaluation.js';

const certificates = createTestCertificates();
const REFERENCE = 'aws-prod-audit';
const arn = (resource: string) => `arn:aws:iam::${EMULATED_ACCOUNT}:${resource}`;
const SSO_ADMIN_ROLE = arn('role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_AdministratorAccess_dc6414f7f2ab04fc');

describe.each(testProfiles)('stale identities of a cloud account ($profile)', (profile) => {
  const t = useTestApp(profile);
  let peer: AwsPeer;
  const collector: Collector = { kind: 'cloud_account', collect: (context) => createCloudAccountCollector({ endpoints: peer.endpoints }).collect(context) };
  const pipeline = usePolicyPipeline(t, profile.profile, [collector], {
    session: { egress: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem },
  });

  beforeAll(async () => {
    peer = await startAwsPeer(certificates, [
      { userName: 'privesc-sre-user', lastUse: { date: daysAgo(10).toISOString(), service: 's3', region: 'eu-west-1' } },
      { userName: 'privesc4-CreateAccessKey-user', lastUse: 'never' },
    ]);
  }, 30_000);
  afterAll(() => peer?.close());

  async function cloudConnector(tenant: TestTenant, enabledCapabilities: string[]): Promise<string> {
    await pipeline.current.holdCredentials(tenant, REFERENCE, JSON.stringify({ ...EMULATED_KEY, roleArn: COLLECTION_ROLE_ARN }));
    const connector = await createConnector(t.current, tenant.owner, {
      ...connectorBodies.cloud_account,
      enabledCapabilities,
      settings: { includeUsers: false, includeKeyLastUsed: true },
      accountId: EMULATED_ACCOUNT,
      credentialsReference: REFERENCE,
    });
    return connector.id;
  }

  async function report(tenant: TestTenant, query = ''): Promise<{ total: number; items: StaleReportItem[] }> {
    const items: StaleReportItem[] = [];
    let cursor: string | undefined;
    let total = 0;
    do {
      const response = await t.current.call('GET', `/nhi/api/v1/policies/stale_identity/report?limit=200${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: tenant.owner.token });
      expect(response.status, response.raw).toBe(200);
      items.push(...response.body.items);
      total = response.body.total;
      cursor = response.body.next_cursor;
    } while (cursor !== undefined);
    return { total, items };
  }

  it('answers from the roles’ reported last use, the keys’ last use, and nothing for what reports none; one finding per stale role', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connectorId = await cloudConnector(tenant, ['role_discovery', 'access_key_discovery', 'key_last_used', 'relationship_discovery']);
    const otherConnector = await cloudConnector(other, ['role_discovery']);
    const { run, evaluation } = await pipeline.current.synchronizeAndEvaluate(tenant, connectorId);
    expect(run.state).toBe('completed');
    expect(evaluation.policies.stale_identity).toMatchObject({ holding: 78, opened: 78 });

    const { total, items } = await report(tenant);
    expect(total).toBe(78 + 2 + 57 + 36);
    const byAnswer = (answer: string) => items.filter((item) => item.answer === answer);
    expect({ stale: byAnswer('stale').length, notStale: byAnswer('not_stale').length, notAssessable: byAnswer('not_assessable').length }).toEqual({ stale: 78, notStale: 1, notAssessable: 95 - 1 });
    expect(byAnswer('stale').every((item) => item.identity.kind === 'aws_iam_role')).toBe(true);
    expect(byAnswer('stale').filter((item) => item.basis === 'last_use')).toHaveLength(26);
    expect(byAnswer('stale').filter((item) => item.basis === 'never_used_since_creation')).toHaveLength(52);

    const byId = Object.fromEntries(items.map((item) => [item.identity.externalId, item]));
    expect(byId[SSO_ADMIN_ROLE]).toMatchObject({ answer: 'stale', basis: 'last_use', lastUsedAt: '2023-03-21T09:35:50.000Z' });
    expect(byId[arn('role/privesc-sre-role')]).toMatchObject({ answer: 'stale', basis: 'never_used_since_creation', lastUsedAt: 'never used' });
    const keys = Object.fromEntries(items.filter((item) => item.identity.kind === 'aws_iam_access_key').map((item) => [item.identity.externalId, [item.answer, item.basis, item.lastUsedAt === 'never used' ? 'never used' : 'a time']]));
    const keyOf = (userName: string) => [...peer.accessKeys].find(([, key]) => key.userName === userName)?.[0] ?? '';
    expect(keys).toEqual({
      [keyOf('privesc-sre-user')]: ['not_stale', 'last_use', 'a time'],
      [keyOf('privesc4-CreateAccessKey-user')]: ['not_assessable', 'never_used_age_unknown', 'never used'],
    });
    expect(items.filter((item) => item.identity.kind.endsWith('policy')).every((item) => item.answer === 'not_assessable' && item.basis === 'last_use_not_reported')).toBe(true);

    const findings = await t.current.call('GET', '/nhi/api/v1/findings?policy=stale_identity&limit=1', { token: tenant.owner.token });
    expect(findings.body.total).toBe(78);

    // The other organization's synchronization of the same account is its own: its report and findings only.
    const theirs = await pipeline.current.synchronizeAndEvaluate(other, otherConnector);
    expect(theirs.evaluation.policies.stale_identity).toMatchObject({ holding: 78, opened: 78 });
    const otherReport = await report(other);
    expect(otherReport.total).toBe(78);
    expect(otherReport.items.every((item) => item.identity.connectorId === otherConnector)).toBe(true);
    expect((await t.current.call('GET', '/nhi/api/v1/findings?limit=1', { token: tenant.owner.token })).body.total).toBe(78);
  }, 120_000);
});
