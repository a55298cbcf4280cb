// NHI remediation: a person asks
// for an action on an identity of the inventory, approvers decide (separation of
// duties through services/nhi/governance), and an approved remediation is carried out
// after the approval committed, by the workers role, through the connector that found
// the identity, or by the service, or recorded for a person. Operations under
// /nhi/api/v1/remediations.
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import type { ResolveAll } from '../../platform/egress/destination-policy.js';
import type { Logger } from '../../platform/logger.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { recordModuleRefusal } from '../audit/index.js';
import { connectorEgressPolicy } from '../connectors/index.js';
import { createRemediationExecutionWorker } from './workers/execution-worker.js';
import { createExecutorRegistry, type RemediationExecutor } from './executors.js';
import { approveRemediation } from './handlers/approveRemediation.js';
import { cancelRemediation } from './handlers/cancelRemediation.js';
import { completeRemediation } from './handlers/completeRemediation.js';
import { createRemediation } from './handlers/createRemediation.js';
import { getRemediation } from './handlers/getRemediation.js';
import { listRemediations } from './handlers/listRemediations.js';
import { rejectRemediation } from './handlers/rejectRemediation.js';
import { createRemediationReads } from './records.js';
import { createRemediationDecisions } from './requests.js';

export { REMEDIATION_ACTIONS, actionsForKind, type RemediationAction } from './catalogue.js';
export { remediationsAgainst, type RemediationStatus, type Remediation } from './records.js';
export { requestRemediation, type RemediationRequest } from './requests.js';
export { accessKeyExecutor } from './executors/aws-access-key.js';
export { serviceAccountTokenExecutor } from './executors/kubernetes-token.js';

type RemediationConfig = Pick<Config, 'governanceApprovalsRequired' | 'connectorCredentialsDir' | 'connectorTrustedCaPem' | 'connectorAllowedHosts' | 'connectorAllowPrivateEndpoints'>;

interface RemediationDependencies {
  db: Database;
  codec: CursorCodec;
  logger: Logger;
  config: RemediationConfig;
  /** What carries out the actions a connector executes, by action. */
  executors: readonly RemediationExecutor[];
  /** Resolves connector endpoint names; the system resolver unless given. */
  resolveEndpoint?: ResolveAll;
  clock?: () => Date;
}

export function createNhiRemediationModule(deps: RemediationDependencies): CapabilityModule {
  const { db, codec, config } = deps;
  const now = deps.clock ?? (() => new Date());
  const reads = createRemediationReads({ db, codec });
  const decisions = createRemediationDecisions({ db, now, approvalsRequired: config.governanceApprovalsRequired });
  const executors = createExecutorRegistry(deps.executors);
  return {
    name: 'nhi/remediation',
    handlers: {
      listRemediations: listRemediations({ reads }),
      createRemediation: createRemediation({ decisions }),
      getRemediation: getRemediation({ reads }),
      approveRemediation: approveRemediation({ decisions }),
      rejectRemediation: rejectRemediation({ decisions }),
      cancelRemediation: cancelRemediation({ decisions }),
      completeRemediation: completeRemediation({ decisions }),
    },
    workers: (registration) => [
      createRemediationExecutionWorker({
        db,
        logger: deps.logger,
        worker: registration,
        executors,
        session: { credentialsDirectory: config.connectorCredentialsDir, egress: connectorEgressPolicy(config, deps.resolveEndpoint), trustedCaPem: config.connectorTrustedCaPem },
        now,
      }),
    ],
    refusalRecorder: recordModuleRefusal,
  };
}
