// The module's tamper-evident audit trail (spec 2.11, 4.8, 6.2): the writer every
// part of the non-human identity module records through, the registry of action names.
export { auditActorOf, recordAudit, type AuditActorKind, type AuditEntry } from './audit-trail.js';
export { AUDIT_ACTIONS, AUDIT_ACTIONS_BY_AREA, RESERVED_AUDIT_ACTIONS, isAuditAction, type AuditAction } from './actions.js';
