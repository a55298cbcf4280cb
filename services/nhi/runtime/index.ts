// NHI runtime decisions: the endpoint agents and gateways ask before
// using an identity, the runtime rules it weighs with grants, exceptions, remediations
// and module findings, and the decision log every module role reads.
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { recordModuleRefusal } from '../audit/index.js';
import { createRuntimeRule } from './handlers/createRuntimeRule.js';
import { decideRuntimeAccess } from './handlers/decideRuntimeAccess.js';
import { deleteRuntimeRule } from './handlers/deleteRuntimeRule.js';
import { getRuntimeRule } from './handlers/getRuntimeRule.js';
import { listRuntimeDecisions } from './handlers/listRuntimeDecisions.js';
import { listRuntimeRules } from './handlers/listRuntimeRules.js';
import { updateRuntimeRule } from './handlers/updateRuntimeRule.js';

export function createNhiRuntimeModule(deps: { db: Database; codec: CursorCodec; clock?: () => Date }): CapabilityModule {
  const { db, codec } = deps;
  const now = deps.clock ?? (() => new Date());
  return {
    name: 'nhi/runtime',
    handlers: {
      decideRuntimeAccess: decideRuntimeAccess({ db, now }),
      listRuntimeDecisions: listRuntimeDecisions({ db, codec }),
      listRuntimeRules: listRuntimeRules({ db }),
      createRuntimeRule: createRuntimeRule({ db, now }),
      getRuntimeRule: getRuntimeRule({ db }),
      updateRuntimeRule: updateRuntimeRule({ db, now }),
      deleteRuntimeRule: deleteRuntimeRule({ db }),
    },
    refusalRecorder: recordModuleRefusal,
  };
}
