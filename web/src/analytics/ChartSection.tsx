import { useId, type ReactNode } from 'react';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';

interface ChartSectionProps {
  title: string;
  /** What the chart counts, in a sentence. */
  description: ReactNode;
  state: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean };
  /** True when the answer holds nothing to draw. */
  empty?: boolean;
  emptyText?: string;
  /** The chart's text alternative, its caption: what it shows, in words (the table holds every number). */
  summary?: string;
  chart?: ReactNode;
  table?: ReactNode;
  children?: ReactNode;
}

/**
 * One analytics view: heading, what it counts, its loading, error or empty state, the chart
 * with a caption that says what it shows, and its numbers as a table behind a disclosure,
 * so nothing the chart tells rests on seeing it or on its colours.
 */
export function ChartSection({ title, description, state, empty, emptyText, summary, chart, table, children }: ChartSectionProps) {
  const headingId = useId();
  return (
    <section className="chart-section" aria-labelledby={headingId} aria-busy={state.isFetching}>
      <h2 id={headingId}>{title}</h2>
      <p className="chart-description">{description}</p>
      {state.isPending && <Loading what={title.toLowerCase()} />}
      {state.isError && <ErrorMessage error={state.error} />}
      {!state.isPending && !state.isError && empty && <p className="empty">{emptyText ?? 'Nothing to show for this window and these filters.'}</p>}
      {!state.isPending && !state.isError && !empty && (
        <>
          {chart && (
            // The caption is the chart's text alternative; the drawing itself is hidden from
            // assistive technology, which reads the caption and the table instead.
            <figure className="chart">
              <div aria-hidden="true" className="chart-drawing">
                {chart}
              </div>
              <figcaption>{summary}</figcaption>
            </figure>
          )}
          {table && (
            <details className="numbers-disclosure">
              <summary>Show the numbers as a table</summary>
              {table}
            </details>
          )}
          {children}
        </>
      )}
    </section>
  );
}
