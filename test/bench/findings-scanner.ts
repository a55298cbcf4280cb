// The scanner side of the findings benchmark. A fleet's scanners publish from their
// own processes, not from the one that applies their results, so the benchmark
// publishes from a worker thread (its own event loop and Kafka producer) and the
// findings processor keeps the main thread to itself, as in a deployment.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ScannerResultRecord, Severity } from '../../services/findings/observation.js';
import { createLogger } from '../../services/platform/logger.js';
import { createKafkaStreamLog } from '../../services/platform/streams/log/kafka-stream-log.js';
import { topics } from '../../services/platform/streams/topics.js';
import { completion } from '../support/scanner-results.js';

const PUBLISH_BATCH = 5_000;
const severityCycle: Severity[] = ['critical', 'high', 'medium', 'low', 'unknown'];

/** One scan per asset of the fleet, and what its scanner reports. */
export interface ScanRound {
  kafka: { brokers: string[]; schemaRegistryUrl: string; topicPrefix: string; partitions: number };
  scans: { orgId: string; assetId: string; scanId: string }[];
  observationsPerAsset: number;
  /** Moves every observation's severity along the cycle, so a rescan reports changes. */
  severityShift: number;
}

/** The index-th issue a scanner reports for an asset; the same index is the same issue in every round. */
export function observation(orgId: string, assetId: string, scanId: string, index: number, severityShift: number): NonNullable<ScannerResultRecord['observation']> {
  return {
    org_id: orgId,
    scan_id: scanId,
    asset_id: assetId,
    scanner: 'trivy',
    observed_at: Date.now(),
    fingerprint: `fp1:${assetId.replace(/-/g, '')}${index.toString(16).padStart(32, '0')}`,
    kind: 'vulnerability',
    identifier: `CVE-2024-${10_000 + index}`,
    severity: severityCycle[(index + severityShift) % severityCycle.length]!,
    fixability: index % 3 === 0 ? 'unknown' : 'fixable',
    component_ecosystem: 'debian',
    component_name: `libbench${index % 250}`,
    component_version: '1.0.0-1',
    install_path: null,
    target: null,
    title: `Bench advisory ${index}`,
    detail_json: JSON.stringify({ fixed_version: index % 3 === 0 ? null : '1.0.0-2', installed_version: '1.0.0-1', cvss_score: 7.5 }),
  };
}

/**
 * Starts a scanner thread for the round and resolves once it is connected and ready;
 * `publish()` then has it publish every scan's observations and completion,
 * organization-keyed, and resolves when all are acknowledged by the broker.
 */
export async function startScanner(round: ScanRound): Promise<{ publish(): Promise<void> }> {
  // Node 20 does not carry the TypeScript loader into worker threads: the worker registers it first.
  const entry = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, { eval: true, workerData: round });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  await next();
  return {
    async publish() {
      const done = next();
      worker.postMessage('publish');
      await done;
      await worker.terminate();
    },
  };
}

async function publishRound(round: ScanRound): Promise<void> {
  const log = createKafkaStreamLog({ ...round.kafka, clientId: 'bench-scanner', logger: createLogger('silent') });
  parentPort!.postMessage('ready');
  await new Promise((resolve) => parentPort!.once('message', resolve));
  let batch: { key: string; value: ScannerResultRecord }[] = [];
  const flush = async () => {
    await log.publish(topics.scannerResults, batch);
    batch = [];
  };
  for (const { orgId, assetId, scanId } of round.scans) {
    for (let i = 0; i < round.observationsPerAsset; i++) {
      batch.push({ key: orgId, value: { observation: observation(orgId, assetId, scanId, i, round.severityShift), completion: null } });
    }
    const { completion: completed } = completion(orgId, assetId, scanId);
    batch.push({ key: orgId, value: { observation: null, completion: { ...completed!, observation_count: round.observationsPerAsset } } });
    if (batch.length >= PUBLISH_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  await log.close();
  parentPort!.postMessage('published');
}

if (!isMainThread) await publishRound(workerData as ScanRound);
