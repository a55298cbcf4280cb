// Analytics (spec 3): every domain event copied into the analytics store
// (ClickHouse in the full profile, SQL in the embedded one), the finding
// transitions of finding.* events and their rebuild from PostgreSQL, and the
// findings analytics views over HTTP with the remediation SLA settings they count breaches by.
import type { Analytics } from './store/analytics.js';
import type { Database } from '../platform/db/database.js';
import type { CapabilityModule } from '../platform/module.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { getAnalyticsFreshness } from './handlers/getAnalyticsFreshness.js';
import { getFindingAge } from './handlers/getFindingAge.js';
import { getFindingFlow } from './handlers/getFindingFlow.js';
import { getOpenFindingsTrend } from './handlers/getOpenFindingsTrend.js';
import { getRemediationSla } from './handlers/getRemediationSla.js';
import { getRemediationTime } from './handlers/getRemediationTime.js';
import { listAdvisoryAssets } from './handlers/listAdvisoryAssets.js';
import { listAdvisoryExposure } from './handlers/listAdvisoryExposure.js';
import { updateRemediationSla } from './handlers/updateRemediationSla.js';
import { analyticsSink } from './processors/analytics-sink.js';

export { rebuildAnalytics, UnknownOrganizationError, type RebuildSummary } from './rebuild.js';
// The analytics store: the composition root picks one; organizations forget an organization's share on deletion.
export type { Analytics } from './store/analytics.js';
export { createClickHouseAnalytics } from './store/clickhouse-analytics.js';
export { createSqlAnalytics } from './store/sql-analytics.js';

interface AnalyticsDependencies {
  analytics: Analytics;
  db: Database;
  codec: CursorCodec;
  /** What "today" is for the default window and finding ages; the real clock unless a test moves it. */
  clock?: () => Date;
}

export function createAnalyticsModule(deps: AnalyticsDependencies): CapabilityModule {
  const { db } = deps;
  const views = { analytics: deps.analytics, db, codec: deps.codec, now: deps.clock ?? (() => new Date()) };
  return {
    name: 'analytics',
    handlers: {
      getOpenFindingsTrend: getOpenFindingsTrend(views),
      getFindingFlow: getFindingFlow(views),
      getRemediationTime: getRemediationTime(views),
      listAdvisoryExposure: listAdvisoryExposure(views),
      listAdvisoryAssets: listAdvisoryAssets(views),
      getFindingAge: getFindingAge(views),
      getAnalyticsFreshness: getAnalyticsFreshness(views),
      getRemediationSla: getRemediationSla({ db }),
      updateRemediationSla: updateRemediationSla({ db }),
    },
    processors: () => [analyticsSink({ analytics: deps.analytics })],
  };
}
