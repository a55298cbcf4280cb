import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { ApiError, unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { useExpectedOrganization } from '../session/hooks';
import { VerdictView } from './VerdictView';

/**
 * The scan's verdict against the enabled policy: the latest one recorded, and a button
 * that evaluates the scan against the policy's latest version (201 new, 200 the same
 * verdict again). Just after a scan completes the API may answer verdict_not_ready for a
 * moment: the request is repeated then, a few times.
 */
export function ScanVerdict({ scanId, completed }: { scanId: string; completed: boolean }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const key = ['verdicts', organization, scanId];
  const verdicts = useQuery({
    queryKey: key,
    queryFn: async () => unwrap(await api.GET('/api/v1/verdicts', { params: { query: { scan_id: scanId, limit: 1 } } })),
  });
  const evaluate = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/scans/{id}/verdict', { params: { path: { id: scanId } } })),
    retry: (failures, error) => failures < 5 && error instanceof ApiError && error.rule === 'verdict_not_ready',
    retryDelay: 1000,
    onSuccess: (verdict) => queryClient.setQueryData(key, { verdicts: [verdict], limit: 1 }),
  });
  const latest = verdicts.data?.verdicts[0];

  return (
    <section aria-labelledby="scan-verdict">
      <h2 id="scan-verdict">Verdict</h2>
      {verdicts.isPending && <Loading what="the verdict" />}
      {verdicts.isError && <ErrorMessage error={verdicts.error} />}
      {verdicts.isSuccess && (latest ? <VerdictView verdict={latest} /> : <p className="empty">No verdict recorded for this scan.</p>)}
      {completed ? (
        <>
          <button type="button" onClick={() => evaluate.mutate()} disabled={evaluate.isPending}>
            {evaluate.isPending ? 'Evaluating…' : 'Evaluate against the enabled policy'}
          </button>
          {evaluate.isError && (
            <>
              <ErrorMessage error={evaluate.error} />
              {evaluate.error instanceof ApiError && evaluate.error.rule === 'no_enabled_policy' && (
                <p>
                  <Link to="/policies">Create or enable a policy</Link> first.
                </p>
              )}
            </>
          )}
        </>
      ) : (
        <p className="muted">A verdict is evaluated once the scan has completed.</p>
      )}
    </section>
  );
}
