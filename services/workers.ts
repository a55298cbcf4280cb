import { createScheduler } from './assets/scheduler.js';
import type { Platform } from './composition.js';
import { createSuppressionExpirySweep } from './findings/suppression-expiry.js';
import type { Worker } from './platform/jobs.js';
import { createScanWorker } from './scans/scan-worker.js';
import { createTrivyAdapter } from './scans/scanners.js';
import { createDeliveryWorker } from './webhooks/delivery-worker.js';
import { createHttpsSender } from './webhooks/https-sender.js';
import { signingSecretBox } from './webhooks/signing-secrets.js';

/**
 * Every job worker the `workers` role runs. Capabilities add theirs here
 * (scan execution, schedules, webhook delivery); each claims its work with
 * FOR UPDATE SKIP LOCKED, so any number of worker processes can share the queue.
 * Sweeps over due rows (suppression expiry) claim those rows the same way.
 */
export function createWorkers(platform: Platform): Worker[] {
  return [
    createScanWorker({ db: platform.db, logger: platform.logger.child({ component: 'scan-worker' }), scanners: { trivy: createTrivyAdapter() } }),
    createSuppressionExpirySweep({ db: platform.db, logger: platform.logger.child({ component: 'suppression-expiry' }) }),
    createScheduler({ db: platform.db, logger: platform.logger.child({ component: 'scheduler' }) }),
    webhookDeliveryWorker(platform),
  ];
}

/** Sends due webhook deliveries over HTTPS; stopping lets the attempts in flight finish, then closes kept-alive connections. */
function webhookDeliveryWorker({ config, db, logger }: Platform): Worker {
  const sender = createHttpsSender({ policy: { allowPrivate: config.webhookAllowPrivateDestinations }, trustedCaPem: config.webhookTrustedCaPem });
  const worker = createDeliveryWorker({
    db,
    secretBox: signingSecretBox(config.webhookSecretKey),
    sender,
    logger: logger.child({ component: 'webhook-delivery' }),
    concurrency: config.webhookDeliveryConcurrency,
  });
  return {
    start: () => worker.start(),
    async stop() {
      await worker.stop();
      sender.close();
    },
  };
}
