import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { ShowMore } from '../components/ShowMore';
import { useExpectedOrganization } from '../session/hooks';
import { AssetReference } from './AssetReference';

type Finding = components['schemas']['Finding'];

const PAGE_SIZE = 20;

/**
 * The organization's other assets with an open finding of the same advisory, from the
 * analytics' fleet view (GET /analytics/advisories/{advisory}/assets): it answers this in
 * one indexed read, where the findings listing could only search by prefix and page
 * through findings. It runs a few seconds behind triage and scans, so the page says as
 * of when.
 */
export function SameAdvisoryAssets({ finding }: { finding: Finding }) {
  const organization = useExpectedOrganization();
  const assets = useInfiniteQuery({
    queryKey: ['advisory-assets', organization, finding.kind, finding.identifier],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET('/api/v1/analytics/advisories/{advisory}/assets', {
          params: { path: { advisory: finding.identifier }, query: { kind: finding.kind, limit: String(PAGE_SIZE), cursor: pageParam } },
        }),
      ),
    getNextPageParam: (page) => page.next_cursor,
  });
  const others = assets.data?.pages.flatMap((page) => page.items).filter((item) => item.asset_id !== finding.asset_id) ?? [];
  const asOf = assets.data?.pages[0]?.as_of;

  return (
    <section aria-labelledby="same-advisory" aria-busy={assets.isFetching}>
      <h2 id="same-advisory">Other assets with {finding.identifier}</h2>
      {assets.isPending && <Loading what="the other assets" />}
      {/* A page after the first that fails keeps the ones shown, with the error under them. */}
      {assets.data && (
        <>
          {asOf && (
            <p className="as-of">
              Open findings as of <time dateTime={asOf}>{new Date(asOf).toLocaleString()}</time>.
            </p>
          )}
          {others.length === 0 ? (
            <p className="empty">No other asset has an open finding of {finding.identifier}.</p>
          ) : (
            <ul className="same-advisory">
              {others.map((item) => (
                <li key={item.asset_id}>
                  <Link to="/findings" search={{ asset_id: item.asset_id, q: finding.identifier }}>
                    <AssetReference assetId={item.asset_id} />
                  </Link>
                  : {item.open_findings} open {item.open_findings === 1 ? 'finding' : 'findings'}, worst{' '}
                  <span className={`severity severity-${item.worst_severity}`}>{item.worst_severity}</span>
                </li>
              ))}
            </ul>
          )}
          <ShowMore listing={assets} label="Show more assets" busyLabel="Loading more assets…" />
        </>
      )}
      {assets.isError && <ErrorMessage error={assets.error} />}
    </section>
  );
}
