// NHI collection (spec 2.12, 8): synchronization runs of
// connectors on the worker plane and on a schedule, the nhi-inventory topic they
// publish, the inventory processor that applies it, and the inventory API.
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import type { ResolveAll } from '../../platform/egress/destination-policy.js';
import { recordModuleRefusal } from '../audit/index.js';
import { connectorEgressPolicy } from '../connectors/index.js';
import type { CollectorRegistry } from './collectors.js';
import { getIdentity } from './handlers/getIdentity.js';
import { getSynchronization } from './handlers/getSynchronization.js';
import { listIdentities } from './handlers/listIdentities.js';
import { listIdentityRelationships } from './handlers/listIdentityRelationships.js';
import { listSynchronizations } from './handlers/listSynchronizations.js';
import { requestSynchronization } from './handlers/requestSynchronization.js';
import { createInventory } from './inventory.js';
import { inventoryProcessor, type RunAppliedHook } from './processors/inventory-processor.js';
import { createRuns } from './runs.js';
import { createSynchronizationSchedule } from './workers/synchronization-schedule.js';
import { createSynchronizationWorker } from './workers/synchronization-worker.js';

export { PartialCollectionError, type CollectedEdge, type CollectedIdentity, type CollectionContext, type Collector, type EdgeType } from './collector.js';
export { createCollectorRegistry, type CollectorRegistry } from './collectors.js';
export type { RunAppliedHook } from './processors/inventory-processor.js';

export type CollectionConfig = Pick<Config, 'connectorCredentialsDir' | 'connectorTrustedCaPem' | 'connectorAllowedHosts' | 'connectorAllowPrivateEndpoints'>;

interface CollectionDependencies {
  db: Database;
  codec: CursorCodec;
  logger: Logger;
  config: CollectionConfig;
  /** The collector of each connector kind this deployment synchronizes. */
  collectors: CollectorRegistry;
  /** Resolves provider names; the system resolver unless given (tests never use DNS). */
  resolveEndpoint?: ResolveAll;
  /** What follows a run's records into the inventory, in the transaction applying its end (the composition root gives the policies' evaluation). */
  afterRunApplied?: RunAppliedHook;
}

export function createNhiCollectionModule(deps: CollectionDependencies): CapabilityModule {
  const { db, codec, logger, config } = deps;
  const runs = createRuns({ db, codec });
  const inventory = createInventory({ db, codec });
  return {
    name: 'nhi/collection',
    handlers: {
      requestSynchronization: requestSynchronization({ runs }),
      listSynchronizations: listSynchronizations({ runs }),
      getSynchronization: getSynchronization({ runs }),
      listIdentities: listIdentities({ inventory }),
      getIdentity: getIdentity({ inventory }),
      listIdentityRelationships: listIdentityRelationships({ inventory }),
    },
    workers: (registration) => [
      createSynchronizationWorker({
        db,
        logger,
        worker: registration,
        collectors: deps.collectors,
        session: {
          credentialsDirectory: config.connectorCredentialsDir,
          egress: connectorEgressPolicy(config, deps.resolveEndpoint),
          trustedCaPem: config.connectorTrustedCaPem,
        },
      }),
      createSynchronizationSchedule({ db, logger }),
    ],
    processors: () => [inventoryProcessor({ db, afterRunApplied: deps.afterRunApplied })],
    // A refusal of these operations is recorded as authz.denied in the module's own chain.
    refusalRecorder: recordModuleRefusal,
  };
}
