// Webhooks (spec 6): endpoints and their signing secrets, the dispatcher that
// turns each domain event into deliveries, and the worker that sends them.
import type { Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import type { Worker } from '../platform/jobs.js';
import type { Logger } from '../platform/logger.js';
import type { CapabilityModule } from '../platform/module.js';
import type { WorkerRegistration } from '../platform/worker-registry.js';
import { createDeliveryWorker } from './workers/delivery-worker.js';
import type { ResolveAll } from '../platform/egress/destination-policy.js';
import { createWebhookEndpoints } from './endpoints.js';
import { createWebhookEndpoint } from './handlers/createWebhookEndpoint.js';
import { deleteWebhookEndpoint } from './handlers/deleteWebhookEndpoint.js';
import { getWebhookEndpoint } from './handlers/getWebhookEndpoint.js';
import { listWebhookDeliveries } from './handlers/listWebhookDeliveries.js';
import { listWebhookEndpoints } from './handlers/listWebhookEndpoints.js';
import { redeliverWebhook } from './handlers/redeliverWebhook.js';
import { rotateWebhookSecret } from './handlers/rotateWebhookSecret.js';
import { updateWebhookEndpoint } from './handlers/updateWebhookEndpoint.js';
import { createHttpsSender } from './https-sender.js';
import { webhookDispatcher } from './processors/webhook-dispatcher.js';
import { signingSecretBox } from './signing-secrets.js';

export type { ResolveAll } from '../platform/egress/destination-policy.js';

export interface WebhooksDependencies {
  db: Database;
  logger: Logger;
  config: Pick<Config, 'webhookSecretKey' | 'webhookAllowPrivateDestinations' | 'webhookTrustedCaPem' | 'webhookDeliveryConcurrency'>;
  /** Resolves destination names at registration; the system resolver unless given (tests never use DNS). */
  resolveDestination?: ResolveAll;
}

export function createWebhooksModule(deps: WebhooksDependencies): CapabilityModule {
  const { db, config } = deps;
  const endpoints = createWebhookEndpoints({
    db,
    secretBox: signingSecretBox(config.webhookSecretKey),
    destinationPolicy: { allowPrivate: config.webhookAllowPrivateDestinations },
    resolve: deps.resolveDestination,
  });
  return {
    name: 'webhooks',
    handlers: {
      listWebhookEndpoints: listWebhookEndpoints({ endpoints }),
      createWebhookEndpoint: createWebhookEndpoint({ endpoints }),
      getWebhookEndpoint: getWebhookEndpoint({ endpoints }),
      updateWebhookEndpoint: updateWebhookEndpoint({ endpoints }),
      deleteWebhookEndpoint: deleteWebhookEndpoint({ endpoints }),
      rotateWebhookSecret: rotateWebhookSecret({ endpoints }),
      listWebhookDeliveries: listWebhookDeliveries({ endpoints }),
      redeliverWebhook: redeliverWebhook({ endpoints }),
    },
    workers: (registration) => [httpsDeliveryWorker(deps, registration)],
    processors: () => [webhookDispatcher({ db })],
  };
}

/** Sends due deliveries over HTTPS; stopping lets the attempts in flight finish, then closes kept-alive connections. */
function httpsDeliveryWorker({ db, logger, config }: WebhooksDependencies, registration: WorkerRegistration): Worker {
  const sender = createHttpsSender({ policy: { allowPrivate: config.webhookAllowPrivateDestinations }, trustedCaPem: config.webhookTrustedCaPem });
  const worker = createDeliveryWorker({
    db,
    secretBox: signingSecretBox(config.webhookSecretKey),
    sender,
    logger: logger.child({ component: 'webhook-delivery' }),
    worker: registration,
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
