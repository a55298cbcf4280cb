// Test support for policies: rules and policies created through the real routes.
import { randomUUID } from 'node:crypto';
import type { TestApp, TestTenant } from '../../../test/support/test-app.js';
import type { Rule } from '../rules.js';

/** Blocks critical vulnerabilities, warns about everything else that is not suppressed. */
export const criticalBlocks: Rule[] = [
  { name: 'no critical vulnerabilities', effect: 'block', when: [{ field: 'kind', op: 'in', value: ['vulnerability'] }, { field: 'severity', op: 'at_least', value: 'critical' }] },
  { name: 'everything else', effect: 'warn', when: [] },
];

/** POST /policies as the tenant's owner, expecting 201; answers the policy. */
export async function createdPolicy(t: TestApp, tenant: TestTenant, body: { name?: string; description?: string; rules?: Rule[]; enabled?: boolean } = {}) {
  const response = await t.call('POST', '/api/v1/policies', { token: tenant.owner.token, body: { name: `policy ${randomUUID().slice(0, 8)}`, rules: criticalBlocks, ...body } });
  if (response.status !== 201) throw new Error(`POST /policies answered ${response.status}: ${response.raw}`);
  return response.body;
}
