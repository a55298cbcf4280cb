import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import type { ActingOrganization } from '../admin/access';
import { ShownOnce } from '../admin/CopyableValue';
import { DelegationForm, type Delegation } from '../admin/DelegationFields';
import { useIssued } from '../admin/issued';
import { Permitted } from '../admin/Permitted';
import { RevokeButton } from '../admin/RevokeButton';

/** API keys: issued with scopes and an expiry, the key shown once; revoked at once. */
export function ApiKeysPage() {
  return (
    <Permitted permission="apikeys:manage" title="API keys">
      {(me) => <ApiKeys organization={me.acting_organization} />}
    </Permitted>
  );
}

function ApiKeys({ organization }: { organization: ActingOrganization }) {
  const {
    items: keys,
    issue,
    revoke,
  } = useIssued('api-keys', {
    list: async () => unwrap(await api.GET('/api/v1/api-keys')).api_keys,
    issue: async (body: Delegation) => unwrap(await api.POST('/api/v1/api-keys', { body })),
    revoke: async (id: string) => unwrap(await api.DELETE('/api/v1/api-keys/{id}', { params: { path: { id } } })),
  });

  return (
    <>
      <p>A key acts in {organization.name} with the scopes it was given, until it expires or is revoked; it keeps working when the person who issued it leaves.</p>
      {issue.data ? (
        <ShownOnce label="API key" value={issue.data.key} onDone={() => issue.reset()}>
          Pipelines send it as <code>Authorization: Bearer</code>.
        </ShownOnce>
      ) : (
        <DelegationForm organization={organization} title="New API key" nameLabel="Key name" submitLabel="Issue the key" busyLabel="Issuing…" issue={issue} />
      )}
      <h2>Keys</h2>
      {keys.isPending && <Loading what="API keys" />}
      {keys.isError && <ErrorMessage error={keys.error} />}
      {revoke.isError && <ErrorMessage error={revoke.error} />}
      {keys.isSuccess &&
        (keys.data.length === 0 ? (
          <p className="empty">No API keys yet.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Scopes</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td className="title" data-label="Name">
                    {key.name}
                  </td>
                  <td data-label="Starts with">
                    <code>{key.start}</code>
                  </td>
                  <td data-label="Scopes">{key.scopes.join(', ')}</td>
                  <td data-label="Expires">
                    <Timestamp value={key.expires_at} />
                  </td>
                  <td data-label="Last used">
                    <Timestamp value={key.last_used_at} />
                  </td>
                  <td data-label="State">
                    {key.revoked_at ? (
                      <>
                        Revoked <Timestamp value={key.revoked_at} />
                      </>
                    ) : (
                      <RevokeButton name={key.name} busy={revoke.isPending} onRevoke={() => revoke.mutate(key.id)} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </>
  );
}
