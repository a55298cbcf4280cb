// Executes synchronization runs on the worker plane, one job per run. The run opens
// its session first (credentials resolved before any provider call): an unknown
// credentials reference fails the run with configuration_error and the collector is
// never called. What the collector emits is held until it returns, then published
// on the nhi-inventory topic through the outbox in the transaction that ends the run,
// so the records exist exactly when the run's outcome does, end record last.
import type { Database, OrgId } from '../../../platform/db/database.js';
import { AppError, isRetriable } from '../../../platform/errors.js';
import { createWorker, type Job, type Worker } from '../../../platform/jobs.js';
import type { Logger } from '../../../platform/logger.js';
import { appendRecordsToOutbox } from '../../../../streams/outbox.js';
import { replaceUnstorableDeep, replaceUnstorableText } from '../../../platform/storable-text.js';
import { topics } from '../../../../streams/topics.js';
import type { WorkerRegistration } from '../../../platform/worker-registry.js';
import { recordAudit, type AuditAction } from '../../audit/index.js';
import { findConnector, openSynchronizationSession, type ConnectorKind, type Connector, type SynchronizationSessionDeps } from '../../connectors/index.js';
import { PartialCollectionError, type CollectedEdge, type CollectedIdentity, type CollectionContext } from '../collector.js';
import type { CollectorRegistry } from '../collectors.js';
import type { EdgeRecord, IdentityRecord, InventoryRecord, RecordedPrincipalType, RunOutcome } from '../inventory-records.js';
import { runColumns, SYNCHRONIZATION_JOB, type RunRow } from '../runs.js';

/**
 * Kinds whose providers hold only machines (service accounts, auth roles, tools). The
 * others (cloud accounts' users, code hosting's members) mix people in: what their
 * collectors do not mark as a machine is recorded as unknown.
 */
const MACHINE_ONLY_KINDS: ReadonlySet<ConnectorKind> = new Set(['container_cluster', 'secrets_manager', 'tool_server']);

const EDGE_TYPES: ReadonlySet<string> = new Set(['ASSUMES', 'HAS_PERMISSION', 'BELONGS_TO', 'ACCESSES', 'AUTHENTICATES_WITH']);
const FINGERPRINT = /^[0-9a-f]{64}$/;

interface SynchronizationWorkerDeps {
  db: Database;
  logger: Logger;
  worker: WorkerRegistration;
  collectors: CollectorRegistry;
  session: SynchronizationSessionDeps;
  pollIntervalMs?: number;
  now?: () => Date;
}

interface Ending {
  outcome: RunOutcome;
  error: { code: string; message: string } | null;
}

/** What the collector emitted, deduplicated (the last emission of an identity or edge wins). */
interface Collected {
  identities: Map<string, IdentityRecord>;
  edges: Map<string, EdgeRecord>;
  personsExcluded: number;
}

export function createSynchronizationWorker(deps: SynchronizationWorkerDeps): Worker {
  return createWorker({
    db: deps.db,
    logger: deps.logger.child({ component: 'nhi-synchronization' }),
    worker: deps.worker,
    kind: SYNCHRONIZATION_JOB,
    // A run holds its collection in memory until it ends: two at once per process.
    concurrency: 2,
    pollIntervalMs: deps.pollIntervalMs,
    handle: (job) => executeRun(deps, job),
  });
}

async function executeRun(deps: SynchronizationWorkerDeps, job: Job): Promise<void> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const runId = typeof job.payload.runId === 'string' ? job.payload.runId : '';
  const orgId = job.orgId;
  const started = await db.query<RunRow>(
    `UPDATE nhi_synchronization_runs SET state = 'running', started_at = coalesce(started_at, $3)
      WHERE org_id = $1 AND id = $2 AND state IN ('queued', 'running') RETURNING ${runColumns}`,
    [orgId, runId, now()],
  );
  const run = started.rows[0];
  // Already ended (a job retried after its run's end committed): nothing left to do.
  if (run === undefined) return;

  try {
    const collected: Collected = { identities: new Map(), edges: new Map(), personsExcluded: 0 };
    const connector = await findConnector(db, orgId, run.connector_id);
    const ending = connector === undefined ? configurationError('the connector was deleted before its run started') : await collect(deps, orgId, run.id, connector, collected);
    await finishRun(deps, orgId, run, connector?.kind ?? null, collected, ending);
  } catch (error) {
    // The job's last attempt, or an error the job queue does not retry: end the run as
    // failed (publishing nothing it collected), or it would stay running and hold the
    // connector's one run slot for good.
    if (job.attempts >= job.maxAttempts || !isRetriable(error)) {
      const message = replaceUnstorableText(error instanceof Error ? error.message : String(error)).text;
      await finishRun(deps, orgId, run, null, { identities: new Map(), edges: new Map(), personsExcluded: 0 }, { outcome: 'failed', error: { code: 'internal_error', message } });
    }
    throw error;
  }
}

