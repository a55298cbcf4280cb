// NHI policy exceptions: a request to exempt an identity from
// one module policy until an end date, approved like a grant, in force until its end
// (evaluated when read). The seven operations under /nhi/api/v1/exceptions;
// exceptionsInForce for the findings (which show an identity's exception) and whatever
// decides at run time. Imports neither nhi/policies nor nhi/findings (findings imports
// this): the policy ids come from the composition root.
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { recordModuleRefusal } from '../audit/index.js';
import { createRequestDecisions } from '../governance/index.js';
import { createExceptions } from './exceptions.js';
import { approveNhiPolicyException } from './handlers/approveNhiPolicyException.js';
import { getNhiPolicyException } from './handlers/getNhiPolicyException.js';
import { listNhiPolicyExceptions } from './handlers/listNhiPolicyExceptions.js';
import { rejectNhiPolicyException } from './handlers/rejectNhiPolicyException.js';
import { requestNhiPolicyException } from './handlers/requestNhiPolicyException.js';
import { revokeNhiPolicyException } from './handlers/revokeNhiPolicyException.js';
import { withdrawNhiPolicyException } from './handlers/withdrawNhiPolicyException.js';

export { exceptionsInForce, exceptionsInForceFor, MAX_EXCEPTION_DAYS, type ExceptionInForce, type NhiPolicyException } from './exceptions.js';

export function createNhiExceptionsModule(deps: { db: Database; codec: CursorCodec; approvalsRequired: number; policyIds: readonly string[]; clock?: () => Date }): CapabilityModule {
  const { db, codec, approvalsRequired, policyIds } = deps;
  const now = deps.clock ?? (() => new Date());
  const exceptions = createExceptions({ db, codec, now, approvalsRequired, policyIds });
  const decisions = createRequestDecisions({
    db,
    approvalsRequired,
    requests: {
      kind: 'exception',
      table: 'nhi_policy_exceptions',
      operationIds: {
        approve: 'approveNhiPolicyException',
        reject: 'rejectNhiPolicyException',
        withdraw: 'withdrawNhiPolicyException',
        revoke: 'revokeNhiPolicyException',
      },
    },
  });
  const deciding = { decisions, exceptions, now };
  return {
    name: 'nhi/exceptions',
    handlers: {
      requestNhiPolicyException: requestNhiPolicyException({ exceptions }),
      listNhiPolicyExceptions: listNhiPolicyExceptions({ exceptions }),
      getNhiPolicyException: getNhiPolicyException({ exceptions }),
      approveNhiPolicyException: approveNhiPolicyException(deciding),
      rejectNhiPolicyException: rejectNhiPolicyException(deciding),
      withdrawNhiPolicyException: withdrawNhiPolicyException(deciding),
      revokeNhiPolicyException: revokeNhiPolicyException(deciding),
    },
    refusalRecorder: recordModuleRefusal,
  };
}
