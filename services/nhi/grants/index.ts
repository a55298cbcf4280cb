// NHI access grants: a person asks that an identity of the
// inventory be granted actions on resources for a period, approvers decide, and an
// approved grant is in force until its end, evaluated when read. The seven operations
// under /nhi/api/v1/grants; grantsInForce for whatever decides at run time.
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { recordModuleRefusal } from '../audit/index.js';
import { createRequestDecisions } from '../governance/index.js';
import { createGrants } from './grants.js';
import { approveNhiGrant } from './handlers/approveNhiGrant.js';
import { getNhiGrant } from './handlers/getNhiGrant.js';
import { listNhiGrants } from './handlers/listNhiGrants.js';
import { rejectNhiGrant } from './handlers/rejectNhiGrant.js';
import { requestNhiGrant } from './handlers/requestNhiGrant.js';
import { revokeNhiGrant } from './handlers/revokeNhiGrant.js';
import { withdrawNhiGrant } from './handlers/withdrawNhiGrant.js';

export { grantsInForce, MAX_GRANT_DAYS, type GrantInForce, type NhiGrant } from './grants.js';

export function createNhiGrantsModule(deps: { db: Database; codec: CursorCodec; approvalsRequired: number; clock?: () => Date }): CapabilityModule {
  const { db, codec, approvalsRequired } = deps;
  const now = deps.clock ?? (() => new Date());
  const grants = createGrants({ db, codec, now, approvalsRequired });
  const decisions = createRequestDecisions({
    db,
    approvalsRequired,
    requests: {
      kind: 'grant',
      table: 'nhi_access_grants',
      operationIds: { approve: 'approveNhiGrant', reject: 'rejectNhiGrant', withdraw: 'withdrawNhiGrant', revoke: 'revokeNhiGrant' },
    },
  });
  const deciding = { decisions, grants, now };
  return {
    name: 'nhi/grants',
    handlers: {
      requestNhiGrant: requestNhiGrant({ grants }),
      listNhiGrants: listNhiGrants({ grants }),
      getNhiGrant: getNhiGrant({ grants }),
      approveNhiGrant: approveNhiGrant(deciding),
      rejectNhiGrant: rejectNhiGrant(deciding),
      withdrawNhiGrant: withdrawNhiGrant(deciding),
      revokeNhiGrant: revokeNhiGrant(deciding),
    },
    refusalRecorder: recordModuleRefusal,
  };
}
