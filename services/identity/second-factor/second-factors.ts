// A person's second factor: enrolment, confirmation, verification and disabling.
// Not tenant data: a person's sign-in spans their organizations, so these queries
// are keyed by the person (as services/identity/accounts/users.ts is), and what they do is
// audited in the person's personal organization (spec 6.2), as sign-ins are.
import type { Counters } from '../../platform/counters/counters.js';
import { configuredSecretBox } from '../../platform/crypto/secret-box.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { recordIdentityEvent, recordRepeatableRefusal, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { AppError, conflict, validationFailed } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { personalOrganizationOf } from '../../organizations/index.js';
import { newRecoveryCodes, recoveryCodeDigest } from './recovery-codes.js';
import { matchingStep, newTotpSecret, otpauthUri, Secret } from './totp.js';

/** What a person presents as their second factor: a code of their authenticator, or one of their recovery codes. */
export type SecondFactorProof = { totpCode: string } | { recoveryCode: string };
export type SecondFactorMethod = 'totp' | 'recovery_code';

export interface SecondFactorAttempt {
  /** What the code is for, recorded with a refusal: sign_in, disable, and whatever later callers name. */
  purpose: string;
  origin: RequestOrigin;
  /** What the caller answers a refused code with (sign-in: the one 401). */
  refusal: () => AppError;
}

export interface SecondFactorVerifier {
  /**
   * Verifies the person's code and uses it up (the TOTP step, or the recovery code),
   * then runs `onAccepted` in the same transaction, so the code is spent exactly when
   * what it was presented for happens. A refused code is audited as
   * user.second_factor_refused and answered with attempt.refusal(); too many attempts
   * are refused with 429 before any code is looked at.
   */
  verify<T>(userId: string, proof: SecondFactorProof, attempt: SecondFactorAttempt, onAccepted: (tx: Queryable, method: SecondFactorMethod) => Promise<T>): Promise<T>;
}

export interface SecondFactorDependencies {
  db: Database;
  /** The secret box key (WEBHOOK_SECRET_KEY, the one key of the secret box). */
  secretKey: Buffer;
  counters: Counters;
  /** RATE_LIMIT_FAIL_CLOSED: refuse attempts while the counter store cannot be asked. */
  failClosed: boolean;
  logger: Logger;
  now: () => Date;
}

/** The proof a request body carries (`totp_code` or `recovery_code`, never both), if any. */
export function proofOf(body: { totp_code?: string; recovery_code?: string }): SecondFactorProof | undefined {
  if (body.totp_code !== undefined && body.recovery_code !== undefined) throw validationFailed('send totp_code or recovery_code, not both');
  if (body.totp_code !== undefined) return { totpCode: body.totp_code };
  if (body.recovery_code !== undefined) return { recoveryCode: body.recovery_code };
  return undefined;
}

/** Whether the person has a confirmed second factor, which sign-in then asks for. */
export async function hasConfirmedSecondFactor(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM user_second_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL', [userId]);
  return rows.length > 0;
}

/** The answer to a password that was right for a person with a second factor: repeat the sign-in with a code. */
export const secondFactorRequired = (): AppError => new AppError('unauthorized', 'second factor required', { details: { rule: 'second_factor_required' } });

/** A refused code where the caller is already signed in (confirming or disabling): their session is fine, the code is not. */
export const secondFactorRefused = (): AppError => new AppError('unprocessable', 'the code is not valid', { details: { rule: 'second_factor_refused' } });

// Attempts per person per window, whatever the route: a person's code can be guessed
// from many addresses, which the per-address limit of sign-in does not see. Five in
// five minutes leave a guesser about 1,440 tries a day (one in 330,000 each).
const ATTEMPTS_PER_WINDOW = 5;
const ATTEMPT_WINDOW_MS = 5 * 60_000;

const associatedData = (userId: string): string => `user_second_factor:${userId}`;

type Redemption = { method: SecondFactorMethod } | { refused: string };

