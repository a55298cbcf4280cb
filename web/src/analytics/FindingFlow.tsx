import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { AnalyticsSearch } from './analytics-search';
import { ChartSection } from './ChartSection';
import { count } from './format';
import { NumbersTable } from './NumbersTable';
import { useAnalyticsView } from './use-analytics-view';
import { WindowNote } from './WindowNote';

const FLOWS = [
  { key: 'discovered', colour: '#b91c1c' },
  { key: 'resolved', colour: '#15803d' },
  { key: 'reopened', colour: '#a16207' },
] as const;

/** Discovered, resolved and reopened findings per bucket. */
export function FindingFlow({ search }: { search: AnalyticsSearch }) {
  const view = useAnalyticsView('finding-flow', search, async () => unwrap(await api.GET('/api/v1/analytics/finding-flow', { params: { query: search } })));
  const rows = (view.data?.series ?? []).map((point) => ({ bucket: point.bucket, ...point.total }));
  const sum = (key: (typeof FLOWS)[number]['key']) => rows.reduce((total, row) => total + row[key], 0);
  return (
    <ChartSection
      title="Discovered, resolved and reopened"
      description="Findings first seen in each bucket, and those resolved or reopened in it."
      state={view}
      empty={rows.every((row) => row.discovered + row.resolved + row.reopened === 0)}
      emptyText="No finding was discovered, resolved or reopened in this window."
      summary={`Bar chart of findings per bucket, ${rows[0]?.bucket} to ${rows.at(-1)?.bucket}: ${count(sum('discovered'))} discovered, ${count(sum('resolved'))} resolved and ${count(sum('reopened'))} reopened in all.`}
      chart={
        <ResponsiveContainer width="100%" height={300}>
          <BarChart data={rows} accessibilityLayer={false}>
            <CartesianGrid stroke="#e5e7eb" />
            <XAxis dataKey="bucket" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend itemSorter={null} />
            {FLOWS.map((flow) => (
              <Bar key={flow.key} dataKey={flow.key} name={flow.key} fill={flow.colour} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption="Findings discovered, resolved and reopened per bucket"
          rowKey={(row) => row.bucket}
          rows={rows}
          columns={[
            { header: 'Bucket', cell: (row) => row.bucket },
            ...FLOWS.map((flow) => ({ header: flow.key, numeric: true, cell: (row: (typeof rows)[number]) => count(row[flow.key]) })),
          ]}
        />
      }
    >
      {view.data && <WindowNote window={view.data.window} asOf={view.data.as_of} />}
    </ChartSection>
  );
}
