// The workers role's side of execution-queue.ts: carries out each approved
// remediation after its approval committed. States: approved → executing → executed
// | failed | manual_required. The provider call happens between two short
// transactions (the start and the outcome), never inside one.
//
// - person (manual): waits for a person (manual_required), who marks it done.
// - service (revoke_tool_approval): the approval is withdrawn through
//   services/nhi/policies in the transaction that records the outcome.
// - connector: the connector that found the identity and its credentials are resolved
//   first, as a synchronization does (a deleted or disabled connector, an unknown
//   credentials reference: failed, configuration_error, and no provider call); then
//   the executor plans and, unless it is a dry run, carries the plan out.
//
// A dry run resolves everything and records the plan (method, provider operation,
// target) with status executed and dryRun true; the provider's mutating operation is
// never called. A job retried after its worker died finds its remediation executing
// and carries it out again (every action here is idempotent); one whose outcome was
// recorded does nothing. When the last attempt fails outside an executor (the
// database), or fails in a way that is not retried, the remediation is failed with
// internal_error rather than left executing.
import type { Database, OrgId, Queryable } from '../../../platform/db/database.js';
import { AppError, isRetriable } from '../../../platform/errors.js';
import { createWorker, type Job, type Worker } from '../../../platform/jobs.js';
import type { Logger } from '../../../platform/logger.js';
import type { WorkerRegistration } from '../../../platform/worker-registry.js';
import { recordAudit, type AuditEntry } from '../../audit/index.js';
import { findConnector, openSynchronizationSession, type SynchronizationSessionDeps } from '../../connectors/index.js';
import { withdrawToolApproval } from '../../policies/index.js';
import { actionDefinition } from '../catalogue.js';
import { REMEDIATION_EXECUTION_JOB } from '../execution-queue.js';
import { ExecutionFailure, type FailureCode, type RemediationExecutorRegistry } from '../executors.js';
import { remediationColumns, type PlannedCall, type RemediationRow } from '../records.js';

interface ExecutionWorkerDeps {
  db: Database;
  logger: Logger;
  worker: WorkerRegistration;
  executors: RemediationExecutorRegistry;
  session: SynchronizationSessionDeps;
  now?: () => Date;
  pollIntervalMs?: number;
}

interface IdentityRow {
  id: string;
  kind: string;
  provider: string;
  external_id: string;
  name: string;
  attributes: Record<string, unknown>;
  connector_id: string;
}

type Outcome =
  | { status: 'executed'; plan: PlannedCall[]; result: Record<string, unknown>; carriedOutBy: 'connector' | 'service' }
  | { status: 'failed'; plan: PlannedCall[] | null; failure: { code: FailureCode; message: string } }
  | { status: 'manual_required' };

export function createRemediationExecutionWorker(deps: ExecutionWorkerDeps): Worker {
  return createWorker({
    db: deps.db,
    logger: deps.logger.child({ component: 'nhi-remediation-execution' }),
    worker: deps.worker,
    kind: REMEDIATION_EXECUTION_JOB,
    concurrency: 2,
    pollIntervalMs: deps.pollIntervalMs,
    handle: (job) => executeRemediation(deps, job),
  });
}

const systemAudit = (orgId: OrgId, remediationId: string): Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'> => ({
  orgId,
  actor: { kind: 'system', id: null },
  sourceAddress: null,
  correlationId: remediationId,
});

async function executeRemediation(deps: ExecutionWorkerDeps, job: Job): Promise<void> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const remediationId = typeof job.payload.remediationId === 'string' ? job.payload.remediationId : '';
  const started = await db.query<RemediationRow>(
    `UPDATE nhi_remediations SET status = 'executing', execution_started_at = coalesce(execution_started_at, $3), updated_at = $3
      WHERE org_id = $1 AND id = $2 AND status IN ('approved', 'executing') RETURNING ${remediationColumns}`,
    [job.orgId, remediationId, now()],
  );
  const remediation = started.rows[0];
  // Its outcome is recorded already (a job retried after that committed).
  if (remediation === undefined) return;
  try {
    const outcome = await carryOut(deps, job.orgId, remediation);
    await recordOutcome(deps, job.orgId, remediation, outcome);
  } catch (error) {
    // The job's last attempt (an error that is not retried is the last too): failed, or it would stay executing for good.
    if (job.attempts >= job.maxAttempts || !isRetriable(error)) {
      const message = error instanceof Error ? error.message : String(error);
      await recordOutcome(deps, job.orgId, remediation, { status: 'failed', plan: null, failure: { code: 'internal_error', message: message.slice(0, 2000) } });
    }
    throw error;
  }
}

const failed = (code: FailureCode, message: string, plan: PlannedCall[] | null = null): Outcome => ({ status: 'failed', plan, failure: { code, message } });

