import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import type { IdentitiesSearch } from '../nhi/identities-search';
import { LastUsed } from '../nhi/LastUsed';
import { useConnectorChoices } from '../nhi/choices';
import { PROVIDERS, providerLabel, words } from '../nhi/labels';
import { useExpectedOrganization } from '../session/hooks';

/** The inventory of non-human identities, newest first, filtered by kind, provider, connector and state (all in the URL). */
export function NhiIdentitiesPage({ search }: { search: IdentitiesSearch }) {
  const organization = useExpectedOrganization();
  const navigate = useNavigate({ from: '/nhi/identities' });
  const [kind, setKind] = useState(search.kind ?? '');
  const connectors = useConnectorChoices();
  const identities = useQuery({
    queryKey: ['nhi-identities', organization, search],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/identities', { params: { query: { ...search } } })),
  });
  const filter = (change: Partial<IdentitiesSearch>) => void navigate({ search: { ...search, ...change, cursor: undefined } });
  const submitKind = (event: FormEvent) => {
    event.preventDefault();
    filter({ kind: kind.trim() === '' ? undefined : kind.trim() });
  };

  return (
    <>
      <h1>Inventory</h1>
      <div className="filters">
        <form className="filter-row" onSubmit={submitKind} role="search" aria-label="Identity filters">
          <label>
            Kind
            <input value={kind} maxLength={100} placeholder="iam_role, mcp_tool…" onChange={(event) => setKind(event.target.value)} />
          </label>
          <button type="submit" className="secondary">
            Apply
          </button>
          <label>
            Provider
            <select value={search.provider ?? ''} onChange={(event) => filter({ provider: PROVIDERS.find((provider) => provider === event.target.value) })}>
              <option value="">Any</option>
              {PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {providerLabel(provider)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Connector
            <select value={search.connectorId ?? ''} onChange={(event) => filter({ connectorId: event.target.value || undefined })}>
              <option value="">Any</option>
              {connectors.data?.map((connector) => (
                <option key={connector.id} value={connector.id}>
                  {connector.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            State
            <select value={search.state ?? ''} onChange={(event) => filter({ state: event.target.value === 'active' || event.target.value === 'removed' ? event.target.value : undefined })}>
              <option value="">Any</option>
              <option value="active">Active</option>
              <option value="removed">Removed</option>
            </select>
          </label>
        </form>
      </div>
      {identities.isPending && <Loading what="identities" />}
      {identities.isError && <ErrorMessage error={identities.error} />}
      {identities.isSuccess && (
        <>
          <p className="total">{identities.data.total} identities</p>
          {identities.data.items.length === 0 ? (
            <p className="empty">No identity matches. A connector's synchronization fills the inventory.</p>
          ) : (
            <table className="findings labelled">
              <caption className="visually-hidden">Identities, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Last use</th>
                  <th scope="col">State</th>
                  <th scope="col">First seen</th>
                </tr>
              </thead>
              <tbody>
                {identities.data.items.map((identity) => (
                  <tr key={identity.id}>
                    <td className="title">
                      <Link to="/nhi/identities/$identityId" params={{ identityId: identity.id }}>
                        {identity.name}
                      </Link>
                    </td>
                    <td data-label="Kind">{words(identity.kind)}</td>
                    <td data-label="Provider">{providerLabel(identity.provider)}</td>
                    <td data-label="Last use">
                      <LastUsed value={identity.lastUsedAt} />
                    </td>
                    <td data-label="State">{identity.state}</td>
                    <td data-label="First seen">
                      <Timestamp value={identity.firstSeenAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <Pager label="Identity pages" cursor={search.cursor} nextCursor={identities.data?.next_cursor} onPage={(cursor) => void navigate({ search: { ...search, cursor } })} />
    </>
  );
}
