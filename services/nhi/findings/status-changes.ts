// A person's status changes of a module finding (spec 3.1's module
// rule). Who: nhi-findings:triage (Security Analysts and Organization Admins).
//
//   open ──► acknowledged ──► in_progress
//    │            │               │
//    └────────────┴───────────────┴──► risk_accepted (reason, optional end) ──► false_positive (reason)
//                                      false_positive (reason)
//   risk_accepted, false_positive ──► open (reopen, reason)
//
// Resolution is the evaluation's alone (the condition stopped holding), and so is the
// reopening of a resolved finding (it holds again). Accepting risk, recording a false
// positive and reopening are audited with actor and reason; acknowledging and starting
// work are not. Asking for the status a finding already shows changes nothing and
// records nothing (spec 3.1). A move the table does not have is 409: the request is
// well formed, the finding's current status refuses it.
import { isUuid } from '../../platform/ids.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { conflict, notFound, validationFailed } from '../../platform/errors.js';
import { parseTimestamp } from '../../platform/http/timestamps.js';
import { recordAudit, type AuditAction, type AuditEntry } from '../audit/index.js';
import { findingViewOf, selectShown, type FindingStatus, type NhiFinding } from './findings.js';

type RequestedStatus = Exclude<FindingStatus, 'resolved'>;

export interface StatusChange {
  status: string;
  reason?: string;
  riskAcceptedUntil?: string;
}

interface FindingsCaller {
  orgId: OrgId;
  userId: string;
  audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>;
}

const LEGAL_MOVES: Record<FindingStatus, readonly RequestedStatus[]> = {
  open: ['acknowledged', 'in_progress', 'risk_accepted', 'false_positive'],
  acknowledged: ['in_progress', 'risk_accepted', 'false_positive'],
  in_progress: ['risk_accepted', 'false_positive'],
  risk_accepted: ['false_positive', 'open'],
  false_positive: ['open'],
  resolved: [],
};

/** The audited moves, by the status they reach. */
const AUDITED: Partial<Record<RequestedStatus, AuditAction>> = {
  risk_accepted: 'finding.risk_accepted',
  false_positive: 'finding.false_positive_recorded',
  open: 'finding.reopened',
};

const REQUESTABLE: readonly string[] = ['open', 'acknowledged', 'in_progress', 'risk_accepted', 'false_positive'];
const NEEDS_REASON: Partial<Record<RequestedStatus, string>> = {
  risk_accepted: 'a reason is required to accept a risk',
  false_positive: 'a reason is required to record a false positive',
  open: 'a reason is required to reopen a finding',
};

export async function changeFindingStatus(db: Database, caller: FindingsCaller, findingId: string, change: StatusChange, now: Date): Promise<NhiFinding> {
  const requested = checkChange(change, now);
  return db.transaction(async (tx) => {
    // Locked before it is read: an evaluation resolving it meanwhile waits, or is waited for.
    if (!isUuid(findingId)) throw notFound();
    const locked = await tx.query('SELECT 1 FROM nhi_findings WHERE org_id = $1 AND id = $2 FOR UPDATE', [caller.orgId, findingId]);
    if (locked.rows.length === 0) throw notFound();
    const current = await selectShown(tx, caller.orgId, findingId, now);
    if (current.status === requested.status) return findingViewOf(tx, caller.orgId, current, now);
    if (!LEGAL_MOVES[current.status].includes(requested.status)) throw illegalMove(current.status, requested.status);
    await tx.query(
      `UPDATE nhi_findings SET status = $3, reason = $4, risk_accepted_until = $5, status_changed_at = $6, status_changed_by_user_id = $7,
              reopened_at = CASE WHEN $3 = 'open' THEN $6 ELSE reopened_at END
        WHERE org_id = $1 AND id = $2`,
      [caller.orgId, current.id, requested.status, requested.reason, requested.until, now, caller.userId],
    );
    const action = AUDITED[requested.status];
    if (action !== undefined) {
      await recordAudit(tx, {
        ...caller.audit,
        action,
        subject: current.id,
        result: 'success',
        detail: {
          findingId: current.id,
          policy: current.policy,
          identityId: current.identity_id,
          from: current.status,
          to: requested.status,
          reason: requested.reason,
          riskAcceptedUntil: requested.until,
        },
      });
    }
    return findingViewOf(tx, caller.orgId, await selectShown(tx, caller.orgId, current.id, now), now);
  });
}

function checkChange(change: StatusChange, now: Date): { status: RequestedStatus; reason: string | null; until: Date | null } {
  if (change.status === 'resolved') throw validationFailed('a finding is resolved only by evaluation, when its policy’s condition stops holding: resolved cannot be requested');
  if (!REQUESTABLE.includes(change.status)) throw validationFailed(`status must be one of: ${REQUESTABLE.join(', ')}`);
  const status = change.status as RequestedStatus;
  const reason = change.reason?.trim() || null;
  const missingReason = NEEDS_REASON[status];
  if (missingReason !== undefined && reason === null) throw validationFailed(missingReason);
  if (change.riskAcceptedUntil !== undefined && status !== 'risk_accepted') throw validationFailed('riskAcceptedUntil is given only to accept a risk');
  const until = change.riskAcceptedUntil === undefined ? null : parseTimestamp('riskAcceptedUntil', change.riskAcceptedUntil);
  if (until !== null && until <= now) throw validationFailed('riskAcceptedUntil must be in the future');
  return { status, reason, until };
}

function illegalMove(from: FindingStatus, to: RequestedStatus) {
  if (from === 'resolved') return conflict(`a resolved finding cannot move to ${to}: it reopens by itself when its policy’s condition holds again`);
  return conflict(`a finding in status ${from} cannot move to ${to}; from ${from} it may move to: ${LEGAL_MOVES[from].join(', ')}`);
}
