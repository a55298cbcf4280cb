// The advisory records kept in PostgreSQL (or the embedded database): global rows, not
// any organization's (docs/decisions/advisories.md, "Advisory data kept by the service"), read by
// every organization's scans and written only by the synchronization.
import type { Database, Queryable } from '../platform/db/database.js';
import { AppError } from '../platform/errors.js';
import { recordPackageChanges, type AdvisoryChange } from './advisory-changes.js';
import type { StoredAdvisory } from './advisory-record.js';
import { normalizePackageName } from './matching/osv-affected.js';

/** How many names one lookup statement carries; a scan's inventory is asked in such slices. */
const NAMES_PER_LOOKUP = 1_000;
const LEASE = 'sync';

export interface AdvisoryEcosystemStatus {
  ecosystem: string;
  source: string;
  records: number;
  /** The newest modified time of the records synchronized (ISO 8601), null before the first success. */
  lastModified: string | null;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

/** Where an unfinished load of `all.zip` resumes: the archive it read (its identity) and how many of its entries are committed. */
interface FullLoadProgress {
  archive: string;
  entriesDone: number;
  newestKey: string | null;
  newestModified: string | null;
}

interface SyncState {
  /** modifiedKey of the newest record a finished synchronization saw; null when none finished. */
  cursor: string | null;
  fullLoad: FullLoadProgress | null;
}

export interface NewestSeen {
  key: string;
  modified: string;
}

export interface AdvisoryStore {
  /**
   * The records of a base ecosystem ("Debian", "PyPI", "npm") naming any of these
   * packages, each record once, withdrawn ones left out. Names are normalized as
   * normalizePackageName does, so the caller passes them as the inventory spells them.
   */
  advisoriesFor(osvEcosystemBase: string, names: string[]): Promise<unknown[]>;
  /** Per synchronized ecosystem, in name order. */
  status(): Promise<AdvisoryEcosystemStatus[]>;
  syncState(ecosystem: string): Promise<SyncState>;
  /** A synchronization of the ecosystem starts: the attempt is recorded; answers where it stands. */
  beginSync(ecosystem: string, source: string): Promise<SyncState>;
  /**
   * Stores one batch in one transaction, fenced by the lease: a record replaces the stored
   * one unless that one is newer; then either advances the cursor (an incremental batch)
   * or records where a full load resumes; records the packages each added, modified or
   * withdrawn record names, for continuous matching (advisory-changes.ts). Answers how many
   * records were written.
   */
  commitBatch(ecosystem: string, source: string, holder: string, advisories: StoredAdvisory[], after: { cursor: NewestSeen } | { fullLoad: FullLoadProgress }): Promise<number>;
  /** A synchronization of the ecosystem ended well: the cursor moves to the newest seen, the error and any resume point are cleared, the records counted. */
  finishSync(ecosystem: string, source: string, holder: string, newest: NewestSeen | null): Promise<void>;
  /** A synchronization failed: what it said, kept beside the last success (which stays). */
  recordFailure(ecosystem: string, source: string, message: string): Promise<void>;
  /** Takes the synchronization lease for the holder (or renews its own); false when another live holder has it. */
  acquireLease(holder: string, ttlMs: number): Promise<boolean>;
  renewLease(holder: string, ttlMs: number): Promise<boolean>;
  releaseLease(holder: string): Promise<void>;
  /** Who holds the lease now and until when, if anyone. */
  leaseHolder(): Promise<{ holder: string; expiresAt: string } | null>;
  /** Brings the planner's statistics of the records and their package index up to date (ANALYZE). */
  refreshStatistics(): Promise<void>;
}

interface StatusRow {
  ecosystem: string;
  source: string;
  record_count: number;
  newest_modified: string | null;
  last_attempt_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

const leaseLost = (): AppError => new AppError('unavailable', 'the advisory synchronization lease was lost to another process', { retriable: true });

async function renew(tx: Queryable, holder: string, ttlMs: number): Promise<boolean> {
  const renewed = await tx.query(
    `UPDATE advisory_sync_lease SET expires_at = now() + make_interval(secs => $3::double precision / 1000) WHERE name = $1 AND holder = $2 RETURNING holder`,
    [LEASE, holder, ttlMs],
  );
  return renewed.rowCount > 0;
}

/**
 * The lease a batch commits under, renewed by every batch and every half minute: long
 * enough for one batch on a loaded machine, short enough that a run killed outright
 * (SIGKILL) keeps the next from starting for two minutes at most.
 */
export const SYNC_LEASE_MS = 2 * 60_000;

export function createAdvisoryStore(db: Database): AdvisoryStore {
  async function ensureStatus(tx: Queryable, ecosystem: string, source: string): Promise<void> {
    await tx.query(
      'INSERT INTO advisory_sync_status (ecosystem, source) VALUES ($1, $2) ON CONFLICT (ecosystem) DO UPDATE SET source = excluded.source',
      [ecosystem, source],
    );
  }

  return {
    async advisoriesFor(osvEcosystemBase, names) {
      const keys = [...new Set(names.map((name) => normalizePackageName(osvEcosystemBase, name)))];
      const seen = new Set<string>();
      const records: unknown[] = [];
      for (let start = 0; start < keys.length; start += NAMES_PER_LOOKUP) {
        const slice = keys.slice(start, start + NAMES_PER_LOOKUP);
        const result = await db.query<{ id: string; record: unknown }>(
          `SELECT a.id, a.record FROM advisories a
            WHERE a.ecosystem = $1 AND a.withdrawn IS NULL
              AND a.id IN (SELECT p.advisory_id FROM advisory_packages p WHERE p.ecosystem = $1 AND p.name = ANY ($2::text[]))`,
          [osvEcosystemBase, slice],
        );
        for (const row of result.rows) {
          if (seen.has(row.id)) continue;
          seen.add(row.id);
          records.push(row.record);
        }
      }
      return records;
    },

    async status() {
      // Times as text in SQL: the embedded adapter reads a year before 1000 (Go's unset modified, 0001-01-01) wrongly as a Date.
      const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
      const result = await db.query<StatusRow>(
        `SELECT ecosystem, source, record_count, ${['newest_modified', 'last_attempt_at', 'last_success_at', 'last_error_at'].map(iso).join(', ')}, last_error
           FROM advisory_sync_status ORDER BY ecosystem`,
        [],
      );
      return result.rows.map((row) => ({
        ecosystem: row.ecosystem,
        source: row.source,
        records: row.record_count,
        lastModified: row.newest_modified,
        lastAttemptAt: row.last_attempt_at,
        lastSuccessAt: row.last_success_at,
        lastError: row.last_error,
        lastErrorAt: row.last_error_at,
      }));
    },

    async syncState(ecosystem) {
      const result = await db.query<{ modified_cursor: string | null; full_load: FullLoadProgress | null }>(
        'SELECT modified_cursor, full_load FROM advisory_sync_status WHERE ecosystem = $1',
        [ecosystem],
      );
      const row = result.rows[0];
      return { cursor: row?.modified_cursor ?? null, fullLoad: row?.full_load ?? null };
    },

    async beginSync(ecosystem, source) {
      const result = await db.query<{ modified_cursor: string | null; full_load: FullLoadProgress | null }>(
        `INSERT INTO advisory_sync_status (ecosystem, source, last_attempt_at) VALUES ($1, $2, now())
         ON CONFLICT (ecosystem) DO UPDATE SET source = excluded.source, last_attempt_at = excluded.last_attempt_at
         RETURNING modified_cursor, full_load`,
        [ecosystem, source],
      );
      const row = result.rows[0]!;
      return { cursor: row.modified_cursor, fullLoad: row.full_load };
    },

    async commitBatch(ecosystem, source, holder, advisories, after) {
      // One copy per id: the newest, should an archive list a record twice.
      const byId = new Map<string, StoredAdvisory>();
      for (const advisory of advisories) {
        const held = byId.get(advisory.id);
        if (!held || held.modified <= advisory.modified) byId.set(advisory.id, advisory);
      }
      const rows = [...byId.values()];
      return db.transaction(async (tx) => {
        if (!(await renew(tx, holder, SYNC_LEASE_MS))) throw leaseLost();
        let written: { id: string; change: AdvisoryChange | null }[] = [];
        if (rows.length > 0) {
          // What each record was before (all parts of the statement see one snapshot), so the change is known: a record
          // rewritten with the same modified time and withdrawal changes nothing a match reads.
          const upserted = await tx.query<{ id: string; change: AdvisoryChange | null }>(
            `WITH input AS (
               SELECT r.* FROM jsonb_to_recordset($2::jsonb) AS r (id text, modified timestamptz, withdrawn timestamptz, record jsonb)
             ),
             prior AS (
               SELECT a.id, a.modified, a.withdrawn FROM advisories a WHERE a.ecosystem = $1 AND a.id IN (SELECT id FROM input)
             ),
             upserted AS (
               INSERT INTO advisories (ecosystem, id, modified, withdrawn, record)
               SELECT $1, i.id, i.modified, i.withdrawn, i.record FROM input i
               ON CONFLICT (ecosystem, id) DO UPDATE SET modified = excluded.modified, withdrawn = excluded.withdrawn, record = excluded.record
                WHERE advisories.modified <= excluded.modified
               RETURNING id, modified, withdrawn
             )
             SELECT u.id,
                    CASE WHEN p.id IS NULL THEN 'added'
                         WHEN u.withdrawn IS NOT NULL AND p.withdrawn IS NULL THEN 'withdrawn'
                         WHEN u.modified IS DISTINCT FROM p.modified OR u.withdrawn IS DISTINCT FROM p.withdrawn THEN 'modified' END AS change
               FROM upserted u LEFT JOIN prior p ON p.id = u.id`,
            [ecosystem, JSON.stringify(rows.map((row) => ({ id: row.id, modified: row.modified, withdrawn: row.withdrawn, record: row.record })))],
          );
          written = upserted.rows;
        }
        if (written.length > 0) {
          const writtenIds = new Set(written.map((row) => row.id));
          const before = await tx.query<{ name: string; advisory_id: string }>(
            'DELETE FROM advisory_packages WHERE ecosystem = $1 AND advisory_id = ANY ($2::text[]) RETURNING name, advisory_id',
            [ecosystem, [...writtenIds]],
          );
          // Only the packages of this ecosystem: another ecosystem's directory carries its own copy of a record naming both.
          const packages = rows
            .filter((row) => writtenIds.has(row.id))
            .flatMap((row) => row.packages.filter((pkg) => pkg.ecosystem === ecosystem).map((pkg) => ({ name: pkg.name, id: row.id })));
          if (packages.length > 0) {
            await tx.query(
              `INSERT INTO advisory_packages (ecosystem, name, advisory_id)
               SELECT $1, p.name, p.id FROM jsonb_to_recordset($2::jsonb) AS p (name text, id text) ON CONFLICT DO NOTHING`,
              [ecosystem, JSON.stringify(packages)],
            );
          }
          await recordPackageChanges(tx, ecosystem, written, [...before.rows.map((row) => ({ name: row.name, id: row.advisory_id })), ...packages]);
        }
        await ensureStatus(tx, ecosystem, source);
        if ('cursor' in after) {
          await tx.query('UPDATE advisory_sync_status SET modified_cursor = $2, newest_modified = $3 WHERE ecosystem = $1', [ecosystem, after.cursor.key, after.cursor.modified]);
        } else {
          await tx.query('UPDATE advisory_sync_status SET full_load = $2 WHERE ecosystem = $1', [ecosystem, JSON.stringify(after.fullLoad)]);
        }
        return written.length;
      });
    },

    async finishSync(ecosystem, source, holder, newest) {
      await db.transaction(async (tx) => {
        if (!(await renew(tx, holder, SYNC_LEASE_MS))) throw leaseLost();
        await ensureStatus(tx, ecosystem, source);
        await tx.query(
          `UPDATE advisory_sync_status
              SET modified_cursor = CASE WHEN $2::text IS NOT NULL AND (modified_cursor IS NULL OR modified_cursor < $2::text) THEN $2::text ELSE modified_cursor END,
                  newest_modified = CASE WHEN $2::text IS NOT NULL AND (modified_cursor IS NULL OR modified_cursor < $2::text) THEN $3::timestamptz ELSE newest_modified END,
                  full_load = NULL, last_success_at = now(), last_error = NULL, last_error_at = NULL,
                  record_count = (SELECT count(*) FROM advisories WHERE ecosystem = $1)
            WHERE ecosystem = $1`,
          [ecosystem, newest?.key ?? null, newest?.modified ?? null],
        );
      });
    },

    async recordFailure(ecosystem, source, message) {
      await db.query(
        `INSERT INTO advisory_sync_status (ecosystem, source, last_attempt_at, last_error, last_error_at) VALUES ($1, $2, now(), $3, now())
         ON CONFLICT (ecosystem) DO UPDATE SET source = excluded.source, last_error = excluded.last_error, last_error_at = excluded.last_error_at,
                record_count = (SELECT count(*) FROM advisories WHERE ecosystem = $1)`,
        [ecosystem, source, message.slice(0, 2_000)],
      );
    },

    async acquireLease(holder, ttlMs) {
      const result = await db.query(
        `INSERT INTO advisory_sync_lease (name, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
          WHERE advisory_sync_lease.expires_at < now() OR advisory_sync_lease.holder = excluded.holder
         RETURNING holder`,
        [LEASE, holder, ttlMs],
      );
      return result.rowCount > 0;
    },

    renewLease: (holder, ttlMs) => renew(db, holder, ttlMs),

    async releaseLease(holder) {
      await db.query('DELETE FROM advisory_sync_lease WHERE name = $1 AND holder = $2', [LEASE, holder]);
    },

    async leaseHolder() {
      const result = await db.query<{ holder: string; expires_at: string }>(
        `SELECT holder, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at FROM advisory_sync_lease WHERE name = $1 AND expires_at >= now()`,
        [LEASE],
      );
      const row = result.rows[0];
      return row ? { holder: row.holder, expiresAt: row.expires_at } : null;
    },

    async refreshStatistics() {
      await db.query('SELECT analyze_advisories()', []);
    },
  };
}

/**
 * The built-in scanner's view of the data (scans' AdvisoryData port): the records naming
 * packages, and per ecosystem what is held. An ecosystem counts as held once a
 * synchronization of it succeeded, even with no record (none affects anything yet).
 */
export function advisoryDataOf(store: AdvisoryStore) {
  return {
    advisoriesFor: (ecosystem: string, names: readonly string[]) => store.advisoriesFor(ecosystem, [...names]),
    held: async (ecosystems: readonly string[]) =>
      new Map(
        (await store.status())
          .filter((status) => status.lastSuccessAt !== null && ecosystems.includes(status.ecosystem))
          .map((status) => [status.ecosystem, { records: status.records, lastModified: status.lastModified }] as const),
      ),
  };
}
