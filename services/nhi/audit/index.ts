// The non-human identity module's tamper-evident audit trail (spec 2.11, 4.8, 6.2):
// the writer every part of the module records through, the registry of action names,
// where refusals of the module's operations are recorded, and the three audit:read
// operations under /nhi/api/v1/audit.
import type { Database } from '../../platform/db/database.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { exportAuditEvidence } from './handlers/exportAuditEvidence.js';
import { getAuditIntegrity } from './handlers/getAuditIntegrity.js';
import { listAuditRecords } from './handlers/listAuditRecords.js';
import { recordModuleRefusal } from './module-refusals.js';

export { auditActorOf, auditContextOf, recordAudit, type AuditActorKind, type AuditEntry } from './audit-trail.js';
export { AUDIT_ACTIONS, AUDIT_ACTIONS_BY_AREA, RESERVED_AUDIT_ACTIONS, isAuditAction, type AuditAction } from './actions.js';
export { authorizeModuleRequest, moduleRolesOf, recordAuthorityRefusal, recordModuleRefusal, type AdmittedPerson } from './module-refusals.js';
export { verifyEvidencePackage, type EvidencePackage, type PackageVerdict } from './evidence.js';

export function createNhiAuditModule(deps: { db: Database; codec: CursorCodec; clock?: () => Date }): CapabilityModule {
  const { db, codec } = deps;
  return {
    name: 'nhi/audit',
    handlers: {
      listAuditRecords: listAuditRecords({ db, codec }),
      getAuditIntegrity: getAuditIntegrity({ db }),
      exportAuditEvidence: exportAuditEvidence({ db, now: deps.clock ?? (() => new Date()) }),
    },
    refusalRecorder: recordModuleRefusal,
  };
}
