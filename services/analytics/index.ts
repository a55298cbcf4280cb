// Analytics (spec 3, issue 15): every domain event copied into the analytics
// store (ClickHouse in the full profile, SQL in the embedded one), the finding
// transitions of finding.* events, and the rebuild of those from PostgreSQL.
import type { Analytics } from '../platform/analytics/analytics.js';
import type { CapabilityModule } from '../platform/module.js';
import { analyticsSink } from './processors/analytics-sink.js';

export { analyticsUsage, parseAnalyticsCommand, rebuildAnalytics, UnknownOrganizationError, type RebuildCommand, type RebuildSummary } from './rebuild.js';

export function createAnalyticsModule(deps: { analytics: Analytics }): CapabilityModule {
  return {
    name: 'analytics',
    handlers: {},
    processors: () => [analyticsSink({ analytics: deps.analytics })],
  };
}
