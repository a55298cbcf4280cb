// Loaded only when the analytics route is visited (router.tsx): the charting library is
// not part of the dashboard's first load.
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { AdvisoryExposure } from '../analytics/AdvisoryExposure';
import { AnalyticsControls } from '../analytics/AnalyticsControls';
import type { AnalyticsSearch } from '../analytics/analytics-search';
import { FindingAge } from '../analytics/FindingAge';
import { FindingFlow } from '../analytics/FindingFlow';
import { Freshness } from '../analytics/Freshness';
import { OpenFindingsTrend } from '../analytics/OpenFindingsTrend';
import { RemediationTimeBySeverity, RemediationTimeTrend } from '../analytics/RemediationTime';

/** Every analytics view of the acting organization's findings, over the window and filters in the URL. */
export function AnalyticsPage({ search }: { search: AnalyticsSearch }) {
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: ['analytics'] }) > 0;
  const filters = { severity: search.severity, kind: search.kind, asset_id: search.asset_id };
  return (
    <>
      <div className="page-title">
        <h1>Analytics</h1>
        <button type="button" onClick={() => void queryClient.invalidateQueries({ queryKey: ['analytics'] })} disabled={fetching}>
          {fetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <AnalyticsControls search={search} />
      <div className="charts">
        <OpenFindingsTrend search={search} />
        <FindingFlow search={search} />
        <RemediationTimeBySeverity search={search} />
        <RemediationTimeTrend search={search} />
        {/* Another filter starts again at the first page of advisories. */}
        <AdvisoryExposure key={`${search.severity}|${search.kind}|${search.asset_id}`} search={filters} />
        <FindingAge search={filters} />
        <Freshness />
      </div>
    </>
  );
}
