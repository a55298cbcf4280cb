// SSO enforcement at the password and renewal doors (spec 5.10), asked through
// ssoEnforcementFor (sso-enforcement-lookup.ts). The one exception is the owner's
// break-glass: an owner of the enforcing organization with a confirmed second factor
// may sign in with password and code.
import type { Queryable } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { sendBestEffort, type MailLog, type Mailer, type MailMessage } from '../../platform/mail.js';
import { findMember, rosterOf } from '../../organizations/index.js';
import { hasConfirmedSecondFactor } from '../second-factor/index.js';
import type { RenewedSession, Sessions } from './sessions.js';
import type { SsoEnforcement } from './sso-enforcement-lookup.js';

/** Whether SSO is enforced for an address: its domain is verified by an organization with an enabled, enforced provider. */
export type SsoEnforcementLookup = (q: Queryable, email: string) => Promise<SsoEnforcement | undefined>;

/** A password (or social) sign-in refused under enforced SSO: 403, code sso_required (spec 7.2). */
export const ssoRequired = (): AppError => new AppError('sso_required', 'this address signs in through its organization’s single sign-on');

/** The break-glass exception: an owner of the enforcing organization with a confirmed second factor. */
export async function mayBreakGlass(q: Queryable, userId: string, enforcement: SsoEnforcement): Promise<boolean> {
  const member = await findMember(q, enforcement.orgId, userId);
  return member?.role === 'owner' && (await hasConfirmedSecondFactor(q, userId));
}

/**
 * Tells the enforcing organization's other owners and admins that an owner signed in
 * past enforcement (as Infisical does), after the sign-in committed; the trail has
 * sso_enforcement.bypassed already. A mail that cannot be sent is logged, and the
 * sign-in stands.
 */
export async function noticeBreakGlass(deps: { db: Queryable; mailer: Mailer; log: MailLog }, owner: { id: string; email: string }, enforcement: SsoEnforcement, at: Date): Promise<void> {
  const administrators = (await rosterOf(deps.db, enforcement.orgId)).filter((member) => (member.role === 'owner' || member.role === 'admin') && member.user_id !== owner.id);
  const messages: MailMessage[] = administrators.map((member) => ({
    to: member.email,
    purpose: 'sso_enforcement_bypassed',
    subject: 'An owner signed in past single sign-on enforcement',
    text:
      `${owner.email} signed in with a password and a second factor at ${at.toISOString()}, ` +
      `past the single sign-on your organization enforces for ${enforcement.domain}. ` +
      'Owners may do this to repair a broken identity provider. If you did not expect it, review the identity audit trail (action sso_enforcement.bypassed).',
  }));
  await sendBestEffort(deps.mailer, deps.log, messages);
}

/**
 * At a renewal: ends a password or social session whose address has come under
 * enforcement since (end_reason sso_enforced, audited in the enforcing organization)
 * and answers true. A break-glass session goes on while its person still qualifies
 * for the organization it named. SSO sessions are the enforced way in and go on.
 */
export async function endIfSsoEnforced(
  tx: Queryable,
  deps: { ssoEnforcement: SsoEnforcementLookup; sessions: Pick<Sessions, 'end'> },
  userId: string,
  session: RenewedSession,
  origin: RequestOrigin,
): Promise<boolean> {
  if (session.method === 'sso') return false;
  const enforcement = await deps.ssoEnforcement(tx, session.email);
  if (!enforcement) return false;
  if (session.ssoBypassOrgId === enforcement.orgId && (await mayBreakGlass(tx, userId, enforcement))) return false;
  await deps.sessions.end(tx, session.id, 'sso_enforced');
  await recordIdentityEvent(tx, enforcement.orgId, origin, {
    actor: { userId },
    action: 'sso_enforcement.session_ended',
    detail: { user_id: userId, method: session.method, domain: enforcement.domain, break_glass: session.ssoBypassOrgId !== null },
  });
  return true;
}
