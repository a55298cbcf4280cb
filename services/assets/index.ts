// Assets (spec 2.2, 4.3): the images scans create, archiving and deletion, scan
// schedules and the scheduler that queues due scans, and licence data.
import type { Database } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import type { CapabilityModule } from '../platform/module.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { archiveAsset } from './handlers/archiveAsset.js';
import { deleteAsset } from './handlers/deleteAsset.js';
import { deleteAssetSchedule } from './handlers/deleteAssetSchedule.js';
import { getAsset } from './handlers/getAsset.js';
import { getAssetSchedule } from './handlers/getAssetSchedule.js';
import { listAssets } from './handlers/listAssets.js';
import { listLicenses } from './handlers/listLicenses.js';
import { putAssetSchedule } from './handlers/putAssetSchedule.js';
import { unarchiveAsset } from './handlers/unarchiveAsset.js';
import { createScheduler } from './workers/scheduler.js';

export { assetsNamed, readAsset, softwareAssetsNamed, type AssetImage, type AssetView } from './assets.js';

export function createAssetsModule(deps: { db: Database; codec: CursorCodec; logger: Logger }): CapabilityModule {
  const { db, codec } = deps;
  return {
    name: 'assets',
    handlers: {
      listAssets: listAssets({ db, codec }),
      getAsset: getAsset({ db }),
      archiveAsset: archiveAsset({ db }),
      unarchiveAsset: unarchiveAsset({ db }),
      deleteAsset: deleteAsset({ db }),
      putAssetSchedule: putAssetSchedule({ db }),
      getAssetSchedule: getAssetSchedule({ db }),
      deleteAssetSchedule: deleteAssetSchedule({ db }),
      listLicenses: listLicenses({ db, codec }),
    },
    workers: () => [createScheduler({ db, logger: deps.logger.child({ component: 'scheduler' }) })],
  };
}
