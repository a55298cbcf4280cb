import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ChartSection } from './ChartSection';
import { count, when } from './format';
import { useAnalyticsView } from './use-analytics-view';

/** How far the analytics store runs behind the findings themselves, in words and numbers. */
export function Freshness() {
  const view = useAnalyticsView('freshness', {}, async () => unwrap(await api.GET('/api/v1/analytics/freshness')));
  const freshness = view.data;
  const verdict = (): string => {
    if (!freshness) return '';
    if (freshness.newest_timeline_entry === null) return 'There are no findings yet, so there is nothing to be behind on.';
    if (freshness.lag_seconds === null) return 'The analytics store holds nothing yet for this organization; an operator fills it with the command sentinel analytics rebuild.';
    if (freshness.lag_seconds === 0) return 'Up to date: the analytics include the newest finding change.';
    const late = freshness.lag_seconds > freshness.expected_lag_seconds;
    return `${count(freshness.lag_seconds)} seconds behind the newest finding change${late ? `, more than the ${count(freshness.expected_lag_seconds)} seconds a healthy feed stays under` : ', within what a healthy feed stays under'}.`;
  };
  return (
    <ChartSection title="Freshness" description="How current the analytics are." state={view}>
      {freshness && (
        <>
          <p className="freshness-verdict">{verdict()}</p>
          <dl className="facts">
            <dt>Analytics as of</dt>
            <dd>{when(freshness.as_of)}</dd>
            <dt>Newest finding change</dt>
            <dd>{when(freshness.newest_timeline_entry)}</dd>
            <dt>Lag</dt>
            <dd>{freshness.lag_seconds === null ? '—' : `${count(freshness.lag_seconds)} s`}</dd>
            <dt>Expected under</dt>
            <dd>{count(freshness.expected_lag_seconds)} s</dd>
          </dl>
        </>
      )}
    </ChartSection>
  );
}
