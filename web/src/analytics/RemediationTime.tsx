import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { AnalyticsSearch } from './analytics-search';
import { ChartSection } from './ChartSection';
import { count, days } from './format';
import { NumbersTable } from './NumbersTable';
import { reportedSeverities, SEVERITY_COLOUR, TOTAL_COLOUR } from './severities';
import { useAnalyticsView } from './use-analytics-view';
import { WindowNote } from './WindowNote';

const useRemediationTime = (search: AnalyticsSearch) =>
  useAnalyticsView('remediation-time', search, async () => unwrap(await api.GET('/api/v1/analytics/remediation-time', { params: { query: search } })));

const DESCRIPTION = 'From when a finding was first seen to its resolution, counted in the bucket of the resolution.';

/** Mean time to remediate per severity over the whole window. */
export function RemediationTimeBySeverity({ search }: { search: AnalyticsSearch }) {
  const view = useRemediationTime(search);
  const overall = view.data?.overall;
  const rows = overall ? reportedSeverities(overall.by_severity).map((severity) => ({ severity, ...overall.by_severity[severity]! })) : [];
  return (
    <ChartSection
      title="Time to remediate"
      description={`Mean days to remediate, by severity. ${DESCRIPTION}`}
      state={view}
      empty={overall?.all.resolved === 0}
      emptyText="No finding was resolved in this window."
      summary={`Bar chart of the mean days to remediate by severity: ${days(overall?.all.mean_days)} days over all ${count(overall?.all.resolved ?? 0)} resolved findings; ${rows
        .filter((row) => row.resolved > 0)
        .map((row) => `${row.severity} ${days(row.mean_days)}`)
        .join(', ')}.`}
      chart={
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={rows} accessibilityLayer={false}>
            <CartesianGrid stroke="#e5e7eb" />
            <XAxis dataKey="severity" />
            <YAxis unit=" d" />
            <Tooltip />
            <Bar dataKey="mean_days" name="mean days" fill={SEVERITY_COLOUR.high} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption="Mean time to remediate by severity"
          rowKey={(row) => row.severity}
          rows={overall ? [...rows, { severity: 'all' as const, ...overall.all }] : []}
          columns={[
            { header: 'Severity', cell: (row) => row.severity },
            { header: 'Resolved', numeric: true, cell: (row) => count(row.resolved) },
            { header: 'Mean days', numeric: true, cell: (row) => days(row.mean_days) },
          ]}
        />
      }
    >
      {view.data && <WindowNote window={view.data.window} asOf={view.data.as_of} />}
    </ChartSection>
  );
}

/** The trend of the mean time to remediate, per bucket. */
export function RemediationTimeTrend({ search }: { search: AnalyticsSearch }) {
  const view = useRemediationTime(search);
  const rows = (view.data?.series ?? []).map((point) => ({ bucket: point.bucket, ...point.all }));
  const resolvedIn = rows.filter((row) => row.resolved > 0);
  return (
    <ChartSection
      title="Time to remediate, trend"
      description={`Mean days to remediate per bucket, all severities together. ${DESCRIPTION}`}
      state={view}
      empty={resolvedIn.length === 0}
      emptyText="No finding was resolved in this window."
      summary={`Line chart of the mean days to remediate per bucket: ${resolvedIn.length} of ${rows.length} buckets had a resolution, ${resolvedIn
        .map((row) => `${row.bucket} ${days(row.mean_days)}`)
        .slice(0, 12)
        .join(', ')}${resolvedIn.length > 12 ? '…' : ''}.`}
      chart={
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={rows} accessibilityLayer={false}>
            <CartesianGrid stroke="#e5e7eb" />
            <XAxis dataKey="bucket" />
            <YAxis unit=" d" />
            <Tooltip />
            <Line dataKey="mean_days" name="mean days" stroke={TOTAL_COLOUR} strokeWidth={2} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption="Mean time to remediate per bucket"
          rowKey={(row) => row.bucket}
          rows={rows}
          columns={[
            { header: 'Bucket', cell: (row) => row.bucket },
            { header: 'Resolved', numeric: true, cell: (row) => count(row.resolved) },
            { header: 'Mean days', numeric: true, cell: (row) => days(row.mean_days) },
          ]}
        />
      }
    />
  );
}
