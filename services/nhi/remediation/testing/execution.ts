// Test-only: the remediation execution worker behind a test app, as the workers role
// runs it, with the test's executors (their peers' endpoints), a credentials
// directory of its own and the sessions' egress policy and CA; and waiting, through
// the API, for a remediation to reach an outcome. Nothing of ours is mocked.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';
import type { Worker } from '../../../platform/jobs.js';
import { createLogger } from '../../../platform/logger.js';
import { registerWorker, type WorkerRegistry } from '../../../platform/worker-registry.js';
import type { SynchronizationSessionDeps } from '../../connectors/index.js';
import { createRemediationExecutionWorker } from '../workers/execution-worker.js';
import { createExecutorRegistry, type RemediationExecutor } from '../executors.js';
import type { RemediationStatus, Remediation } from '../records.js';
import { remediationOf } from './api-fixtures.js';

export interface RemediationExecution {
  /** Writes the deployment's entry for the tenant's credentials reference: the value given, or a random token. */
  holdCredentials(tenant: TestTenant, reference: string, value?: string): Promise<void>;
  /** GET the remediation until its status is no longer approved or executing. */
  outcome(person: TestPerson, remediationId: string): Promise<Remediation>;
}

const UNDER_WAY: readonly RemediationStatus[] = ['approved', 'executing'];

export function useRemediationExecution(
  app: { readonly current: TestApp },
  executors: () => RemediationExecutor[],
  session: Pick<SynchronizationSessionDeps, 'egress' | 'trustedCaPem'> = { egress: { allowedHosts: [], allowPrivate: false } },
): { readonly current: RemediationExecution } {
  let registration: WorkerRegistry | undefined;
  let worker: Worker | undefined;
  let credentialsDirectory = '';

  beforeAll(async () => {
    const logger = createLogger('silent');
    credentialsDirectory = await mkdtemp(path.join(tmpdir(), 'sentinel-remediation-credentials-'));
    registration = await registerWorker({ db: app.current.db, logger, role: 'workers' });
    registration.start();
    worker = createRemediationExecutionWorker({
      db: app.current.db,
      logger,
      worker: registration,
      executors: createExecutorRegistry(executors()),
      session: { credentialsDirectory, ...session },
      pollIntervalMs: 20,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await registration?.stop();
    await rm(credentialsDirectory, { recursive: true, force: true });
  });

  const current: RemediationExecution = {
    async holdCredentials(tenant, reference, value) {
      await mkdir(path.join(credentialsDirectory, tenant.id), { recursive: true });
      await writeFile(path.join(credentialsDirectory, tenant.id, reference), value ?? `token-${randomBytes(8).toString('hex')}`);
    },
    async outcome(person, remediationId) {
      const timeoutMs = 60_000;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const remediation = await remediationOf(app.current, person, remediationId);
        if (!UNDER_WAY.includes(remediation.status)) return remediation;
        if (Date.now() > deadline) throw new Error(`remediation ${remediationId} still ${remediation.status} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  return { current };
}
