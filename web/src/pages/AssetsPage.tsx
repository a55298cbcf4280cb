import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { AssetsTable } from '../assets/AssetsTable';
import { ARCHIVED_FILTERS, KIND_FILTERS, type ArchivedFilter, type AssetsSearch, type KindFilter } from '../assets/assets-search';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { useExpectedOrganization } from '../session/hooks';

const PAGE_SIZE = 50;

const SHOWN: Record<ArchivedFilter, string> = { exclude: 'In use', include: 'All', only: 'Archived' };
const KINDS: Record<KindFilter, string> = { image: 'Images', software: 'Named software' };

/**
 * The organization's assets (the images its scans and imports created), newest first by
 * creation, with each one's last scan and open findings per severity; a page at a time.
 */
export function AssetsPage({ search }: { search: AssetsSearch }) {
  const organization = useExpectedOrganization();
  const navigate = useNavigate({ from: '/assets' });
  const archived = search.archived ?? 'exclude';
  const assets = useQuery({
    queryKey: ['assets', organization, search],
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/assets', { params: { query: { archived, kind: search.kind, cursor: search.cursor, limit: String(PAGE_SIZE) } } })),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === organization ? previous : undefined),
  });

  return (
    <>
      <div className="page-title">
        <h1>Assets</h1>
        <div className="actions">
          <Link to="/scans/import" className="button-link">
            Import a report
          </Link>
          <Link to="/scans" className="button-link">
            Start a scan
          </Link>
        </div>
      </div>
      <div className="filters">
        <label className="inline-field">
          Show
          <select
            value={archived}
            onChange={(event) => {
              const chosen = event.target.value as ArchivedFilter;
              void navigate({ search: { ...search, archived: chosen === 'exclude' ? undefined : chosen, cursor: undefined } });
            }}
          >
            {ARCHIVED_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {SHOWN[filter]}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          Kind
          <select
            value={search.kind ?? ''}
            onChange={(event) => {
              const chosen = KIND_FILTERS.find((kind) => kind === event.target.value);
              void navigate({ search: { ...search, kind: chosen, cursor: undefined } });
            }}
          >
            <option value="">Images and software</option>
            {KIND_FILTERS.map((kind) => (
              <option key={kind} value={kind}>
                {KINDS[kind]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {assets.isPending && <Loading what="assets" />}
      {assets.isError && <ErrorMessage error={assets.error} />}
      {assets.isSuccess && (
        <section aria-labelledby="assets-total" aria-busy={assets.isFetching}>
          <p id="assets-total" className="total">
            {assets.data.total.toLocaleString()} {assets.data.total === 1 ? 'asset' : 'assets'}
          </p>
          {assets.data.items.length === 0 ? (
            <p className="empty">
              {archived === 'only' ? 'No archived assets.' : 'No assets yet. Import a scanner report or start a scan: its image becomes an asset.'}
            </p>
          ) : (
            <AssetsTable assets={assets.data.items} />
          )}
          <nav aria-label="Pages" className="pager">
            {search.cursor && (
              <Link from="/assets" to="/assets" search={{ ...search, cursor: undefined }}>
                First page
              </Link>
            )}
            {assets.data.next_cursor && (
              <Link from="/assets" to="/assets" search={{ ...search, cursor: assets.data.next_cursor }}>
                Next page
              </Link>
            )}
          </nav>
        </section>
      )}
    </>
  );
}