export function createSecondFactors(deps: SecondFactorDependencies) {
  const { db, now } = deps;
  const box = configuredSecretBox(deps.secretKey);
  const openSecret = (userId: string, ciphertext: string): Secret => Secret.fromBase32(box.open(ciphertext, associatedData(userId)).toString('utf8'));

  /** Counts one attempt of the person's; throws 429 once the window's attempts are used up. */
  async function countAttempt(userId: string): Promise<void> {
    let count: number;
    let resetInMs: number;
    try {
      ({ count, resetInMs } = await deps.counters.hit(`second-factor:${userId}:${ATTEMPT_WINDOW_MS}`, ATTEMPT_WINDOW_MS));
    } catch (error) {
      deps.logger.warn({ err: error, fail_closed: deps.failClosed }, 'second-factor attempt counter store unreachable');
      if (deps.failClosed) throw new AppError('unavailable', 'the service is temporarily unavailable, retry later', { headers: { 'retry-after': '1' } });
      return;
    }
    if (count > ATTEMPTS_PER_WINDOW) {
      throw new AppError('rate_limited', 'too many requests, retry later', { headers: { 'retry-after': String(Math.max(1, Math.ceil(resetInMs / 1000))) } });
    }
  }

  /** Audits a refused code in the person's personal organization, counted per window like refused passwords, and throws. */
  async function refuse(userId: string, method: SecondFactorMethod, attempt: SecondFactorAttempt, reason: string): Promise<never> {
    const personal = await personalOrganizationOf(db, userId);
    await recordRepeatableRefusal(
      db,
      personal,
      attempt.origin,
      { actor: { userId }, subject: userId, action: 'user.second_factor_refused', detail: { purpose: attempt.purpose, method, reason } },
      now(),
    );
    throw attempt.refusal();
  }

  async function redeemTotp(tx: Queryable, userId: string, code: string): Promise<Redemption> {
    // FOR UPDATE: two requests with the same code queue here, and the second sees the step the first used.
    const { rows } = await tx.query<{ secret_ciphertext: string; last_used_step: string | number | null }>(
      'SELECT secret_ciphertext, last_used_step FROM user_second_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL FOR UPDATE',
      [userId],
    );
    const factor = rows[0];
    if (!factor) return { refused: 'no second factor enrolled' };
    const step = matchingStep(openSecret(userId, factor.secret_ciphertext), code, now());
    if (step === undefined) return { refused: 'wrong code' };
    if (factor.last_used_step !== null && step <= Number(factor.last_used_step)) return { refused: 'code already used' };
    await tx.query('UPDATE user_second_factors SET last_used_step = $2 WHERE user_id = $1', [userId, step]);
    return { method: 'totp' };
  }

  async function redeemRecoveryCode(tx: Queryable, userId: string, code: string): Promise<Redemption> {
    const digest = recoveryCodeDigest(code);
    const spent = await tx.query('UPDATE user_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_digest = $2 AND used_at IS NULL RETURNING used_at', [userId, digest, now()]);
    if (spent.rows.length > 0) return { method: 'recovery_code' };
    const known = await tx.query('SELECT 1 FROM user_recovery_codes WHERE user_id = $1 AND code_digest = $2', [userId, digest]);
    return { refused: known.rows.length > 0 ? 'recovery code already used' : 'wrong recovery code' };
  }

  const verifier: SecondFactorVerifier = {
    async verify(userId, proof, attempt, onAccepted) {
      await countAttempt(userId);
      const outcome = await db.transaction(async (tx) => {
        const redemption = 'totpCode' in proof ? await redeemTotp(tx, userId, proof.totpCode) : await redeemRecoveryCode(tx, userId, proof.recoveryCode);
        if ('refused' in redemption) return redemption;
        return { accepted: await onAccepted(tx, redemption.method) };
      });
      if ('refused' in outcome) return refuse(userId, 'totpCode' in proof ? 'totp' : 'recovery_code', attempt, outcome.refused);
      return outcome.accepted;
    },
  };

  return {
    verifier,

    async status(userId: string): Promise<SecondFactorStatus> {
      const { rows } = await db.query<{ confirmed_at: Date | string | null; remaining: number }>(
        `SELECT confirmed_at, (SELECT count(*) FROM user_recovery_codes c WHERE c.user_id = f.user_id AND c.used_at IS NULL)::integer AS remaining
           FROM user_second_factors f WHERE user_id = $1`,
        [userId],
      );
      const factor = rows[0];
      return {
        enabled: Boolean(factor?.confirmed_at),
        method: factor?.confirmed_at ? 'totp' : null,
        enabled_at: factor?.confirmed_at ? new Date(factor.confirmed_at).toISOString() : null,
        enrolment_pending: factor !== undefined && !factor.confirmed_at,
        recovery_codes_remaining: factor?.confirmed_at ? factor.remaining : 0,
      };
    },

    /**
     * Starts (or starts over) an enrolment: a new secret, sealed at rest, returned
     * this once with its otpauth:// URI. Refused while a confirmed factor exists: it
     * is replaced only by disabling it first, which takes a code.
     */
    async startEnrolment(userId: string, origin: RequestOrigin): Promise<{ secret: string; otpauth_uri: string }> {
      const secret = newTotpSecret();
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ email: string }>(
          `INSERT INTO user_second_factors AS f (user_id, secret_ciphertext, created_at) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET secret_ciphertext = EXCLUDED.secret_ciphertext, created_at = EXCLUDED.created_at, last_used_step = NULL
             WHERE f.confirmed_at IS NULL
           RETURNING (SELECT email FROM users WHERE id = f.user_id) AS email`,
          [userId, box.seal(secret, associatedData(userId)), now()],
        );
        if (!rows[0]) throw conflict('a second factor is already enabled; disable it before enrolling another');
        await recordIdentityEvent(tx, await personalOrganizationOf(tx, userId), origin, { actor: { userId }, action: 'user.second_factor_enrolment_started', detail: { method: 'totp' } });
        return { secret, otpauth_uri: otpauthUri(secret, rows[0].email) };
      });
    },

    /**
     * Confirms the waiting enrolment with a code of the new authenticator: only then is
     * the factor enabled, and its recovery codes are made, returned this once.
     */
    async confirmEnrolment(userId: string, code: string, origin: RequestOrigin): Promise<{ recovery_codes: string[] }> {
      await countAttempt(userId);
      const outcome = await db.transaction(async (tx): Promise<{ refused: string } | { codes: string[] }> => {
        const { rows } = await tx.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM user_second_factors WHERE user_id = $1 AND confirmed_at IS NULL FOR UPDATE', [userId]);
        if (!rows[0]) throw conflict('no enrolment is waiting for confirmation; start one first');
        const step = matchingStep(openSecret(userId, rows[0].secret_ciphertext), code, now());
        if (step === undefined) return { refused: 'wrong code' };
        // The confirming code's step counts as used: it cannot sign in a second time.
        await tx.query('UPDATE user_second_factors SET confirmed_at = $2, last_used_step = $3 WHERE user_id = $1', [userId, now(), step]);
        const codes = newRecoveryCodes();
        const digests = codes.map(recoveryCodeDigest);
        await tx.query(`INSERT INTO user_recovery_codes (user_id, code_digest) VALUES ${digests.map((_, i) => `($1, $${i + 2})`).join(', ')}`, [userId, ...digests]);
        await recordIdentityEvent(tx, await personalOrganizationOf(tx, userId), origin, {
          actor: { userId },
          action: 'user.second_factor_enabled',
          detail: { method: 'totp', recovery_codes: codes.length },
        });
        return { codes };
      });
      if ('refused' in outcome) {
        return refuse(userId, 'totp', { purpose: 'confirm_enrolment', origin, refusal: secondFactorRefused }, outcome.refused);
      }
      return { recovery_codes: outcome.codes };
    },

    /** Disables the person's factor, recovery codes and all, on a valid code of either kind. */
    async disable(userId: string, proof: SecondFactorProof, origin: RequestOrigin): Promise<void> {
      if (!(await hasConfirmedSecondFactor(db, userId))) throw conflict('no second factor is enabled');
      await verifier.verify(userId, proof, { purpose: 'disable', origin, refusal: secondFactorRefused }, async (tx, method) => {
        await tx.query('DELETE FROM user_second_factors WHERE user_id = $1', [userId]);
        await recordIdentityEvent(tx, await personalOrganizationOf(tx, userId), origin, { actor: { userId }, action: 'user.second_factor_disabled', detail: { method: 'totp', proof: method } });
      });
    },
  };
}

export type SecondFactors = ReturnType<typeof createSecondFactors>;

interface SecondFactorStatus {
  enabled: boolean;
  method: 'totp' | null;
  enabled_at: string | null;
  enrolment_pending: boolean;
  recovery_codes_remaining: number;
}
