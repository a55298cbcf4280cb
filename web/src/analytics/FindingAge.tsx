import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { AnalyticsFilters } from './analytics-search';
import { ChartSection } from './ChartSection';
import { count } from './format';
import { NumbersTable } from './NumbersTable';
import { reportedSeverities } from './severities';
import { useAnalyticsView } from './use-analytics-view';
import { WindowNote } from './WindowNote';

// Youngest to oldest, lighter to darker, each at least 3:1 against white.
const AGES = [
  { key: 'days_0_7', label: '0–7 days', colour: '#0e7490' },
  { key: 'days_8_30', label: '8–30 days', colour: '#1d4ed8' },
  { key: 'days_31_90', label: '31–90 days', colour: '#6d28d9' },
  { key: 'days_91_180', label: '91–180 days', colour: '#a21caf' },
  { key: 'days_over_180', label: 'over 180 days', colour: '#881337' },
] as const;

/** Open findings by age and severity, and those past their severity's remediation SLA. */
export function FindingAge({ search }: { search: AnalyticsFilters }) {
  const view = useAnalyticsView('finding-age', search, async () => unwrap(await api.GET('/api/v1/analytics/finding-age', { params: { query: search } })));
  const bySeverity = view.data?.by_severity;
  const rows = bySeverity ? reportedSeverities(bySeverity).map((severity) => ({ severity, ...bySeverity[severity]!, ...bySeverity[severity]!.ages })) : [];
  const open = rows.reduce((total, row) => total + row.open, 0);
  const pastSla = rows.filter((row) => row.past_sla > 0);
  return (
    <ChartSection
      title="Age and SLA breaches"
      description="Open findings by whole days since first seen, and how many are older than their severity's remediation SLA."
      state={view}
      empty={open === 0}
      emptyText="No finding is open."
      summary={`Stacked bar chart of ${count(open)} open findings by severity and age. ${
        pastSla.length === 0 ? 'None is past its SLA.' : `Past their SLA: ${pastSla.map((row) => `${count(row.past_sla)} ${row.severity}`).join(', ')}.`
      }`}
      chart={
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={rows} accessibilityLayer={false}>
            <CartesianGrid stroke="#e5e7eb" />
            <XAxis dataKey="severity" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend itemSorter={null} />
            {AGES.map((age) => (
              <Bar key={age.key} dataKey={age.key} name={age.label} stackId="age" fill={age.colour} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <NumbersTable
          caption={`Open findings by severity and age on ${view.data?.today ?? 'today'}`}
          rowKey={(row) => row.severity}
          rows={rows}
          columns={[
            { header: 'Severity', cell: (row) => row.severity },
            { header: 'Open', numeric: true, cell: (row) => count(row.open) },
            ...AGES.map((age) => ({ header: age.label, numeric: true, cell: (row: (typeof rows)[number]) => count(row[age.key]) })),
            { header: 'SLA days', numeric: true, cell: (row) => (row.sla_days === null ? 'none' : count(row.sla_days)) },
            { header: 'Past SLA', numeric: true, cell: (row) => count(row.past_sla) },
          ]}
        />
      }
    >
      {view.data && <WindowNote asOf={view.data.as_of} />}
    </ChartSection>
  );
}
