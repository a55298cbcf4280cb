// Test-only: finding histories recorded straight into the test app's analytics
// store (the SQL store over the app's own database, as test/support/test-app.ts
// builds it), so view tests choose every transition's time and severity.
import { randomUUID } from 'node:crypto';
import type { TestApp, TestTenant } from '../../../test/support/test-app.js';
import { createSqlAnalytics } from '../store/sql-analytics.js';
import type { FindingTransition } from '../store/finding-transitions.js';

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

export interface KnownHistory {
  /** Assets of the tenant: a1 holds F1, F3 and F5; a2 holds F2 and F4. */
  a1: string;
  a2: string;
  /** An asset of the other tenant, with a critical finding of CVE-2026-0001. */
  foreignAsset: string;
}

/**
 * The history the handler tests assert on (times UTC, March 2026), in the tenant:
 *   F1 high      CVE-2026-0001      a1  created 03-01 10:00, resolved 03-03 10:00
 *   F2 critical  CVE-2026-0001      a2  created 03-02 08:00, high from 03-03 12:00 (still open)
 *   F3 low       aws-access-key-id  a1  a secret created 02-20, triaged 03-02 (still open)
 *   F4 medium    CVE-2026-0002      a2  created 03-01 00:00, resolved 03-02 00:00, reopened 03-04 06:00
 *   F5 low       CVE-2026-0001      a1  created 03-04 00:00
 * and, in the other tenant, a critical CVE-2026-0001 on its own asset, open since 03-01.
 */
export async function recordKnownHistory(t: TestApp, tenant: TestTenant, other: TestTenant): Promise<KnownHistory> {
  const [a1, a2, foreignAsset] = [randomUUID(), randomUUID(), randomUUID()];
  await recordHistories(t, tenant, [
    { assetId: a1, advisory: 'CVE-2026-0001', severity: 'high', steps: [{ at: '2026-03-01T10:00:00Z', to: 'open' }, { at: '2026-03-03T10:00:00Z', to: 'resolved' }] },
    { assetId: a2, advisory: 'CVE-2026-0001', severity: 'critical', steps: [{ at: '2026-03-02T08:00:00Z', to: 'open' }, { at: '2026-03-03T12:00:00Z', to: 'open', severity: 'high' }] },
    { assetId: a1, advisory: 'aws-access-key-id', kind: 'secret', severity: 'low', steps: [{ at: '2026-02-20T00:00:00Z', to: 'open' }, { at: '2026-03-02T00:00:00Z', to: 'triaged' }] },
    {
      assetId: a2,
      advisory: 'CVE-2026-0002',
      severity: 'medium',
      steps: [{ at: '2026-03-01T00:00:00Z', to: 'open' }, { at: '2026-03-02T00:00:00Z', to: 'resolved' }, { at: '2026-03-04T06:00:00Z', to: 'reopened' }],
    },
    { assetId: a1, advisory: 'CVE-2026-0001', severity: 'low', steps: [{ at: '2026-03-04T00:00:00Z', to: 'open' }] },
  ]);
  await recordHistories(t, other, [{ assetId: foreignAsset, advisory: 'CVE-2026-0001', severity: 'critical', steps: [{ at: '2026-03-01T00:00:00Z', to: 'open' }] }]);
  return { a1, a2, foreignAsset };
}
