// NHI policies (spec 8): the module's policies and the
// organization's settings of them, their evaluation over the inventory (after each
// synchronization, after a settings or approval change, and on demand), the
// stale_identity report, and the approved tool definitions tool_definition_changed
// compares with. Findings are kept by services/nhi/findings.
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { recordModuleRefusal } from '../audit/index.js';
import { createApprovals } from './approvals.js';
import { createPolicyEvaluationWorker } from './workers/evaluation-worker.js';
import { approveToolDefinition } from './handlers/approveToolDefinition.js';
import { evaluateNhiPolicies } from './handlers/evaluateNhiPolicies.js';
import { getStaleIdentityReport } from './handlers/getStaleIdentityReport.js';
import { getToolApproval } from './handlers/getToolApproval.js';
import { listNhiPolicies } from './handlers/listNhiPolicies.js';
import { revokeToolApproval } from './handlers/revokeToolApproval.js';
import { updateNhiPolicies } from './handlers/updateNhiPolicies.js';
import { createStaleReport } from './stale-report.js';

/** Withdrawing a tool approval in a transaction of the caller's (an approved remediation). */
export { withdrawToolApproval } from './approvals.js';

/** The collection's afterRunApplied hook: queues an evaluation once a run is in the inventory. */
export { evaluateAfterSynchronization } from './evaluation-queue.js';
export { POLICY_IDS } from './catalogue.js';

export function createNhiPoliciesModule(deps: { db: Database; codec: CursorCodec; logger: Logger; clock?: () => Date }): CapabilityModule {
  const { db, codec, logger } = deps;
  const now = deps.clock ?? (() => new Date());
  const approvals = createApprovals({ db, now });
  return {
    name: 'nhi/policies',
    handlers: {
      listNhiPolicies: listNhiPolicies({ db }),
      updateNhiPolicies: updateNhiPolicies({ db, now }),
      evaluateNhiPolicies: evaluateNhiPolicies({ db, now }),
      getStaleIdentityReport: getStaleIdentityReport({ staleReport: createStaleReport({ db, codec, now }) }),
      getToolApproval: getToolApproval({ approvals }),
      approveToolDefinition: approveToolDefinition({ approvals }),
      revokeToolApproval: revokeToolApproval({ approvals }),
    },
    workers: (registration) => [createPolicyEvaluationWorker({ db, logger, worker: registration, now })],
    refusalRecorder: recordModuleRefusal,
  };
}