/** Everything up to the outcome's transaction; the provider call, if any, happens here. */
async function carryOut(deps: ExecutionWorkerDeps, orgId: OrgId, remediation: RemediationRow): Promise<Outcome> {
  const definition = actionDefinition(remediation.action);
  if (definition === undefined) return failed('configuration_error', `this deployment knows no action ${remediation.action}`);
  if (definition.carriedOutBy === 'person') return { status: 'manual_required' };
  const found = await deps.db.query<IdentityRow>('SELECT id, kind, provider, external_id, name, attributes, connector_id FROM nhi_identities WHERE org_id = $1 AND id = $2', [orgId, remediation.identity_id]);
  const identity = found.rows[0]!;
  if (definition.carriedOutBy === 'service') {
    // Carried out in the outcome's transaction (recordOutcome), where the plan is its one step.
    const plan: PlannedCall[] = [{ method: 'DELETE', operation: 'withdraw the tool approval (services/nhi/policies)', target: identity.external_id }];
    return { status: 'executed', plan, result: remediation.dry_run ? { dryRun: true } : {}, carriedOutBy: 'service' };
  }
  const executor = deps.executors.get(remediation.action);
  if (executor === undefined) return failed('configuration_error', `this deployment has no executor for ${remediation.action}`);
  const connector = await findConnector(deps.db, orgId, identity.connector_id);
  if (connector === undefined) return failed('configuration_error', 'the connector that found the identity was deleted: nothing was changed');
  if (!connector.enabled) return failed('configuration_error', 'the connector that found the identity is disabled: nothing was changed');
  let session;
  try {
    session = await openSynchronizationSession(deps.session, orgId, connector);
  } catch (error) {
    if (error instanceof AppError && error.code === 'configuration_error') return failed('configuration_error', `${error.message}: nothing was changed`);
    throw error;
  }
  const target = {
    orgId,
    remediationId: remediation.id,
    identity: { id: identity.id, kind: identity.kind, provider: identity.provider, externalId: identity.external_id, name: identity.name, attributes: identity.attributes },
    connector,
    session,
  };
  let plan: PlannedCall[] | null = null;
  try {
    plan = executor.plan(target);
    if (remediation.dry_run) return { status: 'executed', plan, result: { dryRun: true }, carriedOutBy: 'connector' };
    const result = await executor.execute(target, plan);
    return { status: 'executed', plan, result, carriedOutBy: 'connector' };
  } catch (error) {
    if (error instanceof ExecutionFailure) return failed(error.code, error.message, plan);
    throw error;
  }
}

async function recordOutcome(deps: ExecutionWorkerDeps, orgId: OrgId, remediation: RemediationRow, outcome: Outcome): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const audit = systemAudit(orgId, remediation.id);
  await deps.db.transaction(async (tx) => {
    const executing = await tx.query<{ id: string }>(`SELECT id FROM nhi_remediations WHERE org_id = $1 AND id = $2 AND status = 'executing' FOR UPDATE`, [orgId, remediation.id]);
    // Another attempt recorded the outcome first.
    if (executing.rows[0] === undefined) return;
    const plan = outcome.status === 'manual_required' ? null : outcome.plan;
    const result = outcome.status === 'executed' ? await serviceChange(tx, audit, remediation, outcome) : null;
    const at = now();
    await tx.query(
      `UPDATE nhi_remediations SET status = $3, plan = $4, result = $5, failure_code = $6, failure_message = $7, finished_at = $8, updated_at = $9 WHERE org_id = $1 AND id = $2`,
      [
        orgId,
        remediation.id,
        outcome.status,
        plan === null ? null : JSON.stringify(plan),
        result === null ? null : JSON.stringify(result),
        outcome.status === 'failed' ? outcome.failure.code : null,
        outcome.status === 'failed' ? outcome.failure.message : null,
        outcome.status === 'manual_required' ? null : at,
        at,
      ],
    );
    const base = { identity_id: remediation.identity_id, remediation_action: remediation.action, dry_run: remediation.dry_run };
    if (outcome.status === 'executed') {
      await recordAudit(tx, { ...audit, action: 'remediation.executed', subject: remediation.id, result: 'success', detail: { ...base, carried_out_by: outcome.carriedOutBy, plan: outcome.plan, result } });
    } else if (outcome.status === 'failed') {
      await recordAudit(tx, { ...audit, action: 'remediation.failed', subject: remediation.id, result: 'failure', detail: { ...base, code: outcome.failure.code, message: outcome.failure.message, plan: outcome.plan } });
    }
  });
}

/** The result to record; the service's own change is made here, in the outcome's transaction, unless it is a dry run. */
async function serviceChange(tx: Queryable, audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>, remediation: RemediationRow, outcome: Extract<Outcome, { status: 'executed' }>): Promise<Record<string, unknown>> {
  if (outcome.carriedOutBy !== 'service' || remediation.dry_run) return outcome.result;
  const withdrawn = await withdrawToolApproval(tx, { orgId: audit.orgId, audit }, remediation.identity_id);
  return withdrawn === null ? { withdrawnFingerprint: null, note: 'the identity had no approval to withdraw' } : { withdrawnFingerprint: withdrawn };
}
