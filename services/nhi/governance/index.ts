// NHI governance authority: who may decide a grant, a
// remediation, a policy exception or a campaign's item, delegations of that authority
// (the four operations under /nhi/api/v1/delegations), the separation-of-duties
// refusals every deciding part of the module shares, and the lifecycle of approved
// requests (grants, policy exceptions).
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { recordModuleRefusal } from '../audit/index.js';
import { createDelegationReads } from './delegations.js';
import { createNhiDelegation } from './handlers/createNhiDelegation.js';
import { getNhiDelegation } from './handlers/getNhiDelegation.js';
import { listNhiDelegations } from './handlers/listNhiDelegations.js';
import { revokeNhiDelegation } from './handlers/revokeNhiDelegation.js';

export {
  authorizeApproval,
  basisDetail,
  delegationsInForce,
  isOrganizationAdmin,
  noGoverningAuthority,
  recordDelegationUse,
  selfApprovalRefused,
  type DecisionBasis,
  type DelegableAuthority,
  type DelegationInForce,
  type GovernanceCaller,
} from './authority.js';
export {
  checkRequestedIdentity,
  createRequestDecisions,
  governanceCallerOf,
  readRequestPage,
  REQUEST_LIFECYCLE_COLUMNS,
  REQUEST_STATUSES,
  requestLifecycleViewOf,
  requiredText,
  type DecidedRequests,
  type DecisionReason,
  type RequestDecisions,
  type RequestLifecycleRow,
  type RequestStatus,
} from './requests.js';

export function createNhiGovernanceModule(deps: { db: Database; codec: CursorCodec; clock?: () => Date }): CapabilityModule {
  const { db, codec } = deps;
  const now = deps.clock ?? (() => new Date());
  const delegations = createDelegationReads({ db, codec, now });
  return {
    name: 'nhi/governance',
    handlers: {
      createNhiDelegation: createNhiDelegation({ db, now }),
      listNhiDelegations: listNhiDelegations({ delegations }),
      getNhiDelegation: getNhiDelegation({ delegations }),
      revokeNhiDelegation: revokeNhiDelegation({ db, now }),
    },
    refusalRecorder: recordModuleRefusal,
  };
}
