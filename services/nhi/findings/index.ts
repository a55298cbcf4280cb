// NHI module findings (spec 2.3, 3.1): one finding per (identity,
// policy) while the policy's condition holds, its lifecycle, and the three operations
// under /nhi/api/v1/findings. Policies (services/nhi/policies) evaluate and hand each
// evaluation to reconcileFindings.
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { recordModuleRefusal } from '../audit/index.js';
import { createFindings } from './findings.js';
import { changeNhiFindingStatus } from './handlers/changeNhiFindingStatus.js';
import { getNhiFinding } from './handlers/getNhiFinding.js';
import { listNhiFindings } from './handlers/listNhiFindings.js';

export { FINDING_SEVERITIES, openFindingsOf, type FindingSeverity, type OpenFinding } from './findings.js';
export { reconcileFindings, recordFindingChanges, type FindingChange } from './reconcile.js';

export function createNhiFindingsModule(deps: { db: Database; codec: CursorCodec; clock?: () => Date }): CapabilityModule {
  const { db, codec } = deps;
  const now = deps.clock ?? (() => new Date());
  const findings = createFindings({ db, codec, now });
  return {
    name: 'nhi/findings',
    handlers: {
      listNhiFindings: listNhiFindings({ findings }),
      getNhiFinding: getNhiFinding({ findings }),
      changeNhiFindingStatus: changeNhiFindingStatus({ db, now }),
    },
    refusalRecorder: recordModuleRefusal,
  };
}
