// How an approved remediation reaches a provider: one executor per action the
// connector carries out, registered by the composition root (tests register theirs
// with their peers' endpoints). The worker resolves everything before an executor is
// asked anything: the connector that found the identity, its credentials and the
// provider client (egress policy, pacing, credentials reference), as a
// synchronization does. An executor then plans (no provider call: what a dry run
// records) and executes (the plan's calls, through the session's provider client).
import type { OrgId } from '../../platform/db/database.js';
import type { Connector, SynchronizationSession } from '../connectors/index.js';
import type { PlannedCall } from './records.js';

export interface ExecutionTarget {
  orgId: OrgId;
  remediationId: string;
  identity: { id: string; kind: string; provider: string; externalId: string; name: string; attributes: Record<string, unknown> };
  connector: Connector;
  session: SynchronizationSession;
}

/** Why an execution failed, in the record's words. */
export type FailureCode = 'configuration_error' | 'provider_refused' | 'provider_unreachable' | 'not_applicable' | 'internal_error';

/** A failure the executor recognized: recorded on the remediation as it is (never retried). */
export class ExecutionFailure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'ExecutionFailure';
  }
}

export interface RemediationExecutor {
  action: string;
  /** What execute will call, from the identity and connector alone; throws ExecutionFailure when the identity gives nothing to act on. */
  plan(target: ExecutionTarget): PlannedCall[];
  /** Carries the plan out; the provider's answers worth keeping. */
  execute(target: ExecutionTarget, plan: PlannedCall[]): Promise<Record<string, unknown>>;
}

export type RemediationExecutorRegistry = ReadonlyMap<string, RemediationExecutor>;

/** The executors by action; an action twice is a wiring mistake that stops start-up. */
export function createExecutorRegistry(executors: readonly RemediationExecutor[]): RemediationExecutorRegistry {
  const registry = new Map<string, RemediationExecutor>();
  for (const executor of executors) {
    if (registry.has(executor.action)) throw new Error(`two remediation executors for ${executor.action}`);
    registry.set(executor.action, executor);
  }
  return registry;
}
