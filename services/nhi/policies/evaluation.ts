// One evaluation of an organization's policies over its inventory: each enabled
// policy's condition is computed for every active identity, and the findings are
// brought in line with it (reconcileFindings); a disabled policy's findings are
// resolved. One transaction under the organization's evaluation lock, so two
// evaluations (a queued one and one on demand, or two processes) never interleave.
// Audited as policy.evaluated with what changed, after the findings' own records.
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { recordAudit, type AuditEntry } from '../audit/index.js';
import { reconcileFindings, recordFindingChanges, type FindingChange } from '../findings/index.js';
import { POLICIES, POLICY_IDS, type PolicyId } from './catalogue.js';
import { changedToolDefinitions, longLivedAccessKeys, staleIdentities, type Holding } from './conditions.js';
import type { QueuedTrigger } from './evaluation-queue.js';
import { readPolicies, type OrganizationPolicies } from './settings.js';

type EvaluationTrigger = QueuedTrigger | 'manual';

interface EvaluationRequest {
  trigger: EvaluationTrigger;
  /** The synchronization run whose application queued it. */
  runId: string | null;
  /** Later occasions folded into a queued evaluation before it ran (evaluation-queue.ts). */
  coalesced?: number;
  /** Who evaluates (a person on demand, the system otherwise), from where, under which correlation id. */
  audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>;
  now: Date;
}

interface PolicyOutcome {
  enabled: boolean;
  /** Identities for which the condition holds. */
  holding: number;
  opened: number;
  reopened: number;
  resolved: number;
}

interface EvaluationSummary {
  evaluatedAt: string;
  trigger: EvaluationTrigger;
  runId: string | null;
  policies: Record<PolicyId, PolicyOutcome>;
}


const conditions: { [Id in PolicyId]: (q: Queryable, orgId: OrgId, policies: OrganizationPolicies, at: Date) => Promise<Holding> } = {
  stale_identity: (q, orgId, policies, at) => staleIdentities(q, orgId, policies.stale_identity.settings, at),
  long_lived_access_key: (q, orgId, policies, at) => longLivedAccessKeys(q, orgId, policies.long_lived_access_key.settings, at),
  tool_definition_changed: (q, orgId) => changedToolDefinitions(q, orgId),
};

export async function evaluatePolicies(db: Database, orgId: OrgId, request: EvaluationRequest): Promise<EvaluationSummary> {
  const { now } = request;
  return db.transaction(async (tx) => {
    // 94 (the migration's number) namespaces the lock, as 75 does the audit chain's.
    await tx.query('SELECT pg_advisory_xact_lock(94, hashtext($1::text))', [orgId]);
    const policies = await readPolicies(tx, orgId);
    const outcomes = {} as Record<PolicyId, PolicyOutcome>;
    const changes: FindingChange[] = [];
    for (const id of POLICY_IDS) {
      const enabled = policies[id].enabled;
      const holding: Holding = enabled ? await conditions[id](tx, orgId, policies, now) : new Map();
      const outcome = await reconcileFindings(tx, orgId, { policy: id, severity: POLICIES[id].severity, holding, resolution: enabled ? 'condition_no_longer_holds' : 'policy_disabled' }, now);
      changes.push(...outcome.changes);
      outcomes[id] = { enabled, holding: holding.size, opened: outcome.opened, reopened: outcome.reopened, resolved: outcome.resolved };
    }
    await recordFindingChanges(tx, orgId, changes, request.audit.correlationId);
    await recordAudit(tx, {
      ...request.audit,
      action: 'policy.evaluated',
      subject: null,
      result: 'success',
      detail: { trigger: request.trigger, runId: request.runId, ...(request.coalesced ? { coalesced: request.coalesced } : {}), policies: outcomes },
    });
    return { evaluatedAt: now.toISOString(), trigger: request.trigger, runId: request.runId, policies: outcomes };
  });
}
