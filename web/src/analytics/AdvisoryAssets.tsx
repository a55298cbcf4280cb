import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import type { AnalyticsFilters } from './analytics-search';
import { count, when } from './format';
import { NumbersTable } from './NumbersTable';
import { useAnalyticsView } from './use-analytics-view';
import { useAssetChoices } from './use-asset-choices';
import { CursorPager } from './CursorPager';

const PAGE_SIZE = '25';

/** The assets with an open finding of one advisory, under the page's filters, named by their image reference where it is known. */
export function AdvisoryAssets({ advisory, search, onClose }: { advisory: string; search: AnalyticsFilters; onClose: () => void }) {
  const [cursor, setCursor] = useState<string | undefined>();
  const parameters = { ...search, limit: PAGE_SIZE, cursor };
  const assets = useAnalyticsView('advisory-assets', { advisory, ...parameters }, async () =>
    unwrap(await api.GET('/api/v1/analytics/advisories/{advisory}/assets', { params: { path: { advisory }, query: parameters } })),
  );
  const references = useAssetChoices().data?.references;
  const items = assets.data?.items ?? [];
  return (
    <section className="advisory-assets" aria-label={`Assets of ${advisory}`} aria-busy={assets.isFetching}>
      <div className="actions">
        <h3>Assets with an open finding of {advisory}</h3>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {assets.isPending && <Loading what="assets" />}
      {assets.isError && <ErrorMessage error={assets.error} />}
      {assets.isSuccess &&
        (items.length === 0 ? (
          <p className="empty">No asset has an open finding of this advisory any more.</p>
        ) : (
          <NumbersTable
            caption={`Assets with an open finding of ${advisory}`}
            rowKey={(item) => item.asset_id}
            rows={items}
            columns={[
              { header: 'Asset', cell: (item) => references?.get(item.asset_id) ?? item.asset_id },
              { header: 'Open findings', numeric: true, cell: (item) => count(item.open_findings) },
              { header: 'Worst severity', cell: (item) => <span className={`severity severity-${item.worst_severity}`}>{item.worst_severity}</span> },
              { header: 'First seen', cell: (item) => when(item.first_seen_at) },
            ]}
          />
        ))}
      <CursorPager label={`Pages of the assets of ${advisory}`} what="assets" cursor={cursor} nextCursor={assets.data?.next_cursor} onMove={setCursor} />
    </section>
  );
}
