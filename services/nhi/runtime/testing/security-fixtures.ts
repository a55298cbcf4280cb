// Resources of the shared security suite (test/support/security-suite.ts): a runtime rule.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { createRule } from './api-fixtures.js';

const rule: ResourceFixture = async (t, tenant) => ({ params: { ruleId: (await createRule(t, tenant.owner)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getRuntimeRule: rule,
  updateRuntimeRule: async (t, tenant) => ({ ...(await rule(t, tenant)), body: { enabled: false } }),
  deleteRuntimeRule: rule,
};
