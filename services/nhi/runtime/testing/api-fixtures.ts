// Test-only: runtime rules created over HTTP, API keys holding the runtime decision
// scope, and questions asked with them.
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';
import type { NhiRuntimeRule } from '../rules.js';

export const DECIDE_SCOPE = 'nhi-runtime:decide';

/** A deny rule on every action of every identity against production resources. */
export const denyProductionRule = { name: 'no production writes', effect: 'deny', enabled: true, match: { actions: ['write:*'], resources: ['prod/*'] } };

/** POST /nhi/api/v1/runtime/rules as the person; 201 expected. */
export async function createRule(t: TestApp, person: TestPerson, body: unknown = denyProductionRule): Promise<NhiRuntimeRule> {
  const response = await t.call('POST', '/nhi/api/v1/runtime/rules', { token: person.token, body });
  if (response.status !== 201) throw new Error(`POST /nhi/api/v1/runtime/rules answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** An API key of the tenant holding only the runtime decision scope, as an agent or gateway holds it. */
export async function decisionKey(t: TestApp, tenant: TestTenant): Promise<string> {
  return (await t.apiKey(tenant.owner, [DECIDE_SCOPE], { name: 'gateway' })).key;
}

/** POST /nhi/api/v1/runtime/decisions with the credential. */
export function ask(t: TestApp, token: string, body: unknown) {
  return t.call('POST', '/nhi/api/v1/runtime/decisions', { token, body });
}

/** The tenant's decision log as its owner reads it (up to 200), with an optional query. */
export async function decisionLog(t: TestApp, person: TestPerson, query = '') {
  const response = await t.call('GET', `/nhi/api/v1/runtime/decisions?limit=200${query}`, { token: person.token });
  if (response.status !== 200) throw new Error(`GET /nhi/api/v1/runtime/decisions answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** The tenant's runtime audit records, oldest first. */
export async function runtimeAuditRecords(t: TestApp, tenant: TestTenant) {
  const found = await t.db.query<{ action: string; subject: string | null; actor_kind: string; actor_id: string | null; detail: Record<string, unknown> }>(
    `SELECT action, subject, actor_kind, actor_id, detail FROM nhi_audit_records WHERE org_id = $1 AND (action LIKE 'runtime_rule.%' OR action = 'runtime.decision.denied') ORDER BY sequence`,
    [tenant.id],
  );
  return found.rows;
}
