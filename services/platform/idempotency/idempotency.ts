// Idempotent execution (spec 4.10, 3.2). A key is reserved before any work, and
// only the request that wins the reservation executes; the response is stored
// and replayed verbatim to every later request with the same key and fingerprint
// for 30 days. A reservation whose process died goes stale and the next retry
// reclaims it. Every decision is one conditional statement, so concurrent
// requests on any number of processes agree on a single winner.
import { randomUUID } from 'node:crypto';
import type { Database, OrgId } from '../db/database.js';
import { conflict } from '../errors.js';
import { jsonText, type JsonText } from '../http/handler.js';
import type { SystemScope } from '../tenancy.js';

export const IDEMPOTENCY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a reservation may stay uncompleted before a retry presumes its process
 * died and reclaims it. It must exceed the longest time POST /scans or POST
 * /findings/bulk runs, or a slow first request and its retry would both execute.
 */
export const DEFAULT_STALE_AFTER_MS = 60_000;
// A record can vanish between our statements (released after a failure, pruned);
// claiming starts over then, a bounded number of times.
const MAX_CLAIM_ATTEMPTS = 3;

const keyReusedForDifferentRequest = () => conflict('idempotency key reused for a different request');
const requestStillInProgress = () => conflict('a request with this idempotency key is still in progress');

/** What an idempotent request's work answers: a status and a JSON body. */
interface StorableResponse {
  status: number;
  body: object;
}

export interface IdempotentResponse<Answer extends StorableResponse = StorableResponse> {
  status: Answer['status'];
  /** The response body as JSON text, byte-identical on the first response and on every replay. */
  body: JsonText<Answer['body']>;
  /** True when the body is a stored response (the HTTP layer adds the replay header). */
  replayed: boolean;
}

interface IdempotentRequest<Answer extends StorableResponse> {
  orgId: OrgId;
  key: string;
  /** fingerprintRequest(...) of the request. */
  fingerprint: string;
  /**
   * The work. Runs at most once per reservation. If it throws, the reservation is
   * released and the error propagates, so the client may retry with the same key.
   */
  execute: () => Promise<Answer>;
}

