// Scans (spec 2.3, 4.1): queueing scans, importing reports, reading scan state,
// the scanner settings, the worker that runs scanners, and continuous matching (the
// planner of re-matches after advisory changes, the processor that runs them). Results travel the
// scanner-results topic through the outbox to the findings processor.
import path from 'node:path';
import type { Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import type { CapabilityModule } from '../platform/module.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { systemScope } from '../platform/tenancy.js';
import { createRematchPlanner } from './workers/rematch-planner.js';
import { rematchProcessor } from './continuous-matching/rematch-processor.js';
import { createScan } from './handlers/createScan.js';
import { getAssetSbom } from './handlers/getAssetSbom.js';
import { getScan } from './handlers/getScan.js';
import { getScannerSettings } from './handlers/getScannerSettings.js';
import { importScanReport } from './handlers/importScanReport.js';
import { listScans } from './handlers/listScans.js';
import { updateScannerSettings } from './handlers/updateScannerSettings.js';
import type { RegistryLogins } from './registry-logins.js';
import { createImagePuller, createLayerCache } from './image-pull/image-pull.js';
import { createInventoryAnalyzers } from './inventory/analyzers.js';
import { createScanWorker } from './workers/scan-worker.js';
import { createGrypeAdapter, createTrivyAdapter } from './scanners.js';
import type { AdvisoryData } from './sentinel-scanner/match-inventory.js';
import { createSentinelScanner } from './sentinel-scanner/sentinel-scanner.js';

export { parseImageReference, type ImageReference } from './image-reference.js';
export type { AdvisoryData } from './sentinel-scanner/match-inventory.js';
export { inventoryComponentsNamed } from './sbom/asset-inventory.js';
export { createScan, getScan, requestedByView, requesterColumns, requesterOf, type RequestedByView, type ScanRow } from './scans.js';

export interface ScansDependencies {
  db: Database;
  codec: CursorCodec;
  logger: Logger;
  registryLogins: RegistryLogins;
  /** The advisory data the built-in scanner matches against (the advisories capability's store, wired by the composition root). */
  advisories: AdvisoryData;
  config: Pick<Config, 'scanRegistryAllowPrivate' | 'scanRegistryTrustedCaPem' | 'scanLayerCacheBytes' | 'dataDir'>;
}

export function createScansModule(deps: ScansDependencies): CapabilityModule {
  const { db, codec } = deps;
  const imageReferences = { allowLoopbackRegistries: deps.config.scanRegistryAllowPrivate };
  return {
    name: 'scans',
    handlers: {
      createScan: createScan({ db, imageReferences }),
      importScanReport: importScanReport({ db, advisories: deps.advisories }),
      getAssetSbom: getAssetSbom({ db }),
      listScans: listScans({ db, codec }),
      getScan: getScan({ db }),
      getScannerSettings: getScannerSettings({ db }),
      updateScannerSettings: updateScannerSettings({ db }),
    },
    workers: (registration) => {
      const cache = deps.config.scanLayerCacheBytes > 0 ? createLayerCache({ directory: path.join(deps.config.dataDir, 'layer-cache'), maxBytes: deps.config.scanLayerCacheBytes }) : undefined;
      const puller = createImagePuller({ config: deps.config, ...(cache === undefined ? {} : { cache }) });
      const worker = createScanWorker({
        db,
        logger: deps.logger.child({ component: 'scan-worker' }),
        worker: registration,
        scanners: {
          sentinel: createSentinelScanner({ puller, analyzers: createInventoryAnalyzers(), advisories: deps.advisories, logger: deps.logger.child({ component: 'sentinel-scanner' }) }),
          trivy: createTrivyAdapter(),
          grype: createGrypeAdapter(),
        },
        registryLogins: deps.registryLogins,
        imageReferences,
      });
      return [
        {
          start: () => worker.start(),
          stop: async () => {
            await worker.stop();
            puller.close();
          },
        },
        createRematchPlanner({ db, logger: deps.logger.child({ component: 'rematch-planner' }), scope: systemScope('plan-advisory-rematches') }),
      ];
    },
    processors: () => [rematchProcessor({ db, logger: deps.logger.child({ component: 'rematch-processor' }), advisories: deps.advisories })],
  };
}