const configurationError = (message: string): Ending => ({ outcome: 'failed', error: { code: 'configuration_error', message } });

async function collect(deps: SynchronizationWorkerDeps, orgId: OrgId, runId: string, connector: Connector, collected: Collected): Promise<Ending> {
  if (!connector.enabled) return configurationError('the connector is disabled');
  const collector = deps.collectors.get(connector.kind);
  if (collector === undefined) return configurationError(`this deployment has no collector for ${connector.kind} connectors`);
  let session;
  try {
    session = await openSynchronizationSession(deps.session, orgId, connector);
  } catch (error) {
    if (error instanceof AppError && error.code === 'configuration_error') return configurationError(error.message);
    throw error;
  }
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger.child({ run_id: runId, connector_id: connector.id, org_id: orgId });
  const base = { org_id: orgId, connector_id: connector.id, run_id: runId, sequence: 0 };
  const context: CollectionContext = {
    orgId,
    connector: {
      id: connector.id,
      kind: connector.kind,
      endpoint: connector.endpoint,
      organization: connector.organization,
      accountId: connector.accountId,
      externalId: connector.externalId,
      enabledCapabilities: connector.enabledCapabilities,
      settings: { ...connector.settings },
    },
    session,
    // A provider's text can hold what no column can (a NUL, an unpaired surrogate): it is
    // replaced visibly here, so the records and the run's error are always storable.
    emitIdentity: async (emitted: CollectedIdentity) => {
      const identity = replaceUnstorableDeep(emitted);
      const principalType = principalTypeOf(connector.kind, identity);
      if (principalType === 'person') {
        collected.personsExcluded += 1;
        return;
      }
      checkIdentity(identity);
      collected.identities.set(`${identity.kind}\u0000${identity.externalId}`, {
        ...base,
        connector_kind: connector.kind,
        external_id: identity.externalId,
        kind: identity.kind,
        name: identity.name,
        principal_type: principalType,
        attributes_json: JSON.stringify(identity.attributes),
        fingerprint: identity.fingerprint,
        last_used_at: identity.lastUsedAt === null ? null : identity.lastUsedAt.getTime(),
        observed_at: now().getTime(),
      });
    },
    emitEdge: async (emitted: CollectedEdge) => {
      const edge = replaceUnstorableDeep(emitted);
      checkEdge(edge);
      collected.edges.set(`${edge.type}\u0000${edge.fromExternalId}\u0000${edge.toExternalId}`, {
        ...base,
        edge_type: edge.type,
        from_external_id: edge.fromExternalId,
        to_external_id: edge.toExternalId,
        observed_at: now().getTime(),
      });
    },
    progress: (message) => logger.info({ progress: message }, 'synchronization progress'),
  };
  try {
    await collector.collect(context);
    return { outcome: 'completed', error: null };
  } catch (error) {
    if (error instanceof PartialCollectionError) return { outcome: 'partial', error: { code: 'partial_collection', message: replaceUnstorableText(error.reason).text } };
    logger.warn({ err: error }, 'collection failed');
    const code = error instanceof AppError ? error.code : 'collection_failed';
    return { outcome: 'failed', error: { code, message: replaceUnstorableText(error instanceof Error ? error.message : String(error)).text } };
  }
}

/**
 * A collector marks people with attributes.principalType ('person' | 'machine' |
 * 'unknown'). People never enter the inventory; on a kind that mixes people in, an
 * identity not marked as a machine is recorded as unknown.
 */
