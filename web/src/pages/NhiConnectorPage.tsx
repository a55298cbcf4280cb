import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { EditConnectorForm } from '../nhi/EditConnectorForm';
import { kindLabel, SETTING_LABELS, words } from '../nhi/labels';
import { usePermissions } from '../nhi/permissions';
import { useExpectedOrganization } from '../session/hooks';

type Connector = components['schemas']['Connector'];
type Run = components['schemas']['SynchronizationRun'];

const unfinished = (run: Run) => run.state === 'queued' || run.state === 'running' || run.appliedAt === null;

/** One connector: what it collects and how, its edit and deletion, synchronize now, and its runs with their counts and errors. */
export function NhiConnectorPage({ connectorId }: { connectorId: string }) {
  const organization = useExpectedOrganization();
  const connector = useQuery({
    queryKey: ['nhi-connector', organization, connectorId],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/connectors/{connectorId}', { params: { path: { connectorId } } })),
  });
  return (
    <>
      <p className="breadcrumb">
        <Link to="/nhi/connectors">Connectors</Link>
      </p>
      {connector.isPending && <Loading what="the connector" />}
      {connector.isError && (
        <>
          <h1>Connector</h1>
          <ErrorMessage error={connector.error} />
        </>
      )}
      {connector.isSuccess && (
        <>
          <h1>{connector.data.name}</h1>
          <ConnectorFacts connector={connector.data} />
          <Runs connector={connector.data} />
        </>
      )}
    </>
  );
}

function ConnectorFacts({ connector }: { connector: Connector }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const toggle = useMutation({
    mutationFn: async () =>
      unwrap(await api.PATCH('/nhi/api/v1/connectors/{connectorId}', { params: { path: { connectorId: connector.id } }, body: { enabled: !connector.enabled } })),
    onSuccess: (updated) => {
      queryClient.setQueryData(['nhi-connector', organization, connector.id], updated);
      void queryClient.invalidateQueries({ queryKey: ['nhi-connectors', organization] });
    },
  });
  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/nhi/api/v1/connectors/{connectorId}', { params: { path: { connectorId: connector.id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['nhi-connector', organization, connector.id] });
      void queryClient.invalidateQueries({ queryKey: ['nhi-connectors', organization] });
      void navigate({ to: '/nhi/connectors' });
    },
  });
  const settings = Object.entries(connector.settings).filter(([, on]) => on);
  if (editing) {
    return (
      <section aria-labelledby="connector-facts">
        <h2 id="connector-facts">Edit the connector</h2>
        <EditConnectorForm connector={connector} onDone={() => setEditing(false)} />
      </section>
    );
  }
  return (
    <section aria-labelledby="connector-facts">
      <h2 id="connector-facts">Connector</h2>
      <dl className="facts">
        <dt>Kind</dt>
        <dd>{kindLabel(connector.kind)}</dd>
        <dt>Collects</dt>
        <dd>{connector.endpoint ?? connector.accountId ?? connector.organization}</dd>
        <dt>Capabilities</dt>
        <dd>{connector.enabledCapabilities.map(words).join(', ')}</dd>
        <dt>Settings</dt>
        <dd>{settings.length === 0 ? 'none' : settings.map(([setting]) => SETTING_LABELS[setting as keyof typeof SETTING_LABELS] ?? setting).join(', ')}</dd>
        <dt>Credentials reference</dt>
        <dd>{connector.credentialsReference}</dd>
        {connector.externalId !== null && (
          <>
            <dt>External ID for the role's trust policy</dt>
            <dd>{connector.externalId}</dd>
          </>
        )}
        <dt>State</dt>
        <dd>{connector.enabled ? 'Enabled' : 'Disabled'}</dd>
        <dt>Created</dt>
        <dd>
          <Timestamp value={connector.createdAt} />
        </dd>
      </dl>
      <div className="actions">
        <Link to="/nhi/identities" search={{ connectorId: connector.id }}>
          Its identities
        </Link>
        {permissions.can('connectors:manage') && (
          <>
            <button type="button" className="secondary" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
              {connector.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(true)}>
              Edit
            </button>
            {!deleting && (
              <button type="button" className="secondary" onClick={() => setDeleting(true)}>
                Delete…
              </button>
            )}
          </>
        )}
      </div>
      {toggle.isError && <ErrorMessage error={toggle.error} />}
      {deleting && (
        <div className="card" role="group" aria-label={`Delete ${connector.name}`}>
          <p>
            Delete {connector.name}? It stops collecting; the identities it found stay in the inventory.
          </p>
          <div className="actions">
            <button type="button" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Delete the connector
            </button>
            <button type="button" className="secondary" onClick={() => setDeleting(false)}>
              Keep it
            </button>
          </div>
          {remove.isError && <ErrorMessage error={remove.error} />}
        </div>
      )}
    </section>
  );
}

