// Test-only: finding histories recorded straight into the test app's analytics
// store (the SQL store over the app's own database, as test/support/test-app.ts
// builds it), so view tests choose every transition's time and severity.
import { randomUUID } from 'node:crypto';
import type { TestApp, TestTenant } from '../../../test/support/test-app.js';
import { createSqlAnalytics } from '../../platform/analytics/sql-analytics.js';
import type { FindingTransition } from '../../platform/analytics/finding-transitions.js';

let sequence = 0;

export interface FindingStep {
  /** When it happened (ISO). */
  at: string;
  /** The status it moved to; the first step is the finding's creation. */
  to: string;
  /** The severity from this step on; the finding's previous one unless given. */
  severity?: string;
}

export interface FindingHistory {
  assetId?: string;
  advisory?: string;
  kind?: string;
  severity: string;
  steps: readonly FindingStep[];
}

/** The transitions of one finding, created at its first step and moving through the rest. */
export function transitionsOf(orgId: TestTenant['id'], history: FindingHistory): FindingTransition[] {
  const findingId = randomUUID();
  const assetId = history.assetId ?? randomUUID();
  const firstSeenAt = new Date(history.steps[0]!.at);
  let status: string | null = null;
  let severity = history.severity;
  return history.steps.map((step) => {
    const previousSeverity = severity;
    severity = step.severity ?? severity;
    const transition: FindingTransition = {
      id: randomUUID(),
      sequence: ++sequence,
      orgId,
      findingId,
      assetId,
      kind: history.kind ?? 'vulnerability',
      severity,
      fromSeverity: status !== null && status === step.to ? previousSeverity : null,
      advisory: history.advisory ?? `CVE-2026-${randomUUID().slice(0, 5)}`,
      fromStatus: status,
      toStatus: step.to,
      occurredAt: new Date(step.at),
      firstSeenAt,
    };
    status = step.to;
    return transition;
  });
}

/** Records the histories in the app's analytics store, for the tenant. */
export async function recordHistories(t: TestApp, tenant: TestTenant, histories: readonly FindingHistory[]): Promise<void> {
  await createSqlAnalytics({ db: t.db }).recordTransitions(histories.flatMap((history) => transitionsOf(tenant.id, history)));
}
