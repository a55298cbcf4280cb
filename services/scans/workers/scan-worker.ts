// Runs queued scans. The organization comes from the claimed job row, never from a
// request (spec 1.1 rule 9). A scan starts only while its organization is under
// its plan's concurrent-scan limit; otherwise the job waits, the scan stays queued
// and nobody sees an error (spec 8). Scanners run outside any transaction; their
// results are written to the outbox in one transaction with the job's completion.
// The organization's credential for the image's registry, if any, goes to the
// scanners, and how the run went is recorded on it after they ran.
import type { ObservationKind } from '../../findings/index.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { createWorker, type Job, type Worker } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import type { WorkerRegistration } from '../../platform/worker-registry.js';
import { assetIdentity, type ImageReferenceOptions } from '../image-reference.js';
import type { RegistryLogins } from '../registry-logins.js';
import { recordScanResults, type ScannerOutcome } from '../scan-results.js';
import { enabledKinds } from '../scanner-settings.js';
import type { ScannerAdapter } from '../scanners.js';
import { getScan, parseImageOrRefuse, SCAN_JOB_KIND } from '../scans.js';

/** How long a scan waiting for capacity sleeps before it asks again. */
const CAPACITY_RETRY_MS = 5_000;

/**
 * Moves the scan from queued to running if the organization has capacity. The
 * organization row is locked so concurrent workers count running scans one at a
 * time and never exceed the limit together.
 */
async function startScan(db: Database, orgId: OrgId, scanId: string): Promise<'started' | 'at_capacity' | 'not_queued'> {
  return db.transaction(async (tx) => {
    const plan = await tx.query<{ concurrent_scans: number }>(
      `SELECT p.concurrent_scans FROM organizations o JOIN plans p ON p.code = o.plan_code WHERE o.id = $1 FOR UPDATE OF o`,
      [orgId],
    );
    const running = await tx.query<{ n: number }>("SELECT count(*)::integer AS n FROM scans WHERE org_id = $1 AND state = 'running'", [orgId]);
    const state = await tx.query<{ state: string }>('SELECT state FROM scans WHERE org_id = $1 AND id = $2', [orgId, scanId]);
    if (state.rows[0]?.state !== 'queued') return 'not_queued';
    if ((running.rows[0]?.n ?? 0) >= (plan.rows[0]?.concurrent_scans ?? 1)) return 'at_capacity';
    await tx.query("UPDATE scans SET state = 'running', started_at = clock_timestamp() WHERE org_id = $1 AND id = $2", [orgId, scanId]);
    return 'started';
  });
}

interface ScanWorkerDeps {
  db: Database;
  logger: Logger;
  worker: WorkerRegistration;
  scanners: Record<string, ScannerAdapter>;
  /** Organizations' registry credentials (the registry-credentials capability's, wired by the composition root). */
  registryLogins: RegistryLogins;
  now?: () => Date;
  pollIntervalMs?: number;
  /** The reference rules the API applied when the scan was queued (loopback registries in tests). */
  imageReferences?: ImageReferenceOptions;
  /** Scans one process runs at once (default 8); each organization is further bounded by its plan. */
  concurrency?: number;
}

export function createScanWorker(deps: ScanWorkerDeps): Worker {
  const now = deps.now ?? (() => new Date());
  return createWorker({
    db: deps.db,
    logger: deps.logger,
    worker: deps.worker,
    kind: SCAN_JOB_KIND,
    pollIntervalMs: deps.pollIntervalMs,
    concurrency: deps.concurrency ?? 8,
    handle: async (job: Job) => {
      const scanId = String(job.payload.scan_id);
      const started = await startScan(deps.db, job.orgId, scanId);
      if (started === 'at_capacity') return { deferMs: CAPACITY_RETRY_MS };
      // not_queued: a worker whose lease expired ran it already, or it was started
      // and this is the retry of a run that died; results are idempotent either way.
      const scan = await getScan(deps.db, job.orgId, scanId);
      if (scan.state !== 'running') return;

      const kinds: ObservationKind[] = await enabledKinds(deps.db, job.orgId);
      const reference = parseImageOrRefuse(scan.image, deps.imageReferences);
      const login = (await deps.registryLogins.loginFor(job.orgId, reference.registry)) ?? undefined;
      const controller = new AbortController();
      const outcomes: ScannerOutcome[] = [];
      // Only the scanners that ran got the login: one missing on this worker says nothing about it.
      const ranWithLogin: ScannerOutcome[] = [];
      const scannersStartedAt = now();
      for (const name of scan.scanners) {
        const adapter = deps.scanners[name];
        if (adapter === undefined) {
          outcomes.push({ scanner: name, failure: 'this scanner is not available on this worker' });
          continue;
        }
        const outcome = await adapter.scan({ orgId: job.orgId, image: scan.image, reference, kinds, platform: scan.platform, signal: controller.signal, login });
        outcomes.push(outcome);
        ranWithLogin.push(outcome);
      }
      if (login !== undefined && ranWithLogin.length > 0) {
        const failure = ranWithLogin.find((outcome) => outcome.failure !== undefined)?.failure ?? null;
        await deps.registryLogins.recordUse(job.orgId, login, { usedAt: scannersStartedAt, failure });
      }
      await deps.db.transaction((tx) =>
        recordScanResults(tx, { orgId: job.orgId, scanId, assetId: scan.asset_id, assetKey: assetIdentity(reference), enabledKinds: kinds }, outcomes, now()),
      );
    },
  });
}
