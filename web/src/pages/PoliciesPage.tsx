import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { NewPolicyForm } from '../policies/NewPolicyForm';
import { useExpectedOrganization } from '../session/hooks';

/** The organization's policies, newest first (at most 200: the API bounds the list), and a new one. */
export function PoliciesPage() {
  const organization = useExpectedOrganization();
  const [creating, setCreating] = useState(false);
  const policies = useQuery({
    queryKey: ['policies', organization],
    queryFn: async () => unwrap(await api.GET('/api/v1/policies', { params: { query: { limit: 200 } } })),
  });

  return (
    <>
      <div className="page-title">
        <h1>Policies</h1>
        {!creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New policy
          </button>
        )}
      </div>
      <p>A scan's verdict applies the enabled policy's latest version: a block rule that matches any finding makes it blocking.</p>
      {creating && <NewPolicyForm onCancel={() => setCreating(false)} />}
      {policies.isPending && <Loading what="policies" />}
      {policies.isError && <ErrorMessage error={policies.error} />}
      {policies.isSuccess &&
        (policies.data.policies.length === 0 ? (
          <p className="empty">No policies yet. Create one to get verdicts for your scans.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Policies</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">State</th>
                <th scope="col">Latest version</th>
                <th scope="col">Rules</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {policies.data.policies.map((policy) => (
                <tr key={policy.id}>
                  <td className="title">
                    <Link to="/policies/$policyId" params={{ policyId: policy.id }}>
                      {policy.name}
                    </Link>
                  </td>
                  <td data-label="State">{policy.enabled ? <strong>Enabled</strong> : 'Disabled'}</td>
                  <td data-label="Latest version">{policy.latest_version.version}</td>
                  <td data-label="Rules">{policy.latest_version.rules.length}</td>
                  <td data-label="Updated">
                    <Timestamp value={policy.updated_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </>
  );
}
