// Auditing denials without flooding the trail. A misbehaving agent can be denied
// thousands of times a minute, and each record of the hash chain is kept forever and
// taken under the organization's chain lock. So per subject (an identity, or the
// reference of one nobody has) the first denial of each five-minute window is written
// as runtime.decision.denied, and the denials after it in that window are counted;
// the next record carries that count (`unrecordedSincePrevious`). The decision log
// holds every denial in full, so nothing is lost, only not chained one by one.
import type { Queryable } from '../../platform/db/database.js';
import { recordAudit, type AuditEntry } from '../audit/index.js';
import type { DecisionReason } from './decisions.js';
import { referenceText, type IdentityReference } from './identity-reference.js';

export const DENIAL_WINDOW_MS = 5 * 60 * 1000;

interface Denial {
  decisionId: string;
  identityId: string | null;
  reference: IdentityReference;
  action: string;
  resource: string;
  reasons: DecisionReason[];
}

export async function recordDenial(tx: Queryable, audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>, denial: Denial, now: Date): Promise<void> {
  const subject = denial.identityId === null ? referenceText(denial.reference) : `identity:${denial.identityId}`;
  // The row exists before it is locked, so two first denials of a subject wait for each other.
  await tx.query(`INSERT INTO nhi_runtime_denial_windows (org_id, subject, window_started_at, unrecorded) VALUES ($1, $2, NULL, 0) ON CONFLICT (org_id, subject) DO NOTHING`, [
    audit.orgId,
    subject,
  ]);
  const window = (
    await tx.query<{ window_started_at: Date | null; unrecorded: number }>('SELECT window_started_at, unrecorded FROM nhi_runtime_denial_windows WHERE org_id = $1 AND subject = $2 FOR UPDATE', [
      audit.orgId,
      subject,
    ])
  ).rows[0]!;
  const windowOpen = window.window_started_at !== null && now.getTime() - window.window_started_at.getTime() < DENIAL_WINDOW_MS;
  if (windowOpen) {
    await tx.query('UPDATE nhi_runtime_denial_windows SET unrecorded = unrecorded + 1 WHERE org_id = $1 AND subject = $2', [audit.orgId, subject]);
    return;
  }
  await tx.query('UPDATE nhi_runtime_denial_windows SET window_started_at = $3, unrecorded = 0 WHERE org_id = $1 AND subject = $2', [audit.orgId, subject, now]);
  await recordAudit(tx, {
    ...audit,
    action: 'runtime.decision.denied',
    subject: denial.identityId,
    result: 'success',
    detail: {
      decisionId: denial.decisionId,
      identityId: denial.identityId,
      ...(denial.identityId === null ? { identityReference: denial.reference } : {}),
      action: denial.action,
      resource: denial.resource,
      reasons: denial.reasons,
      unrecordedSincePrevious: window.unrecorded,
    },
  });
}
