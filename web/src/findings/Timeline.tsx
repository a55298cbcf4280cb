import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { ShowMore } from '../components/ShowMore';
import { useExpectedOrganization } from '../session/hooks';

type FindingEvent = components['schemas']['FindingEvent'];

export const TIMELINE_PAGE_SIZE = 20;

const ACTOR_KINDS: Record<FindingEvent['actor']['kind'], string> = {
  user: 'a person',
  api_key: 'an API key',
  workload: 'a workload',
  system: 'Sentinel',
};

function summary(event: FindingEvent): string {
  if (event.type === 'created') return `First seen, ${event.to_status}`;
  if (event.type === 'severity_changed') return `Severity changed from ${event.from_severity ?? 'unknown'} to ${event.severity ?? 'unknown'}`;
  if (event.type === 'vex_statement') return `VEX statement recorded, ${event.to_status}`;
  return `${event.from_status ?? 'new'} → ${event.to_status}`;
}

/**
 * The finding's timeline, newest first, a page at a time (GET /findings/{id}/events): a
 * finding triaged and scanned for years has more entries than one answer should carry.
 */
export function Timeline({ findingId }: { findingId: string }) {
  const organization = useExpectedOrganization();
  const me = useQuery({ queryKey: ['me', organization], queryFn: async () => unwrap(await api.GET('/api/v1/me')) });
  const events = useInfiniteQuery({
    queryKey: ['finding-events', organization, findingId],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(await api.GET('/api/v1/findings/{id}/events', { params: { path: { id: findingId }, query: { limit: String(TIMELINE_PAGE_SIZE), cursor: pageParam } } })),
    getNextPageParam: (page) => page.next_cursor,
  });
  const actor = (event: FindingEvent) => {
    if (event.actor.kind === 'user' && event.actor.id !== null && event.actor.id === me.data?.id) return 'you';
    return ACTOR_KINDS[event.actor.kind];
  };

  return (
    <section aria-labelledby="finding-timeline" aria-busy={events.isFetching}>
      <h2 id="finding-timeline">Timeline</h2>
      {events.isPending && <Loading what="the timeline" />}
      {/* A page after the first that fails keeps the ones shown, with the error under them. */}
      {events.data && (
        <>
          <ol className="timeline">
            {events.data.pages
              .flatMap((page) => page.items)
              .map((event) => (
                <li key={event.id}>
                  <time dateTime={event.occurred_at}>{new Date(event.occurred_at).toLocaleString()}</time>{' '}
                  <span className="event-summary">{summary(event)}</span>, by {actor(event)}
                  {event.actor.source !== null && (
                    <span className="event-source">
                      {' '}
                      per the {event.actor.source.format === 'openvex' ? 'OpenVEX' : 'CycloneDX'} document {event.actor.source.document_id}
                      {event.actor.source.author !== null && <> by {event.actor.source.author}</>} ({event.actor.source.vex_status})
                    </span>
                  )}
                  {event.severity !== null && event.type !== 'severity_changed' && <> (severity {event.severity})</>}
                  {event.reason !== null && <span className="event-reason">: {event.reason}</span>}
                  {event.suppressed_until !== null && <> — suppressed until {new Date(event.suppressed_until).toLocaleString()}</>}
                  {event.scan_id !== null && <span className="event-scan"> (scan {event.scan_id})</span>}
                  {event.cause !== null && <span className="event-cause">, matched again after an advisory update: {event.cause.advisories.join(', ')}</span>}
                </li>
              ))}
          </ol>
          <ShowMore listing={events} label="Show older events" busyLabel="Loading older events…" />
        </>
      )}
      {events.isError && <ErrorMessage error={events.error} />}
    </section>
  );
}