/** Satisfied by the platform's pino logger. */
interface IdempotencyLogger {
  error(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface Idempotency {
  /** Executes once per (organization, key); throws 409 for another request or one still running. */
  run<Answer extends StorableResponse>(request: IdempotentRequest<Answer>): Promise<IdempotentResponse<Answer>>;
  /** Deletes records past their 30 days, in batches; returns how many. For a periodic job. */
  /** Deletes expired records of every organization; run by the workers role. */
  pruneExpired(scope: SystemScope): Promise<number>;
}

type StoredRecord = { request_fingerprint: string; reserved_at: Date; expires_at: Date } & (
  | { state: 'reserved' }
  | { state: 'completed'; response_status: number; response_body: string }
);

type Claim = { won: true; token: string } | { won: false; status: number; body: string };

export function createIdempotency(deps: {
  db: Database;
  log: IdempotencyLogger;
  now?: () => number;
  staleAfterMs?: number;
  pruneBatchSize?: number;
}): Idempotency {
  const { db, log } = deps;
  const now = deps.now ?? Date.now;
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const pruneBatchSize = deps.pruneBatchSize ?? 1000;
  const expiryFrom = (at: Date) => new Date(at.getTime() + IDEMPOTENCY_RETENTION_MS);

  // Only the first INSERT of a key succeeds; every other request learns it lost.
  const insertReservation = async (orgId: OrgId, key: string, fingerprint: string, token: string, at: Date): Promise<boolean> => {
    const inserted = await db.query(
      `INSERT INTO idempotency_records (org_id, key, request_fingerprint, state, reservation_token, reserved_at, expires_at)
       VALUES ($1, $2, $3, 'reserved', $4, $5, $6)
       ON CONFLICT (org_id, key) DO NOTHING`,
      [orgId, key, fingerprint, token, at, expiryFrom(at)],
    );
    return inserted.rowCount === 1;
  };

  const readRecord = async (orgId: OrgId, key: string): Promise<StoredRecord | undefined> => {
    const found = await db.query<StoredRecord>(
      `SELECT request_fingerprint, state, response_status, response_body, reserved_at, expires_at
         FROM idempotency_records WHERE org_id = $1 AND key = $2`,
      [orgId, key],
    );
    return found.rows[0];
  };

  // Takes over an expired record (any state, any fingerprint: the key is free again)
  // or a stale reservation of the same request. The conditions are re-checked by the
  // UPDATE itself, so of several concurrent reclaimers exactly one matches.
  const reclaim = async (orgId: OrgId, key: string, fingerprint: string, token: string, at: Date): Promise<boolean> => {
    const reclaimed = await db.query(
      `UPDATE idempotency_records
          SET request_fingerprint = $3, state = 'reserved', reservation_token = $4, reserved_at = $5, expires_at = $6,
              response_status = NULL, response_body = NULL, completed_at = NULL
        WHERE org_id = $1 AND key = $2
          AND (expires_at <= $5 OR (state = 'reserved' AND reserved_at < $7 AND request_fingerprint = $3))`,
      [orgId, key, fingerprint, token, at, expiryFrom(at), new Date(at.getTime() - staleAfterMs)],
    );
    return reclaimed.rowCount === 1;
  };

  const claim = async (orgId: OrgId, key: string, fingerprint: string): Promise<Claim> => {
    for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
      const at = new Date(now());
      const token = randomUUID();
      if (await insertReservation(orgId, key, fingerprint, token, at)) return { won: true, token };
      const record = await readRecord(orgId, key);
      if (!record) continue;
      const expired = record.expires_at.getTime() <= at.getTime();
      if (!expired) {
        if (record.request_fingerprint !== fingerprint) throw keyReusedForDifferentRequest();
        if (record.state === 'completed') return { won: false, status: record.response_status, body: record.response_body };
        if (record.reserved_at.getTime() >= at.getTime() - staleAfterMs) throw requestStillInProgress();
      }
      if (await reclaim(orgId, key, fingerprint, token, at)) return { won: true, token };
      // Another retry reclaimed it first; the next pass sees its reservation.
    }
    throw requestStillInProgress();
  };

  // Both statements name the reservation token: a request that overran staleAfterMs
  // and lost its reservation to a retry must not overwrite or delete the retry's record.
  const complete = async (orgId: OrgId, key: string, token: string, status: number, body: string): Promise<boolean> => {
    const at = new Date(now());
    const completed = await db.query(
      `UPDATE idempotency_records SET state = 'completed', response_status = $4, response_body = $5, completed_at = $6, expires_at = $7
        WHERE org_id = $1 AND key = $2 AND reservation_token = $3 AND state = 'reserved'`,
      [orgId, key, token, status, body, at, expiryFrom(at)],
    );
    return completed.rowCount === 1;
  };

  const release = async (orgId: OrgId, key: string, token: string): Promise<void> => {
    await db.query(`DELETE FROM idempotency_records WHERE org_id = $1 AND key = $2 AND reservation_token = $3 AND state = 'reserved'`, [
      orgId,
      key,
      token,
    ]);
  };

  return {
    async run<Answer extends StorableResponse>({ orgId, key, fingerprint, execute }: IdempotentRequest<Answer>): Promise<IdempotentResponse<Answer>> {
      const claimed = await claim(orgId, key, fingerprint);
      // The stored response is one this operation's work answered: the fingerprint names the operation.
      if (!claimed.won) return { status: claimed.status, body: claimed.body as JsonText<Answer['body']>, replayed: true };

      let response: Answer;
      try {
        response = await execute();
      } catch (error) {
        // Nothing was stored for this request, so a retry may run it again. Refusals
        // (4xx) are released too: a refused mutation changes nothing (spec 1.1 rule 6).
        await release(orgId, key, claimed.token).catch((releaseError: unknown) =>
          log.error({ err: releaseError, org_id: orgId, idempotency_key: key }, 'idempotency reservation not released; it frees itself once stale'),
        );
        throw error;
      }

      const body = jsonText(response.body);
      try {
        if (!(await complete(orgId, key, claimed.token, response.status, body))) {
          log.warn({ org_id: orgId, idempotency_key: key }, 'idempotency reservation was reclaimed by a retry while this request ran; its response is not stored');
        }
      } catch (storeError) {
        // The work is done: answering with its result beats failing a request that succeeded (spec 4.10 rule 7).
        log.error({ err: storeError, org_id: orgId, idempotency_key: key }, 'idempotent response not stored; a retry after the reservation goes stale executes again');
      }
      return { status: response.status, body, replayed: false };
    },

    // Housekeeping across organizations, like the outbox cleanup: run() already treats
    // an expired record as absent, so this only reclaims storage.
    async pruneExpired(_scope) {
      const at = new Date(now());
      let pruned = 0;
      for (;;) {
        // expires_at is checked again outside the subquery: a row reclaimed by a retry
        // between the two steps has a new expiry and must survive.
        const deleted = await db.query(
          `DELETE FROM idempotency_records
            WHERE expires_at <= $1
              AND (org_id, key) IN (SELECT org_id, key FROM idempotency_records WHERE expires_at <= $1 LIMIT $2)`,
          [at, pruneBatchSize],
        );
        pruned += deleted.rowCount;
        if (deleted.rowCount < pruneBatchSize) return pruned;
      }
    },
  };
}
