import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { AnalyticsFilters } from './analytics-search';
import { AdvisoryAssets } from './AdvisoryAssets';
import { ChartSection } from './ChartSection';
import { count } from './format';
import { NumbersTable } from './NumbersTable';
import { SEVERITY_COLOUR } from './severities';
import { useAnalyticsView } from './use-analytics-view';
import { WindowNote } from './WindowNote';
import { CursorPager } from './CursorPager';

// A page the chart can still label bar by bar.
const PAGE_SIZE = '15';

/**
 * Exposure by advisory: the advisories (or rules) with the most assets holding an open finding
 * of theirs, a page at a time, and the assets of the one chosen. The cursor moves forward only;
 * the first page is one click away.
 */
export function AdvisoryExposure({ search }: { search: AnalyticsFilters }) {
  const [cursor, setCursor] = useState<string | undefined>();
  const [chosen, setChosen] = useState<string | undefined>();
  const parameters = { ...search, limit: PAGE_SIZE, cursor };
  const view = useAnalyticsView('advisories', parameters, async () => unwrap(await api.GET('/api/v1/analytics/advisories', { params: { query: parameters } })));
  const items = view.data?.items ?? [];
  return (
    <ChartSection
      title="Exposure by advisory"
      description="Advisories and rules with an open finding now, by the number of assets affected, most first."
      state={view}
      empty={items.length === 0}
      emptyText="No advisory has an open finding."
      summary={`Bar chart of the advisories by assets affected${cursor ? ' (a later page)' : ''}: ${items
        .slice(0, 5)
        .map((item) => `${item.advisory} on ${count(item.assets)} ${item.assets === 1 ? 'asset' : 'assets'}`)
        .join(', ')}${items.length > 5 ? ', and more in the table' : ''}.`}
      chart={
        <ResponsiveContainer width="100%" height={Math.max(160, items.length * 28 + 60)}>
          <BarChart data={items} layout="vertical" accessibilityLayer={false} margin={{ left: 8, right: 16 }}>
            <CartesianGrid stroke="#e5e7eb" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="advisory" width={170} interval={0} />
            <Tooltip />
            <Legend itemSorter={null} />
            <Bar dataKey="assets" name="assets" fill={SEVERITY_COLOUR.low} isAnimationActive={false} />
            <Bar dataKey="open_findings" name="open findings" fill={SEVERITY_COLOUR.critical} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption="Advisories by assets affected"
          rowKey={(item) => item.advisory}
          rows={items}
          columns={[
            { header: 'Advisory', cell: (item) => item.advisory },
            { header: 'Assets', numeric: true, cell: (item) => count(item.assets) },
            { header: 'Open findings', numeric: true, cell: (item) => count(item.open_findings) },
            { header: 'Worst severity', cell: (item) => <span className={`severity severity-${item.worst_severity}`}>{item.worst_severity}</span> },
            {
              header: 'Affected assets',
              cell: (item) => (
                <button type="button" className="secondary" onClick={() => setChosen(item.advisory)} aria-label={`Show the assets of ${item.advisory}`}>
                  Show the assets
                </button>
              ),
            },
          ]}
        />
      }
    >
      {view.data && <WindowNote asOf={view.data.as_of} />}
      <CursorPager label="Advisory pages" what="advisories" cursor={cursor} nextCursor={view.data?.next_cursor} onMove={setCursor} />
      {chosen && <AdvisoryAssets key={chosen} advisory={chosen} search={search} onClose={() => setChosen(undefined)} />}
    </ChartSection>
  );
}
