// Invitations (spec 2.9, 3.2): the storage. The token is shown once and only its
// SHA-256 digest is kept; no query here returns it. The state is derived from the
// row at read time, so expiry needs no sweep.
import type { components } from '../../../api/openapi.js';
import type { Role } from '../../platform/authorization/permissions.js';
import { newSecret, secretDigest } from '../../platform/crypto/secrets.js';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { actingAsSystem, tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';

/** Recognizable by secret scanners and by us: an invitation token, not a key or a session. */
const INVITATION_TOKEN_PREFIX = 'sni_';
/** Long enough for a teammate to get to it over a weekend, short enough that a forgotten link stops working. */
const INVITATION_LIFETIME_DAYS = 7;

export const invitationStates = ['issued', 'redeemed', 'withdrawn', 'expired'] as const;
export type InvitationState = (typeof invitationStates)[number];
export type InvitedRole = Exclude<Role, 'owner'>;

/** An invitation as the API shows it: the document's Invitation. */
export type Invitation = components['schemas']['Invitation'];

interface InvitationRow {
  id: string;
  email: string;
  role: InvitedRole;
  state: InvitationState;
  invited_by_user_id: string;
  created_at: Date;
  expires_at: Date;
  redeemed_at: Date | null;
  redeemed_by_user_id: string | null;
  withdrawn_at: Date | null;
}

const iso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());
const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  state: row.state,
  invited_by: row.invited_by_user_id,
  created_at: iso(row.created_at)!,
  expires_at: iso(row.expires_at)!,
  redeemed_at: iso(row.redeemed_at),
  redeemed_by: row.redeemed_by_user_id,
  withdrawn_at: iso(row.withdrawn_at),
});

// The database's clock decides expiry, the one clock every process shares.
const STATE = `CASE WHEN redeemed_at IS NOT NULL THEN 'redeemed'
                    WHEN withdrawn_at IS NOT NULL THEN 'withdrawn'
                    WHEN expires_at <= now() THEN 'expired'
                    ELSE 'issued' END AS state`;
const COLUMNS = `id, email, role, ${STATE}, invited_by_user_id, created_at, expires_at, redeemed_at, redeemed_by_user_id, withdrawn_at`;

export async function insertInvitation(
  tx: Queryable,
  orgId: OrgId,
  input: { email: string; role: InvitedRole; invitedByUserId: string },
): Promise<{ invitation: Invitation; token: string }> {
  const token = newSecret(INVITATION_TOKEN_PREFIX);
  const { rows } = await tx.query<InvitationRow>(
    `INSERT INTO invitations (org_id, email, role, token_hash, invited_by_user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6::int))
     RETURNING ${COLUMNS}`,
    [orgId, input.email, input.role, secretDigest(token), input.invitedByUserId, INVITATION_LIFETIME_DAYS],
  );
  return { invitation: toInvitation(rows[0]!), token };
}

/** Newest first, in every state. */
export async function listInvitations(q: Queryable, orgId: OrgId): Promise<Invitation[]> {
  const { rows } = await q.query<InvitationRow>(`SELECT ${COLUMNS} FROM invitations WHERE org_id = $1 ORDER BY created_at DESC, id DESC`, [orgId]);
  return rows.map(toInvitation);
}

/** Whether the address has an invitation to the organization that can still be redeemed. */
export async function hasIssuedInvitation(q: Queryable, orgId: OrgId, email: string): Promise<boolean> {
  const { rows } = await q.query(
    'SELECT 1 FROM invitations WHERE org_id = $1 AND email = $2 AND redeemed_at IS NULL AND withdrawn_at IS NULL AND expires_at > now()',
    [orgId, email],
  );
  return rows.length > 0;
}

/** The invitation, locked until the transaction ends, so a withdrawal and an acceptance cannot both succeed. */
export async function lockInvitation(tx: Queryable, orgId: OrgId, id: string): Promise<Invitation | undefined> {
  const { rows } = await tx.query<InvitationRow>(`SELECT ${COLUMNS} FROM invitations WHERE org_id = $1 AND id = $2 FOR UPDATE`, [orgId, id]);
  return rows[0] && toInvitation(rows[0]);
}

export async function markWithdrawn(tx: Queryable, orgId: OrgId, id: string): Promise<void> {
  await tx.query('UPDATE invitations SET withdrawn_at = now() WHERE org_id = $1 AND id = $2', [orgId, id]);
}

export async function markRedeemed(tx: Queryable, orgId: OrgId, id: string, userId: string): Promise<void> {
  await tx.query('UPDATE invitations SET redeemed_at = now(), redeemed_by_user_id = $3 WHERE org_id = $1 AND id = $2', [orgId, id, userId]);
}

export interface PresentedInvitation {
  id: string;
  orgId: OrgId;
  /** Whether the address invited is the presenting person's (both stored lower-case). */
  addressMatches: boolean;
}

/**
 * Looks a presented token up by its digest, for the person presenting it. The only
 * query on this table not keyed by organization: the token is what tells us the
 * organization, whose member the person is not yet.
 */
export async function findByToken(q: Queryable, scope: SystemScope, token: string, userId: string): Promise<PresentedInvitation | undefined> {
  const { rows } = await actingAsSystem(scope, () =>
    q.query<{ id: string; org_id: string; address_matches: boolean }>(
      `SELECT i.id, i.org_id, (i.email = u.email) AS address_matches
         FROM invitations i JOIN users u ON u.id = $2
        WHERE i.token_hash = $1`,
      [secretDigest(token), userId],
    ),
  );
  const row = rows[0];
  return row && { id: row.id, orgId: tenantOfClaim(scope, row.org_id), addressMatches: row.address_matches };
}
