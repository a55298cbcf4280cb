// Analytics (spec 3): every domain event copied into the analytics store
// (ClickHouse in the full profile, SQL in the embedded one).
import type { Analytics } from '../platform/analytics/analytics.js';
import type { CapabilityModule } from '../platform/module.js';
import { analyticsSink } from './processors/analytics-sink.js';

export function createAnalyticsModule(deps: { analytics: Analytics }): CapabilityModule {
  return {
    name: 'analytics',
    handlers: {},
    processors: () => [analyticsSink({ analytics: deps.analytics })],
  };
}
