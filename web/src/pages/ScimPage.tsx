import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { holds } from '../admin/access';
import { CopyableValue, ShownOnce } from '../admin/CopyableValue';
import { useIssued } from '../admin/issued';
import { Permitted } from '../admin/Permitted';
import { RevokeButton } from '../admin/RevokeButton';

/** SCIM: the base URL a directory provisions at, and its tokens (shown once, revoked at once). */
export function ScimPage() {
  return (
    <Permitted permission="identity:read" title="Directory (SCIM)">
      {(me) => <Scim manages={holds(me.acting_organization, 'identity:manage')} />}
    </Permitted>
  );
}

function Scim({ manages }: { manages: boolean }) {
  const [name, setName] = useState('');
  const {
    items: tokens,
    issue,
    revoke,
  } = useIssued('scim-tokens', {
    list: async () => unwrap(await api.GET('/api/v1/identity/scim-tokens')).scim_tokens,
    issue: async (body: { name: string }) => unwrap(await api.POST('/api/v1/identity/scim-tokens', { body })),
    revoke: async (id: string) => unwrap(await api.DELETE('/api/v1/identity/scim-tokens/{id}', { params: { path: { id } } })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate({ name: name.trim() }, { onSuccess: () => setName('') });
  };
  return (
    <>
      <p>Your directory (Entra ID, Okta and others) creates, updates and removes members and groups through SCIM 2.0 at this address, with a token from below.</p>
      <CopyableValue label="SCIM base URL" value={`${window.location.origin}/api/scim/v2`} />
      {manages &&
        (issue.data ? (
          <ShownOnce label="SCIM token" value={issue.data.token} onDone={() => issue.reset()}>
            Give it to your directory as its bearer token. It works until revoked.
          </ShownOnce>
        ) : (
          <form className="form inline-form" onSubmit={submit} aria-label="Issue a directory token">
            <label>
              Token name
              <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
            </label>
            <button type="submit" disabled={issue.isPending}>
              Issue a token
            </button>
            {issue.isError && <ErrorMessage error={issue.error} />}
          </form>
        ))}
      <h2>Tokens</h2>
      {tokens.isPending && <Loading what="directory tokens" />}
      {tokens.isError && <ErrorMessage error={tokens.error} />}
      {revoke.isError && <ErrorMessage error={revoke.error} />}
      {tokens.isSuccess &&
        (tokens.data.length === 0 ? (
          <p className="empty">No directory tokens yet.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Directory tokens</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.map((token) => (
                <tr key={token.id}>
                  <td className="title" data-label="Name">
                    {token.name}
                  </td>
                  <td data-label="Starts with">
                    <code>{token.start}</code>
                  </td>
                  <td data-label="Created">
                    <Timestamp value={token.created_at} />
                  </td>
                  <td data-label="Last used">
                    <Timestamp value={token.last_used_at} />
                  </td>
                  <td data-label="State">
                    {token.revoked_at ? (
                      <>
                        Revoked <Timestamp value={token.revoked_at} />
                      </>
                    ) : manages ? (
                      <RevokeButton name={token.name} busy={revoke.isPending} onRevoke={() => revoke.mutate(token.id)} />
                    ) : (
                      'Active'
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
