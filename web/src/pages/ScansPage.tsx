import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { ScansTable } from '../scans/ScansTable';
import { isTerminal, SCAN_POLL_MS } from '../scans/scan-state';
import { StartScanForm } from '../scans/StartScanForm';
import { useExpectedOrganization } from '../session/hooks';

const PAGE_SIZE = 50;

/** The organization's scans and imports, newest first; starting a scan; the way to import a report. */
export function ScansPage({ cursor }: { cursor: string | undefined }) {
  const organization = useExpectedOrganization();
  const scans = useQuery({
    queryKey: ['scans', organization, { cursor }],
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/scans', { params: { query: { cursor, limit: String(PAGE_SIZE) } } })),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === organization ? previous : undefined),
    // States change while scans run: asked again until every scan shown has settled.
    refetchInterval: (query) => (query.state.data?.items.some((scan) => !isTerminal(scan.state)) ? SCAN_POLL_MS : false),
  });

  return (
    <>
      <div className="page-title">
        <h1>Scans</h1>
        <Link to="/scans/import" className="button-link">
          Import a report
        </Link>
      </div>
      <StartScanForm />
      <section aria-labelledby="scans-list">
        <h2 id="scans-list">Scans and imports</h2>
        {scans.isPending && <Loading what="scans" />}
        {scans.isError && <ErrorMessage error={scans.error} />}
        {scans.isSuccess && (
          <div aria-busy={scans.isFetching}>
            <p className="total">
              {scans.data.total.toLocaleString()} {scans.data.total === 1 ? 'scan' : 'scans'}
            </p>
            {scans.data.items.length === 0 ? <p className="empty">No scans yet. Start one above or import a report.</p> : <ScansTable scans={scans.data.items} caption="Scans" />}
            <nav aria-label="Pages" className="pager">
              {cursor && (
                <Link from="/scans" to="/scans" search={{ cursor: undefined }}>
                  First page
                </Link>
              )}
              {scans.data.next_cursor && (
                <Link from="/scans" to="/scans" search={{ cursor: scans.data.next_cursor }}>
                  Next page
                </Link>
              )}
            </nav>
          </div>
        )}
      </section>
    </>
  );
}
