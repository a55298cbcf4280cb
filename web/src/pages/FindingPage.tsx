import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api } from '../api/client';
import { ApiError, unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { FindingFields } from '../findings/FindingFields';
import { isUuid } from '../findings/findings-search';
import { SameAdvisoryAssets } from '../findings/SameAdvisoryAssets';
import { Timeline } from '../findings/Timeline';
import { TriageControls } from '../findings/TriageControls';
import { useExpectedOrganization } from '../session/hooks';

/**
 * One finding: every field, its CVSS, triage and suppression, its timeline and the other
 * assets with the same advisory. A finding of another organization is the API's 404, the
 * same as one that does not exist, and the page says the same for both (and for an id
 * that cannot be one, without asking).
 */
export function FindingPage({ findingId }: { findingId: string }) {
  const organization = useExpectedOrganization();
  const valid = isUuid(findingId);
  const finding = useQuery({
    queryKey: ['finding', organization, findingId],
    enabled: valid,
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/findings/{id}', { params: { path: { id: findingId } } })),
  });
  const notFound = !valid || (finding.error instanceof ApiError && finding.error.status === 404);

  if (notFound) {
    return (
      <>
        <h1>Finding not found</h1>
        <p>There is no such finding in this organization. It may have been deleted with its asset, or the link may belong to another organization.</p>
        <Link to="/findings">Back to the findings</Link>
      </>
    );
  }
  if (finding.isPending) return <Loading what="the finding" />;
  if (finding.isError) return <ErrorMessage error={finding.error} />;
  const data = finding.data;
  return (
    <article className="finding" aria-busy={finding.isFetching}>
      <p>
        <Link to="/findings">← Findings</Link>
      </p>
      <div className="page-title">
        <h1>{data.title ?? data.identifier}</h1>
        <span className={`severity severity-${data.severity}`}>{data.severity}</span>
      </div>
      <div className="finding-layout">
        <div>
          <FindingFields finding={data} />
        </div>
        <div>
          <TriageControls finding={data} />
          <SameAdvisoryAssets finding={data} />
          <Timeline findingId={data.id} />
        </div>
      </div>
    </article>
  );
}
