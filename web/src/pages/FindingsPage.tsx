import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { BulkActions } from '../findings/BulkActions';
import { FindingsFilters } from '../findings/FindingsFilters';
import { FindingsTable } from '../findings/FindingsTable';
import { isFiltered, type FindingsSearch } from '../findings/findings-search';
import { useExpectedOrganization } from '../session/hooks';

const PAGE_SIZE = 50;

type Finding = components['schemas']['Finding'];

/**
 * The findings inbox: the acting organization's findings in the URL's order (worst first
 * by default), searched and filtered by the URL, a page at a time. The cursor moves forward
 * only; earlier pages are the browser's history (each page is a URL).
 */
export function FindingsPage({ search }: { search: FindingsSearch }) {
  const organization = useExpectedOrganization();
  // Keyed by the organization: a selection never carries over into another one.
  return <Inbox key={organization} organization={organization} search={search} />;
}

function Inbox({ organization, search }: { organization: string | undefined; search: FindingsSearch }) {
  // The bulk actions' selection, kept across pages and views: it is a set of findings, not of rows.
  const [selected, setSelected] = useState<ReadonlyMap<string, Finding>>(new Map());
  const toggle = (finding: Finding) =>
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(finding.id)) next.set(finding.id, finding);
      return next;
    });
  const togglePage = (findings: Finding[], select: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const finding of findings) {
        if (select) next.set(finding.id, finding);
        else next.delete(finding.id);
      }
      return next;
    });
  const findings = useQuery({
    // The organization is part of the key: another organization's page is never shown from cache.
    queryKey: ['findings', organization, search],
    // Imports and triage change the inbox at any time: a view seen before shows at once from
    // the cache and is asked for again (the page is busy meanwhile).
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/findings', { params: { query: { ...search, limit: String(PAGE_SIZE) } } })),
    // While the next page loads the current one stays, but never another organization's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === organization ? previous : undefined),
  });
  const filtered = isFiltered(search);

  return (
    <>
      <div className="page-title">
        <h1>Findings</h1>
        {/* Imports and scans land while the page is open: asking again is one click. */}
        <button type="button" onClick={() => void findings.refetch()} disabled={findings.isFetching}>
          {findings.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <FindingsFilters search={search} />
      <BulkActions selected={selected} onClear={() => setSelected(new Map())} />
      {findings.isPending && <Loading what="findings" />}
      {findings.isError && <ErrorMessage error={findings.error} />}
      {findings.isSuccess && (
        // Busy while a page is asked for (the previous one stays on screen meanwhile).
        <section aria-labelledby="findings-total" aria-busy={findings.isFetching}>
          <p id="findings-total" className="total">
            {findings.data.total_estimated ? 'About ' : ''}
            {findings.data.total.toLocaleString()} {findings.data.total === 1 ? 'finding' : 'findings'}
          </p>
          {findings.data.items.length === 0 ? (
            <p className="empty">{filtered ? 'No finding matches these filters.' : 'No findings yet. Import a scanner report or start a scan to see them here.'}</p>
          ) : (
            <FindingsTable
              findings={findings.data.items}
              selection={{ selected, onToggle: toggle, onTogglePage: (select) => togglePage(findings.data.items, select) }}
            />
          )}
          <nav aria-label="Pages" className="pager">
            {search.cursor && (
              <Link from="/findings" to="/findings" search={{ ...search, cursor: undefined }}>
                First page
              </Link>
            )}
            {findings.data.next_cursor && (
              <Link from="/findings" to="/findings" search={{ ...search, cursor: findings.data.next_cursor }}>
                Next page
              </Link>
            )}
          </nav>
        </section>
      )}
    </>
  );
}
