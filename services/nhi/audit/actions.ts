// The one registry of the module's audit action names (spec 6.2: about 120 across
// its areas). recordAudit accepts a name from this list only, and refuses the
// reserved ones: names kept so that no later meaning can be given to them, which
// nothing produces (discovery is recorded on the inventory, not in the trail).

/** Every produced action name, by area. */
export const AUDIT_ACTIONS_BY_AREA = {
  'sign-in': ['signin.succeeded', 'signin.failed', 'signin.second_factor.failed', 'signin.refused_sso_required', 'signout', 'session.refresh_replayed', 'session.revoked'],
  people: ['person.invited', 'person.joined', 'person.removed', 'person.deprovisioned', 'person.reactivated', 'person.active_org.changed', 'invitation.revoked'],
  roles: ['role.assigned', 'role.changed', 'role.revoked', 'authz.denied'],
  connectors: [
    'connector.created',
    'connector.updated',
    'connector.deleted',
    'connector.enabled',
    'connector.disabled',
    'connector.credentials_reference.changed',
    'connector.endpoint.refused',
    'connector.test.succeeded',
    'connector.test.failed',
  ],
  identity: ['identity.updated', 'identity.removed', 'identity.restored', 'identity.owner.assigned', 'identity.owner.removed', 'identity.tag.added', 'identity.tag.removed', 'identity.note.added'],
  credentials: ['credential.material.stored', 'credential.material.replaced', 'credential.material.deleted', 'credential.material.refused', 'credential.rotated', 'credential.revoked', 'credential.expired'],
  policies: ['policy.created', 'policy.updated', 'policy.deleted', 'policy.enabled', 'policy.disabled', 'policy.evaluated'],
  // Spec 3.1's module rule: accepting risk, recording a false positive and reopening are audited (acknowledging and
  // starting work are not); opening and resolution by evaluation are the system's. Risk acceptance and false positive
  // took the places of finding.suppressed and finding.unsuppressed, which no module finding has.
  findings: ['finding.opened', 'finding.resolved', 'finding.reopened', 'finding.risk_accepted', 'finding.false_positive_recorded', 'finding.assigned', 'finding.commented'],
  collection: [
    'collection.sync.requested',
    'collection.sync.started',
    'collection.sync.completed',
    'collection.sync.partial',
    'collection.sync.failed',
    'collection.sync.cancelled',
    'collection.schedule.updated',
    'collection.identities.tombstoned',
  ],
  classification: ['classification.rule.created', 'classification.rule.updated', 'classification.rule.deleted', 'classification.applied', 'classification.overridden', 'classification.override.removed'],
  agents: ['agent.registered', 'agent.updated', 'agent.removed', 'agent.tool.approved', 'agent.tool.revoked', 'agent.tool_definition.changed', 'agent.server.trusted', 'agent.server.untrusted'],
  remediation: [
    'remediation.requested',
    'remediation.approved',
    'remediation.rejected',
    'remediation.self_approval.refused',
    'remediation.executed',
    'remediation.failed',
    'remediation.cancelled',
  ],
  grants: ['grant.requested', 'grant.approved', 'grant.rejected', 'grant.self_approval.refused', 'grant.withdrawn', 'grant.revoked'],
  'runtime rules': ['runtime_rule.created', 'runtime_rule.updated', 'runtime_rule.deleted', 'runtime_rule.enabled', 'runtime_rule.disabled', 'runtime.decision.denied'],
  exceptions: ['exception.requested', 'exception.approved', 'exception.rejected', 'exception.self_approval.refused', 'exception.withdrawn', 'exception.revoked'],
  certification: [
    'certification.campaign.created',
    'certification.campaign.started',
    'certification.campaign.closed',
    'certification.campaign.cancelled',
    'certification.item.certified',
    'certification.item.revoked',
    'certification.item.self_review.refused',
    'certification.reminder.sent',
  ],
  delegation: ['delegation.created', 'delegation.updated', 'delegation.revoked', 'delegation.used', 'delegation.refused'],
  'evidence export': ['audit.evidence.exported'],
} as const;

/**
 * Reserved: never produced (spec 6.2). What a connector finds is recorded as
 * inventory (first-seen times on the identities), not as one audit record per
 * discovery, which would flood the trail with every synchronization.
 */
export const RESERVED_AUDIT_ACTIONS = [
  'identity.discovered',
  'credential.discovered',
  // A grant, an exception and a delegation start and stop being in force at their dates,
  // evaluated when read (spec 3.2): no stored change and no record marks the moment.
  'grant.activated',
  'grant.expired',
  'exception.expired',
  'delegation.expired',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS_BY_AREA)[keyof typeof AUDIT_ACTIONS_BY_AREA][number];

/** Every action recordAudit accepts, in registry order. */
export const AUDIT_ACTIONS: readonly AuditAction[] = Object.values(AUDIT_ACTIONS_BY_AREA).flat();

const produced: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

export const isAuditAction = (name: string): name is AuditAction => produced.has(name);