function principalTypeOf(kind: ConnectorKind, identity: CollectedIdentity): RecordedPrincipalType | 'person' {
  const marked = identity.attributes.principalType;
  if (marked === 'person') return 'person';
  // A collector that cannot tell says so, on any kind (a secrets manager's entity with no telling alias).
  if (marked === 'unknown') return 'unknown';
  if (marked === 'machine' || MACHINE_ONLY_KINDS.has(kind)) return 'machine';
  return 'unknown';
}

/** A collector's mistake fails the run rather than putting a record on the topic the processor would set aside. */
function checkIdentity(identity: CollectedIdentity): void {
  const text = (value: unknown, max: number) => typeof value === 'string' && value.length >= 1 && value.length <= max;
  if (!text(identity.externalId, 2048) || !text(identity.kind, 100) || !text(identity.name, 1024)) throw new Error('a collector emitted an identity without a valid externalId, kind or name');
  if (identity.fingerprint !== null && !FINGERPRINT.test(identity.fingerprint)) throw new Error(`identity ${identity.externalId}: fingerprint is not SHA-256 hex`);
  if (identity.lastUsedAt !== null && Number.isNaN(identity.lastUsedAt.getTime())) throw new Error(`identity ${identity.externalId}: lastUsedAt is not a valid time`);
}

function checkEdge(edge: CollectedEdge): void {
  const text = (value: unknown) => typeof value === 'string' && value.length >= 1 && value.length <= 2048;
  if (!EDGE_TYPES.has(edge.type) || !text(edge.fromExternalId) || !text(edge.toExternalId)) throw new Error('a collector emitted an edge without a valid type or identifiers');
}

const AUDIT_OF_OUTCOME: Record<RunOutcome, AuditAction> = {
  completed: 'collection.sync.completed',
  partial: 'collection.sync.partial',
  failed: 'collection.sync.failed',
};

/** Ends the run: its state and counts, its records with the end record last, and the audit record, in one transaction. */
async function finishRun(deps: SynchronizationWorkerDeps, orgId: OrgId, run: RunRow, kind: ConnectorKind | null, collected: Collected, ending: Ending): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const at = now();
  const identities = [...collected.identities.values()];
  const edges = [...collected.edges.values()];
  let sequence = 0;
  const records: InventoryRecord[] = [
    ...identities.map((identity): InventoryRecord => ({ identity: { ...identity, sequence: sequence++ }, edge: null, run_end: null })),
    ...edges.map((edge): InventoryRecord => ({ identity: null, edge: { ...edge, sequence: sequence++ }, run_end: null })),
  ];
  records.push({
    identity: null,
    edge: null,
    run_end: {
      org_id: orgId,
      connector_id: run.connector_id,
      run_id: run.id,
      sequence,
      status: ending.outcome,
      identity_count: identities.length,
      edge_count: edges.length,
      reason: ending.error?.message ?? null,
      ended_at: at.getTime(),
    },
  });
  await deps.db.transaction(async (tx) => {
    const ended = await tx.query(
      `UPDATE nhi_synchronization_runs SET state = $3, identities_seen = $4, edges_seen = $5, persons_excluded = $6, error_code = $7, error_message = $8, finished_at = $9
        WHERE org_id = $1 AND id = $2 AND state = 'running'`,
      [orgId, run.id, ending.outcome, identities.length, edges.length, collected.personsExcluded, ending.error?.code ?? null, ending.error?.message.slice(0, 2_000) || null, at],
    );
    // Another attempt of the job ended it meanwhile: its records are the run's.
    if (ended.rowCount === 0) return;
    await appendRecordsToOutbox(tx, orgId, topics.nhiInventory, records);
    await recordAudit(tx, {
      orgId,
      actor: { kind: 'system', id: null },
      action: AUDIT_OF_OUTCOME[ending.outcome],
      subject: run.id,
      result: ending.outcome === 'failed' ? 'failure' : 'success',
      sourceAddress: null,
      correlationId: run.id,
      detail: { runId: run.id, connectorId: run.connector_id, kind, identitiesSeen: identities.length, edges: edges.length, personsExcluded: collected.personsExcluded, error: ending.error },
    });
  });
}
