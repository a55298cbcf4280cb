import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { isTerminal, SCAN_POLL_MS } from '../scans/scan-state';
import { ScanWarnings } from '../scans/ScanWarnings';
import { useExpectedOrganization } from '../session/hooks';
import { ScanVerdict } from '../verdicts/ScanVerdict';

/** One scan: its state (asked again while it is queued or running), what it found, its warnings, why it failed, and its verdict. */
export function ScanPage({ scanId }: { scanId: string }) {
  const organization = useExpectedOrganization();
  const scan = useQuery({
    queryKey: ['scan', organization, scanId],
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/scans/{id}', { params: { path: { id: scanId } } })),
    refetchInterval: (query) => (query.state.data && !isTerminal(query.state.data.state) ? SCAN_POLL_MS : false),
  });

  return (
    <>
      <p className="breadcrumb">
        <Link to="/scans">Scans</Link>
      </p>
      {scan.isPending && <Loading what="the scan" />}
      {scan.isError && (
        <>
          <h1>Scan</h1>
          <ErrorMessage error={scan.error} />
        </>
      )}
      {scan.isSuccess && (
        <>
          <h1 className="reference">{scan.data.image}</h1>
          <p className="scan-state" role="status">
            <span className={`state state-${scan.data.state}`}>{scan.data.state}</span>
            {!isTerminal(scan.data.state) && <span> {scan.data.state === 'queued' ? 'Waiting for a worker…' : 'Recording the findings…'}</span>}
          </p>
          {scan.data.failure_reason !== null && (
            <p className="error">
              Failed: <span>{scan.data.failure_reason}</span>
            </p>
          )}
          <dl className="facts">
            <dt>Asset</dt>
            <dd>
              <Link to="/assets/$assetId" params={{ assetId: scan.data.asset_id }}>
                Open the asset
              </Link>
            </dd>
            <dt>Source</dt>
            <dd>{scan.data.source}</dd>
            <dt>Scanners</dt>
            <dd>{scan.data.scanners.join(', ')}</dd>
            <dt>Requested</dt>
            <dd>
              <Timestamp value={scan.data.created_at} />
            </dd>
            <dt>Completed</dt>
            <dd>
              <Timestamp value={scan.data.completed_at} />
            </dd>
            <dt>Observations</dt>
            <dd>{scan.data.observation_count ?? '—'}</dd>
            <dt>New findings</dt>
            <dd>{scan.data.new_findings ?? '—'}</dd>
            <dt>Reopened</dt>
            <dd>{scan.data.reopened_findings ?? '—'}</dd>
            <dt>Resolved</dt>
            <dd>{scan.data.resolved_findings ?? '—'}</dd>
          </dl>
          <ScanWarnings warnings={scan.data.warnings} />
          <ScanVerdict scanId={scanId} completed={scan.data.state === 'completed'} />
        </>
      )}
    </>
  );
}
