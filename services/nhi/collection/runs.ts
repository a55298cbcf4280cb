// Synchronization runs: requested by a person (connectors:manage)
// or by the schedule, queued as one job each, at most one queued or running per
// connector (a partial unique index, migration 079). Reads need inventory:read.
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import { randomUUID } from 'node:crypto';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/jobs.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { newestFirst, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../../platform/pagination/page.js';
import { recordAudit, type AuditEntry } from '../audit/index.js';
import { findConnector } from '../connectors/index.js';
import { isoOrNull } from '../../platform/http/timestamps.js';

/** The job kind of a run; its payload names the run. */
export const SYNCHRONIZATION_JOB = 'nhi.synchronization';

export type RunState = 'queued' | 'running' | 'completed' | 'partial' | 'failed';
type RunTrigger = 'manual' | 'schedule';

/** A run as the API shows it: the document's SynchronizationRun. */
export type SynchronizationRun = components['schemas']['SynchronizationRun'];

export interface RunRow {
  id: string;
  connector_id: string;
  trigger: RunTrigger;
  requested_by_user_id: string | null;
  state: RunState;
  identities_seen: number;
  identities_new: number | null;
  identities_removed: number | null;
  edges_seen: number;
  persons_excluded: number;
  error_code: string | null;
  error_message: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  applied_at: Date | null;
}

export const runColumns =
  'id, connector_id, trigger, requested_by_user_id, state, identities_seen, identities_new, identities_removed, edges_seen, persons_excluded, error_code, error_message, created_at, started_at, finished_at, applied_at';


/** Who asks for a run: a person, with the request's audit context; the schedule has no person. */
interface RunRequester {
  orgId: OrgId;
  userId: string | null;
  audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>;
}

/**
 * Queues a run of the connector in the requester's transaction: the run row, its
 * job and collection.sync.requested commit together. A connector with a run queued
 * or running already is a conflict; so is a disabled one.
 */
export async function queueRun(tx: Queryable, requester: RunRequester, connectorId: string, trigger: RunTrigger, at: Date): Promise<SynchronizationRun> {
  const { orgId } = requester;
  const connector = await findConnector(tx, orgId, connectorId);
  if (connector === undefined) throw notFound();
  if (!connector.enabled) throw conflict('the connector is disabled; enable it before synchronizing');
  const id = randomUUID();
  // ON CONFLICT on the partial unique index: the active run wins, this request is refused.
  const inserted = await tx.query<RunRow>(
    `INSERT INTO nhi_synchronization_runs (org_id, id, connector_id, trigger, requested_by_user_id, state, created_at)
     VALUES ($1, $2, $3, $4, $5, 'queued', $6)
     ON CONFLICT (org_id, connector_id) WHERE state IN ('queued', 'running') DO NOTHING
     RETURNING ${runColumns}`,
    [orgId, id, connector.id, trigger, requester.userId, at],
  );
  const row = inserted.rows[0];
  if (row === undefined) throw conflict('a synchronization of this connector is already queued or running');
  await enqueueJob(tx, orgId, SYNCHRONIZATION_JOB, { runId: id }, { maxAttempts: 3 });
  await recordAudit(tx, { ...requester.audit, action: 'collection.sync.requested', subject: id, result: 'success', detail: { runId: id, connectorId: connector.id, kind: connector.kind, trigger } });
  return runViewOf(row);
}

export function createRuns(deps: { db: Database; codec: CursorCodec; now?: () => Date }) {
  const { db, codec } = deps;
  const now = deps.now ?? (() => new Date());

  const request = (requester: RunRequester, connectorId: string): Promise<SynchronizationRun> =>
    db.transaction((tx) => queueRun(tx, requester, connectorId, 'manual', now()));

  async function list(orgId: OrgId, connectorId: string, query: { limit?: unknown; cursor?: unknown }) {
    const pageRequest = parsePageRequest(query, { orders: ['created'], defaultOrder: 'created' });
    // The connector must exist in the organization; its runs outlive it only in the inventory's history.
    if ((await findConnector(db, orgId, connectorId)) === undefined) throw notFound();
    return readTablePage<RunRow & KeysetRow, SynchronizationRun>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_synchronization_runs',
      filters: { connectorId },
      request: pageRequest,
      order: newestFirst,
      from: 'nhi_synchronization_runs',
      columns: runColumns,
      where: 'org_id = $1 AND connector_id = $2',
      params: [orgId, connectorId],
      toItem: runViewOf,
    });
  }

  async function get(orgId: OrgId, connectorId: string, runId: string): Promise<SynchronizationRun> {
    if (!isUuid(connectorId) || !isUuid(runId)) throw notFound();
    const found = await db.query<RunRow>(`SELECT ${runColumns} FROM nhi_synchronization_runs WHERE org_id = $1 AND connector_id = $2 AND id = $3`, [orgId, connectorId, runId]);
    if (found.rows[0] === undefined) throw notFound();
    return runViewOf(found.rows[0]);
  }

  return { request, list, get };
}
export type Runs = ReturnType<typeof createRuns>;


function runViewOf(row: RunRow): SynchronizationRun {
  return {
    id: row.id,
    connectorId: row.connector_id,
    trigger: row.trigger,
    requestedByUserId: row.requested_by_user_id,
    state: row.state,
    counts: {
      identitiesSeen: row.identities_seen,
      identitiesNew: row.identities_new,
      identitiesRemoved: row.identities_removed,
      edges: row.edges_seen,
      personsExcluded: row.persons_excluded,
    },
    error: row.error_code === null ? null : { code: row.error_code, message: row.error_message ?? '' },
    createdAt: row.created_at.toISOString(),
    startedAt: isoOrNull(row.started_at),
    finishedAt: isoOrNull(row.finished_at),
    appliedAt: isoOrNull(row.applied_at),
  };
}
