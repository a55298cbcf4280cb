// Claimed domains: an owner claims a domain, publishes the TXT
// record the claim names, and asks for verification; only a verified domain enables
// just-in-time provisioning, SSO enforcement and the retirement of unverified accounts
// for its addresses. At most one organization holds a domain verified.
import type { components } from '../../../api/openapi.js';
import { randomBytes } from 'node:crypto';
import { actorOf, recordIdentityEvent, recordRepeatableRefusal, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { AppError, conflict, notFound, validationFailed } from '../../platform/errors.js';
import { isoOrNull } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { newestFirst, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage, type PageEnvelope } from '../../platform/pagination/page.js';
import type { UserPrincipal } from '../../platform/principal.js';
import { actingAsSystem, systemScope, type SystemScope } from '../../platform/tenancy.js';
import { checkClaimableDomain } from './domain-names.js';
import { challengeRecordName, challengeRecordValue, lookUpChallenge, type TxtResolver } from './txt-resolver.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** How long a pending claim's token can verify it: a week, Better Auth's default, time enough for a DNS change to pass through a customer's change process. */
export const TOKEN_LIFETIME_MS = 7 * DAY_MS;
/** A verified domain's record is looked up again this long after its last good check. */
export const REVERIFY_INTERVAL_MS = DAY_MS;
/** After a failed check the next comes sooner, so a record put back is seen again within hours. */
export const RETRY_AFTER_FAILURE_MS = 6 * HOUR_MS;
/** A verified domain lapses when its checks have failed without a break for this long, and at least LAPSE_AFTER_FAILURES times. */
export const LAPSE_GRACE_MS = 3 * DAY_MS;
export const LAPSE_AFTER_FAILURES = 3;

/** A claimed domain as the API shows it: the document's ClaimedDomain. The token is published in DNS: no secret, so it is shown to whoever may read the claim. */
export type ClaimedDomain = components['schemas']['ClaimedDomain'];

interface DomainRow {
  id: string;
  domain: string;
  verification_token: string;
  token_expires_at: Date;
  verified_at: Date | null;
  last_checked_at: Date | null;
  last_check_error: string | null;
  consecutive_failures: number;
  verification_lapsed_at: Date | null;
  created_by_user_id: string | null;
  created_at: Date;
}

const domainColumns =
  'id, domain, verification_token, token_expires_at, verified_at, last_checked_at, last_check_error, consecutive_failures, verification_lapsed_at, created_by_user_id, created_at';

export const stateOf = (row: Pick<DomainRow, 'verified_at' | 'token_expires_at'>, now: Date): ClaimedDomain['state'] =>
  row.verified_at !== null ? 'verified' : row.token_expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';

const toView = (row: DomainRow, now: Date): ClaimedDomain => ({
  id: row.id,
  domain: row.domain,
  state: stateOf(row, now),
  verification: { type: 'TXT', name: challengeRecordName(row.domain), value: challengeRecordValue(row.verification_token), token_expires_at: row.token_expires_at.toISOString() },
  verified_at: isoOrNull(row.verified_at),
  last_checked_at: isoOrNull(row.last_checked_at),
  last_check_error: row.last_check_error,
  consecutive_failures: row.consecutive_failures,
  verification_lapsed_at: isoOrNull(row.verification_lapsed_at),
  created_by: row.created_by_user_id,
  created_at: row.created_at.toISOString(),
});

/** 192 random bits, base64url: unguessable, so no organization can publish another's value in advance. */
const newToken = (): string => randomBytes(24).toString('base64url');

/**
 * Whether another organization holds the domain verified: one indexed existence read
 * by name under the `verify-domain` system scope, the only thing verification learns
 * about other tenants (and tells the claimant, as a 409).
 */
async function verifiedElsewhere(q: Queryable, scope: SystemScope, orgId: OrgId, domain: string): Promise<boolean> {
  const { rows } = await actingAsSystem(scope, () =>
    q.query('SELECT 1 FROM identity_domains WHERE domain = $1 AND verified_at IS NOT NULL AND org_id <> $2', [domain, orgId]),
  );
  return rows.length > 0;
}

const verifiedElsewhereRefusal = (domain: string): AppError =>
  new AppError('conflict', `${domain} is verified by another organization; it can be verified here only once that organization releases it`, {
    details: { rule: 'domain_verified_elsewhere' },
  });

interface DomainCaller {
  principal: UserPrincipal;
  origin: RequestOrigin;
}

interface DomainClaimsDeps {
  db: Database;
  codec: CursorCodec;
  resolveTxt: TxtResolver;
  now: () => Date;
}

export function createDomainClaims(deps: DomainClaimsDeps) {
  const { db, codec, resolveTxt, now } = deps;
  const scope = systemScope('verify-domain');

  async function select(q: Queryable, orgId: OrgId, id: string, lock: '' | 'FOR UPDATE'): Promise<DomainRow> {
    const { rows } = await q.query<DomainRow>(`SELECT ${domainColumns} FROM identity_domains WHERE org_id = $1 AND id = $2 ${lock}`, [orgId, id]);
    if (!rows[0]) throw notFound();
    return rows[0];
  }

  /** Claims a domain for the caller's organization: pending, with a fresh token valid TOKEN_LIFETIME_MS. */
  async function claim(caller: DomainCaller, typed: string): Promise<ClaimedDomain> {
    const checked = checkClaimableDomain(typed);
    if (!checked.ok) throw validationFailed(checked.reason);
    const { principal, origin } = caller;
    const at = now();
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<DomainRow>(
        `INSERT INTO identity_domains (org_id, domain, verification_token, token_expires_at, created_by_user_id)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (org_id, domain) DO NOTHING
         RETURNING ${domainColumns}`,
        [principal.orgId, checked.domain, newToken(), new Date(at.getTime() + TOKEN_LIFETIME_MS), principal.userId],
      );
      const row = rows[0];
      if (!row) {
        throw new AppError('conflict', `this organization has claimed ${checked.domain} already: verify that claim, or issue it a new token`, { details: { rule: 'domain_already_claimed' } });
      }
      await recordIdentityEvent(tx, principal.orgId, origin, { actor: actorOf(principal), action: 'domain.claimed', detail: { domain_id: row.id, domain: row.domain } });
      return toView(row, at);
    });
  }

  async function list(orgId: OrgId, query: { limit?: unknown; cursor?: unknown }): Promise<PageEnvelope<ClaimedDomain>> {
    const request = parsePageRequest(query, { orders: ['created'], defaultOrder: 'created' });
    const at = now();
    return readTablePage<DomainRow & KeysetRow, ClaimedDomain>({
      q: db,
      codec,
      orgId,
      listing: 'identity_domains',
      filters: {},
      request,
      order: newestFirst,
      from: 'identity_domains',
      columns: domainColumns,
      where: 'org_id = $1',
      params: [orgId],
      toItem: (row) => toView(row, at),
    });
  }

  const get = async (orgId: OrgId, id: string): Promise<ClaimedDomain> => toView(await select(db, orgId, id, ''), now());

  /** Gives up the claim, verified or not: provisioning and enforcement for its addresses stop at once. */
  async function release(caller: DomainCaller, id: string): Promise<void> {
    const { principal, origin } = caller;
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ domain: string; verified_at: Date | null }>('DELETE FROM identity_domains WHERE org_id = $1 AND id = $2 RETURNING domain, verified_at', [
        principal.orgId,
        id,
      ]);
      const released = rows[0];
      if (!released) throw notFound();
      await recordIdentityEvent(tx, principal.orgId, origin, {
        actor: actorOf(principal),
        action: 'domain.released',
        detail: { domain_id: id, domain: released.domain, was_verified: released.verified_at !== null },
      });
    });
  }

  /**
   * A new token for an unverified claim, valid TOKEN_LIFETIME_MS: what an expired
   * claim needs, and what replaces a value that leaked before it was used. A verified
   * domain keeps its token, whose record the daily check reads.
   */
  async function reissueToken(caller: DomainCaller, id: string): Promise<ClaimedDomain> {
    const { principal, origin } = caller;
    const at = now();
    return db.transaction(async (tx) => {
      const row = await select(tx, principal.orgId, id, 'FOR UPDATE');
      if (row.verified_at !== null) {
        throw new AppError('conflict', `${row.domain} is verified: it keeps its token, whose record is checked again every day`, { details: { rule: 'domain_verified' } });
      }
      const { rows } = await tx.query<DomainRow>(
        `UPDATE identity_domains SET verification_token = $3, token_expires_at = $4, last_check_error = NULL
          WHERE org_id = $1 AND id = $2 RETURNING ${domainColumns}`,
        [principal.orgId, id, newToken(), new Date(at.getTime() + TOKEN_LIFETIME_MS)],
      );
      const updated = rows[0]!;
      await recordIdentityEvent(tx, principal.orgId, origin, {
        actor: actorOf(principal),
        action: 'domain.token_reissued',
        detail: { domain_id: id, domain: row.domain, expires_at: updated.token_expires_at.toISOString() },
      });
      return toView(updated, at);
    });
  }

  /**
   * Looks the claim's TXT record up (outside any transaction: a network call) and marks
   * the domain verified when it carries the claim's value. A verified claim answers as
   * it is. Refused: an expired token (409), a domain another organization holds verified
   * (409), a record missing or carrying something else (422). Each refusal is audited as
   * domain.verification_failed, counted per window since an owner can repeat it at will.
   */
  async function verify(caller: DomainCaller, id: string): Promise<ClaimedDomain> {
    const { principal } = caller;
    const orgId = principal.orgId;
    const row = await select(db, orgId, id, '');
    if (row.verified_at !== null) return toView(row, now());
    if (stateOf(row, now()) === 'expired') {
      await refused(caller, row, 'the verification token expired');
      throw new AppError('conflict', `the verification token of ${row.domain} expired: issue a new one and publish its value`, { details: { rule: 'verification_token_expired' } });
    }
    if (await verifiedElsewhere(db, scope, orgId, row.domain)) {
      await refused(caller, row, 'verified by another organization');
      throw verifiedElsewhereRefusal(row.domain);
    }
    const outcome = await lookUpChallenge(resolveTxt, row.domain, row.verification_token);
    const at = now();
    if (!outcome.found) {
      await db.query(
        'UPDATE identity_domains SET last_checked_at = $4, last_check_error = $5 WHERE org_id = $1 AND id = $2 AND verification_token = $3 AND verified_at IS NULL',
        [orgId, id, row.verification_token, at, outcome.reason],
      );
      await refused(caller, row, outcome.reason);
      throw new AppError('unprocessable', `${row.domain} is not verified: ${outcome.reason}; publish a TXT record named ${challengeRecordName(row.domain)} with the value ${challengeRecordValue(row.verification_token)} and try again`, {
        details: { rule: 'verification_record_missing' },
      });
    }
    const verified = await db.transaction(async (tx) => {
      // Verifications of one name take turns, so two organizations cannot both find the other unverified.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('identity_domain:' || $1))", [row.domain]);
      const current = await select(tx, orgId, id, 'FOR UPDATE');
      if (current.verified_at !== null) return current;
      if (current.verification_token !== row.verification_token) throw conflict(`a new token was issued for ${row.domain} while its record was looked up: verify again`);
      if (await verifiedElsewhere(tx, scope, orgId, row.domain)) return undefined;
      const { rows } = await tx.query<DomainRow>(
        `UPDATE identity_domains
            SET verified_at = $3, reverify_at = $4, last_checked_at = $3, last_check_error = NULL, consecutive_failures = 0, first_failed_at = NULL
          WHERE org_id = $1 AND id = $2 RETURNING ${domainColumns}`,
        [orgId, id, at, new Date(at.getTime() + REVERIFY_INTERVAL_MS)],
      );
      await recordIdentityEvent(tx, orgId, caller.origin, { actor: actorOf(principal), action: 'domain.verified', detail: { domain_id: id, domain: row.domain } });
      return rows[0]!;
    });
    if (verified) return toView(verified, at);
    await refused(caller, row, 'verified by another organization');
    throw verifiedElsewhereRefusal(row.domain);
  }

  async function refused(caller: DomainCaller, row: DomainRow, reason: string): Promise<void> {
    await recordRepeatableRefusal(
      db,
      caller.principal.orgId,
      caller.origin,
      { actor: actorOf(caller.principal), action: 'domain.verification_failed', subject: row.id, detail: { domain_id: row.id, domain: row.domain, reason } },
      now(),
    );
  }

  return { claim, list, get, release, reissueToken, verify };
}

export type DomainClaims = ReturnType<typeof createDomainClaims>;
