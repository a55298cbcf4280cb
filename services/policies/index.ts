// Policies (spec 2.7): rule sets with immutable numbered versions, at most one
// enabled per organization. Verdicts read the enabled policy and the rule
// language through this entry.
import type { Database } from '../platform/db/database.js';
import type { CapabilityModule } from '../platform/module.js';
import { createPolicy } from './handlers/createPolicy.js';
import { createPolicyVersion } from './handlers/createPolicyVersion.js';
import { getPolicy } from './handlers/getPolicy.js';
import { getPolicyVersion } from './handlers/getPolicyVersion.js';
import { listPolicies } from './handlers/listPolicies.js';
import { listPolicyVersions } from './handlers/listPolicyVersions.js';
import { updatePolicy } from './handlers/updatePolicy.js';

export { boundedLimit, findEnabledPolicy, type EnabledPolicy } from './policies.js';
export type { Condition, ConditionField, Rule, SeverityThreshold } from './rules.js';

export function createPoliciesModule(deps: { db: Database }): CapabilityModule {
  const { db } = deps;
  return {
    name: 'policies',
    handlers: {
      listPolicies: listPolicies({ db }),
      createPolicy: createPolicy({ db }),
      getPolicy: getPolicy({ db }),
      updatePolicy: updatePolicy({ db }),
      listPolicyVersions: listPolicyVersions({ db }),
      createPolicyVersion: createPolicyVersion({ db }),
      getPolicyVersion: getPolicyVersion({ db }),
    },
  };
}
