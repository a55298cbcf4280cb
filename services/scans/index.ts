// Scans (spec 2.3, 4.1): queueing scans, importing reports, reading scan state,
// the scanner settings, and the worker that runs scanners. Results travel the
// scanner-results topic through the outbox to the findings processor.
import type { Database } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import type { CapabilityModule } from '../platform/module.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { createScan } from './handlers/createScan.js';
import { getScan } from './handlers/getScan.js';
import { getScannerSettings } from './handlers/getScannerSettings.js';
import { importScanReport } from './handlers/importScanReport.js';
import { listScans } from './handlers/listScans.js';
import { updateScannerSettings } from './handlers/updateScannerSettings.js';
import type { RegistryLogins } from './registry-logins.js';
import { createScanWorker } from './scan-worker.js';
import { createGrypeAdapter, createTrivyAdapter } from './scanners.js';

export { parseImageReference, type ImageReference } from './image-reference.js';
export { createScan, getScan, requestedByView, requesterColumns, requesterOf, type RequestedByView, type ScanRow } from './scans.js';

export function createScansModule(deps: { db: Database; codec: CursorCodec; logger: Logger; registryLogins: RegistryLogins }): CapabilityModule {
  const { db, codec } = deps;
  return {
    name: 'scans',
    handlers: {
      createScan: createScan({ db }),
      importScanReport: importScanReport({ db }),
      listScans: listScans({ db, codec }),
      getScan: getScan({ db }),
      getScannerSettings: getScannerSettings({ db }),
      updateScannerSettings: updateScannerSettings({ db }),
    },
    workers: (registration) => [
      createScanWorker({
        db,
        logger: deps.logger.child({ component: 'scan-worker' }),
        worker: registration,
        scanners: { trivy: createTrivyAdapter(), grype: createGrypeAdapter() },
        registryLogins: deps.registryLogins,
      }),
    ],
    securityFixtures: () => import('./testing/security-fixtures.js').then((m) => m.securityFixtures),
  };
}
