// Approved definitions (migration 094, nhi_tool_approvals): the baseline of the
// tool_definition_changed policy. An Organization Admin (nhi-policies:manage) approves
// the definition of an identity that has one (a tool server's tool, resource or the
// server itself: the identities collected with a fingerprint) by naming the
// fingerprint they reviewed; if the definition changed since, the approval is refused,
// so nobody approves what they did not see. Approving is audited as
// agent.tool.approved, withdrawing as agent.tool.revoked, and either queues an
// evaluation. Reading needs inventory:read.
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/index.js';
import { queuePolicyEvaluation } from './evaluation-queue.js';
import type { PoliciesCaller } from './settings.js';

/** An approval as the API shows it: the document's ToolApproval. */
type ToolApproval = components['schemas']['ToolApproval'];

interface IdentityRow {
  id: string;
  kind: string;
  name: string;
  state: 'active' | 'removed';
  fingerprint: string | null;
}

interface ApprovalRow {
  identity_id: string;
  fingerprint: string;
  approved_at: Date;
  approved_by_user_id: string;
}

async function selectIdentity(q: Queryable, orgId: OrgId, identityId: string, lock: '' | 'FOR SHARE' = ''): Promise<IdentityRow> {
  if (!isUuid(identityId)) throw notFound();
  const found = await q.query<IdentityRow>(`SELECT id, kind, name, state, fingerprint FROM nhi_identities WHERE org_id = $1 AND id = $2 ${lock}`, [orgId, identityId]);
  if (found.rows[0] === undefined) throw notFound();
  return found.rows[0];
}

async function selectApproval(q: Queryable, orgId: OrgId, identityId: string, lock: '' | 'FOR UPDATE' = ''): Promise<ApprovalRow | undefined> {
  const found = await q.query<ApprovalRow>(`SELECT identity_id, fingerprint, approved_at, approved_by_user_id FROM nhi_tool_approvals WHERE org_id = $1 AND identity_id = $2 ${lock}`, [orgId, identityId]);
  return found.rows[0];
}

const viewOf = (approval: ApprovalRow, identity: IdentityRow): ToolApproval => ({
  identityId: approval.identity_id,
  fingerprint: approval.fingerprint,
  approvedAt: approval.approved_at.toISOString(),
  approvedByUserId: approval.approved_by_user_id,
  current: identity.fingerprint === approval.fingerprint,
});

export function createApprovals(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  /** The identity's approval; 404 when the identity is not the organization's or has none. */
  async function get(orgId: OrgId, identityId: string): Promise<ToolApproval> {
    const identity = await selectIdentity(db, orgId, identityId);
    const approval = await selectApproval(db, orgId, identity.id);
    if (approval === undefined) throw notFound();
    return viewOf(approval, identity);
  }

  async function approve(caller: PoliciesCaller, identityId: string, fingerprint: string): Promise<ToolApproval> {
    return db.transaction(async (tx) => {
      // Shared lock: a synchronization changing the definition waits until the approval is in.
      const identity = await selectIdentity(tx, caller.orgId, identityId, 'FOR SHARE');
      if (identity.state !== 'active') throw conflict('a removed identity cannot be approved: it is no longer on its tool server');
      if (identity.fingerprint === null) throw conflict('this identity has no definition to approve (only a tool server’s tools, resources and the server itself have one)');
      if (identity.fingerprint !== fingerprint) throw conflict(`the definition changed: its fingerprint is now ${identity.fingerprint}; review that definition and approve its fingerprint`);
      const previous = await selectApproval(tx, caller.orgId, identity.id, 'FOR UPDATE');
      if (previous?.fingerprint === fingerprint) return viewOf(previous, identity);
      const stored = await tx.query<ApprovalRow>(
        `INSERT INTO nhi_tool_approvals (org_id, identity_id, fingerprint, approved_by_user_id, approved_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (org_id, identity_id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, approved_by_user_id = EXCLUDED.approved_by_user_id, approved_at = EXCLUDED.approved_at
         RETURNING identity_id, fingerprint, approved_at, approved_by_user_id`,
        [caller.orgId, identity.id, fingerprint, caller.userId, now()],
      );
      await recordAudit(tx, {
        ...caller.audit,
        action: 'agent.tool.approved',
        subject: identity.id,
        result: 'success',
        detail: { identityId: identity.id, kind: identity.kind, name: identity.name, fingerprint, previousFingerprint: previous?.fingerprint ?? null },
      });
      await queuePolicyEvaluation(tx, caller.orgId, { trigger: 'approval' });
      return viewOf(stored.rows[0]!, identity);
    });
  }

  /** Withdraws the approval; nothing to withdraw changes nothing (and is not an error: the outcome is the one asked for). */
  async function revoke(caller: PoliciesCaller, identityId: string): Promise<void> {
    await db.transaction((tx) => withdrawToolApproval(tx, caller, identityId));
  }

  return { get, approve, revoke };
}
export type Approvals = ReturnType<typeof createApprovals>;

/**
 * Withdraws the identity's approval in the caller's transaction (a person's DELETE, or
 * an approved remediation carried out by the service): agent.tool.revoked and an
 * evaluation queued, so tool_definition_changed judges the identity again. The
 * fingerprint withdrawn, or null when there was no approval (nothing is recorded then).
 */
export async function withdrawToolApproval(tx: Queryable, caller: Pick<PoliciesCaller, 'orgId' | 'audit'>, identityId: string): Promise<string | null> {
  const identity = await selectIdentity(tx, caller.orgId, identityId);
  const removed = await tx.query<{ fingerprint: string }>('DELETE FROM nhi_tool_approvals WHERE org_id = $1 AND identity_id = $2 RETURNING fingerprint', [caller.orgId, identity.id]);
  const withdrawn = removed.rows[0];
  if (withdrawn === undefined) return null;
  await recordAudit(tx, {
    ...caller.audit,
    action: 'agent.tool.revoked',
    subject: identity.id,
    result: 'success',
    detail: { identityId: identity.id, kind: identity.kind, name: identity.name, fingerprint: withdrawn.fingerprint },
  });
  await queuePolicyEvaluation(tx, caller.orgId, { trigger: 'approval' });
  return withdrawn.fingerprint;
}