function Runs({ connector }: { connector: Connector }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const [cursor, setCursor] = useState<string>();
  const runsKey = ['nhi-runs', organization, connector.id];
  const runs = useQuery({
    queryKey: [...runsKey, cursor],
    queryFn: async () =>
      unwrap(await api.GET('/nhi/api/v1/connectors/{connectorId}/synchronizations', { params: { path: { connectorId: connector.id }, query: { cursor, limit: '20' } } })),
    // A run goes on on the worker plane: its state is asked again until the inventory applied it.
    refetchInterval: (query) => (query.state.data?.items.some(unfinished) ? 1000 : false),
  });
  const synchronize = useMutation({
    mutationFn: async () => unwrap(await api.POST('/nhi/api/v1/connectors/{connectorId}/synchronizations', { params: { path: { connectorId: connector.id } } })),
    onSuccess: () => {
      setCursor(undefined);
      void queryClient.invalidateQueries({ queryKey: runsKey });
    },
  });
  return (
    <section aria-labelledby="connector-runs">
      <div className="page-title">
        <h2 id="connector-runs">Synchronizations</h2>
        {permissions.can('connectors:manage') && (
          <button type="button" disabled={synchronize.isPending || !connector.enabled} onClick={() => synchronize.mutate()}>
            Synchronize now
          </button>
        )}
      </div>
      {synchronize.isError && <ErrorMessage error={synchronize.error} />}
      {runs.isPending && <Loading what="synchronizations" />}
      {runs.isError && <ErrorMessage error={runs.error} />}
      {runs.isSuccess &&
        (runs.data.items.length === 0 ? (
          <p className="empty">No synchronization yet.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Synchronization runs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">State</th>
                <th scope="col">Identities seen</th>
                <th scope="col">New</th>
                <th scope="col">Removed</th>
                <th scope="col">Relationships</th>
                <th scope="col">People left out</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((run) => (
                <tr key={run.id}>
                  <td>
                    <Timestamp value={run.createdAt} /> <span className="muted">({run.trigger})</span>
                  </td>
                  <td data-label="State">
                    <span className={`state state-${run.state}`}>{run.state}</span>
                    {run.state !== 'queued' && run.state !== 'running' && run.appliedAt === null && <span className="muted"> applying…</span>}
                  </td>
                  <td data-label="Identities seen">{run.counts.identitiesSeen}</td>
                  <td data-label="New">{run.counts.identitiesNew ?? '—'}</td>
                  <td data-label="Removed">{run.counts.identitiesRemoved ?? '—'}</td>
                  <td data-label="Relationships">{run.counts.edges}</td>
                  <td data-label="People left out">{run.counts.personsExcluded}</td>
                  <td data-label="Error" className="reference">
                    {run.error ? `${run.error.code}: ${run.error.message}` : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Synchronization pages" cursor={cursor} nextCursor={runs.data?.next_cursor} onPage={setCursor} />
    </section>
  );
}
