// Runtime decisions on both profiles, asked by an API key and a workload holding the
// module's machine scope: rules, findings and the order they are weighed in, identities
// the organization does not have, every answer logged and denials audited coalesced.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { scopeRegistry } from '../../../platform/authorization/permissions.js';
import { openStaleFinding, seedTool, seedUsedRole } from '../../findings/testing/api-fixtures.js';
import { decide, exceptionRequests, grantRequests, requested } from '../../governance/testing/requests.js';
import { askForRemediation } from '../../remediation/testing/api-fixtures.js';
import { DENIAL_WINDOW_MS } from '../denial-audit.js';
import { ask, createRule, DECIDE_SCOPE, decisionKey, decisionLog, runtimeAuditRecords } from '../testing/api-fixtures.js';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** An identity of the tenant's inventory, with how an agent knows itself. */
async function identityOf(t: TestApp, tenant: TestTenant) {
  const id = await seedUsedRole(t, tenant, 1);
  const row = (await t.db.query<{ connector_id: string; external_id: string }>('SELECT connector_id, external_id FROM nhi_identities WHERE org_id = $1 AND id = $2', [tenant.id, id])).rows[0]!;
  return { id, connectorId: row.connector_id, externalId: row.external_id };
}

describe.each(handlerTestProfiles)('POST /nhi/api/v1/runtime/decisions ($profile)', (profile) => {
  let clock: Date | undefined;
  const t = useTestApp(() => ({ ...profile, clock: () => clock ?? new Date() }));
  expectNeighbourUntouchedAfterEach(t);

  it('denies by default, allows by an allow rule, lets a matching deny rule override it, and logs every answer with its caller', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await t.current.apiKey(tenant.owner, [DECIDE_SCOPE], { name: 'gateway' });
    const identity = await identityOf(t.current, tenant);
    const question = { identity: { identityId: identity.id }, action: 'write:object', resource: 'prod/bucket-1', context: { requestId: 'r-1', attempt: 1, retried: false } };

    const byDefault = await ask(t.current, key.key, question);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toEqual({ decisionId: expect.any(String), decision: 'deny', reasons: [{ code: 'no_allowance' }], evaluatedAt: expect.any(String) });

    const allow = await createRule(t.current, tenant.owner, { name: 'roles write', effect: 'allow', enabled: true, match: { identityKinds: ['aws_iam_role'], providers: ['aws'], actions: ['write:*'] } });
    const allowed = await ask(t.current, key.key, { ...question, identity: { connectorId: identity.connectorId, externalId: identity.externalId } });
    expect(allowed.body).toMatchObject({ decision: 'allow', reasons: [{ code: 'allow_rule', ruleId: allow.id, ruleName: 'roles write' }] });

    const deny = await createRule(t.current, tenant.owner, { name: 'no production', effect: 'deny', enabled: true, match: { resources: ['prod/*'] } });
    const denied = await ask(t.current, key.key, question);
    expect(denied.body).toMatchObject({ decision: 'deny', reasons: [{ code: 'deny_rule', ruleId: deny.id, ruleName: 'no production' }] });
    // The deny rule does not match staging: the allow rule answers.
    expect((await ask(t.current, key.key, { ...question, resource: 'staging/bucket-1' })).body.decision).toBe('allow');
    // A disabled rule weighs nothing.
    await t.current.call('PATCH', `/nhi/api/v1/runtime/rules/${deny.id}`, { token: tenant.owner.token, body: { enabled: false } });
    expect((await ask(t.current, key.key, question)).body.decision).toBe('allow');

    const log = await decisionLog(t.current, tenant.owner);
    expect(log.items.map((item: { decision: string }) => item.decision)).toEqual(['allow', 'allow', 'deny', 'allow', 'deny']);
    expect(log.items[2]).toEqual({
      id: denied.body.decisionId,
      identityId: identity.id,
      identityReference: { identityId: identity.id },
      action: 'write:object',
      resource: 'prod/bucket-1',
      context: { requestId: 'r-1', attempt: 1, retried: false },
      decision: 'deny',
      reasons: denied.body.reasons,
      ruleIds: [deny.id],
      grantIds: [],
      caller: { kind: 'api_key', id: key.id },
      decidedAt: denied.body.evaluatedAt,
    });
    expect(log.items[3]).toMatchObject({ identityId: identity.id, identityReference: { connectorId: identity.connectorId, externalId: identity.externalId }, ruleIds: [allow.id] });
  });

  it('logs the context redacted: credentials by key name or by shape never reach the log, which every module role reads', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await t.current.apiKey(tenant.owner, [DECIDE_SCOPE], { name: 'gateway' });
    const identity = await identityOf(t.current, tenant);
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ2VudCJ9.c2lnbmF0dXJl';
    const context = { requestId: 'r-2', password: 'hunter2', Authorization: 'Bearer abc.def', upstream_header: 'Basic dXNlcjpodW50ZXIy', note: jwt, pwd: 'p', author: 'ops', attempt: 2 };
    const asked = await ask(t.current, key.key, { identity: { identityId: identity.id }, action: 'read', resource: 'prod/x', context });
    expect(asked.status).toBe(200);

    const viewer = await t.current.member(tenant, 'viewer');
    const [logged] = (await decisionLog(t.current, viewer)).items;
    expect(logged.context).toEqual({ requestId: 'r-2', password: '[redacted]', Authorization: '[redacted]', upstream_header: '[redacted]', note: '[redacted]', pwd: '[redacted]', author: 'ops', attempt: 2 });
    const stored = JSON.stringify((await t.current.db.query('SELECT context FROM nhi_runtime_decisions WHERE org_id = $1', [tenant.id])).rows);
    for (const secret of ['hunter2', 'abc.def', 'dXNlcjpodW50ZXIy', jwt]) expect(stored).not.toContain(secret);
  });

  it('answers an identity the organization does not have, another organization’s included, with a deny that says nothing about it', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const key = await decisionKey(t.current, tenant);
    const foreign = await identityOf(t.current, other);
    await createRule(t.current, other.owner, { name: 'allow all', effect: 'allow', enabled: true, match: {} });

    const answers = [];
    for (const identity of [{ identityId: foreign.id }, { identityId: '00000000-0000-4000-8000-000000000000' }, { connectorId: foreign.connectorId, externalId: foreign.externalId }]) {
      const answer = await ask(t.current, key, { identity, action: 'read', resource: 'anything' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ decision: 'deny', reasons: [{ code: 'unknown_identity' }] });
      answers.push(answer.body);
    }
    const log = await decisionLog(t.current, tenant.owner);
    expect(log.items.map((item: { identityId: string | null }) => item.identityId)).toEqual([null, null, null]);
    // The other organization's log holds nothing of these questions.
    expect((await decisionLog(t.current, other.owner)).items).toEqual([]);
  });

  it('denies on an open module finding under a rule naming it, and not once a person has settled the finding', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await decisionKey(t.current, tenant);
    const finding = await openStaleFinding(t.current, tenant);
    await createRule(t.current, tenant.owner, { name: 'reads', effect: 'allow', enabled: true, match: { actions: ['read'] } });
    const high = await createRule(t.current, tenant.owner, { name: 'high findings', effect: 'deny', enabled: true, match: {}, when: { openFinding: { severityAtLeast: 'high' } } });
    const stale = await createRule(t.current, tenant.owner, { name: 'stale identities', effect: 'deny', enabled: true, match: {}, when: { openFinding: { policy: 'stale_identity' } } });
    const question = { identity: { identityId: finding.identity.id }, action: 'read', resource: 'reports/q3' };

    // The finding is medium: the high-severity rule does not hold, the stale-identity one does.
    const denied = await ask(t.current, key, question);
    expect(denied.body).toMatchObject({ decision: 'deny', reasons: [{ code: 'deny_rule', ruleId: stale.id, findingIds: [finding.id] }] });
    expect(denied.body.reasons.map((reason: { ruleId?: string }) => reason.ruleId)).not.toContain(high.id);

    // Acknowledged is still unsettled; a false positive is settled.
    await t.current.call('PATCH', `/nhi/api/v1/findings/${finding.id}`, { token: tenant.owner.token, body: { status: 'acknowledged' } });
    expect((await ask(t.current, key, question)).body.decision).toBe('deny');
    await t.current.call('PATCH', `/nhi/api/v1/findings/${finding.id}`, { token: tenant.owner.token, body: { status: 'false_positive', reason: 'used through a path IAM does not track' } });
    expect((await ask(t.current, key, question)).body).toMatchObject({ decision: 'allow', reasons: [{ code: 'allow_rule' }] });
  });

  it('allows through a grant in force covering the action and resource, and denies once its end has passed, nothing stored having changed', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await decisionKey(t.current, tenant);
    const analyst = await t.current.member(tenant, 'analyst');
    const identity = await identityOf(t.current, tenant);
    const grant = await requested(t.current, tenant, analyst, grantRequests, { identityId: identity.id, endsInMs: DAY_MS });
    const question = { identity: { identityId: identity.id }, action: 's3:GetObject', resource: 'arn:aws:s3:::reports/2026/q3.csv' };
    // Pending grants allow nothing.
    expect((await ask(t.current, key, question)).body.reasons).toEqual([{ code: 'no_allowance' }]);
    expect((await decide(t.current, tenant.owner, grantRequests, grant.id, 'approve')).status).toBe(200);

    const allowed = await ask(t.current, key, question);
    expect(allowed.body).toMatchObject({ decision: 'allow', reasons: [{ code: 'grant', grantId: grant.id }] });
    // The grant covers its actions and resources only.
    expect((await ask(t.current, key, { ...question, action: 's3:PutObject' })).body.decision).toBe('deny');
    expect((await ask(t.current, key, { ...question, resource: 'arn:aws:s3:::payroll/q3.csv' })).body.decision).toBe('deny');
    // A deny rule overrides the grant.
    const rule = await createRule(t.current, tenant.owner, { name: 'no csv', effect: 'deny', enabled: true, match: { resources: ['*.csv'] } });
    expect((await ask(t.current, key, question)).body).toMatchObject({ decision: 'deny', reasons: [{ code: 'deny_rule', ruleId: rule.id }] });
    await t.current.call('DELETE', `/nhi/api/v1/runtime/rules/${rule.id}`, { token: tenant.owner.token });

    const stored = (await t.current.db.query('SELECT * FROM nhi_access_grants WHERE org_id = $1 AND id = $2', [tenant.id, grant.id])).rows;
    clock = new Date(Date.parse(grant.endsAt) + MINUTE_MS);
    try {
      const { token } = await t.current.login(tenant.owner);
      const ended = await ask(t.current, key, question);
      expect(ended.body).toMatchObject({ decision: 'deny', reasons: [{ code: 'no_allowance' }], evaluatedAt: clock.toISOString() });
      expect((await t.current.db.query('SELECT * FROM nhi_access_grants WHERE org_id = $1 AND id = $2', [tenant.id, grant.id])).rows).toEqual(stored);
      const log = await t.current.call('GET', `/nhi/api/v1/runtime/decisions?identityId=${identity.id}&limit=200`, { token });
      expect(log.body.items[0]).toMatchObject({ id: ended.body.decisionId, decision: 'deny', grantIds: [] });
      expect(log.body.items.find((item: { id: string }) => item.id === allowed.body.decisionId)).toMatchObject({ decision: 'allow', grantIds: [grant.id] });
    } finally {
      clock = undefined;
    }
  });

  it('denies an identity a remediation approved against it has taken out of use, whatever grants and rules say', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await decisionKey(t.current, tenant);
    const tool = await seedTool(t.current, tenant);
    await createRule(t.current, tenant.owner, { name: 'allow all', effect: 'allow', enabled: true, match: {} });
    const question = { identity: { identityId: tool.id }, action: 'tools/call', resource: 'search' };
    expect((await ask(t.current, key, question)).body.decision).toBe('allow');

    const analyst = await t.current.member(tenant, 'analyst');
    const remediation = await askForRemediation(t.current, analyst, { identityId: tool.id, action: 'revoke_tool_approval', reason: 'the tool’s description changed' });
    // Asked for, not approved: nothing changes yet.
    expect((await ask(t.current, key, question)).body.decision).toBe('allow');
    const approved = await t.current.call('POST', `/nhi/api/v1/remediations/${remediation.id}/approve`, { token: tenant.owner.token });
    expect(approved.status, approved.raw).toBe(200);
    const denied = await ask(t.current, key, question);
    expect(denied.body).toMatchObject({ decision: 'deny', reasons: [{ code: 'remediation', remediationId: remediation.id, action: 'revoke_tool_approval' }] });
  });

  it('lets an exception in force for a finding’s policy exempt the identity from a rule denying on open findings, until the exception ends', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await decisionKey(t.current, tenant);
    const finding = await openStaleFinding(t.current, tenant);
    await createRule(t.current, tenant.owner, { name: 'reads', effect: 'allow', enabled: true, match: { actions: ['read'] } });
    const rule = await createRule(t.current, tenant.owner, { name: 'open findings', effect: 'deny', enabled: true, match: {}, when: { openFinding: {} } });
    const question = { identity: { identityId: finding.identity.id }, action: 'read', resource: 'reports/q3' };
    expect((await ask(t.current, key, question)).body).toMatchObject({ decision: 'deny', reasons: [{ code: 'deny_rule', ruleId: rule.id, findingIds: [finding.id] }] });

    const analyst = await t.current.member(tenant, 'analyst');
    const exception = await requested(t.current, tenant, analyst, exceptionRequests, { identityId: finding.identity.id, endsInMs: DAY_MS });
    expect((await decide(t.current, tenant.owner, exceptionRequests, exception.id, 'approve')).status).toBe(200);
    const exempted = await ask(t.current, key, question);
    expect(exempted.body).toMatchObject({
      decision: 'allow',
      reasons: [
        { code: 'allow_rule', ruleName: 'reads' },
        { code: 'finding_exempted', ruleId: rule.id, findingId: finding.id, policy: 'stale_identity', exceptionId: exception.id },
      ],
    });

    clock = new Date(Date.parse(exception.endsAt) + MINUTE_MS);
    try {
      expect((await ask(t.current, key, question)).body).toMatchObject({ decision: 'deny', reasons: [{ code: 'deny_rule', ruleId: rule.id }] });
    } finally {
      clock = undefined;
    }
  });

  it('denies a removed identity', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await decisionKey(t.current, tenant);
    const identity = await identityOf(t.current, tenant);
    await createRule(t.current, tenant.owner, { name: 'allow all', effect: 'allow', enabled: true, match: {} });
    await t.current.db.query(`UPDATE nhi_identities SET state = 'removed', removed_at = now() WHERE org_id = $1 AND id = $2`, [tenant.id, identity.id]);
    expect((await ask(t.current, key, { identity: { identityId: identity.id }, action: 'read', resource: 'x' })).body).toMatchObject({ decision: 'deny', reasons: [{ code: 'identity_removed' }] });
  });

  it('audits the first denial of an identity in each five minutes, counting the others into the next record', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await t.current.apiKey(tenant.owner, [DECIDE_SCOPE]);
    const identity = await identityOf(t.current, tenant);
    const start = new Date();
    clock = start;
    try {
      const question = { identity: { identityId: identity.id }, action: 'write', resource: 'prod/db' };
      const first = await ask(t.current, key.key, question);
      for (let attempt = 0; attempt < 3; attempt += 1) await ask(t.current, key.key, question);
      // Another subject has a window of its own.
      await ask(t.current, key.key, { ...question, identity: { identityId: '00000000-0000-4000-8000-000000000000' } });
      clock = new Date(start.getTime() + DENIAL_WINDOW_MS - MINUTE_MS);
      await ask(t.current, key.key, question);
      clock = new Date(start.getTime() + DENIAL_WINDOW_MS);
      const next = await ask(t.current, key.key, question);

      const records = await runtimeAuditRecords(t.current, tenant);
      expect(records.map((record) => [record.action, record.subject, record.detail.decisionId, record.detail.unrecordedSincePrevious])).toEqual([
        ['runtime.decision.denied', identity.id, first.body.decisionId, 0],
        ['runtime.decision.denied', null, expect.any(String), 0],
        ['runtime.decision.denied', identity.id, next.body.decisionId, 4],
      ]);
      expect(records[0]).toMatchObject({ actor_kind: 'system', actor_id: `api_key:${key.id}`, detail: { action: 'write', resource: 'prod/db', reasons: [{ code: 'no_allowance' }] } });
      expect(records[1]!.detail.identityReference).toEqual({ identityId: '00000000-0000-4000-8000-000000000000' });
      // The log holds every one of them.
      expect((await decisionLog(t.current, tenant.owner, '&decision=deny')).total).toBe(7);
    } finally {
      clock = undefined;
    }
  });

  it('answers a workload holding the scope, and refuses credentials without it, recording each refusal', async () => {
    const [tenant] = await t.current.twoTenants();
    const identity = await identityOf(t.current, tenant);
    const question = { identity: { identityId: identity.id }, action: 'read', resource: 'x' };
    const workload = await t.current.call('POST', '/api/v1/workloads', {
      token: tenant.owner.token,
      body: { name: 'agent', scopes: [DECIDE_SCOPE], expires_at: new Date(Date.now() + 30 * 24 * 60 * MINUTE_MS).toISOString() },
    });
    expect(workload.status, workload.raw).toBe(201);
    expect(workload.body.delegation.effective_scopes).toEqual([DECIDE_SCOPE]);
    const asked = await ask(t.current, workload.body.credential, question);
    expect(asked.status).toBe(200);
    expect((await decisionLog(t.current, tenant.owner)).items[0].caller).toEqual({ kind: 'workload', id: workload.body.id });

    const without = await t.current.apiKey(tenant.owner, [...scopeRegistry.grantable.keys()].filter((scope) => scope !== DECIDE_SCOPE));
    const refused = await ask(t.current, without.key, question);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: `missing permission ${DECIDE_SCOPE}`, code: 'forbidden', required_scope: DECIDE_SCOPE, principal: 'api_key' });
    const analyst = await t.current.member(tenant, 'analyst');
    expect((await ask(t.current, analyst.token, question)).status).toBe(403);
    // An analyst may not mint a key holding it either: they do not hold it.
    const minted = await t.current.call('POST', '/api/v1/api-keys', { token: analyst.token, body: { name: 'mine', scopes: [DECIDE_SCOPE], expires_at: new Date(Date.now() + 60 * MINUTE_MS).toISOString() } });
    expect(minted.status).toBe(400);
    expect(minted.raw).toContain('not held by you');
    const denials = await t.current.db.query<{ actor_id: string }>(`SELECT actor_id FROM nhi_audit_records WHERE org_id = $1 AND action = 'authz.denied' ORDER BY sequence`, [tenant.id]);
    expect(denials.rows.map((row) => row.actor_id)).toEqual([`api_key:${without.id}`, analyst.id]);
    // Only the one decision was logged.
    expect((await decisionLog(t.current, tenant.owner)).total).toBe(1);
  });

  it('keeps keys holding the scope to this one operation', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await decisionKey(t.current, tenant);
    for (const [method, url] of [
      ['GET', '/nhi/api/v1/runtime/decisions'],
      ['GET', '/nhi/api/v1/runtime/rules'],
      ['GET', '/nhi/api/v1/findings'],
    ] as const) {
      const refused = await t.current.call(method, url, { token: key });
      expect(refused.status, url).toBe(403);
      expect(refused.body.principal).toBe('api_key');
    }
  });

  it('refuses a malformed question with 400 and logs nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const key = await decisionKey(t.current, tenant);
    for (const body of [
      { identity: {}, action: 'read', resource: 'x' },
      { identity: { identityId: 'not-an-id' }, action: 'read', resource: 'x' },
      { identity: { identityId: '00000000-0000-4000-8000-000000000000', externalId: 'x' }, action: 'read', resource: 'x' },
      { identity: { identityId: '00000000-0000-4000-8000-000000000000' }, action: '', resource: 'x' },
      { identity: { identityId: '00000000-0000-4000-8000-000000000000' }, action: 'read', resource: 'x', context: { nested: { deep: true } } },
    ]) {
      expect((await ask(t.current, key, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await decisionLog(t.current, tenant.owner)).total).toBe(0);
  });
});
