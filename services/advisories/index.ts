// Advisory data kept by the service: OSV records per ecosystem,
// synchronized from a configurable source into the database (sync.ts, by
// `sentinel advisories sync` and by the workers role on an interval) and read by the
// built-in scanner through advisoriesFor. The records are global, not any
// organization's: every organization's scans match against the same data.
import type { Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import type { CapabilityModule } from '../platform/module.js';
import { createAdvisoryStore } from './advisory-store.js';
import { getAdvisoryStatus } from './handlers/getAdvisoryStatus.js';
import { createAdvisorySyncSchedule } from './workers/sync-schedule.js';

export { claimPackageChanges, forgetPackageChanges, type AdvisoryChange, type PackageChange } from './advisory-changes.js';
export { advisoryDataOf, createAdvisoryStore, type AdvisoryEcosystemStatus, type AdvisoryStore } from './advisory-store.js';
export { createAdvisorySource, OSV_PUBLIC_SOURCE, type AdvisorySource } from './advisory-source.js';
export { describeAdvisory, type AdvisoryDescription } from './matching/advisory-description.js';
export { matchRecord, normalizePackageName, type AffectedMatch } from './matching/osv-affected.js';
export { readOsvRecord, type OsvAffected, type OsvRecord } from './matching/osv-record.js';
export { baseEcosystem } from './matching/version-order.js';
export { runAdvisorySyncCommand } from './sync-command.js';
export { SyncBusyError, syncAdvisories, type EcosystemSyncResult, type SyncOptions, type SyncProgress, type SyncResult } from './sync.js';

export type AdvisoriesConfig = Pick<Config, 'advisorySource' | 'advisoryEcosystems' | 'advisorySyncIntervalMs'>;

interface AdvisoriesDependencies {
  db: Database;
  logger: Logger;
  config: AdvisoriesConfig;
}

export function createAdvisoriesModule(deps: AdvisoriesDependencies): CapabilityModule {
  const { db, logger, config } = deps;
  const store = createAdvisoryStore(db);
  return {
    name: 'advisories',
    handlers: {
      getAdvisoryStatus: getAdvisoryStatus({ store, source: config.advisorySource, ecosystems: config.advisoryEcosystems }),
    },
    workers: () =>
      config.advisorySyncIntervalMs > 0
        ? [createAdvisorySyncSchedule({ db, logger, source: config.advisorySource, ecosystems: config.advisoryEcosystems, intervalMs: config.advisorySyncIntervalMs })]
        : [],
  };
}
