// Records a stream processor set aside (table in migration 061): a record whose
// handler failed with an error that retrying cannot cure leaves its partition
// here, with its coordinates, its bytes and the error, so the partition goes on
// and an operator can list and replay it (`sentinel set-aside`). PostgreSQL holds
// them in both profiles. The work crosses organizations (a record's organization
// is its key), so every call takes a SystemScope.
import { isUuid } from '../services/platform/ids.js';
import type { Database } from '../services/platform/db/database.js';
import { AppError } from '../services/platform/errors.js';
import type { SystemScope } from '../services/platform/tenancy.js';

/** A record as the log holds it: the value undecoded, with the reference to its writer schema. */
export interface RawStreamRecord {
  partition: number;
  offset: string;
  key: string;
  value: Buffer;
  /** The embedded log's schema fingerprint, or the schema registry id of Kafka's wire format. */
  valueSchema: string;
  headers: Record<string, string>;
}

interface SetAsideEntry extends RawStreamRecord {
  group: string;
  /** The logical topic name, without the deployment's prefix. */
  topic: string;
  errorCode: string;
  errorMessage: string;
}

export interface SetAsideRecord extends SetAsideEntry {
  id: string;
  setAsideAt: string;
  replayedAt: string | null;
}

export interface SetAsideStore {
  /** Idempotent: setting the same record of the same group aside again changes nothing. */
  add(scope: SystemScope, entry: SetAsideEntry): Promise<void>;
  /** Oldest first; replayed records only when asked. */
  list(scope: SystemScope, options?: { includeReplayed?: boolean }): Promise<SetAsideRecord[]>;
  find(scope: SystemScope, id: string): Promise<SetAsideRecord | undefined>;
  /**
   * Marks the record replayed, with every record of the same coordinates that
   * other groups set aside: one republish reaches every group of the topic.
   */
  markReplayed(scope: SystemScope, id: string): Promise<void>;
}

/** What a set-aside record says about its error: a code to group by and a message without the record's value. */
export function describeFailure(error: unknown): { errorCode: string; errorMessage: string } {
  if (error instanceof AppError) return { errorCode: error.code, errorMessage: error.message };
  const code = (error as { code?: unknown } | null)?.code;
  const name = error instanceof Error ? error.name : typeof error;
  return {
    errorCode: typeof code === 'string' ? code : name,
    errorMessage: error instanceof Error ? error.message : String(error),
  };
}

interface Row {
  id: string;
  consumer_group: string;
  topic: string;
  partition: number;
  record_offset: string;
  record_key: string;
  value: Uint8Array;
  value_schema: string;
  headers: Record<string, string>;
  error_code: string;
  error_message: string;
  set_aside_at: string;
  replayed_at: string | null;
}

const columns = `id, consumer_group, topic, partition, record_offset::text AS record_offset, record_key, value, value_schema, headers,
  error_code, error_message, to_char(set_aside_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS set_aside_at,
  to_char(replayed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS replayed_at`;

const fromRow = (row: Row): SetAsideRecord => ({
  id: row.id,
  group: row.consumer_group,
  topic: row.topic,
  partition: row.partition,
  offset: row.record_offset,
  key: row.record_key,
  value: Buffer.from(row.value.buffer, row.value.byteOffset, row.value.byteLength),
  valueSchema: row.value_schema,
  headers: row.headers,
  errorCode: row.error_code,
  errorMessage: row.error_message,
  setAsideAt: row.set_aside_at,
  replayedAt: row.replayed_at,
});

export function createSetAsideStore(deps: { db: Database }): SetAsideStore {
  const { db } = deps;
  return {
    async add(_scope, entry) {
      await db.query(
        `INSERT INTO stream_set_aside_records
           (consumer_group, topic, partition, record_offset, record_key, value, value_schema, headers, error_code, error_message)
         VALUES ($1, $2, $3, $4::bigint, $5, $6, $7, $8::jsonb, $9, $10)
         ON CONFLICT (consumer_group, topic, partition, record_offset) DO NOTHING`,
        [
          entry.group,
          entry.topic,
          entry.partition,
          entry.offset,
          entry.key,
          entry.value,
          entry.valueSchema,
          JSON.stringify(entry.headers),
          entry.errorCode,
          entry.errorMessage,
        ],
      );
    },
    async list(_scope, options = {}) {
      const { rows } = await db.query<Row>(
        `SELECT ${columns} FROM stream_set_aside_records WHERE $1::boolean OR replayed_at IS NULL ORDER BY set_aside_at, id`,
        [options.includeReplayed ?? false],
      );
      return rows.map(fromRow);
    },
    async find(_scope, id) {
      if (!isUuid(id)) return undefined;
      const { rows } = await db.query<Row>(`SELECT ${columns} FROM stream_set_aside_records WHERE id = $1`, [id]);
      return rows[0] && fromRow(rows[0]);
    },
    async markReplayed(_scope, id) {
      await db.query(
        `UPDATE stream_set_aside_records r SET replayed_at = now()
           FROM stream_set_aside_records replayed
          WHERE replayed.id = $1 AND r.topic = replayed.topic AND r.partition = replayed.partition
            AND r.record_offset = replayed.record_offset AND r.replayed_at IS NULL`,
        [id],
      );
    },
  };
}
