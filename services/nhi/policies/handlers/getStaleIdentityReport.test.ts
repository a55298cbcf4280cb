// The stale_identity report end to end, on both profiles: identities put in the
// inventory by the real collection pipeline (a run requested over HTTP, a collector
// of kind cloud_account emitting what the AWS collector emits, the outbox, the log,
// the inventory processor), judged with the organization's thresholds, and the
// evaluation the run queued opening a finding for exactly the stale ones.
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { scriptedCollector, toolIdentity, type ScriptedCollection } from '../../collection/testing/api-fixtures.js';
import { connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import type { StaleReportItem } from '../stale-report.js';
import { accessKey, daysAgo, role, user } from '../testing/cloud-identities.js';
import { usePolicyPipeline } from '../testing/policy-evaluation.js';

const AWS_REFERENCE = connectorBodies.cloud_account.credentialsReference;
const TOOLS_REFERENCE = connectorBodies.tool_server.credentialsReference;

/** What the account holds, each with the answer (and the rule giving it) under the default 90 days. */
const account: ScriptedCollection = {
  identities: [
    role('recent', { usedDaysAgo: 10, createdDaysAgo: 700 }),
    role('dormant', { usedDaysAgo: 200, createdDaysAgo: 700 }),
    role('never-used-old', { neverUsed: true, createdDaysAgo: 300 }),
    accessKey('AKIAOLDNEVERUSED0001', { neverUsed: true, createdDaysAgo: 120 }),
    accessKey('AKIANEWNEVERUSED0001', { neverUsed: true, createdDaysAgo: 5 }),
    accessKey('AKIANOTREPORTED00001', { notReported: true, createdDaysAgo: 400 }),
    // emulate's ListAccessKeys gives no CreateDate: never used, age unknown.
    accessKey('AKIANOCREATEDATE0001', { neverUsed: true, createdDaysAgo: null }),
    accessKey('AKIAUSED100DAYSAGO01', { usedDaysAgo: 100, createdDaysAgo: 500 }),
    user('ci-bot'),
  ],
};

const expected: Record<string, [StaleReportItem['answer'], StaleReportItem['basis']]> = {
  'arn:aws:iam::123456789012:role/recent': ['not_stale', 'last_use'],
  'arn:aws:iam::123456789012:role/dormant': ['stale', 'last_use'],
  'arn:aws:iam::123456789012:role/never-used-old': ['stale', 'never_used_since_creation'],
  AKIAOLDNEVERUSED0001: ['stale', 'never_used_since_creation'],
  AKIANEWNEVERUSED0001: ['not_stale', 'never_used_since_creation'],
  AKIANOTREPORTED00001: ['not_assessable', 'last_use_not_reported'],
  AKIANOCREATEDATE0001: ['not_assessable', 'never_used_age_unknown'],
  AKIAUSED100DAYSAGO01: ['stale', 'last_use'],
  'arn:aws:iam::123456789012:user/ci-bot': ['not_assessable', 'last_use_not_reported'],
};

describe.each(handlerTestProfiles)('GET /nhi/api/v1/policies/stale_identity/report ($profile)', (profile) => {
  const t = useTestApp(profile);
  const cloud = scriptedCollector('cloud_account');
  const tools = scriptedCollector('tool_server');
  // When the worker observes what a run collects: now, unless a test moves it back.
  let observedAt: Date | undefined;
  const pipeline = usePolicyPipeline(t, profile.profile, [cloud.collector, tools.collector], { clock: () => observedAt ?? new Date() });

  async function connector(tenant: TestTenant, kind: 'cloud_account' | 'tool_server', script: ScriptedCollection, name?: string): Promise<string> {
    const body = connectorBodies[kind];
    await pipeline.current.holdCredentials(tenant, kind === 'cloud_account' ? AWS_REFERENCE : TOOLS_REFERENCE);
    const created = await createConnector(t.current, tenant.owner, name === undefined ? body : { ...body, name });
    (kind === 'cloud_account' ? cloud : tools).script(created.id, script);
    return created.id;
  }

  async function report(tenant: TestTenant, query = ''): Promise<StaleReportItem[]> {
    const items: StaleReportItem[] = [];
    let cursor: string | undefined;
    do {
      const response = await t.current.call('GET', `/nhi/api/v1/policies/stale_identity/report?limit=4${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: tenant.owner.token });
      expect(response.status, response.raw).toBe(200);
      items.push(...response.body.items);
      cursor = response.body.next_cursor;
    } while (cursor !== undefined);
    return items;
  }

  const answers = (items: StaleReportItem[]) => Object.fromEntries(items.map((item) => [item.identity.externalId, [item.answer, item.basis]]));

  it('answers stale, not stale or not assessable for every identity, by last use, never-used age or its absence, and opens a finding for each stale one', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const accountConnector = await connector(tenant, 'cloud_account', account);
    const toolConnector = await connector(tenant, 'tool_server', { identities: [toolIdentity('mcp:https://tools.example.com/mcp#tool:search')] });
    // The other organization holds one account with the same role names, one of them dormant.
    const otherConnector = await connector(other, 'cloud_account', { identities: [role('dormant', { usedDaysAgo: 365 })] });
    const { evaluation } = await pipeline.current.synchronizeAndEvaluate(tenant, accountConnector);
    await pipeline.current.synchronizeAndEvaluate(tenant, toolConnector);
    await pipeline.current.synchronizeAndEvaluate(other, otherConnector);
    expect(evaluation).toMatchObject({ trigger: 'synchronization', policies: { stale_identity: { enabled: true, holding: 4, opened: 4 } } });

    const items = await report(tenant);
    expect(answers(items)).toEqual({ ...expected, 'mcp:https://tools.example.com/mcp#tool:search': ['not_assessable', 'last_use_not_reported'] });
    const byId = Object.fromEntries(items.map((item) => [item.identity.externalId, item]));
    expect(byId['arn:aws:iam::123456789012:role/dormant']).toMatchObject({ identity: { kind: 'aws_iam_role', provider: 'aws', connectorId: accountConnector }, thresholdDays: 90 });
    expect(byId.AKIANEWNEVERUSED0001).toMatchObject({ lastUsedAt: 'never used', createdAt: expect.stringMatching(/^\d{4}-/) });
    expect(byId.AKIANOTREPORTED00001!.lastUsedAt).toBe('not reported');
    expect(byId.AKIANOCREATEDATE0001).toMatchObject({ lastUsedAt: 'never used', createdAt: null });
    expect(new Date(byId['arn:aws:iam::123456789012:role/recent']!.lastUsedAt).getTime()).toBeGreaterThan(daysAgo(11).getTime());

    // Filtered by answer, and by connector.
    const staleOnes = Object.entries(expected).filter(([, [answer]]) => answer === 'stale').map(([externalId]) => externalId);
    expect((await report(tenant, '&answer=stale')).map((item) => item.identity.externalId).sort()).toEqual([...staleOnes].sort());
    expect((await report(tenant, '&answer=not_assessable')).map((item) => item.answer)).toEqual(Array(4).fill('not_assessable'));
    expect((await report(tenant, `&connectorId=${toolConnector}`)).map((item) => item.identity.externalId)).toEqual(['mcp:https://tools.example.com/mcp#tool:search']);

    // The evaluation the run queued opened one stale_identity finding per stale identity, by the system.
    const findings = await t.current.call('GET', '/nhi/api/v1/findings?policy=stale_identity&limit=200', { token: tenant.owner.token });
    expect(findings.body.items.map((finding: { identity: { externalId: string } }) => finding.identity.externalId).sort()).toEqual([...staleOnes].sort());
    expect(findings.body.items.every((finding: { status: string; statusChangedByUserId: string | null }) => finding.status === 'open' && finding.statusChangedByUserId === null)).toBe(true);

    // The other organization sees its own account only.
    expect(answers(await report(other))).toEqual({ 'arn:aws:iam::123456789012:role/dormant': ['stale', 'last_use'] });
    expect((await t.current.call('GET', `/nhi/api/v1/policies/stale_identity/report?connectorId=${accountConnector}`, { token: other.owner.token })).body.items).toEqual([]);
    await t.current.expectNeighbourUntouched();
  });

  it('counts a never-used identity without a creation date as stale once the inventory has held it longer than the threshold', async () => {
    const [tenant] = await t.current.twoTenants();
    const connectorId = await connector(tenant, 'cloud_account', { identities: [accessKey('AKIAFIRSTSEENLONGAGO', { neverUsed: true, createdDaysAgo: null })] });
    observedAt = daysAgo(100);
    try {
      await pipeline.current.synchronizeAndEvaluate(tenant, connectorId);
    } finally {
      observedAt = undefined;
    }
    const [item] = await report(tenant);
    expect(item).toMatchObject({ identity: { externalId: 'AKIAFIRSTSEENLONGAGO' }, answer: 'stale', basis: 'never_used_since_first_seen', lastUsedAt: 'never used', createdAt: null });
  });

  it("judges with the organization's thresholds, per kind where set, and refuses unknown answers", async () => {
    const [tenant] = await t.current.twoTenants();
    const connectorId = await connector(tenant, 'cloud_account', account);
    await pipeline.current.synchronizeAndEvaluate(tenant, connectorId);

    const changed = await t.current.call('PATCH', '/nhi/api/v1/policies', { token: tenant.owner.token, body: { stale_identity: { thresholdDays: 250, kindThresholdDays: { aws_iam_access_key: 110 } } } });
    expect(changed.status).toBe(200);
    const judged = answers(await report(tenant));
    // Roles against 250 days, keys against 110.
    expect(judged['arn:aws:iam::123456789012:role/dormant']).toEqual(['not_stale', 'last_use']);
    expect(judged['arn:aws:iam::123456789012:role/never-used-old']).toEqual(['stale', 'never_used_since_creation']);
    expect(judged.AKIAUSED100DAYSAGO01).toEqual(['not_stale', 'last_use']);
    expect(judged.AKIAOLDNEVERUSED0001).toEqual(['stale', 'never_used_since_creation']);
    const thresholds = Object.fromEntries((await report(tenant)).map((item) => [item.identity.kind, item.thresholdDays]));
    expect(thresholds).toEqual({ aws_iam_role: 250, aws_iam_access_key: 110, aws_iam_user: 250 });

    const refused = await t.current.call('GET', '/nhi/api/v1/policies/stale_identity/report?answer=maybe', { token: tenant.owner.token });
    expect(refused.status).toBe(400);
  });

  it('is read by every module role', async () => {
    const [tenant] = await t.current.twoTenants();
    for (const role of ['admin', 'analyst', 'viewer'] as const) {
      const person = await t.current.member(tenant, role);
      expect((await t.current.call('GET', '/nhi/api/v1/policies/stale_identity/report', { token: person.token })).status, role).toBe(200);
    }
  });
});
