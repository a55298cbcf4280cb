import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { AnalyticsSearch } from './analytics-search';
import { ChartSection } from './ChartSection';
import { count } from './format';
import { NumbersTable } from './NumbersTable';
import { reportedSeverities, SEVERITY_COLOUR, SEVERITY_DASH, TOTAL_COLOUR } from './severities';
import { useAnalyticsView } from './use-analytics-view';
import { WindowNote } from './WindowNote';

/** The open-findings trend: how many findings were open at the end of each bucket, by severity. */
export function OpenFindingsTrend({ search }: { search: AnalyticsSearch }) {
  const view = useAnalyticsView('open-findings', search, async () => unwrap(await api.GET('/api/v1/analytics/open-findings', { params: { query: search } })));
  const series = view.data?.series ?? [];
  const severities = reportedSeverities(series[0]?.by_severity);
  const rows = series.map((point) => ({ bucket: point.bucket, end: point.end, total: point.total, ...point.by_severity }));
  const first = series[0];
  const last = series.at(-1);
  const peak = series.reduce<(typeof series)[number] | undefined>((highest, point) => (highest === undefined || point.total > highest.total ? point : highest), undefined);
  return (
    <ChartSection
      title="Open findings"
      description="Findings open (open, triaged or reopened) at the end of each bucket."
      state={view}
      empty={series.every((point) => point.total === 0)}
      emptyText="No finding was open in this window."
      summary={
        first && last && peak
          ? `Line chart of open findings by severity, ${first.bucket} to ${last.bucket}: ${count(first.total)} at the end of the first bucket, ${count(last.total)} at the end of the last, at most ${count(peak.total)} (bucket ${peak.bucket}).`
          : undefined
      }
      chart={
        <ResponsiveContainer width="100%" height={300}>
          <LineChart data={rows} accessibilityLayer={false}>
            <CartesianGrid stroke="#e5e7eb" />
            <XAxis dataKey="bucket" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend itemSorter={null} />
            <Line dataKey="total" name="total" stroke={TOTAL_COLOUR} strokeWidth={3} dot={false} isAnimationActive={false} />
            {severities.map((severity) => (
              <Line key={severity} dataKey={severity} name={severity} stroke={SEVERITY_COLOUR[severity]} strokeDasharray={SEVERITY_DASH[severity]} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption="Open findings at the end of each bucket"
          rowKey={(row) => row.bucket}
          rows={rows}
          columns={[
            { header: 'Bucket', cell: (row) => row.bucket },
            ...severities.map((severity) => ({ header: severity, numeric: true, cell: (row: (typeof rows)[number]) => count(row[severity] ?? 0) })),
            { header: 'Total', numeric: true, cell: (row) => count(row.total) },
          ]}
        />
      }
    >
      {view.data && <WindowNote window={view.data.window} asOf={view.data.as_of} />}
    </ChartSection>
  );
}
