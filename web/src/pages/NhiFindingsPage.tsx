import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { FindingStatusControl } from '../nhi/FindingStatusControl';
import { words } from '../nhi/labels';
import { usePermissions } from '../nhi/permissions';
import { useExpectedOrganization } from '../session/hooks';

const STATUSES = ['open', 'acknowledged', 'in_progress', 'risk_accepted', 'false_positive', 'resolved'] as const;
const POLICIES = ['stale_identity', 'long_lived_access_key', 'tool_definition_changed'] as const;

/** The module's findings, newest first, with their status changes for those who triage them. */
export function NhiFindingsPage() {
  const organization = useExpectedOrganization();
  const permissions = usePermissions();
  const [status, setStatus] = useState('');
  const [policy, setPolicy] = useState('');
  const [cursor, setCursor] = useState<string>();
  const query = { ...(status === '' ? {} : { status }), ...(policy === '' ? {} : { policy }), cursor };
  const findings = useQuery({
    queryKey: ['nhi-findings', organization, query],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/findings', { params: { query } })),
  });
  const triage = permissions.can('nhi-findings:triage');
  return (
    <>
      <h1>Identity findings</h1>
      <p>What the module's policies found about the inventory's identities: stale identities, long-lived access keys, changed tool definitions.</p>
      <div className="filters">
        <div className="filter-row">
          <label>
            Status
            <select
              value={status}
              onChange={(event) => {
                setStatus(event.target.value);
                setCursor(undefined);
              }}
            >
              <option value="">Any</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {words(value)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Policy
            <select
              value={policy}
              onChange={(event) => {
                setPolicy(event.target.value);
                setCursor(undefined);
              }}
            >
              <option value="">Any</option>
              {POLICIES.map((value) => (
                <option key={value} value={value}>
                  {words(value)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      {findings.isPending && <Loading what="findings" />}
      {findings.isError && <ErrorMessage error={findings.error} />}
      {findings.isSuccess &&
        (findings.data.items.length === 0 ? (
          <p className="empty">No finding matches.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Identity findings, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Identity</th>
                <th scope="col">Policy</th>
                <th scope="col">Severity</th>
                <th scope="col">Status</th>
                <th scope="col">First detected</th>
                {triage && <th scope="col">Change</th>}
              </tr>
            </thead>
            <tbody>
              {findings.data.items.map((finding) => (
                <tr key={finding.id}>
                  <td className="title">
                    <Link to="/nhi/identities/$identityId" params={{ identityId: finding.identity.id }}>
                      {finding.identity.name}
                    </Link>
                  </td>
                  <td data-label="Policy">{words(finding.policy)}</td>
                  <td data-label="Severity">
                    <span className={`severity severity-${finding.severity}`}>{finding.severity}</span>
                  </td>
                  <td data-label="Status">
                    {words(finding.status)}
                    {finding.reason !== null && <span className="muted"> ({finding.reason})</span>}
                    {finding.riskAcceptedUntil !== null && (
                      <span className="muted">
                        {' '}
                        until <Timestamp value={finding.riskAcceptedUntil} />
                      </span>
                    )}
                  </td>
                  <td data-label="First detected">
                    <Timestamp value={finding.firstDetectedAt} />
                  </td>
                  {triage && (
                    <td data-label="Change">
                      <FindingStatusControl finding={finding} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Finding pages" cursor={cursor} nextCursor={findings.data?.next_cursor} onPage={setCursor} />
    </>
  );
}
