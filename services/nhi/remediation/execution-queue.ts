// An approved remediation is carried out after its approval committed, never in the
// approving transaction (no provider call inside a transaction): the approval queues
// one job in its own transaction, and the workers role runs it (execution-worker.ts).
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { enqueueJob } from '../../platform/jobs.js';

export const REMEDIATION_EXECUTION_JOB = 'nhi.remediation_execution';

export async function queueRemediationExecution(tx: Queryable, orgId: OrgId, remediationId: string): Promise<void> {
  await enqueueJob(tx, orgId, REMEDIATION_EXECUTION_JOB, { remediationId }, { maxAttempts: 3 });
}
