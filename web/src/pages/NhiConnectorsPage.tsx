import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { kindLabel } from '../nhi/labels';
import { NewConnectorForm } from '../nhi/NewConnectorForm';
import { usePermissions } from '../nhi/permissions';
import { useExpectedOrganization } from '../session/hooks';

/** The organization's connectors of the non-human identity module, newest first, and a new one. */
export function NhiConnectorsPage() {
  const organization = useExpectedOrganization();
  const permissions = usePermissions();
  const [creating, setCreating] = useState(false);
  const [cursor, setCursor] = useState<string>();
  const connectors = useQuery({
    queryKey: ['nhi-connectors', organization, cursor],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/connectors', { params: { query: { cursor } } })),
  });

  return (
    <>
      <div className="page-title">
        <h1>Connectors</h1>
        {permissions.can('connectors:manage') && !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New connector
          </button>
        )}
      </div>
      <p>A connector collects the non-human identities of one provider: a cloud account, a code hosting organization, a container cluster, a secrets manager or a tool server.</p>
      {creating && <NewConnectorForm onCancel={() => setCreating(false)} />}
      {connectors.isPending && <Loading what="connectors" />}
      {connectors.isError && <ErrorMessage error={connectors.error} />}
      {connectors.isSuccess &&
        (connectors.data.items.length === 0 ? (
          <p className="empty">No connectors yet.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Connectors</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Collects</th>
                <th scope="col">State</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {connectors.data.items.map((connector) => (
                <tr key={connector.id}>
                  <td className="title">
                    <Link to="/nhi/connectors/$connectorId" params={{ connectorId: connector.id }}>
                      {connector.name}
                    </Link>
                  </td>
                  <td data-label="Kind">{kindLabel(connector.kind)}</td>
                  <td data-label="Collects" className="reference">
                    {connector.endpoint ?? connector.accountId ?? connector.organization}
                  </td>
                  <td data-label="State">{connector.enabled ? 'Enabled' : 'Disabled'}</td>
                  <td data-label="Created">
                    <Timestamp value={connector.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Connector pages" cursor={cursor} nextCursor={connectors.data?.next_cursor} onPage={setCursor} />
    </>
  );
}
