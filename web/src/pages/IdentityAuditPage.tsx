import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { instantOf } from '../components/local-time';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { useExpectedOrganization } from '../session/hooks';
import { Permitted } from '../admin/Permitted';

interface Filters {
  actor: string;
  action: string;
  since: string;
  until: string;
}
const NO_FILTERS: Filters = { actor: '', action: '', since: '', until: '' };

// The API's default page: a screenful of rows, the rest a "Next page" away.
const PAGE_SIZE = 50;


/** The identity trail, newest first a page at a time, filtered by actor, action and time, with where each event came from. */
export function IdentityAuditPage() {
  return (
    <Permitted permission="identity:read" title="Identity audit">
      {() => <Audit />}
    </Permitted>
  );
}

function Audit() {
  const expected = useExpectedOrganization();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFiltersOnly] = useState<Filters>(NO_FILTERS);
  // A cursor belongs to the filters it was issued with: new filters start at the newest page.
  const [cursor, setCursor] = useState<string>();
  const setFilters = (next: Filters) => {
    setFiltersOnly(next);
    setCursor(undefined);
  };
  const events = useQuery({
    queryKey: ['identity-audit', expected, filters, cursor],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/identity/audit', {
          params: {
            query: {
              actor: filters.actor.trim() || undefined,
              action: filters.action.trim() || undefined,
              since: instantOf(filters.since),
              until: instantOf(filters.until),
              limit: PAGE_SIZE,
              cursor,
            },
          },
        }),
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const field = (name: keyof Filters) => ({ value: draft[name], onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }) });

  return (
    <>
      <form className="filters" onSubmit={submit} aria-label="Filter the events">
        <div className="filter-row">
          <label>
            Actor id
            <input {...field('actor')} placeholder="a person, key, workload or directory token id" size={38} />
          </label>
          <label>
            Action
            <input {...field('action')} placeholder="user.signed_in" />
          </label>
          <label>
            From
            <input type="datetime-local" {...field('since')} />
          </label>
          <label>
            Until
            <input type="datetime-local" {...field('until')} />
          </label>
          <button type="submit">Apply</button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {events.isPending && <Loading what="events" />}
      {events.isError && <ErrorMessage error={events.error} />}
      {events.isSuccess &&
        (events.data.events.length === 0 ? (
          <p className="empty">No events match.</p>
        ) : (
          <>
            <p className="muted">
              {cursor === undefined ? 'Showing the latest' : 'Showing'} {events.data.events.length} {cursor === undefined ? '' : 'earlier '}
              {events.data.events.length === 1 ? 'event' : 'events'}, newest first.
            </p>
            <table className="findings labelled audit">
              <caption className="visually-hidden">Identity events</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Action</th>
                  <th scope="col">Actor</th>
                  <th scope="col">Source address</th>
                  <th scope="col">Request id</th>
                </tr>
              </thead>
              <tbody>
                {events.data.events.map((event) => (
                  <tr key={event.id}>
                    <td data-label="When">
                      <Timestamp value={event.created_at} />
                    </td>
                    <td className="title" data-label="Action">
                      <code>{event.action}</code>
                    </td>
                    <td data-label="Actor">
                      {event.actor.kind.replace('_', ' ')}
                      {event.actor.id && (
                        <>
                          {' '}
                          <button type="button" className="link" onClick={() => {
                              const only = { ...NO_FILTERS, actor: event.actor.id! };
                              setDraft(only);
                              setFilters(only);
                            }} aria-label={`Only the events of ${event.actor.id}`}>
                            <code>{event.actor.id}</code>
                          </button>
                        </>
                      )}
                    </td>
                    <td data-label="Source address">{event.source_ip ?? '—'}</td>
                    <td data-label="Request id">
                      <code>{event.request_id ?? '—'}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ))}
      <Pager label="Event pages" cursor={cursor} nextCursor={events.data?.next_cursor} onPage={setCursor} />
    </>
  );
}
