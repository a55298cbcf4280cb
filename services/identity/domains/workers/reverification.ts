// Periodic re-verification (workers role): a verified domain's TXT record is looked
// up again a day after its last good check, every six hours after a failed one. Each
// failure is recorded; once the checks have failed without a break for three days
// (and at least three times) the domain lapses back to a pending claim, so whoever
// no longer publishes the record stops steering sign-ins for its addresses. A record
// missing for an afternoon, or a DNS provider's bad day, costs nothing.
import { recordSystemIdentityEvent } from '../../../platform/audit/identity-trail.js';
import type { Database } from '../../../platform/db/database.js';
import { createPeriodicWorker, type Worker } from '../../../platform/jobs.js';
import type { Logger } from '../../../platform/logger.js';
import { systemScope, tenantOfClaim, type SystemScope } from '../../../platform/tenancy.js';
import { LAPSE_AFTER_FAILURES, LAPSE_GRACE_MS, RETRY_AFTER_FAILURE_MS, REVERIFY_INTERVAL_MS, TOKEN_LIFETIME_MS } from '../domain-claims.js';
import { lookUpChallenge, type ChallengeOutcome, type TxtResolver } from '../txt-resolver.js';

const DEFAULT_BATCH_SIZE = 100;

interface ReverificationDeps {
  db: Database;
  resolveTxt: TxtResolver;
}

interface ReverificationResult {
  checked: number;
  failed: number;
  lapsed: number;
}

interface DueDomain {
  id: string;
  org_id: string;
  domain: string;
  verification_token: string;
}

const later = (at: Date, ms: number): Date => new Date(at.getTime() + ms);

/**
 * Checks every verified domain whose time has come, in every organization, and
 * records each outcome in the domain's own. Domains are claimed in batches by moving
 * their next check ahead (a lease: a process that dies mid-batch leaves them to the
 * retry interval), so sweeps in several processes share the work; each lookup
 * happens outside any transaction.
 */
export async function reverifyDueDomains(deps: ReverificationDeps, scope: SystemScope, now: Date, batchSize = DEFAULT_BATCH_SIZE): Promise<ReverificationResult> {
  const result: ReverificationResult = { checked: 0, failed: 0, lapsed: 0 };
  for (;;) {
    const { rows } = await deps.db.query<DueDomain>(
      `UPDATE identity_domains SET reverify_at = $3
        WHERE id IN (SELECT id FROM identity_domains WHERE verified_at IS NOT NULL AND (reverify_at IS NULL OR reverify_at <= $1)
                      ORDER BY reverify_at NULLS FIRST LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, org_id, domain, verification_token`,
      [now, batchSize, later(now, RETRY_AFTER_FAILURE_MS)],
    );
    for (const due of rows) {
      const outcome = await lookUpChallenge(deps.resolveTxt, due.domain, due.verification_token);
      const recorded = await recordOutcome(deps.db, scope, due, outcome, now);
      result.checked += 1;
      if (recorded === 'failed' || recorded === 'lapsed') result.failed += 1;
      if (recorded === 'lapsed') result.lapsed += 1;
    }
    if (rows.length < batchSize) return result;
  }
}

async function recordOutcome(db: Database, scope: SystemScope, due: DueDomain, outcome: ChallengeOutcome, now: Date): Promise<'passed' | 'failed' | 'lapsed' | 'gone'> {
  const orgId = tenantOfClaim(scope, due.org_id);
  return db.transaction(async (tx) => {
    // Released or re-issued meanwhile: this check no longer says anything about the claim.
    const { rows } = await tx.query<{ consecutive_failures: number; first_failed_at: Date | null }>(
      `SELECT consecutive_failures, first_failed_at FROM identity_domains
        WHERE org_id = $1 AND id = $2 AND verified_at IS NOT NULL AND verification_token = $3 FOR UPDATE`,
      [orgId, due.id, due.verification_token],
    );
    const current = rows[0];
    if (!current) return 'gone';
    const subject = { domain_id: due.id, domain: due.domain };
    if (outcome.found) {
      await tx.query(
        `UPDATE identity_domains SET reverify_at = $3, last_checked_at = $4, last_check_error = NULL, consecutive_failures = 0, first_failed_at = NULL
          WHERE org_id = $1 AND id = $2`,
        [orgId, due.id, later(now, REVERIFY_INTERVAL_MS), now],
      );
      if (current.consecutive_failures > 0) {
        await recordSystemIdentityEvent(tx, orgId, { action: 'domain.verification_restored', detail: { ...subject, failures_before: current.consecutive_failures } });
      }
      return 'passed';
    }
    const failures = current.consecutive_failures + 1;
    const firstFailedAt = current.first_failed_at ?? now;
    await recordSystemIdentityEvent(tx, orgId, {
      action: 'domain.verification_failed',
      detail: { ...subject, reason: outcome.reason, consecutive_failures: failures, failing_since: firstFailedAt.toISOString() },
    });
    if (failures >= LAPSE_AFTER_FAILURES && now.getTime() - firstFailedAt.getTime() >= LAPSE_GRACE_MS) {
      // Back to a pending claim with the same token, valid a week again: putting the record back and verifying restores it.
      await tx.query(
        `UPDATE identity_domains
            SET verified_at = NULL, reverify_at = NULL, verification_lapsed_at = $3, token_expires_at = $4,
                last_checked_at = $3, last_check_error = $5, consecutive_failures = $6, first_failed_at = $7
          WHERE org_id = $1 AND id = $2`,
        [orgId, due.id, now, later(now, TOKEN_LIFETIME_MS), outcome.reason, failures, firstFailedAt],
      );
      await recordSystemIdentityEvent(tx, orgId, {
        action: 'domain.verification_lapsed',
        detail: { ...subject, reason: outcome.reason, consecutive_failures: failures, failing_since: firstFailedAt.toISOString() },
      });
      return 'lapsed';
    }
    await tx.query(
      `UPDATE identity_domains SET reverify_at = $3, last_checked_at = $4, last_check_error = $5, consecutive_failures = $6, first_failed_at = $7
        WHERE org_id = $1 AND id = $2`,
      [orgId, due.id, later(now, RETRY_AFTER_FAILURE_MS), now, outcome.reason, failures, firstFailedAt],
    );
    return 'failed';
  });
}

interface DomainReverificationDeps extends ReverificationDeps {
  logger: Logger;
  now?: () => Date;
  intervalMs?: number;
}

/** The workers role's sweep, every 15 minutes: checks are daily, so a quarter of an hour's delay does not matter. */
export function createDomainReverification(deps: DomainReverificationDeps): Worker {
  const now = deps.now ?? (() => new Date());
  const scope = systemScope('reverify-domains');
  return createPeriodicWorker({
    logger: deps.logger,
    intervalMs: deps.intervalMs ?? 15 * 60_000,
    run: async () => {
      const result = await reverifyDueDomains(deps, scope, now());
      if (result.checked > 0) deps.logger.info(result, 'verified domains checked again');
    },
  });
}
